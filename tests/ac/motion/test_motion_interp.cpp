// CMotionInterp, RawMotionState, InterpretedMotionState and MovementParameters:
// each expected value traced by hand from the decompiled client
// (canim/CMotionInterp.c, CMInterpPrim.c, CMovementManager.c) over the small
// human-like table of support/ac_fixtures.h.
#include <gtest/gtest.h>

#include <cfloat>
#include <vector>

#include "ac/motion/recording_sequence.h"
#include "retroanim/ac/motion/motion_interp.h"
#include "retroanim/ac/motion/motion_table_manager.h"
#include "retroanim/ac/object/physics_obj.h"
#include "support/ac_fixtures.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::test;

namespace {

constexpr uint32_t kWalkBack = 0x45000006u, kTurnLeft = 0x6500000Eu, kSideR = 0x6500000Fu, kSideL = 0x65000010u;
constexpr uint32_t kFallen = 0x40000008u, kFalling = 0x40000015u, kCrouch = 0x41000012u, kSitting = 0x41000013u,
                   kSleeping = 0x41000014u;

// The manager's MotionDone reaching the interpreter (CPhysicsObj::MotionDone -> MovementManager::MotionDone).
struct Forward : MotionDoneSink {
  MotionInterp* interp = nullptr;
  std::vector<std::pair<uint32_t, bool>> calls;
  void motion_done(uint32_t motion, bool success) override {
    calls.emplace_back(motion, success);
    if (interp) interp->motion_done(success);
  }
};

struct Fixture {
  MotionTable table = make_test_table();
  MotionTableManager mtm{&table};
  RecordingSequence seq;
  PhysicsObj obj;
  FixedWeenie weenie;
  Forward fwd;
  MotionInterp interp;

  explicit Fixture(bool with_weenie = false, bool autonomous = false)
      : interp(PhysicsObjMotion{&obj, &mtm, &seq}, with_weenie ? &weenie : nullptr) {
    obj.state = physics_state_flag::kGravity;
    obj.transient_state |= transient_state_flag::kContact | transient_state_flag::kOnWalkable;
    obj.last_move_was_autonomous = autonomous;
    obj.set_movement_sink(&interp);
    fwd.interp = &interp;
    mtm.set_owner(&fwd);
  }
  // enter_default_state, then the manager completes what needs no animation.
  void start() {
    interp.enter_default_state();
    mtm.check_for_completed_motions();
  }
  std::vector<uint32_t> pending() const {
    std::vector<uint32_t> r;
    for (const MotionNode& n : interp.pending_motions) r.push_back(n.motion);
    return r;
  }
};

MovementParameters params(float speed = 1.0f) {
  MovementParameters p;
  p.speed = speed;
  return p;
}

}  // namespace

TEST(MovementParameters, ConstructorDefaults) {
  MovementParameters p;
  EXPECT_EQ(p.bitfield, 0x1EE0Fu);
  EXPECT_EQ(p.distance_to_object, 0.6f);
  EXPECT_EQ(p.min_distance, 0.0f);
  EXPECT_EQ(p.fail_distance, FLT_MAX);
  EXPECT_EQ(p.desired_heading, 0.0f);
  EXPECT_EQ(p.speed, 1.0f);
  EXPECT_EQ(p.walk_run_threshhold, 15.0f);
  EXPECT_EQ(p.context_id, 0u);
  EXPECT_EQ(p.hold_key_to_apply, HoldKey::kInvalid);
  EXPECT_EQ(p.action_stamp, 0u);
  EXPECT_TRUE(p.has(movement_param_flag::kSetHoldKey));
  EXPECT_TRUE(p.has(movement_param_flag::kModifyRawState));
  EXPECT_TRUE(p.has(movement_param_flag::kModifyInterpretedState));
  EXPECT_TRUE(p.has(movement_param_flag::kCancelMoveTo));
  EXPECT_FALSE(p.has(movement_param_flag::kAutonomous));
  EXPECT_FALSE(p.has(movement_param_flag::kDisableJumpDuringLink));
}

