// The motion interpreter through the C API (capi_ac_interp.cpp): the
// defaults, an interpreter on an object (walk, run, stop, jump, the ground)
// with values traced by hand from the client's functions, the interpreter
// reached by a batch tick, and every bad argument: each a code and a one-line
// message, never a crash (these tests also run under ASan and UBSan).
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "harness/capi/retroanim_harness.h"  // the C API and its harness functions
#include "capi/capi_expect.h"

namespace {

constexpr uint32_t kReady = 0x41000003u;
constexpr uint32_t kWalkForward = 0x45000005u;
constexpr uint32_t kRunForward = 0x44000007u;
constexpr uint32_t kNonCombat = 0x8000003Du;

// The walk/run scenario: a motion table with Ready, WalkForward and RunForward cycles.
std::string scenario_path() { return std::string(RETROANIM_TEST_DATA_DIR) + "/ac/motion/interp_walk_run.json"; }

struct World {
  ra_ac_scenario* sc = nullptr;
  ra_ac_object* obj = nullptr;
  ~World() {
    ra_ac_object_free(obj);
    ra_ac_scenario_free(sc);
  }
};

// An object with the scenario's motion table, gravity, in contact with walkable ground.
void make(World& w, bool with_table = true) {
  RA_CHECK(ra_ac_scenario_load(scenario_path().c_str(), &w.sc));
  ra_ac_provider* p = nullptr;
  RA_CHECK(ra_ac_scenario_get_provider(w.sc, &p));
  RA_CHECK(ra_ac_object_create(p, 0, 1, 5, &w.obj));
  if (with_table) {
    RA_CHECK(ra_ac_scenario_attach_motion_table(w.sc, w.obj));
  }
  uint32_t state = 0, transient = 0;
  RA_CHECK(ra_ac_object_get_state(w.obj, &state, &transient));
  RA_CHECK(ra_ac_object_set_state(w.obj, 0x400u, transient | 0x3u));
}

}  // namespace

TEST(CApiAcInterp, DefaultsAreTheConstructors) {
  ra_ac_weenie w;
  RA_CHECK(ra_ac_weenie_init(&w));
  EXPECT_EQ(w.is_player, 1);
  EXPECT_EQ(w.is_creature, 1);
  EXPECT_EQ(w.has_run_rate, 0);
  EXPECT_EQ(w.has_jump_velocity, 0);
  EXPECT_EQ(w.can_jump, 1);
  EXPECT_EQ(w.jump_stamina, 1);
  ra_ac_movement_params p;
  RA_CHECK(ra_ac_movement_params_init(&p));
  // MovementParameters::MovementParameters (0x524380).
  EXPECT_EQ(p.bitfield, 0x1EE0Fu);
  EXPECT_EQ(p.distance_to_object, 0.6f);
  EXPECT_EQ(p.min_distance, 0.0f);
  EXPECT_EQ(p.speed, 1.0f);
  EXPECT_EQ(p.fail_distance, FLT_MAX);
  EXPECT_EQ(p.walk_run_threshhold, 15.0f);
  EXPECT_EQ(p.context_id, 0u);
  EXPECT_EQ(p.hold_key_to_apply, 0u);
  EXPECT_EQ(p.action_stamp, 0u);
}

