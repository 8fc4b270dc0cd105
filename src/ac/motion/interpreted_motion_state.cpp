// InterpretedMotionState (client CMInterpPrim module).
#include "retroanim/ac/motion/interpreted_motion_state.h"

namespace retroanim::ac {

// InterpretedMotionState::ApplyMotion (0x51EA40)
void InterpretedMotionState::apply_motion(uint32_t motion, const MovementParameters& params) {
  if (motion == 0x6500000Du) {  // TurnRight
    turn_command = motion;
    turn_speed = params.speed;
  } else if (motion == 0x6500000Fu) {  // SideStepRight
    sidestep_command = motion;
    sidestep_speed = params.speed;
  } else if (motion & 0x40000000u) {
    forward_command = motion;
    forward_speed = params.speed;
  } else if (!(motion & 0x80000000u)) {
    if (motion & 0x10000000u)
      add_action(motion, params.speed, params.action_stamp, params.has(movement_param_flag::kAutonomous));
  } else {
    forward_command = 0x41000003u;
    current_style = motion;
  }
}

// InterpretedMotionState::RemoveMotion (0x51E790)
void InterpretedMotionState::remove_motion(uint32_t motion) {
  if (motion == 0x6500000Du) {
    turn_command = 0;
  } else if (motion == 0x6500000Fu) {
    sidestep_command = 0;
  } else if (motion & 0x40000000u) {
    if (motion == forward_command) {
      forward_command = 0x41000003u;
      forward_speed = 1.0f;
    }
  } else if ((motion & 0x80000000u) && motion == current_style) {
    current_style = 0x8000003Du;
  }
}

// InterpretedMotionState::copy_movement_from (0x51E750)
void InterpretedMotionState::copy_movement_from(const InterpretedMotionState& rhs) {
  current_style = rhs.current_style;
  forward_command = rhs.forward_command;
  forward_speed = rhs.forward_speed;
  sidestep_command = rhs.sidestep_command;
  sidestep_speed = rhs.sidestep_speed;
  turn_command = rhs.turn_command;
  turn_speed = rhs.turn_speed;
}

// InterpretedMotionState::AddAction (0x51E9E0)
void InterpretedMotionState::add_action(uint32_t action, float speed, uint32_t stamp, bool autonomous) {
  actions.push_back(ActionNode{action, speed, stamp, autonomous});
}

// InterpretedMotionState::RemoveAction (0x51EAD0)
uint32_t InterpretedMotionState::remove_action() {
  if (actions.empty()) return 0;
  const uint32_t a = actions.front().action;
  actions.pop_front();
  return a;
}

}  // namespace retroanim::ac
