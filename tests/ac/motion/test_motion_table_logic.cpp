// CMotionTable logic over a recording sequence: each expectation is traced by
// hand through the client's GetObjectSequence / StopSequenceMotion /
// SetDefaultState (CMTable.c) on the table of test_table.h.
#include <gtest/gtest.h>

#include "ac/motion/recording_sequence.h"
#include "support/ac_fixtures.h"
#include "retroanim/ac/motion/motion_table_logic.h"
#include "support/math_expect.h"

using retroanim::test::expect_vec;

using namespace retroanim::ac;
using namespace retroanim::ac::test;
using retroanim::math::Vec3;

namespace {

constexpr float kTol = 1e-5f;

struct Fixture {
  MotionTable table = make_test_table();
  MotionState state;
  RecordingSequence seq;
  uint32_t n = 0;

  Fixture() { EXPECT_TRUE(set_default_state(table, state, seq, n)); }
  bool perform(uint32_t motion, float speed) { return do_object_motion(table, motion, state, seq, speed, n); }
  bool stop(uint32_t motion) { return stop_object_motion(table, motion, 1.0f, state, seq, n); }
};

}  // namespace

TEST(MotionTableLogic, DefaultStateAppendsTheDefaultCycle) {
  Fixture f;
  EXPECT_EQ(f.n, 0u);  // one cycle animation - 1
  EXPECT_EQ(f.state.style, kNonCombat);
  EXPECT_EQ(f.state.substate, kReady);
  EXPECT_FLOAT_EQ(f.state.substate_mod, 1.0f);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReady}));
  EXPECT_EQ(f.seq.first_cyclic, 0);
  EXPECT_EQ(f.seq.log.front(), "clear_animations");
}

TEST(MotionTableLogic, SubstateChangeGoesThroughTheLink) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  EXPECT_EQ(f.n, 1u);  // link 1 + cycle 1 - 1
  EXPECT_EQ(f.state.substate, kWalk);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReadyToWalk, aWalk}));
  EXPECT_EQ(f.seq.first_cyclic, 1);
  EXPECT_FLOAT_EQ(f.seq.nodes[0].framerate, 30.0f);
  expect_vec(f.seq.velocity, 0.0f, 3.12f, 0.0f, kTol);
}

TEST(MotionTableLogic, SpeedChangeScalesTheCycleAndPhysics) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  ASSERT_TRUE(f.perform(kWalk, 1.5f));
  EXPECT_EQ(f.n, 0u);
  EXPECT_FLOAT_EQ(f.state.substate_mod, 1.5f);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReadyToWalk, aWalk}));
  EXPECT_FLOAT_EQ(f.seq.nodes[0].framerate, 30.0f);  // the link is not cyclic
  EXPECT_NEAR(f.seq.nodes[1].framerate, 45.0f, kTol);
  expect_vec(f.seq.velocity, 0.0f, 3.12f * 1.5f, 0.0f, kTol);
  EXPECT_EQ(f.seq.log.back(), "combine");
}

TEST(MotionTableLogic, BackwardCycleUsesTheReverseLink) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, -1.0f));
  // get_link(Ready -> Walk, -1) finds links[Walk][Ready]; the signs differ, so
  // the client takes link = Ready->Ready (none) and link2 = links[Walk][Ready].
  EXPECT_EQ(f.n, 1u);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aWalkToReady, aWalk}));
  EXPECT_FLOAT_EQ(f.seq.nodes[0].framerate, -30.0f);
  EXPECT_FLOAT_EQ(f.seq.nodes[1].framerate, -30.0f);
  expect_vec(f.seq.velocity, 0.0f, -3.12f, 0.0f, kTol);
  ASSERT_TRUE(f.perform(kWalk, -2.0f));  // same sign: only the speed changes
  EXPECT_EQ(f.n, 0u);
  EXPECT_FLOAT_EQ(f.seq.nodes[1].framerate, -60.0f);
  expect_vec(f.seq.velocity, 0.0f, -6.24f, 0.0f, kTol);
  EXPECT_FLOAT_EQ(f.state.substate_mod, -2.0f);
  // Back to forward: link = get_link(Walk -> Ready at -2) = links[Ready][Walk]
  // played at -2, then links[Ready][Walk] at 1, then the cycle.
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  EXPECT_EQ(f.n, 2u);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aWalkToReady, aReadyToWalk, aReadyToWalk, aWalk}));
  EXPECT_FLOAT_EQ(f.seq.nodes[1].framerate, -60.0f);
  EXPECT_FLOAT_EQ(f.seq.nodes[2].framerate, 30.0f);
  EXPECT_FLOAT_EQ(f.seq.nodes[3].framerate, 30.0f);
}