TEST(CApiAcInterp, WalkRunAndStop) {
  World w;
  make(w);
  if (HasFatalFailure()) return;
  int has = 1;
  RA_CHECK(ra_ac_object_has_interp(w.obj, &has));
  EXPECT_EQ(has, 0);
  RA_CHECK(ra_ac_object_create_interp(w.obj, nullptr));
  RA_CHECK(ra_ac_object_has_interp(w.obj, &has));
  EXPECT_EQ(has, 1);
  // CMotionInterp::Create: not initted, nothing queued.
  ra_ac_interp_state st;
  RA_CHECK(ra_ac_object_get_interp_state(w.obj, &st));
  EXPECT_EQ(st.initted, 0);
  EXPECT_EQ(st.pending_count, 0u);
  EXPECT_EQ(st.my_run_rate, 1.0f);
  EXPECT_EQ(st.current_speed_factor, 1.0f);
  RA_CHECK(ra_ac_object_interp_enter_default_state(w.obj));
  RA_CHECK(ra_ac_object_get_interp_state(w.obj, &st));
  EXPECT_EQ(st.initted, 1);
  // enter_default_state queues [Ready, 0]; its LeaveGround removes the link
  // animations (HandleEnterWorld completes the manager's pending motions: one
  // MotionDone, which takes Ready off the queue), then re-applies the raw
  // state: DoInterpretedMotion of the style, then of Ready, each queued.
  std::vector<ra_ac_interp_pending> pend(st.pending_count);
  RA_CHECK(ra_ac_object_get_interp_pending(w.obj, pend.data(), pend.size()));
  ASSERT_EQ(pend.size(), 2u);
  EXPECT_EQ(pend[0].motion, kNonCombat);
  EXPECT_EQ(pend[1].motion, kReady);
  EXPECT_EQ(pend[1].jump_error_code, 0u);
  RA_CHECK(ra_ac_object_advance(w.obj, 0.1));  // the manager completes them: the queue empties
  RA_CHECK(ra_ac_object_get_interp_state(w.obj, &st));
  EXPECT_EQ(st.pending_count, 0u);

  // The player's input: CPhysicsObj::DoMotion sets last_move_was_autonomous
  // before CMotionInterp::DoMotion, so hold keys re-apply the raw state.
  RA_CHECK(ra_ac_object_set_autonomous(w.obj, 1));
  uint32_t e = 99;
  RA_CHECK(ra_ac_object_do_motion(w.obj, kWalkForward, nullptr, &e));
  EXPECT_EQ(e, 0u);
  ra_ac_raw_motion_state raw;
  RA_CHECK(ra_ac_object_get_raw_state(w.obj, &raw));
  EXPECT_EQ(raw.forward_command, kWalkForward);
  EXPECT_EQ(raw.current_holdkey, 1u);  // None
  EXPECT_EQ(raw.current_style, kNonCombat);
  ra_ac_interpreted_motion_state is;
  RA_CHECK(ra_ac_object_get_interpreted_state(w.obj, &is));
  EXPECT_EQ(is.forward_command, kWalkForward);
  EXPECT_EQ(is.forward_speed, 1.0f);
  float v[3];
  RA_CHECK(ra_ac_object_get_state_velocity(w.obj, v));
  // get_state_velocity: forward walk speed 3.12 times the forward speed 1.
  EXPECT_EQ(v[0], 0.0f);
  EXPECT_EQ(v[1], 3.12f);
  EXPECT_EQ(v[2], 0.0f);
  ra_ac_motion_state ms;
  RA_CHECK(ra_ac_object_get_motion_state(w.obj, &ms));
  EXPECT_EQ(ms.substate, kWalkForward);  // the manager performed it
  RA_CHECK(ra_ac_object_advance(w.obj, 0.1));  // its link played: WalkForward done
  RA_CHECK(ra_ac_object_get_interp_state(w.obj, &st));
  EXPECT_EQ(st.pending_count, 0u);

  // set_hold_run(1): raw hold key Run, WalkForward re-applied as RunForward at
  // the run rate (1: no weenie), velocity 4 (the run speed) times 1.
  RA_CHECK(ra_ac_object_set_hold_run(w.obj, 1, 0));
  RA_CHECK(ra_ac_object_get_raw_state(w.obj, &raw));
  EXPECT_EQ(raw.current_holdkey, 2u);
  EXPECT_EQ(raw.forward_command, kWalkForward);
  RA_CHECK(ra_ac_object_get_interpreted_state(w.obj, &is));
  EXPECT_EQ(is.forward_command, kRunForward);
  RA_CHECK(ra_ac_object_get_state_velocity(w.obj, v));
  EXPECT_EQ(v[1], 4.0f);
  float max_speed = 0.0f;
  RA_CHECK(ra_ac_object_get_max_speed(w.obj, &max_speed));
  EXPECT_EQ(max_speed, 4.0f);  // get_max_speed: run rate 1 times 4

  RA_CHECK(ra_ac_object_advance(w.obj, 0.1));
  RA_CHECK(ra_ac_object_stop_motion(w.obj, kWalkForward, nullptr, &e));
  EXPECT_EQ(e, 0u);
  RA_CHECK(ra_ac_object_get_interpreted_state(w.obj, &is));
  EXPECT_EQ(is.forward_command, kReady);
  RA_CHECK(ra_ac_object_get_state_velocity(w.obj, v));
  EXPECT_EQ(v[1], 0.0f);
}