TEST(RawMotionState, ConstructorAndApplyMotion) {
  RawMotionState r;
  EXPECT_EQ(r.current_holdkey, HoldKey::kNone);
  EXPECT_EQ(r.current_style, kNonCombat);
  EXPECT_EQ(r.forward_command, kReady);
  EXPECT_EQ(r.forward_holdkey, HoldKey::kInvalid);
  EXPECT_EQ(r.forward_speed, 1.0f);
  EXPECT_EQ(r.sidestep_command, 0u);
  EXPECT_EQ(r.turn_command, 0u);
  EXPECT_EQ(r.turn_speed, 1.0f);

  MovementParameters p = params(0.5f);
  p.hold_key_to_apply = HoldKey::kRun;
  r.apply_motion(kWalk, p);  // set_hold_key on: the slot's hold key is Invalid
  EXPECT_EQ(r.forward_command, kWalk);
  EXPECT_EQ(r.forward_holdkey, HoldKey::kInvalid);
  EXPECT_EQ(r.forward_speed, 0.5f);
  p.set(movement_param_flag::kSetHoldKey, false);
  r.apply_motion(kSideL, p);  // off: the parameters' hold key
  EXPECT_EQ(r.sidestep_command, kSideL);
  EXPECT_EQ(r.sidestep_holdkey, HoldKey::kRun);
  r.apply_motion(kRun, p);  // RunForward is never raw
  EXPECT_EQ(r.forward_command, kWalk);
  r.apply_motion(kCombat, p);
  EXPECT_EQ(r.current_style, kCombat);
  EXPECT_EQ(r.forward_command, kReady);
  p.action_stamp = 7;
  p.set(movement_param_flag::kAutonomous, true);
  r.apply_motion(kWave, p);
  ASSERT_EQ(r.actions.size(), 1u);
  EXPECT_EQ(r.actions[0], (ActionNode{kWave, 0.5f, 7, true}));

  r.remove_motion(kSideR);  // either sidestep clears the slot
  EXPECT_EQ(r.sidestep_command, 0u);
  r.remove_motion(kCombat);
  EXPECT_EQ(r.current_style, kNonCombat);
  EXPECT_EQ(r.remove_action(), kWave);
  EXPECT_EQ(r.remove_action(), 0u);
}

TEST(InterpretedMotionState, ApplyAndRemove) {
  InterpretedMotionState s;
  EXPECT_EQ(s.current_style, kNonCombat);
  EXPECT_EQ(s.forward_command, kReady);
  s.apply_motion(kTurnLeft, params(2.0f));  // only TurnRight has a slot: TurnLeft is a substate bit pattern
  EXPECT_EQ(s.turn_command, 0u);
  EXPECT_EQ(s.forward_command, kTurnLeft);
  s.apply_motion(kTurn, params(2.0f));
  EXPECT_EQ(s.turn_command, kTurn);
  EXPECT_EQ(s.turn_speed, 2.0f);
  s.apply_motion(kCombat, params());
  EXPECT_EQ(s.current_style, kCombat);
  EXPECT_EQ(s.forward_command, kReady);
  s.remove_motion(kTurn);
  EXPECT_EQ(s.turn_command, 0u);
  s.apply_motion(kWalk, params(0.25f));
  s.remove_motion(kRun);  // not the forward command: kept
  EXPECT_EQ(s.forward_command, kWalk);
  s.remove_motion(kWalk);
  EXPECT_EQ(s.forward_command, kReady);
  EXPECT_EQ(s.forward_speed, 1.0f);
  InterpretedMotionState t;
  t.add_action(kWave, 1.0f, 1, false);
  s.copy_movement_from(t);  // movement only
  EXPECT_EQ(s.current_style, kNonCombat);
  EXPECT_EQ(s.get_num_actions(), 0u);
}

TEST(MotionInterp, CreateAppliesNothing) {
  Fixture f;
  EXPECT_FALSE(f.interp.initted);
  EXPECT_EQ(f.interp.current_speed_factor, 1.0f);
  EXPECT_EQ(f.interp.my_run_rate, 1.0f);
  EXPECT_TRUE(f.interp.pending_motions.empty());
  EXPECT_TRUE(f.mtm.pending().empty());
  EXPECT_TRUE(f.seq.log.empty());
  f.interp.apply_current_movement(false, false);  // not initted: nothing
  EXPECT_TRUE(f.mtm.pending().empty());
}

