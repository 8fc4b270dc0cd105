// RawMotionState (client CMInterpPrim module).
#include "retroanim/ac/motion/raw_motion_state.h"

namespace retroanim::ac {

namespace {
// The hold key a raw slot records: Invalid when the parameters set the hold key themselves.
HoldKey recorded_holdkey(const MovementParameters& params) {
  return params.has(movement_param_flag::kSetHoldKey) ? HoldKey::kInvalid : params.hold_key_to_apply;
}
}  // namespace

// RawMotionState::ApplyMotion (0x51EB60)
void RawMotionState::apply_motion(uint32_t motion, const MovementParameters& params) {
  switch (motion) {
    case 0x6500000Fu:  // SideStepRight
    case 0x65000010u:  // SideStepLeft
      sidestep_command = motion;
      sidestep_holdkey = recorded_holdkey(params);
      sidestep_speed = params.speed;
      return;
    case 0x6500000Du:  // TurnRight
    case 0x6500000Eu:  // TurnLeft
      turn_command = motion;
      turn_holdkey = recorded_holdkey(params);
      turn_speed = params.speed;
      return;
    default:
      break;
  }
  if (motion & 0x40000000u) {
    if (motion != 0x44000007u) {  // RunForward is never recorded as raw
      forward_command = motion;
      forward_holdkey = recorded_holdkey(params);
      forward_speed = params.speed;
    }
  } else if (!(motion & 0x80000000u)) {
    if (motion & 0x10000000u)
      add_action(motion, params.speed, params.action_stamp, params.has(movement_param_flag::kAutonomous));
  } else if (current_style != motion) {
    forward_command = 0x41000003u;
    current_style = motion;
  }
}

// RawMotionState::RemoveMotion (0x51E6E0)
void RawMotionState::remove_motion(uint32_t motion) {
  switch (motion) {
    case 0x6500000Fu:
    case 0x65000010u:
      sidestep_command = 0;
      return;
    case 0x6500000Du:
    case 0x6500000Eu:
      turn_command = 0;
      return;
    default:
      break;
  }
  if (motion & 0x40000000u) {
    if (motion == forward_command) {
      forward_command = 0x41000003u;
      forward_speed = 1.0f;
    }
  } else if ((motion & 0x80000000u) && motion == current_style) {
    current_style = 0x8000003Du;
  }
}

// RawMotionState::AddAction (0x51E840)
void RawMotionState::add_action(uint32_t action, float speed, uint32_t stamp, bool autonomous) {
  actions.push_back(ActionNode{action, speed, stamp, autonomous});
}

// RawMotionState::RemoveAction (0x51E8A0)
uint32_t RawMotionState::remove_action() {
  if (actions.empty()) return 0;
  const uint32_t a = actions.front().action;
  actions.pop_front();
  return a;
}

}  // namespace retroanim::ac
