// RawMotionState (client CMInterpPrim module): the motion commands as given
// (the player's input or a server's raw command): style, forward, sidestep
// and turn commands with their hold keys and speeds, and queued actions.
#pragma once

#include <cstdint>
#include <deque>

#include "retroanim/ac/motion/movement_parameters.h"

namespace retroanim::ac {

// One queued action of a motion state (the client's ActionNode): the action,
// its speed, the action stamp and whether it was autonomous.
struct ActionNode {
  uint32_t action = 0;
  float speed = 1.0f;
  uint32_t stamp = 0;
  bool autonomous = false;

  friend bool operator==(const ActionNode& a, const ActionNode& b) {
    return a.action == b.action && a.speed == b.speed && a.stamp == b.stamp && a.autonomous == b.autonomous;
  }
};

// The raw motion state, at the constructor's values (RawMotionState::RawMotionState 0x51E7F0):
// hold key None, style NonCombat, forward Ready, speeds 1, no sidestep or turn.
struct RawMotionState {
  HoldKey current_holdkey = HoldKey::kNone;
  uint32_t current_style = 0x8000003Du;  // NonCombat
  uint32_t forward_command = 0x41000003u;  // Ready
  HoldKey forward_holdkey = HoldKey::kInvalid;
  float forward_speed = 1.0f;
  uint32_t sidestep_command = 0;
  HoldKey sidestep_holdkey = HoldKey::kInvalid;
  float sidestep_speed = 1.0f;
  uint32_t turn_command = 0;
  HoldKey turn_holdkey = HoldKey::kInvalid;
  float turn_speed = 1.0f;
  // The queued actions, head first.
  std::deque<ActionNode> actions;

  // Records a command: sidesteps and turns into their slots, substates other
  // than RunForward as the forward command, a new style (forward back to
  // Ready), actions queued; the hold key stored is Invalid when the
  // parameters set the hold key, else theirs (RawMotionState::ApplyMotion 0x51EB60).
  void apply_motion(uint32_t motion, const MovementParameters& params);
  // Clears the slot the command occupies (RawMotionState::RemoveMotion 0x51E6E0).
  void remove_motion(uint32_t motion);
  // Appends an action (RawMotionState::AddAction 0x51E840).
  void add_action(uint32_t action, float speed, uint32_t stamp, bool autonomous);
  // Removes the head action and returns it, or 0 (RawMotionState::RemoveAction 0x51E8A0).
  uint32_t remove_action();
};

}  // namespace retroanim::ac
