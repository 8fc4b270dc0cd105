// InterpretedMotionState (client CMInterpPrim module): the motion commands
// after interpretation (walk backwards as a negative walk, left turns and
// sidesteps as negative right ones, run applied): what the motion table
// performs and what a server sends to other clients.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>

#include "retroanim/ac/motion/movement_parameters.h"
#include "retroanim/ac/motion/raw_motion_state.h"

namespace retroanim::ac {

// The interpreted motion state, at the constructor's values
// (InterpretedMotionState::InterpretedMotionState 0x51E8D0): style NonCombat,
// forward Ready, speeds 1, no sidestep or turn, no actions.
struct InterpretedMotionState {
  uint32_t current_style = 0x8000003Du;  // NonCombat
  uint32_t forward_command = 0x41000003u;  // Ready
  float forward_speed = 1.0f;
  uint32_t sidestep_command = 0;
  float sidestep_speed = 1.0f;
  uint32_t turn_command = 0;
  float turn_speed = 1.0f;
  // The queued actions, head first.
  std::deque<ActionNode> actions;

  // Records a performed command: TurnRight and SideStepRight into their
  // slots, substates as the forward command, a style (forward back to Ready),
  // actions queued (InterpretedMotionState::ApplyMotion 0x51EA40).
  void apply_motion(uint32_t motion, const MovementParameters& params);
  // Clears the slot the command occupies (InterpretedMotionState::RemoveMotion 0x51E790).
  void remove_motion(uint32_t motion);
  // Copies style, commands and speeds, not the actions (InterpretedMotionState::copy_movement_from 0x51E750).
  void copy_movement_from(const InterpretedMotionState& rhs);
  // Appends an action (InterpretedMotionState::AddAction 0x51E9E0).
  void add_action(uint32_t action, float speed, uint32_t stamp, bool autonomous);
  // Removes the head action and returns it, or 0 (InterpretedMotionState::RemoveAction 0x51EAD0).
  uint32_t remove_action();
  // The number of queued actions (InterpretedMotionState::GetNumActions 0x51EB00).
  std::size_t get_num_actions() const { return actions.size(); }
};

}  // namespace retroanim::ac
