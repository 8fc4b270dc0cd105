// MotionTableManager: pending queue, redundant links, AnimationDone and
// CheckForCompletedMotions, traced by hand from CMTableManager.c.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "ac/motion/recording_sequence.h"
#include "support/ac_fixtures.h"
#include "retroanim/ac/motion/motion_table_manager.h"

using namespace retroanim::ac;
using namespace retroanim::ac::test;

namespace {

struct DoneLog : MotionDoneSink {
  std::vector<std::pair<uint32_t, bool>> calls;
  void motion_done(uint32_t motion, bool success) override { calls.emplace_back(motion, success); }
  std::vector<uint32_t> motions() const {
    std::vector<uint32_t> r;
    for (const auto& c : calls) r.push_back(c.first);
    return r;
  }
};

struct Fixture {
  MotionTable table = make_test_table();
  MotionTableManager mtm{&table};
  RecordingSequence seq;
  DoneLog done;

  Fixture() {
    mtm.set_owner(&done);
    mtm.initialize_state(seq);
  }
  MotionError perform(uint32_t motion, float speed = 1.0f) {
    return mtm.perform_movement({MovementType::kInterpretedCommand, motion, speed}, seq);
  }
  MotionError stop(uint32_t motion) {
    return mtm.perform_movement({MovementType::kStopInterpretedCommand, motion, 1.0f}, seq);
  }
  std::vector<PendingMotion> pending() const { return {mtm.pending().begin(), mtm.pending().end()}; }
};

using P = std::vector<PendingMotion>;

}  // namespace

TEST(MotionTableManager, InitializeStateQueuesReady) {
  Fixture f;
  EXPECT_EQ(f.pending(), (P{{kReady, 0}}));
  EXPECT_TRUE(f.done.calls.empty());
  f.mtm.use_time();
  EXPECT_EQ(f.done.motions(), (std::vector<uint32_t>{kReady}));
  EXPECT_TRUE(f.done.calls[0].second);
  EXPECT_TRUE(f.mtm.pending().empty());
}

TEST(MotionTableManager, SubstateCompletesAfterItsLink) {
  Fixture f;
  f.mtm.use_time();
  ASSERT_EQ(f.perform(kWalk), MotionError::kNone);
  EXPECT_EQ(f.pending(), (P{{kWalk, 1}}));
  f.mtm.use_time();
  EXPECT_EQ(f.done.motions(), (std::vector<uint32_t>{kReady}));
  f.mtm.animation_done(true);
  EXPECT_EQ(f.done.motions(), (std::vector<uint32_t>{kReady, kWalk}));
  EXPECT_TRUE(f.mtm.pending().empty());
  EXPECT_EQ(f.mtm.animation_counter(), 0u);
}

TEST(MotionTableManager, ReturningToAQueuedSubstateDropsTheLinksBetween) {
  Fixture f;
  f.mtm.use_time();
  ASSERT_EQ(f.perform(kWalk), MotionError::kNone);
  ASSERT_EQ(f.perform(kRun), MotionError::kNone);
  ASSERT_EQ(f.perform(kWalk), MotionError::kNone);  // Run -> Ready -> Walk: 2 links
  // The newest Walk finds the older Walk still waiting past the Run: the 3 link
  // animations queued since (Walk->Run, Run->Ready, Ready->Walk) are removed.
  EXPECT_EQ(f.pending(), (P{{kWalk, 1}, {kRun, 0}, {kWalk, 0}}));
  EXPECT_EQ(f.seq.log.back(), "remove_link 3");
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReadyToWalk, aWalk}));
  f.mtm.animation_done(true);
  EXPECT_EQ(f.done.motions(), (std::vector<uint32_t>{kReady, kWalk, kRun, kWalk}));
  EXPECT_TRUE(f.mtm.pending().empty());
}

TEST(MotionTableManager, ReturningToAQueuedStyleDropsTheLinksBetween) {
  Fixture f;
  f.mtm.use_time();
  ASSERT_EQ(f.perform(kCombat), MotionError::kNone);
  ASSERT_EQ(f.perform(kNonCombat), MotionError::kNone);
  EXPECT_EQ(f.pending(), (P{{kCombat, 1}, {kNonCombat, 1}}));
  ASSERT_EQ(f.perform(kCombat), MotionError::kNone);
  EXPECT_EQ(f.pending(), (P{{kCombat, 1}, {kNonCombat, 0}, {kCombat, 0}}));
  EXPECT_EQ(f.seq.log.back(), "remove_link 2");
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aToCombat, aCombatReady}));
}

TEST(MotionTableManager, ActionCompletesAfterAllItsLinks) {
  Fixture f;
  f.mtm.use_time();
  ASSERT_EQ(f.perform(kWave), MotionError::kNone);
  EXPECT_EQ(f.pending(), (P{{kWave, 2}}));
  f.mtm.animation_done(true);
  EXPECT_EQ(f.done.calls.size(), 1u);
  EXPECT_EQ(f.mtm.state().actions.size(), 1u);
  f.mtm.animation_done(true);
  EXPECT_EQ(f.done.motions(), (std::vector<uint32_t>{kReady, kWave}));
  EXPECT_TRUE(f.mtm.state().actions.empty());
}

