// ac/motion/motion_state.cpp: the modifier list (newest first, no duplicate,
// never the substate) and the action queue (oldest first) of MotionState.
#include <gtest/gtest.h>

#include "retroanim/ac/motion/motion_state.h"

namespace {

using retroanim::ac::MotionListEntry;
using retroanim::ac::MotionState;

constexpr uint32_t kWalk = 0x45000005u, kTurn = 0x6500000Du, kJump = 0x2500003Bu, kWave = 0x13000087u;

TEST(MotionState, AddModifierPutsTheNewestFirst) {
  MotionState s;
  EXPECT_TRUE(s.add_modifier(kTurn, 1.5f));
  EXPECT_TRUE(s.add_modifier(kJump, 2.0f));
  ASSERT_EQ(s.modifiers.size(), 2u);
  EXPECT_EQ(s.modifiers[0], (MotionListEntry{kJump, 2.0f}));
  EXPECT_EQ(s.modifiers[1], (MotionListEntry{kTurn, 1.5f}));
}

TEST(MotionState, AddModifierRefusesAnActiveModifierOrTheSubstate) {
  MotionState s;
  s.substate = kWalk;
  EXPECT_TRUE(s.add_modifier(kTurn, 1.0f));
  EXPECT_FALSE(s.add_modifier(kTurn, 3.0f));  // already there: neither added nor its speed changed
  EXPECT_FALSE(s.add_modifier(kWalk, 1.0f));  // the substate itself
  ASSERT_EQ(s.modifiers.size(), 1u);
  EXPECT_EQ(s.modifiers[0], (MotionListEntry{kTurn, 1.0f}));
  s.add_modifier_no_check(kTurn, 3.0f);  // the unchecked form adds it again, first
  ASSERT_EQ(s.modifiers.size(), 2u);
  EXPECT_EQ(s.modifiers[0], (MotionListEntry{kTurn, 3.0f}));
}

TEST(MotionState, RemoveModifierByIndexIgnoresAnIndexPastTheEnd) {
  MotionState s;
  s.add_modifier(kTurn, 1.0f);
  s.add_modifier(kJump, 1.0f);
  s.add_modifier(kWave, 1.0f);  // list: wave, jump, turn
  s.remove_modifier(1);
  ASSERT_EQ(s.modifiers.size(), 2u);
  EXPECT_EQ(s.modifiers[0].motion, kWave);
  EXPECT_EQ(s.modifiers[1].motion, kTurn);
  s.remove_modifier(2);
  EXPECT_EQ(s.modifiers.size(), 2u);
  s.clear_modifiers();
  EXPECT_TRUE(s.modifiers.empty());
}

TEST(MotionState, ActionsLeaveInTheOrderTheyCame) {
  MotionState s;
  s.add_action(kWave, 1.0f);
  s.add_action(kJump, 2.0f);
  s.add_action(kWave, 0.5f);  // actions may repeat
  ASSERT_EQ(s.actions.size(), 3u);
  EXPECT_EQ(s.actions.back(), (MotionListEntry{kWave, 0.5f}));
  EXPECT_EQ(s.remove_action_head(), kWave);
  EXPECT_EQ(s.remove_action_head(), kJump);
  EXPECT_EQ(s.actions.size(), 1u);
  s.clear_actions();
  EXPECT_TRUE(s.actions.empty());
  EXPECT_EQ(s.remove_action_head(), 0u);  // an empty queue gives 0
}

}  // namespace