TEST(MotionTableLogic, ActionReturnsToTheCycle) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWave, 1.0f));
  EXPECT_EQ(f.n, 2u);  // the action's link animations
  EXPECT_EQ(f.state.substate, kReady);
  ASSERT_EQ(f.state.actions.size(), 1u);
  EXPECT_EQ(f.state.actions[0].motion, kWave);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aWave1, aWave2, aReady}));
  EXPECT_EQ(f.seq.first_cyclic, 2);
}

TEST(MotionTableLogic, ActionTwiceQueuesBoth) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWave, 1.0f));
  ASSERT_TRUE(f.perform(kWave, 1.0f));
  EXPECT_EQ(f.n, 2u);
  EXPECT_EQ(f.state.actions.size(), 2u);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aWave1, aWave2, aWave1, aWave2, aReady}));
  EXPECT_EQ(f.seq.first_cyclic, 4);
}

TEST(MotionTableLogic, ActionFallbackGoesThroughTheDefaultSubstate) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  ASSERT_TRUE(f.perform(kBow, 1.0f));
  // Walk has no link to Bow: Walk->Ready at 1, Ready->Bow, Ready->Walk at 1, the walk cycle.
  EXPECT_EQ(f.n, 3u);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReadyToWalk, aWalkToReady, aBow, aReadyToWalk, aWalk}));
  expect_vec(f.seq.velocity, 0.0f, 3.12f, 0.0f, kTol);
  EXPECT_EQ(f.state.substate, kWalk);
}

TEST(MotionTableLogic, JumpIsAModifier) {
  Fixture f;
  ASSERT_TRUE(f.perform(kJump, 1.0f));
  EXPECT_EQ(f.n, 0u);
  ASSERT_EQ(f.state.modifiers.size(), 1u);
  EXPECT_EQ(f.state.modifiers[0].motion, kJump);
  expect_vec(f.seq.velocity, 0.0f, 0.0f, 5.0f, kTol);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReady}));
  // Performing it again: add_modifier refuses, StopSequenceMotion removes it, then it is re-added.
  ASSERT_TRUE(f.perform(kJump, 2.0f));
  ASSERT_EQ(f.state.modifiers.size(), 1u);
  EXPECT_FLOAT_EQ(f.state.modifiers[0].speed_mod, 2.0f);
  expect_vec(f.seq.velocity, 0.0f, 0.0f, 10.0f, kTol);
}

TEST(MotionTableLogic, TurnIsASubstateFromReady) {
  Fixture f;
  ASSERT_TRUE(f.perform(kTurn, 1.0f));
  EXPECT_EQ(f.n, 1u);
  EXPECT_EQ(f.state.substate, kTurn);
  EXPECT_TRUE(f.state.modifiers.empty());
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReadyToTurn, aTurn}));
  expect_vec(f.seq.omega, 0.0f, 0.0f, 1.5f, kTol);
}

TEST(MotionTableLogic, TurnIsAModifierWhileWalking) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  ASSERT_TRUE(f.perform(kTurn, 1.0f));  // is_allowed fails (bit 2, not in Ready): modifier
  EXPECT_EQ(f.n, 0u);
  EXPECT_EQ(f.state.substate, kWalk);
  ASSERT_EQ(f.state.modifiers.size(), 1u);
  EXPECT_EQ(f.state.modifiers[0].motion, kTurn);
  expect_vec(f.seq.velocity, 0.0f, 3.12f, 0.0f, kTol);
  expect_vec(f.seq.omega, 0.0f, 0.0f, 1.5f, kTol);
}