TEST(CApiAcInterp, WeenieRunRateAndRawState) {
  World w;
  make(w);
  if (HasFatalFailure()) return;
  ra_ac_weenie wn;
  RA_CHECK(ra_ac_weenie_init(&wn));
  wn.has_run_rate = 1;
  wn.run_rate = 1.5f;
  RA_CHECK(ra_ac_object_create_interp(w.obj, &wn));
  RA_CHECK(ra_ac_object_interp_enter_default_state(w.obj));
  RA_CHECK(ra_ac_object_set_hold_key(w.obj, 2, 0));
  uint32_t e = 99;
  RA_CHECK(ra_ac_object_do_motion(w.obj, kWalkForward, nullptr, &e));
  EXPECT_EQ(e, 0u);
  ra_ac_interpreted_motion_state is;
  RA_CHECK(ra_ac_object_get_interpreted_state(w.obj, &is));
  EXPECT_EQ(is.forward_command, kRunForward);
  EXPECT_EQ(is.forward_speed, 1.5f);  // apply_run_to_command: speed times the weenie's run rate
  float max_speed = 0.0f;
  RA_CHECK(ra_ac_object_get_max_speed(w.obj, &max_speed));
  EXPECT_EQ(max_speed, 6.0f);
  // The weenie's answers change from now on.
  wn.run_rate = 2.0f;
  RA_CHECK(ra_ac_object_set_weenie(w.obj, &wn));
  RA_CHECK(ra_ac_object_get_max_speed(w.obj, &max_speed));
  EXPECT_EQ(max_speed, 8.0f);
  // set_raw_state writes the fields, applies nothing.
  ra_ac_raw_motion_state raw;
  RA_CHECK(ra_ac_object_get_raw_state(w.obj, &raw));
  raw.turn_command = 0x6500000Du;
  raw.turn_speed = 0.5f;
  RA_CHECK(ra_ac_object_set_raw_state(w.obj, &raw));
  ra_ac_raw_motion_state back;
  RA_CHECK(ra_ac_object_get_raw_state(w.obj, &back));
  EXPECT_EQ(back.turn_command, 0x6500000Du);
  EXPECT_EQ(back.turn_speed, 0.5f);
  RA_CHECK(ra_ac_object_get_interpreted_state(w.obj, &is));
  EXPECT_EQ(is.turn_command, 0u);
  // apply_raw_movement re-interprets the raw state: the turn reaches the interpreted state.
  RA_CHECK(ra_ac_object_apply_raw_movement(w.obj, 0, 0));
  RA_CHECK(ra_ac_object_get_interpreted_state(w.obj, &is));
  EXPECT_EQ(is.turn_command, 0x6500000Du);
}