TEST(MotionInterp, EnterDefaultState) {
  Fixture f;
  f.interp.pending_motions.push_back({5, kWave, 0});  // kept: the client does not clear the queue
  f.interp.enter_default_state();
  EXPECT_TRUE(f.interp.initted);
  // LeaveGround's RemoveLinkAnimations completed the manager's [Ready, 0]
  // (success false), which popped the interpreter's head (the old kWave,
  // an action: its RemoveAction calls find no action); then
  // apply_interpreted_movement queued the style and Ready (the sidestep and
  // turn stops fail: no such modifier).
  ASSERT_EQ(f.fwd.calls.size(), 1u);
  EXPECT_EQ(f.fwd.calls[0], (std::pair<uint32_t, bool>{kReady, false}));
  EXPECT_EQ(f.pending(), (std::vector<uint32_t>{kReady, kNonCombat, kReady}));
  ASSERT_EQ(f.mtm.pending().size(), 2u);
  EXPECT_EQ(f.mtm.pending()[0], (PendingMotion{kNonCombat, 0}));
  EXPECT_EQ(f.mtm.pending()[1], (PendingMotion{kReady, 0}));
  f.mtm.check_for_completed_motions();
  EXPECT_EQ(f.pending(), (std::vector<uint32_t>{kReady}));
  EXPECT_EQ(f.obj.velocity, (math::Vec3{}));
}

TEST(MotionInterp, DoMotionWalkAndStop) {
  Fixture f;
  f.start();
  EXPECT_EQ(f.interp.do_motion(kWalk, params()), 0u);
  EXPECT_EQ(f.interp.interpreted_state.forward_command, kWalk);
  EXPECT_EQ(f.interp.raw_state.forward_command, kWalk);
  EXPECT_EQ(f.interp.raw_state.forward_holdkey, HoldKey::kInvalid);
  EXPECT_EQ(f.pending(), (std::vector<uint32_t>{kWalk}));
  EXPECT_EQ(f.mtm.pending().back(), (PendingMotion{kWalk, 1}));  // the Ready->Walk link
  const math::Vec3 v = f.interp.get_state_velocity();
  EXPECT_EQ(v.x, 0.0f);
  EXPECT_EQ(v.y, 3.12f);
  EXPECT_EQ(f.interp.stop_motion(kWalk, params()), 0u);
  EXPECT_EQ(f.interp.interpreted_state.forward_command, kReady);
  EXPECT_EQ(f.interp.raw_state.forward_command, kReady);
  EXPECT_EQ(f.pending(), (std::vector<uint32_t>{kWalk, kReady}));
}

TEST(MotionInterp, DoMotionRefusals) {
  Fixture f;
  f.start();
  f.interp.interpreted_state.current_style = kCombat;
  EXPECT_EQ(f.interp.do_motion(kCrouch, params()), 0x3Fu);
  EXPECT_EQ(f.interp.do_motion(kSitting, params()), 0x40u);
  EXPECT_EQ(f.interp.do_motion(kSleeping, params()), 0x41u);
  EXPECT_EQ(f.interp.do_motion(kWave, params()), 0x42u);  // an emote (0x2000000)
  f.interp.interpreted_state.current_style = kNonCombat;
  for (int i = 0; i < 6; ++i) f.interp.interpreted_state.add_action(kBow, 1.0f, 0, false);
  EXPECT_EQ(f.interp.do_motion(kWave, params()), 0x45u);
  EXPECT_EQ(f.interp.do_motion(kUnknown, params()), 0x43u);  // the table lacks it
  EXPECT_TRUE(f.interp.pending_motions.empty());
}

TEST(MotionInterp, DoMotionKeepsEveryParameter) {
  // The client copies every field into the adjusted parameters (ACE drops
  // the context id, the action stamp, the autonomous and jump-block bits).
  Fixture f;
  f.start();
  MovementParameters p;
  p.context_id = 9;
  p.action_stamp = 3;
  p.set(movement_param_flag::kAutonomous, true);
  p.set(movement_param_flag::kDisableJumpDuringLink, true);
  EXPECT_EQ(f.interp.do_motion(kWave, p), 0u);
  ASSERT_EQ(f.interp.pending_motions.size(), 1u);
  EXPECT_EQ(f.interp.pending_motions[0], (MotionNode{9, kWave, 0x48}));
  ASSERT_EQ(f.interp.interpreted_state.actions.size(), 1u);
  EXPECT_EQ(f.interp.interpreted_state.actions[0], (ActionNode{kWave, 1.0f, 3, true}));
}