TEST(MotionTableLogic, WalkingFromATurnKeepsTheTurnAsModifier) {
  Fixture f;
  ASSERT_TRUE(f.perform(kTurn, 1.0f));
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  // Turn -> Walk: no link Turn->Walk: link = Turn->Ready (none), link2 = Ready->Walk.
  // The old substate (a modifier) is kept as a modifier and re_modify applies it.
  EXPECT_EQ(f.n, 1u);
  EXPECT_EQ(f.state.substate, kWalk);
  ASSERT_EQ(f.state.modifiers.size(), 1u);
  EXPECT_EQ(f.state.modifiers[0].motion, kTurn);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReadyToTurn, aReadyToWalk, aWalk}));
  expect_vec(f.seq.velocity, 0.0f, 3.12f, 0.0f, kTol);
  expect_vec(f.seq.omega, 0.0f, 0.0f, 1.5f, kTol);
}

TEST(MotionTableLogic, StoppingTheWalkWhileTurningTurnsInPlace) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  ASSERT_TRUE(f.perform(kTurn, 1.0f));
  ASSERT_TRUE(f.stop(kWalk));
  // Walk -> Ready through links[Walk][Ready]; re_modify re-performs the turn,
  // which from Ready is a substate again (Ready -> Turn link and the turn cycle).
  EXPECT_EQ(f.n, 1u);  // the outer transition's count only
  EXPECT_EQ(f.state.substate, kTurn);
  EXPECT_TRUE(f.state.modifiers.empty());
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReadyToWalk, aWalkToReady, aReadyToTurn, aTurn}));
  expect_vec(f.seq.velocity, 0.0f, 0.0f, 0.0f, kTol);
  expect_vec(f.seq.omega, 0.0f, 0.0f, 1.5f, kTol);
}

TEST(MotionTableLogic, StopModifierSubtractsItsPhysics) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  ASSERT_TRUE(f.perform(kTurn, 2.0f));
  expect_vec(f.seq.omega, 0.0f, 0.0f, 3.0f, kTol);
  ASSERT_TRUE(f.stop(kTurn));
  EXPECT_EQ(f.n, 0u);
  EXPECT_TRUE(f.state.modifiers.empty());
  expect_vec(f.seq.omega, 0.0f, 0.0f, 0.0f, kTol);
  EXPECT_FALSE(f.stop(kJump));  // not active
}

TEST(MotionTableLogic, StopCompletelyStopsModifiersThenTheSubstate) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  ASSERT_TRUE(f.perform(kTurn, 1.0f));
  ASSERT_TRUE(f.perform(kJump, 1.0f));
  ASSERT_TRUE(stop_object_completely(f.table, f.state, f.seq, f.n));
  EXPECT_EQ(f.n, 1u);
  EXPECT_TRUE(f.state.modifiers.empty());
  EXPECT_EQ(f.state.substate, kReady);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReadyToWalk, aWalkToReady, aReady}));
  expect_vec(f.seq.velocity, 0.0f, 0.0f, 0.0f, kTol);
  expect_vec(f.seq.omega, 0.0f, 0.0f, 0.0f, kTol);
}

TEST(MotionTableLogic, StyleChangeFromWalkGoesThroughTheDefaultSubstate) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  ASSERT_TRUE(f.perform(kCombat, 1.0f));
  // pre_link Walk->Ready, link links[NonCombat|Ready][Combat], the Combat Ready cycle.
  EXPECT_EQ(f.n, 2u);
  EXPECT_EQ(f.state.style, kCombat);
  EXPECT_EQ(f.state.substate, kReady);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReadyToWalk, aWalkToReady, aToCombat, aCombatReady}));
  expect_vec(f.seq.velocity, 0.0f, 0.0f, 0.0f, kTol);
  // Performing the current style again does nothing and succeeds.
  ASSERT_TRUE(f.perform(kCombat, 1.0f));
  EXPECT_EQ(f.n, 0u);
}

TEST(MotionTableLogic, StyleChangeFallsBackThroughTheDefaultStyle) {
  Fixture f;
  ASSERT_TRUE(f.perform(kCombat, 1.0f));
  ASSERT_TRUE(f.perform(kMagic, 1.0f));
  // No Combat->Magic link: Combat|Ready -> NonCombat, then NonCombat|Ready -> Magic.
  EXPECT_EQ(f.n, 2u);
  EXPECT_EQ(f.state.style, kMagic);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aToCombat, aCombatToNonCombat, aToMagic, aMagicReady}));
}