TEST(CApiAcInterp, JumpNeedsTheGround) {
  World w;
  make(w);
  if (HasFatalFailure()) return;
  ra_ac_weenie wn;
  RA_CHECK(ra_ac_weenie_init(&wn));
  wn.has_jump_velocity = 1;
  wn.jump_velocity = 5.0f;
  RA_CHECK(ra_ac_object_create_interp(w.obj, &wn));
  RA_CHECK(ra_ac_object_interp_enter_default_state(w.obj));
  RA_CHECK(ra_ac_object_advance(w.obj, 0.1));  // Ready done: no pending jump error
  uint32_t e = 99;
  int32_t stamina = -1;
  RA_CHECK(ra_ac_object_jump(w.obj, 0.5f, &stamina, &e));
  EXPECT_EQ(e, 0u);
  EXPECT_EQ(stamina, 0);  // the FixedWeenie's JumpStaminaCost is 0
  // jump: jump_extent kept, set_on_walkable(0) -> LeaveGround: the leave-ground
  // velocity (z = the weenie's jump velocity) set on the object.
  ra_ac_interp_state st;
  RA_CHECK(ra_ac_object_get_interp_state(w.obj, &st));
  uint32_t state = 0, transient = 0;
  RA_CHECK(ra_ac_object_get_state(w.obj, &state, &transient));
  EXPECT_EQ(transient & 0x3u, 0x1u);  // contact, not walkable
  EXPECT_EQ(st.jump_extent, 0.0f);   // LeaveGround clears it after the velocity is taken
  float v[3];
  RA_CHECK(ra_ac_object_get_velocity(w.obj, v));
  EXPECT_EQ(v[2], 5.0f);
  // In the air: refused.
  RA_CHECK(ra_ac_object_set_contact(w.obj, 0, 0));
  RA_CHECK(ra_ac_object_jump(w.obj, 0.5f, nullptr, &e));
  EXPECT_EQ(e, 0x24u);  // YouCantJumpWhileInTheAir
  // charge_jump does not look at the ground's refusal, only at standing on it:
  // in the air no standing long jump.
  RA_CHECK(ra_ac_object_charge_jump(w.obj, &e));
  EXPECT_EQ(e, 0u);
  RA_CHECK(ra_ac_object_get_interp_state(w.obj, &st));
  EXPECT_EQ(st.standing_longjump, 0);
  // Back on walkable ground (HitGround): standing in Ready, a standing long jump.
  RA_CHECK(ra_ac_object_set_contact(w.obj, 1, 1));
  RA_CHECK(ra_ac_object_get_state(w.obj, &state, &transient));
  EXPECT_EQ(transient & 0x3u, 0x3u);
  RA_CHECK(ra_ac_object_advance(w.obj, 0.1));
  RA_CHECK(ra_ac_object_charge_jump(w.obj, &e));
  EXPECT_EQ(e, 0u);
  RA_CHECK(ra_ac_object_get_interp_state(w.obj, &st));
  EXPECT_EQ(st.standing_longjump, 1);
  RA_CHECK(ra_ac_object_interp_hit_ground(w.obj));
  RA_CHECK(ra_ac_object_interp_leave_ground(w.obj));
  RA_CHECK(ra_ac_object_set_on_walkable(w.obj, 1));
  RA_CHECK(ra_ac_object_check_completed_motions(w.obj));
  RA_CHECK(ra_ac_object_interp_stop_completely(w.obj, &e));
  EXPECT_EQ(e, 0u);
}

TEST(CApiAcInterp, MoveToInterpretedStateTakesTheServersState) {
  World w;
  make(w);
  if (HasFatalFailure()) return;
  RA_CHECK(ra_ac_object_create_interp(w.obj, nullptr));
  RA_CHECK(ra_ac_object_interp_enter_default_state(w.obj));
  ra_ac_interpreted_motion_state s{kNonCombat, kWalkForward, 1.0f, 0u, 1.0f, 0u, 1.0f, 0u};
  uint32_t r = 0;
  RA_CHECK(ra_ac_object_move_to_interpreted_state(w.obj, &s, nullptr, 0, &r));
  EXPECT_EQ(r, 1u);
  ra_ac_interpreted_motion_state is;
  RA_CHECK(ra_ac_object_get_interpreted_state(w.obj, &is));
  EXPECT_EQ(is.forward_command, kWalkForward);
  EXPECT_EQ(is.action_count, 0u);
  std::vector<ra_ac_action> none;
  RA_CHECK(ra_ac_object_get_interpreted_actions(w.obj, none.data(), 0));
  RA_CHECK(ra_ac_object_get_raw_actions(w.obj, none.data(), 0));
  RA_CHECK(ra_ac_object_apply_current_movement(w.obj, 0, 0));
  RA_CHECK(ra_ac_object_apply_interpreted_movement(w.obj, 1, 1));
  RA_CHECK(ra_ac_object_do_interpreted_motion(w.obj, kReady, nullptr, &r));
  EXPECT_EQ(r, 0u);
  RA_CHECK(ra_ac_object_stop_interpreted_motion(w.obj, kReady, nullptr, nullptr));
}