TEST(MotionInterp, AdjustMotion) {
  Fixture f;
  uint32_t m = kWalkBack;
  float s = 1.0f;
  f.interp.adjust_motion(m, s, HoldKey::kNone);
  EXPECT_EQ(m, kWalk);
  EXPECT_EQ(s, -0.65f);
  m = kTurnLeft, s = 1.0f;
  f.interp.adjust_motion(m, s, HoldKey::kRun);
  EXPECT_EQ(m, kTurn);
  EXPECT_EQ(s, -1.5f);
  m = kSideL, s = 1.0f;
  f.interp.adjust_motion(m, s, HoldKey::kNone);
  EXPECT_EQ(m, kSideR);
  EXPECT_EQ(s, -1.247999906539917f);  // -(3.12f / 1.25 * 0.5)
  m = kRun, s = 2.0f;
  f.interp.adjust_motion(m, s, HoldKey::kRun);  // RunForward is left alone
  EXPECT_EQ(s, 2.0f);
  m = kWalk, s = 1.0f;
  f.interp.adjust_motion(m, s, HoldKey::kInvalid);  // Invalid: the raw hold key (None)
  EXPECT_EQ(m, kWalk);
  f.interp.raw_state.current_holdkey = HoldKey::kRun;
  f.interp.adjust_motion(m, s, HoldKey::kInvalid);
  EXPECT_EQ(m, kRun);
  EXPECT_EQ(s, 1.0f);  // no weenie: rate 1
}

TEST(MotionInterp, ApplyRunToCommandWithWeenie) {
  Fixture f(true);
  f.weenie.run_rate = 2.0f;
  uint32_t m = kWalk;
  float s = -0.65f;
  f.interp.apply_run_to_command(m, s);  // backwards: stays a walk, scaled
  EXPECT_EQ(m, kWalk);
  EXPECT_EQ(s, -1.2999999523162842f);
  f.weenie.run_rate = 3.0f;
  m = kSideR, s = 1.2479999f;
  f.interp.apply_run_to_command(m, s);  // 3.744 capped at 3
  EXPECT_EQ(s, 3.0f);
  f.weenie.run_rate.reset();  // InqRunRate false: my_run_rate
  f.interp.my_run_rate = 0.5f;
  m = kWalk, s = 1.0f;
  f.interp.apply_run_to_command(m, s);
  EXPECT_EQ(m, kRun);
  EXPECT_EQ(s, 0.5f);
  f.weenie.is_creature_answer = false;  // non-creatures are not adjusted
  m = kWalkBack, s = 1.0f;
  f.interp.adjust_motion(m, s, HoldKey::kRun);
  EXPECT_EQ(m, kWalkBack);
  EXPECT_EQ(s, 1.0f);
}

TEST(MotionInterp, StateVelocityCap) {
  Fixture f;  // no weenie: capped at 4
  f.interp.interpreted_state.forward_command = kRun;
  f.interp.interpreted_state.forward_speed = 1.0f;
  f.interp.interpreted_state.sidestep_command = kSideR;
  f.interp.interpreted_state.sidestep_speed = 1.0f;
  math::Vec3 v = f.interp.get_state_velocity();
  EXPECT_EQ(v.x, 1.1930999755859375f);  // (1.25, 4) scaled to length 4
  EXPECT_EQ(v.y, 3.817919969558716f);
  EXPECT_EQ(v.z, 0.0f);
  EXPECT_EQ(f.interp.get_max_speed(), 4.0f);
  Fixture g(true);
  g.weenie.run_rate = 2.0f;
  g.interp.interpreted_state.forward_command = kRun;
  g.interp.interpreted_state.forward_speed = 2.0f;
  v = g.interp.get_state_velocity();
  EXPECT_EQ(v.y, 8.0f);  // cap 8: not above
  EXPECT_EQ(g.interp.get_max_speed(), 8.0f);
  g.interp.current_speed_factor = 0.5f;
  EXPECT_EQ(g.interp.get_adjusted_max_speed(), 16.0f);  // forward_speed / factor * 4
}

