#include "retroanim/ac/motion/motion_state.h"

namespace retroanim::ac {

// MotionState::add_modifier_no_check (0x525FF0)
void MotionState::add_modifier_no_check(uint32_t modifier, float speed_mod) {
  modifiers.insert(modifiers.begin(), MotionListEntry{modifier, speed_mod});
}

// MotionState::add_modifier (0x526340)
bool MotionState::add_modifier(uint32_t modifier, float speed_mod) {
  for (const MotionListEntry& m : modifiers)
    if (m.motion == modifier) return false;
  if (substate == modifier) return false;
  add_modifier_no_check(modifier, speed_mod);
  return true;
}

// MotionState::remove_modifier (0x526040)
void MotionState::remove_modifier(std::size_t index) {
  if (index < modifiers.size()) modifiers.erase(modifiers.begin() + static_cast<std::ptrdiff_t>(index));
}

// MotionState::clear_modifiers (0x526070)
void MotionState::clear_modifiers() { modifiers.clear(); }

// MotionState::add_action (0x5260A0)
void MotionState::add_action(uint32_t action, float speed_mod) {
  actions.push_back(MotionListEntry{action, speed_mod});
}

// MotionState::clear_actions (0x5260F0)
void MotionState::clear_actions() { actions.clear(); }

// MotionState::remove_action_head (0x526120)
uint32_t MotionState::remove_action_head() {
  if (actions.empty()) return 0;
  uint32_t motion = actions.front().motion;
  actions.pop_front();
  return motion;
}

}  // namespace retroanim::ac