TEST(MotionTableLogic, SpeedZeroFreezesTheCycle) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  ASSERT_TRUE(f.perform(kWalk, 0.0f));  // same_sign(0, 1): a speed change to 0
  EXPECT_EQ(f.n, 0u);
  EXPECT_FLOAT_EQ(f.seq.nodes[1].framerate, 0.0f);
  expect_vec(f.seq.velocity, 0.0f, 0.0f, 0.0f, kTol);
  // From 0 back to 1: change_cycle_speed does nothing (old speed ~0), only the physics change.
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  EXPECT_FLOAT_EQ(f.seq.nodes[1].framerate, 0.0f);
  expect_vec(f.seq.velocity, 0.0f, 3.12f, 0.0f, kTol);
  EXPECT_FLOAT_EQ(f.state.substate_mod, 1.0f);
}

TEST(MotionTableLogic, SpeedZeroFromReadyAppendsAtZeroFramerate) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 0.0f));
  EXPECT_EQ(f.n, 1u);
  EXPECT_EQ(f.seq.ids(), (std::vector<uint32_t>{aReadyToWalk, aWalk}));
  EXPECT_FLOAT_EQ(f.seq.nodes[0].framerate, 0.0f);
  EXPECT_FLOAT_EQ(f.seq.nodes[1].framerate, 0.0f);
}

TEST(MotionTableLogic, UnknownCommandsAreRefusedWithoutChange) {
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  MotionState before = f.state;
  auto nodes = f.seq.nodes;
  auto log_size = f.seq.log.size();
  EXPECT_FALSE(f.perform(kUnknown, 1.0f));
  EXPECT_FALSE(f.perform(0x10000999u, 1.0f));  // action without a link
  EXPECT_FALSE(f.perform(0x20000999u, 1.0f));  // modifier without data
  EXPECT_FALSE(f.perform(0x80000999u, 1.0f));  // style without a default
  EXPECT_FALSE(f.perform(0x00000001u, 1.0f));  // no class bit at all
  EXPECT_EQ(f.n, 0u);
  EXPECT_EQ(f.state.style, before.style);
  EXPECT_EQ(f.state.substate, before.substate);
  EXPECT_EQ(f.state.modifiers, before.modifiers);
  EXPECT_EQ(f.seq.nodes, nodes);
  EXPECT_EQ(f.seq.log.size(), log_size);
}

TEST(MotionTableLogic, GetLinkFallbacks) {
  MotionTable t = make_test_table();
  // Forward: links[style|substate][motion], else links[style << 16][motion].
  EXPECT_EQ(get_link(t, kNonCombat, kReady, 1.0f, kWalk, 1.0f), t.find_link(MotionTable::make_key(kNonCombat, kReady), kWalk));
  EXPECT_EQ(get_link(t, kNonCombat, kRun, 1.0f, kWalk, 1.0f), nullptr);
  t.links[kNonCombat << 16][kWalk] = md({0x03000099u});
  EXPECT_EQ(get_link(t, kNonCombat, kRun, 1.0f, kWalk, 1.0f)->anims[0].anim_id, 0x03000099u);
  // Backward: links[style|motion][substate], else links[style|substate][default].
  EXPECT_EQ(get_link(t, kNonCombat, kReady, 1.0f, kWalk, -1.0f)->anims[0].anim_id, aWalkToReady);
  EXPECT_EQ(get_link(t, kNonCombat, kWalk, -1.0f, kRun, 1.0f)->anims[0].anim_id, aWalkToReady);
}

TEST(MotionTableLogic, ReModifyAppliesTheNewestModifierOncePerEntry) {
  // Client quirk: re_modify takes the state's head on every pass.
  Fixture f;
  ASSERT_TRUE(f.perform(kWalk, 1.0f));
  ASSERT_TRUE(f.perform(kTurn, 1.0f));
  ASSERT_TRUE(f.perform(kJump, 1.0f));  // modifiers: Jump, Turn
  ASSERT_TRUE(f.perform(kRun, 1.0f));   // Walk -> Run, then re_modify
  EXPECT_EQ(f.n, 1u);
  ASSERT_EQ(f.state.modifiers.size(), 2u);
  EXPECT_EQ(f.state.modifiers[0].motion, kJump);
  EXPECT_EQ(f.state.modifiers[1].motion, kTurn);
  expect_vec(f.seq.velocity, 0.0f, 4.0f, 10.0f, kTol);  // Jump twice, the turn's omega lost
  expect_vec(f.seq.omega, 0.0f, 0.0f, 0.0f, kTol);
}