TEST(MotionInterp, MotionAllowsJump) {
  const uint32_t refused[] = {0x1000006Fu, 0x10000078u, 0x10000128u, 0x10000131u, kFallen, 0x40000016u,
                              0x40000018u, 0x4000001Eu, 0x40000039u, kCrouch, kSleeping};
  for (uint32_t s : refused) EXPECT_EQ(MotionInterp::motion_allows_jump(s), 0x48u) << std::hex << s;
  const uint32_t allowed[] = {0u, 0x1000006Eu, 0x10000079u, 0x10000127u, 0x10000132u, kFalling, 0x40000019u,
                              0x4000001Du, 0x4000003Au, 0x41000011u, 0x41000015u, kReady, kWalk};
  for (uint32_t s : allowed) EXPECT_EQ(MotionInterp::motion_allows_jump(s), 0u) << std::hex << s;
}

TEST(MotionInterp, ContactAllowsMove) {
  Fixture f(true);
  f.obj.transient_state &= ~transient_state_flag::kOnWalkable;
  EXPECT_FALSE(f.interp.contact_allows_move(kWalk));
  EXPECT_TRUE(f.interp.contact_allows_move(kFalling));
  EXPECT_TRUE(f.interp.contact_allows_move(0x40000011u));  // Dead
  EXPECT_TRUE(f.interp.contact_allows_move(kTurnLeft));
  EXPECT_FALSE(f.interp.contact_allows_move(kSideR));
  f.obj.state = 0;  // no gravity
  EXPECT_TRUE(f.interp.contact_allows_move(kWalk));
  f.obj.state = physics_state_flag::kGravity;
  f.weenie.is_creature_answer = false;
  EXPECT_TRUE(f.interp.contact_allows_move(kWalk));
}

TEST(MotionInterp, DoInterpretedMotionInTheAir) {
  Fixture f;
  f.start();
  f.obj.transient_state &= ~transient_state_flag::kContact;
  EXPECT_EQ(f.interp.do_interpreted_motion(kWave, params()), 0x24u);  // an action in the air
  EXPECT_EQ(f.interp.do_interpreted_motion(kWalk, params()), 0u);     // recorded only
  EXPECT_EQ(f.interp.interpreted_state.forward_command, kWalk);
  EXPECT_TRUE(f.interp.pending_motions.empty());
}

TEST(MotionInterp, NoCellRemovesLinks) {
  Fixture f;
  f.start();
  f.obj.in_cell = false;
  EXPECT_EQ(f.interp.do_motion(kWalk, params()), 0u);
  // The link's count was dropped and the entry completed at once.
  EXPECT_TRUE(f.mtm.pending().empty());
  EXPECT_TRUE(f.interp.pending_motions.empty());
}

TEST(MotionInterp, HoldKeys) {
  Fixture f(false, true);  // autonomous: raw re-application
  f.start();
  EXPECT_EQ(f.interp.do_motion(kWalk, params()), 0u);
  f.interp.set_hold_key(HoldKey::kRun, false);  // turns Run on (ACE cannot)
  EXPECT_EQ(f.interp.raw_state.current_holdkey, HoldKey::kRun);
  EXPECT_EQ(f.interp.interpreted_state.forward_command, kRun);
  EXPECT_EQ(f.interp.get_state_velocity().y, 4.0f);
  f.interp.set_hold_run(false, false);
  EXPECT_EQ(f.interp.raw_state.current_holdkey, HoldKey::kNone);
  EXPECT_EQ(f.interp.interpreted_state.forward_command, kWalk);
  f.interp.set_hold_key(HoldKey::kInvalid, false);  // neither None nor Run: nothing
  EXPECT_EQ(f.interp.raw_state.current_holdkey, HoldKey::kNone);
}

TEST(MotionInterp, ReapplicationChoosesByThePlayer) {
  // Not the player: the interpreted state is re-applied even when autonomous
  // (ACE decides by IsCreature).
  Fixture f(true, true);
  f.weenie.is_player = false;
  f.start();
  EXPECT_EQ(f.interp.do_motion(kWalk, params()), 0u);
  f.interp.set_hold_run(true, false);
  EXPECT_EQ(f.interp.interpreted_state.forward_command, kWalk);
}

TEST(MotionInterp, StopCompletely) {
  Fixture f;
  f.start();
  f.interp.do_motion(kWalk, params());
  f.interp.raw_state.sidestep_speed = 2.0f;
  EXPECT_EQ(f.interp.stop_completely(), 0u);
  EXPECT_EQ(f.interp.raw_state.forward_command, kReady);
  EXPECT_EQ(f.interp.raw_state.sidestep_speed, 2.0f);  // speeds other than forward kept
  EXPECT_EQ(f.interp.interpreted_state.forward_command, kReady);
  EXPECT_EQ(f.interp.pending_motions.back(), (MotionNode{0, kReady, 0}));
}

