// ac/motion/motion_table_check.cpp: check_motion_table finds no defect in the
// tests' table and names a dangling animation id.
#include <gtest/gtest.h>

#include "ac/motion/recording_sequence.h"
#include "support/ac_fixtures.h"
#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/motion/motion_table_check.h"
#include "retroanim/ac/motion/motion_table_logic.h"
#include "retroanim/ac/motion/motion_table_manager.h"

using namespace retroanim::ac;
using namespace retroanim::ac::test;

namespace {

// Has every animation of the test table except the ones listed as missing.
AnimationMap all_test_anims() {
  AnimationMap a;
  for (uint32_t id : {aReady, aWalk, aTurn, aRun, aCombatReady, aMagicReady, aReadyToWalk, aReadyToTurn, aWave1,
                      aWave2, aToCombat, aWalkToReady, aCombatToNonCombat, aToMagic, aReadyToRun, aBow, aRunToReady,
                      aWalkToRun}) {
    Animation anim;
    anim.id = id;
    a.add(anim);
  }
  return a;
}

}  // namespace

TEST(MotionTableCheck, TheTestTableIsClean) {
  AnimationMap anims = all_test_anims();
  EXPECT_TRUE(check_motion_table(make_test_table(), &anims).empty());
}

TEST(MotionTableCheck, DanglingAnimationIdsAreReported) {
  MotionTable t = make_test_table();
  t.links[MotionTable::make_key(kNonCombat, kReady)][kWalk].anims[0].anim_id = 0x0300FFFFu;
  AnimationMap anims = all_test_anims();
  auto p = check_motion_table(t, &anims);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].code, MotionTableProblemCode::kDanglingAnimation);
  EXPECT_EQ(p[0].key, MotionTable::make_key(kNonCombat, kReady));
  EXPECT_EQ(p[0].motion, kWalk);
  EXPECT_EQ(p[0].anim_id, 0x0300FFFFu);
  // The logic still appends it (the client's sequence is what drops it).
  RecordingSequence seq;
  MotionState st;
  uint32_t n = 0;
  ASSERT_TRUE(set_default_state(t, st, seq, n));
  ASSERT_TRUE(do_object_motion(t, kWalk, st, seq, 1.0f, n));
  EXPECT_EQ(n, 1u);
  EXPECT_EQ(seq.ids(), (std::vector<uint32_t>{0x0300FFFFu, aWalk}));
}

