// Bad motion tables: the runtime does what the client does (refuses, changes
// nothing, drops missing animations) and check_motion_table names each defect.
#include <gtest/gtest.h>

#include "ac/motion/recording_sequence.h"
#include "support/ac_fixtures.h"
#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/motion/motion_table_check.h"
#include "retroanim/ac/motion/motion_table_logic.h"
#include "retroanim/ac/motion/motion_table_manager.h"

using namespace retroanim::ac;
using namespace retroanim::ac::test;


TEST(MotionTableBadInput, EmptyDefaultCycleWrapsTheCountLikeTheClient) {
  MotionTable t = make_test_table();
  t.cycles[MotionTable::make_key(kNonCombat, kReady)].anims.clear();
  auto p = check_motion_table(t);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].code, MotionTableProblemCode::kEmptyCycle);
  MotionTableManager mtm(&t);
  RecordingSequence seq;
  mtm.initialize_state(seq);
  ASSERT_EQ(mtm.pending().size(), 1u);
  EXPECT_EQ(mtm.pending()[0].num_anims, 0xFFFFFFFFu);  // byte 0 - 1 in unsigned arithmetic
  EXPECT_TRUE(seq.nodes.empty());
  mtm.use_time();
  mtm.animation_done(true);
  EXPECT_EQ(mtm.pending().size(), 1u);  // never completes, never crashes
}

TEST(MotionTableBadInput, MissingDefaultsRefuseTheDefaultState) {
  MotionTable t = make_test_table();
  t.style_defaults.erase(kNonCombat);
  auto p = check_motion_table(t);
  ASSERT_FALSE(p.empty());
  EXPECT_EQ(p[0].code, MotionTableProblemCode::kNoDefaultSubstate);
  MotionState st;
  RecordingSequence seq;
  uint32_t n = 77;
  EXPECT_FALSE(set_default_state(t, st, seq, n));
  EXPECT_EQ(st.style, 0u);
  EXPECT_TRUE(seq.log.empty());
  // With no style, every command is refused (GetObjectSequence needs a style).
  MotionTableManager mtm(&t);
  mtm.initialize_state(seq);
  EXPECT_EQ(mtm.perform_movement({MovementType::kInterpretedCommand, kWalk, 1.0f}, seq),
            MotionError::kNoMotionTableData);

  MotionTable t2 = make_test_table();
  t2.cycles.erase(MotionTable::make_key(kNonCombat, kReady));
  p = check_motion_table(t2);
  ASSERT_FALSE(p.empty());
  EXPECT_EQ(p[0].code, MotionTableProblemCode::kNoDefaultCycle);
  EXPECT_FALSE(set_default_state(t2, st, seq, n));
}

TEST(MotionTableBadInput, LinksToMissingCyclesAreReportedAndRefused) {
  MotionTable t = make_test_table();
  t.links[MotionTable::make_key(kNonCombat, kReady)][kUnknown] = md({aWalk});
  t.links[MotionTable::make_key(kNonCombat, kReady)][0x80000077u] = md({aWalk});
  auto p = check_motion_table(t);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].code, MotionTableProblemCode::kLinkToMissingCycle);
  EXPECT_EQ(p[0].motion, kUnknown);
  EXPECT_EQ(p[1].motion, 0x80000077u);
  MotionTableManager mtm(&t);
  RecordingSequence seq;
  mtm.initialize_state(seq);
  auto before = seq.log.size();
  EXPECT_EQ(mtm.perform_movement({MovementType::kInterpretedCommand, kUnknown, 1.0f}, seq),
            MotionError::kNoMotionTableData);
  EXPECT_EQ(mtm.perform_movement({MovementType::kInterpretedCommand, 0x80000077u, 1.0f}, seq),
            MotionError::kNoMotionTableData);
  EXPECT_EQ(seq.log.size(), before);
  EXPECT_EQ(mtm.state().substate, kReady);
}

TEST(MotionTableBadInput, UnstoppableModifierDoesNotHang) {
  // A modifier whose data is missing under the current style: the client's
  // StopObjectCompletely would loop forever; here it gives up on it.
  MotionTable t = make_test_table();
  MotionState st;
  RecordingSequence seq;
  uint32_t n = 0;
  ASSERT_TRUE(set_default_state(t, st, seq, n));
  st.add_modifier_no_check(0x20000999u, 1.0f);
  // The modifier is left in place; the substate (Ready) is still stopped.
  EXPECT_TRUE(stop_object_completely(t, st, seq, n));
  ASSERT_EQ(st.modifiers.size(), 1u);
  EXPECT_EQ(st.modifiers[0].motion, 0x20000999u);
  EXPECT_EQ(st.substate, kReady);
}

TEST(MotionTableBadInput, MutuallyEnteringSubstateModifiersDoNotRecurseForever) {
  // Two turn-like motions (substate + modifier bits, cycles without bit 2):
  // entering one keeps the other as a modifier, whose re-application enters it
  // again. The client recurses until its stack overflows; here re_modify stops
  // at kMaxReModifyDepth.
  MotionTable t = make_test_table();
  const uint32_t kA = 0x6500000Eu, kB = 0x6500000Fu;
  t.cycles[MotionTable::make_key(kNonCombat, kA)] = md({aTurn});
  t.cycles[MotionTable::make_key(kNonCombat, kB)] = md({aTurn});
  MotionState st;
  RecordingSequence seq;
  uint32_t n = 0;
  ASSERT_TRUE(set_default_state(t, st, seq, n));
  ASSERT_TRUE(do_object_motion(t, kA, st, seq, 1.0f, n));
  ASSERT_TRUE(do_object_motion(t, kB, st, seq, 1.0f, n));
  EXPECT_TRUE(st.substate == kA || st.substate == kB);
}

TEST(MotionTableBadInput, ManySubstateModifiersStayBounded) {
  // Forty turn-like motions entered one after the other: every transition
  // keeps the previous one as a modifier and re_modify re-enters them; the
  // work per command stays within kMaxReModifyCalls.
  MotionTable t = make_test_table();
  for (uint32_t i = 0; i < 40; ++i) t.cycles[MotionTable::make_key(kNonCombat, 0x65000100u + i)] = md({aTurn});
  MotionState st;
  RecordingSequence seq;
  uint32_t n = 0;
  ASSERT_TRUE(set_default_state(t, st, seq, n));
  for (uint32_t i = 0; i < 40; ++i) {
    std::size_t before = seq.log.size();
    ASSERT_TRUE(do_object_motion(t, 0x65000100u + i, st, seq, 1.0f, n));
    EXPECT_LE(seq.log.size() - before, static_cast<std::size_t>(4 * (kMaxReModifyCalls + 1)));
  }
  EXPECT_LE(seq.nodes.size(), 2u);
}
