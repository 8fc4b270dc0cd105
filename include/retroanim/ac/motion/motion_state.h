// MotionState: where an object stands in its motion table (client MotionState,
// CMotionPrim module): its style, its substate and that substate's speed, the
// active modifiers (newest first) and the queued actions (oldest first).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace retroanim::ac {

// One entry of a modifier or action list (client MotionList): a motion id and
// the speed it was performed at.
struct MotionListEntry {
  // The motion id.
  uint32_t motion = 0;
  // The speed modifier it was performed with.
  float speed_mod = 1.0f;

  // Entries compare equal when both fields are equal.
  friend bool operator==(const MotionListEntry& a, const MotionListEntry& b) {
    return a.motion == b.motion && a.speed_mod == b.speed_mod;
  }
};

// An object's motion state. A new state has style 0, substate 0 and speed 1
// (MotionState::MotionState 0x525FD0); the motion table's SetDefaultState gives
// it the table's default style and substate.
struct MotionState {
  // The current style (0 until SetDefaultState).
  uint32_t style = 0;
  // The current substate (0 until SetDefaultState).
  uint32_t substate = 0;
  // The speed the substate's cycle was started with (client float).
  float substate_mod = 1.0f;
  // The active modifiers, newest first (the client's singly linked list from
  // modifier_head).
  std::vector<MotionListEntry> modifiers;
  // The queued actions, oldest first (action_head .. action_tail).
  std::deque<MotionListEntry> actions;

  // Puts a modifier at the head of the list without checks
  // (MotionState::add_modifier_no_check 0x525FF0).
  void add_modifier_no_check(uint32_t modifier, float speed_mod);

  // Adds a modifier at the head unless it is already in the list or is the
  // current substate; returns whether it was added (MotionState::add_modifier 0x526340).
  bool add_modifier(uint32_t modifier, float speed_mod);

  // Removes the modifier at an index of the list, 0 being the head
  // (MotionState::remove_modifier 0x526040). An index past the end is ignored.
  void remove_modifier(std::size_t index);

  // Empties the modifier list (MotionState::clear_modifiers 0x526070).
  void clear_modifiers();

  // Appends an action at the tail (MotionState::add_action 0x5260A0).
  void add_action(uint32_t action, float speed_mod);

  // Empties the action list (MotionState::clear_actions 0x5260F0).
  void clear_actions();

  // Removes the oldest action and returns its motion, or 0 when there is none
  // (MotionState::remove_action_head 0x526120).
  uint32_t remove_action_head();
};

}  // namespace retroanim::ac