TEST(MotionTableManager, ActionPerformedTwice) {
  Fixture f;
  f.mtm.use_time();
  ASSERT_EQ(f.perform(kWave), MotionError::kNone);
  ASSERT_EQ(f.perform(kWave), MotionError::kNone);
  EXPECT_EQ(f.pending(), (P{{kWave, 2}, {kWave, 2}}));
  EXPECT_EQ(f.mtm.state().actions.size(), 2u);
  for (int i = 0; i < 3; ++i) f.mtm.animation_done(true);
  EXPECT_EQ(f.done.motions(), (std::vector<uint32_t>{kReady, kWave}));
  EXPECT_EQ(f.mtm.state().actions.size(), 1u);
  EXPECT_EQ(f.mtm.animation_counter(), 1u);
  f.mtm.animation_done(true);
  EXPECT_EQ(f.done.motions(), (std::vector<uint32_t>{kReady, kWave, kWave}));
  EXPECT_TRUE(f.mtm.state().actions.empty());
}

TEST(MotionTableManager, ModifierCompletesAtOnce) {
  Fixture f;
  ASSERT_EQ(f.perform(kJump), MotionError::kNone);
  EXPECT_EQ(f.pending(), (P{{kReady, 0}, {kJump, 0}}));
  f.mtm.use_time();
  EXPECT_EQ(f.done.motions(), (std::vector<uint32_t>{kReady, kJump}));
  EXPECT_EQ(f.mtm.state().modifiers.size(), 1u);  // the modifier stays active
}

TEST(MotionTableManager, StopsQueueReady) {
  Fixture f;
  f.mtm.use_time();
  ASSERT_EQ(f.perform(kWalk), MotionError::kNone);
  ASSERT_EQ(f.perform(kJump), MotionError::kNone);
  ASSERT_EQ(f.stop(kWalk), MotionError::kNone);
  EXPECT_EQ(f.pending(), (P{{kWalk, 1}, {kJump, 0}, {kReady, 1}}));
  ASSERT_EQ(f.mtm.perform_movement({MovementType::kStopCompletely, 0, 1.0f}, f.seq), MotionError::kNone);
  // Only the jump was left to stop; the substate is Ready already.
  EXPECT_EQ(f.pending(), (P{{kWalk, 1}, {kJump, 0}, {kReady, 1}, {kReady, 0}}));
  EXPECT_TRUE(f.mtm.state().modifiers.empty());
}

TEST(MotionTableManager, ErrorsLeaveEverythingUnchanged) {
  Fixture f;
  f.mtm.use_time();
  auto log_size = f.seq.log.size();
  EXPECT_EQ(f.perform(kUnknown), MotionError::kNoMotionTableData);
  EXPECT_EQ(f.stop(kWalk), MotionError::kNoMotionTableData);  // not the substate
  EXPECT_EQ(f.mtm.perform_movement({MovementType::kMoveToObject, kWalk, 1.0f}, f.seq),
            MotionError::kUnhandledMovementType);
  EXPECT_TRUE(f.mtm.pending().empty());
  EXPECT_EQ(f.seq.log.size(), log_size);
  EXPECT_EQ(f.mtm.state().substate, kReady);

  MotionTableManager no_table;
  RecordingSequence seq;
  EXPECT_EQ(no_table.perform_movement({MovementType::kInterpretedCommand, kWalk, 1.0f}, seq),
            MotionError::kNoAnimationTable);
  no_table.initialize_state(seq);  // queues Ready with 0 animations
  EXPECT_EQ(no_table.pending().size(), 1u);
  EXPECT_TRUE(seq.log.empty());
}

TEST(MotionTableManager, ExitWorldAbandonsPendingMotions) {
  Fixture f;
  ASSERT_EQ(f.perform(kWave), MotionError::kNone);
  f.mtm.handle_exit_world();
  ASSERT_EQ(f.done.calls.size(), 2u);
  EXPECT_EQ(f.done.calls[0], std::make_pair(kReady, false));
  EXPECT_EQ(f.done.calls[1], std::make_pair(kWave, false));
  EXPECT_TRUE(f.mtm.pending().empty());
  EXPECT_EQ(f.mtm.animation_counter(), 0u);
}

TEST(MotionTableManager, IsThePartArraysMotionHandler) {
  Fixture f;
  ASSERT_EQ(f.perform(kWalk), MotionError::kNone);
  MotionHandler* handler = &f.mtm;  // what PartArray::set_motion_handler takes
  handler->use_time();
  EXPECT_EQ(f.done.motions(), (std::vector<uint32_t>{kReady}));
  handler->animation_done(true);
  EXPECT_EQ(f.done.motions(), (std::vector<uint32_t>{kReady, kWalk}));
}