TEST(MotionInterp, JumpRules) {
  Fixture f(true);
  f.start();
  int32_t cost = 0;
  f.interp.pending_motions.push_back({0, kWave, 0x48});
  EXPECT_EQ(f.interp.jump_is_allowed(0.5f, cost), 0x48u);  // the head's error, one entry is enough
  f.interp.pending_motions.clear();
  f.weenie.jump_stamina_answer = false;
  EXPECT_EQ(f.interp.jump_is_allowed(0.5f, cost), 0x47u);
  f.weenie.jump_stamina_answer = true;
  f.weenie.can_jump_answer = false;
  EXPECT_EQ(f.interp.charge_jump(), 0x49u);
  f.weenie.can_jump_answer = true;
  f.interp.interpreted_state.forward_command = kFallen;
  EXPECT_EQ(f.interp.charge_jump(), 0x48u);  // Fallen (ACE: Falling)
  f.interp.interpreted_state.forward_command = kFalling;
  EXPECT_EQ(f.interp.charge_jump(), 0u);
  f.interp.interpreted_state.forward_command = kSleeping;
  EXPECT_EQ(f.interp.charge_jump(), 0x48u);  // inclusive (ACE excludes Sleeping)
  f.interp.interpreted_state.forward_command = kReady;
  EXPECT_EQ(f.interp.charge_jump(), 0u);
  EXPECT_TRUE(f.interp.standing_longjump);
  f.obj.transient_state &= ~transient_state_flag::kContact;
  EXPECT_EQ(f.interp.jump(0.5f, cost), 0x24u);
  EXPECT_FALSE(f.interp.standing_longjump);  // a refused jump ends the long jump
}

TEST(MotionInterp, JumpLeavesTheGround) {
  Fixture f;  // no weenie: jump velocity 10
  f.start();
  int32_t cost = 0;
  EXPECT_EQ(f.interp.jump(0.5f, cost), 0u);
  EXPECT_FALSE(f.obj.transient_state & transient_state_flag::kOnWalkable);
  EXPECT_EQ(f.obj.velocity, (math::Vec3{0.0f, 0.0f, 10.0f}));
  EXPECT_EQ(f.obj.acceleration, (math::Vec3{0.0f, 0.0f, kGravity}));
  EXPECT_EQ(f.interp.jump_extent, 0.0f);  // LeaveGround zeroes it
  // Back on walkable ground: HitGround re-applies the movement.
  const std::size_t before = f.interp.pending_motions.size();
  f.obj.set_contact(true, true);
  EXPECT_GT(f.interp.pending_motions.size(), before);
  EXPECT_EQ(f.obj.acceleration, (math::Vec3{}));
}

TEST(MotionInterp, JumpVelocityFromWeenie) {
  Fixture f(true);
  f.weenie.jump_velocity = 7.0f;
  f.interp.jump_extent = 2.0f;  // clamped to 1 before the question
  EXPECT_EQ(f.interp.get_jump_v_z(), 7.0f);
  f.weenie.jump_velocity.reset();
  EXPECT_EQ(f.interp.get_jump_v_z(), 0.0f);
  f.interp.jump_extent = 0.0001f;
  f.weenie.jump_velocity = 7.0f;
  EXPECT_EQ(f.interp.get_jump_v_z(), 0.0f);  // below 0.0002
}

TEST(MotionInterp, LeaveGroundKeepsTheVelocityWhenStill) {
  Fixture f;
  f.start();
  // Rotated 90 degrees about z; moving globally along x.
  math::Frame fr;
  fr.set_rotate(0.70710678f, 0.0f, 0.0f, 0.70710678f);
  f.obj.set_frame(fr);
  f.obj.velocity = {2.0f, 0.0f, 0.0f};
  f.interp.leave_ground();  // still: the global velocity goes to local and back
  EXPECT_NEAR(f.obj.velocity.x, 2.0f, 1e-5);
  EXPECT_NEAR(f.obj.velocity.y, 0.0f, 1e-5);
}