// An object with an interpreter ticks in a batch as alone, and the motions the
// manager completes during the tick reach its interpreter. (No gravity and no
// walkable ground: a sphere-less object on walkable ground goes inactive after
// one tick, as in the client.)
TEST(CApiAcInterp, BatchTickReachesTheInterpreter) {
  World a, b;
  make(a);
  make(b);
  if (HasFatalFailure()) return;
  for (World* w : {&a, &b}) {
    uint32_t state = 0, transient = 0;
    RA_CHECK(ra_ac_object_get_state(w->obj, &state, &transient));
    RA_CHECK(ra_ac_object_set_state(w->obj, 0u, transient & ~0x3u));
    RA_CHECK(ra_ac_object_create_interp(w->obj, nullptr));
    RA_CHECK(ra_ac_object_interp_enter_default_state(w->obj));
    RA_CHECK(ra_ac_object_do_motion(w->obj, kWalkForward, nullptr, nullptr));
  }
  ra_ac_interp_state sa, sb;
  RA_CHECK(ra_ac_object_get_interp_state(a.obj, &sa));
  ASSERT_GT(sa.pending_count, 0u);
  ra_ac_batch* batch = nullptr;
  RA_CHECK(ra_ac_batch_create(&a.obj, 1, 1, &batch));
  for (int i = 0; i < 10; ++i) {
    RA_CHECK(ra_ac_batch_tick(batch, 1.0f / 30.0f));
    RA_CHECK(ra_ac_object_tick(b.obj, 1.0f / 30.0f));
  }
  RA_CHECK(ra_ac_batch_free(batch));
  RA_CHECK(ra_ac_object_get_interp_state(a.obj, &sa));
  RA_CHECK(ra_ac_object_get_interp_state(b.obj, &sb));
  EXPECT_EQ(sa.pending_count, 0u);
  EXPECT_EQ(sb.pending_count, 0u);
  uint32_t transient = 0, state = 0;
  RA_CHECK(ra_ac_object_get_state(a.obj, &state, &transient));
  EXPECT_NE(transient & 0x80u, 0u);  // still active: it ticked every time
  ra_ac_frame fa, fb;
  RA_CHECK(ra_ac_object_get_frame(a.obj, &fa));
  RA_CHECK(ra_ac_object_get_frame(b.obj, &fb));
  EXPECT_EQ(0, std::memcmp(&fa, &fb, sizeof fa));
}