TEST(MotionInterp, MoveToInterpretedStateStamps) {
  Fixture f;
  f.start();
  InterpretedMotionState s;
  s.add_action(kWave, 1.0f, 1, false);
  EXPECT_EQ(f.interp.move_to_interpreted_state(s), 1u);
  EXPECT_EQ(f.interp.server_action_stamp, 1u);
  ASSERT_EQ(f.interp.interpreted_state.actions.size(), 1u);
  // 15-bit stamps: 0x8005 is 5, so stamp 3 is older and skipped (ACE's
  // 0x7FFFF mask would take it as newer).
  f.interp.server_action_stamp = 0x8005;
  InterpretedMotionState t;
  t.add_action(kBow, 1.0f, 3, false);
  f.interp.move_to_interpreted_state(t);
  EXPECT_EQ(f.interp.server_action_stamp, 0x8005u);
  // Wrap-around: 0x7FF0 then 5 is newer; the stamp is kept whole.
  f.interp.server_action_stamp = 0x7FF0;
  InterpretedMotionState u;
  u.add_action(kBow, 1.0f, 0x18005, false);
  f.interp.move_to_interpreted_state(u);
  EXPECT_EQ(f.interp.server_action_stamp, 0x18005u);
  // Autonomous actions of the player (no weenie) are not performed.
  InterpretedMotionState w;
  w.add_action(kBow, 1.0f, 0x18006, true);
  f.interp.move_to_interpreted_state(w);
  EXPECT_EQ(f.interp.server_action_stamp, 0x18005u);
}

TEST(MotionInterp, MotionDonePopsActions) {
  Fixture f;
  f.start();
  EXPECT_EQ(f.interp.do_motion(kWave, params()), 0u);
  ASSERT_EQ(f.interp.raw_state.actions.size(), 1u);
  ASSERT_EQ(f.interp.interpreted_state.actions.size(), 1u);
  f.interp.motion_done(true);
  EXPECT_TRUE(f.interp.raw_state.actions.empty());
  EXPECT_TRUE(f.interp.interpreted_state.actions.empty());
  EXPECT_TRUE(f.interp.pending_motions.empty());
  f.interp.motion_done(true);  // empty queue: nothing
}

TEST(MotionInterp, NoPhysicsObject) {
  FixedWeenie w;
  MotionInterp i(PhysicsObjMotion{}, &w);
  MovementParameters p;
  int32_t cost = 0;
  EXPECT_EQ(i.do_motion(kWalk, p), 8u);
  EXPECT_EQ(i.stop_motion(kWalk, p), 8u);
  EXPECT_EQ(i.do_interpreted_motion(kWalk, p), 8u);
  EXPECT_EQ(i.stop_interpreted_motion(kWalk, p), 8u);
  EXPECT_EQ(i.stop_completely(), 8u);
  EXPECT_EQ(i.jump(0.5f, cost), 8u);
  EXPECT_EQ(i.jump_is_allowed(0.5f, cost), 0x24u);
  EXPECT_EQ(i.move_to_interpreted_state(InterpretedMotionState{}), 0u);
  EXPECT_EQ(i.charge_jump(), 0u);
  i.handle_exit_world();
}

TEST(PhysicsObj, SetVelocityCapsAndSetOnWalkable) {
  PhysicsObj o;
  o.state = physics_state_flag::kGravity;
  o.set_velocity({0.0001f, 0.0f, 0.0f});  // within 0.0002 of zero: unchanged
  EXPECT_EQ(o.velocity, (math::Vec3{}));
  EXPECT_FALSE(o.jumped_this_frame);
  o.set_velocity({0.0f, 60.0f, 80.0f});  // length 100: scaled to 50
  EXPECT_NEAR(o.velocity.y, 30.0f, 1e-5);
  EXPECT_NEAR(o.velocity.z, 40.0f, 1e-5);
  EXPECT_TRUE(o.jumped_this_frame);
  o.set_contact(false, false);
  EXPECT_EQ(o.acceleration, (math::Vec3{0.0f, 0.0f, kGravity}));
  o.state |= physics_state_flag::kSledding;
  o.set_contact(true, true);  // sledding keeps gravity on walkable ground
  EXPECT_EQ(o.acceleration, (math::Vec3{0.0f, 0.0f, kGravity}));
  EXPECT_TRUE(o.on_ground());
}