TEST(CApiAcInterp, BadArguments) {
  World w;
  make(w, false);
  if (HasFatalFailure()) return;
  ra_ac_object* obj = w.obj;
  ra_ac_object* bogus = reinterpret_cast<ra_ac_object*>(uintptr_t{0x1234});
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_weenie_init(nullptr));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_movement_params_init(nullptr));
  // No motion table, no interpreter.
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_create_interp(obj, nullptr));
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_check_completed_motions(obj));
  RA_CHECK(ra_ac_scenario_attach_motion_table(w.sc, obj));
  uint32_t e = 0;
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_interp_enter_default_state(obj));
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_do_motion(obj, kWalkForward, nullptr, &e));
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_jump(obj, 0.5f, nullptr, &e));
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_set_hold_run(obj, 1, 0));
  ra_ac_interp_state st;
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_get_interp_state(obj, &st));
  ra_ac_weenie wn;
  RA_CHECK(ra_ac_weenie_init(&wn));
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_set_weenie(obj, &wn));
  // Bad weenie numbers.
  wn.has_run_rate = 1;
  wn.run_rate = NAN;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_create_interp(obj, &wn));
  RA_CHECK(ra_ac_object_create_interp(obj, nullptr));
  // One interpreter per object; the table stays.
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_create_interp(obj, nullptr));
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_scenario_attach_motion_table(w.sc, obj));
  // Without a weenie its answers cannot change.
  RA_CHECK(ra_ac_weenie_init(&wn));
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_set_weenie(obj, &wn));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_set_weenie(obj, nullptr));
  // Handles.
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_create_interp(nullptr, nullptr));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_create_interp(bogus, nullptr));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_do_motion(bogus, kWalkForward, nullptr, &e));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_set_contact(bogus, 1, 1));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_get_velocity(nullptr, nullptr));
  int has = 0;
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_has_interp(bogus, &has));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_has_interp(obj, nullptr));
  // Parameters.
  ra_ac_movement_params p;
  RA_CHECK(ra_ac_movement_params_init(&p));
  p.speed = INFINITY;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_do_motion(obj, kWalkForward, &p, &e));
  p.speed = 1.0f;
  p.hold_key_to_apply = 3;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_stop_motion(obj, kWalkForward, &p, &e));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_set_hold_key(obj, 7, 0));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_jump(obj, NAN, nullptr, &e));
  // Out arrays of the wrong size, NULL outs.
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_interp_state(obj, nullptr));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_raw_state(obj, nullptr));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_interpreted_state(obj, nullptr));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_state_velocity(obj, nullptr));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_max_speed(obj, nullptr));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_velocity(obj, nullptr));
  ra_ac_action one[1];
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_raw_actions(obj, one, 1));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_interpreted_actions(obj, one, 1));
  ra_ac_interp_pending pend[4];
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_interp_pending(obj, pend, 4));
  RA_CHECK(ra_ac_object_interp_enter_default_state(obj));
  RA_CHECK(ra_ac_object_get_interp_state(obj, &st));
  if (st.pending_count > 0) EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_interp_pending(obj, nullptr, st.pending_count));
  // Raw state and the server's state.
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_set_raw_state(obj, nullptr));
  ra_ac_raw_motion_state raw;
  RA_CHECK(ra_ac_object_get_raw_state(obj, &raw));
  raw.forward_holdkey = 9;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_set_raw_state(obj, &raw));
  raw.forward_holdkey = 0;
  raw.forward_speed = NAN;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_set_raw_state(obj, &raw));
  ra_ac_interpreted_motion_state s{kNonCombat, kReady, 1.0f, 0u, 1.0f, 0u, 1.0f, 0u};
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_move_to_interpreted_state(obj, nullptr, nullptr, 0, nullptr));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_move_to_interpreted_state(obj, &s, nullptr, 2, nullptr));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_move_to_interpreted_state(obj, &s, one, 1u << 20, nullptr));
  one[0] = ra_ac_action{0x10000051u, NAN, 1u, 0};
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_move_to_interpreted_state(obj, &s, one, 1, nullptr));
  s.turn_speed = INFINITY;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_move_to_interpreted_state(obj, &s, nullptr, 0, nullptr));
  // A freed object's handle.
  ra_ac_provider* prov = nullptr;
  RA_CHECK(ra_ac_scenario_get_provider(w.sc, &prov));
  ra_ac_object* gone = nullptr;
  RA_CHECK(ra_ac_object_create(prov, 0, 1, 9, &gone));
  RA_CHECK(ra_ac_object_free(gone));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_interp_stop_completely(gone, &e));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_set_autonomous(gone, 1));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_set_in_cell(gone, 1));
}
