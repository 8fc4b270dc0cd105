// The C API's motion interpreter (include/retroanim/retroanim.h, "The motion
// interpreter"): an ra_ac_object's CMotionInterp (ac::MotionObject::create_interp),
// its entry points, hold keys, jumps, the ground, and its states read back.
// Forwards to ac::MotionInterp and ac::PhysicsObj; checks arguments only.
#include <cstddef>
#include <limits>

#include "capi/capi_support.h"
#include "retroanim/ac/motion/motion_interp.h"

namespace ra = retroanim;
using namespace retroanim::capi;

static_assert(sizeof(ra_ac_weenie) == 32 && sizeof(ra_ac_movement_params) == 40 && sizeof(ra_ac_action) == 16);
static_assert(sizeof(ra_ac_raw_motion_state) == 48 && sizeof(ra_ac_interpreted_motion_state) == 32);
static_assert(sizeof(ra_ac_interp_state) == 32 && sizeof(ra_ac_interp_pending) == 12);

namespace {

constexpr size_t kMaxActions = 0xFFFF;  // retroanim's bound on a state given through the C API

ra::ac::FixedWeenie to_weenie(const ra_ac_weenie& w) {
  ra::ac::FixedWeenie f;
  f.is_player = w.is_player != 0;
  f.is_creature_answer = w.is_creature != 0;
  if (w.has_run_rate) f.run_rate = w.run_rate;
  if (w.has_jump_velocity) f.jump_velocity = w.jump_velocity;
  f.can_jump_answer = w.can_jump != 0;
  f.jump_stamina_answer = w.jump_stamina != 0;
  return f;
}

int check_weenie(const ra_ac_weenie& w) {
  if (w.has_run_rate && !std::isfinite(w.run_rate)) return bad_number("weenie run_rate");
  if (w.has_jump_velocity && !std::isfinite(w.jump_velocity)) return bad_number("weenie jump_velocity");
  return RA_OK;
}

bool hold_key_ok(uint32_t k) { return k <= static_cast<uint32_t>(ra::ac::HoldKey::kRun); }

int bad_hold_key(const char* what, uint32_t k) {
  return fail(RA_ERR_ARGUMENT, std::string(what) + " " + std::to_string(k) + " is not a hold key (0 Invalid, 1 None, 2 Run)");
}

// The parameters (NULL: the constructor's), or an error code.
int to_params(const ra_ac_movement_params* in, ra::ac::MovementParameters& out) {
  out = ra::ac::MovementParameters{};
  if (!in) return RA_OK;
  const float floats[] = {in->distance_to_object, in->min_distance, in->desired_heading,
                          in->speed,              in->fail_distance, in->walk_run_threshhold};
  for (float f : floats)
    if (!std::isfinite(f)) return bad_number("a movement parameter");
  if (!hold_key_ok(in->hold_key_to_apply)) return bad_hold_key("hold_key_to_apply", in->hold_key_to_apply);
  out.bitfield = in->bitfield;
  out.distance_to_object = in->distance_to_object;
  out.min_distance = in->min_distance;
  out.desired_heading = in->desired_heading;
  out.speed = in->speed;
  out.fail_distance = in->fail_distance;
  out.walk_run_threshhold = in->walk_run_threshhold;
  out.context_id = in->context_id;
  out.hold_key_to_apply = static_cast<ra::ac::HoldKey>(in->hold_key_to_apply);
  out.action_stamp = in->action_stamp;
  return RA_OK;
}

// The object of handle h (any object), or nullptr with the error set.
AcObject* object_of(ra_ac_object* h, int& rc) { return lookup<AcObject>(h, Kind::kAcObject, rc); }

// The object's interpreter, or nullptr with the error set.
ra::ac::MotionInterp* interp_of(ra_ac_object* h, int& rc, AcObject** obj = nullptr) {
  AcObject* o = object_of(h, rc);
  if (!o) return nullptr;
  if (obj) *obj = o;
  ra::ac::MotionInterp* mi = o->object->interp();
  if (!mi) rc = fail(RA_ERR_STATE, "object has no interpreter (ra_ac_object_create_interp)");
  return mi;
}

// Runs f on the object's interpreter, guarded.
template <typename F>
int on_interp(ra_ac_object* h, F&& f) {
  int rc = RA_OK;
  ra::ac::MotionInterp* mi = interp_of(h, rc);
  if (!mi) return rc;
  return guarded([&]() -> int { return f(*mi); });
}

// A parameter call (DoMotion and the like).
template <typename F>
int motion_call(ra_ac_object* h, const ra_ac_movement_params* params, uint32_t* werror, F&& f) {
  int rc = RA_OK;
  ra::ac::MotionInterp* mi = interp_of(h, rc);
  if (!mi) return rc;
  ra::ac::MovementParameters p;
  rc = to_params(params, p);
  if (rc != RA_OK) return rc;
  return guarded([&]() -> int {
    const uint32_t e = f(*mi, p);
    if (werror) *werror = e;
    return RA_OK;
  });
}

void to_c(const ra::ac::ActionNode& n, ra_ac_action& out) {
  out = ra_ac_action{n.action, n.speed, n.stamp, n.autonomous ? 1 : 0};
}

int copy_actions(const std::deque<ra::ac::ActionNode>& actions, ra_ac_action* out, size_t count) {
  if (count != actions.size())
    return fail(RA_ERR_ARGUMENT, "out holds " + std::to_string(count) + " actions, the state has " +
                                     std::to_string(actions.size()));
  if (!out && count > 0) return null_arg("out");
  size_t i = 0;
  for (const auto& n : actions) to_c(n, out[i++]);
  return RA_OK;
}

void vec_out(const ra::math::Vec3& v, float out[3]) {
  out[0] = v.x;
  out[1] = v.y;
  out[2] = v.z;
}

}  // namespace

extern "C" {

int ra_ac_weenie_init(ra_ac_weenie* out) {
  if (!out) return null_arg("out");
  const ra::ac::FixedWeenie d;
  *out = ra_ac_weenie{d.is_player ? 1 : 0, d.is_creature_answer ? 1 : 0, 0, 0.0f, 0, 0.0f, d.can_jump_answer ? 1 : 0,
                      d.jump_stamina_answer ? 1 : 0};
  return RA_OK;
}

int ra_ac_movement_params_init(ra_ac_movement_params* out) {
  if (!out) return null_arg("out");
  const ra::ac::MovementParameters d;
  *out = ra_ac_movement_params{d.bitfield,      d.distance_to_object,  d.min_distance,
                               d.desired_heading, d.speed,             d.fail_distance,
                               d.walk_run_threshhold, d.context_id,    static_cast<uint32_t>(d.hold_key_to_apply),
                               d.action_stamp};
  return RA_OK;
}

int ra_ac_object_create_interp(ra_ac_object* object, const ra_ac_weenie* weenie) {
  int rc = RA_OK;
  AcObject* o = object_of(object, rc);
  if (!o) return rc;
  if (weenie && (rc = check_weenie(*weenie)) != RA_OK) return rc;
  if (!o->object->manager()) return fail(RA_ERR_STATE, "object has no motion table (ra_ac_object_attach_motion_table)");
  if (o->object->interp()) return fail(RA_ERR_STATE, "object already has an interpreter");
  return guarded([&]() -> int {
    std::optional<ra::ac::FixedWeenie> w;
    if (weenie) w = to_weenie(*weenie);
    if (!o->object->create_interp(w)) return fail(RA_ERR_INTERNAL, "the interpreter could not be created");
    return RA_OK;
  });
}

int ra_ac_object_has_interp(ra_ac_object* object, int* has) {
  int rc = RA_OK;
  AcObject* o = object_of(object, rc);
  if (!o) return rc;
  if (!has) return null_arg("has");
  *has = o->object->interp() ? 1 : 0;
  return RA_OK;
}

int ra_ac_object_set_weenie(ra_ac_object* object, const ra_ac_weenie* weenie) {
  int rc = RA_OK;
  AcObject* o = nullptr;
  if (!interp_of(object, rc, &o)) return rc;
  if (!weenie) return null_arg("weenie");
  if ((rc = check_weenie(*weenie)) != RA_OK) return rc;
  ra::ac::FixedWeenie* w = o->object->weenie();
  if (!w) return fail(RA_ERR_STATE, "the interpreter was made without a weenie");
  *w = to_weenie(*weenie);
  return RA_OK;
}

int ra_ac_object_interp_enter_default_state(ra_ac_object* object) {
  return on_interp(object, [](ra::ac::MotionInterp& mi) -> int {
    mi.enter_default_state();
    return RA_OK;
  });
}

int ra_ac_object_do_motion(ra_ac_object* object, uint32_t motion, const ra_ac_movement_params* params,
                           uint32_t* werror) {
  return motion_call(object, params, werror,
                     [&](ra::ac::MotionInterp& mi, const ra::ac::MovementParameters& p) { return mi.do_motion(motion, p); });
}

int ra_ac_object_stop_motion(ra_ac_object* object, uint32_t motion, const ra_ac_movement_params* params,
                             uint32_t* werror) {
  return motion_call(object, params, werror, [&](ra::ac::MotionInterp& mi, const ra::ac::MovementParameters& p) {
    return mi.stop_motion(motion, p);
  });
}

int ra_ac_object_do_interpreted_motion(ra_ac_object* object, uint32_t motion, const ra_ac_movement_params* params,
                                       uint32_t* werror) {
  return motion_call(object, params, werror, [&](ra::ac::MotionInterp& mi, const ra::ac::MovementParameters& p) {
    return mi.do_interpreted_motion(motion, p);
  });
}

int ra_ac_object_stop_interpreted_motion(ra_ac_object* object, uint32_t motion, const ra_ac_movement_params* params,
                                         uint32_t* werror) {
  return motion_call(object, params, werror, [&](ra::ac::MotionInterp& mi, const ra::ac::MovementParameters& p) {
    return mi.stop_interpreted_motion(motion, p);
  });
}

int ra_ac_object_interp_stop_completely(ra_ac_object* object, uint32_t* werror) {
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    const uint32_t e = mi.stop_completely();
    if (werror) *werror = e;
    return RA_OK;
  });
}

int ra_ac_object_set_hold_key(ra_ac_object* object, uint32_t key, int cancel_moveto) {
  if (!hold_key_ok(key)) return bad_hold_key("key", key);
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    mi.set_hold_key(static_cast<ra::ac::HoldKey>(key), cancel_moveto != 0);
    return RA_OK;
  });
}

int ra_ac_object_set_hold_run(ra_ac_object* object, int run, int cancel_moveto) {
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    mi.set_hold_run(run != 0, cancel_moveto != 0);
    return RA_OK;
  });
}

int ra_ac_object_apply_current_movement(ra_ac_object* object, int cancel_moveto, int disallow_jump) {
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    mi.apply_current_movement(cancel_moveto != 0, disallow_jump != 0);
    return RA_OK;
  });
}

int ra_ac_object_apply_raw_movement(ra_ac_object* object, int cancel_moveto, int disallow_jump) {
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    mi.apply_raw_movement(cancel_moveto != 0, disallow_jump != 0);
    return RA_OK;
  });
}

int ra_ac_object_apply_interpreted_movement(ra_ac_object* object, int cancel_moveto, int disallow_jump) {
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    mi.apply_interpreted_movement(cancel_moveto != 0, disallow_jump != 0);
    return RA_OK;
  });
}

int ra_ac_object_charge_jump(ra_ac_object* object, uint32_t* werror) {
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    const uint32_t e = mi.charge_jump();
    if (werror) *werror = e;
    return RA_OK;
  });
}

int ra_ac_object_jump(ra_ac_object* object, float extent, int32_t* stamina, uint32_t* werror) {
  if (!std::isfinite(extent)) return bad_number("extent");
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    int32_t s = 0;
    const uint32_t e = mi.jump(extent, s);
    if (stamina) *stamina = s;
    if (werror) *werror = e;
    return RA_OK;
  });
}

int ra_ac_object_set_contact(ra_ac_object* object, int contact, int on_walkable) {
  int rc = RA_OK;
  AcObject* o = object_of(object, rc);
  if (!o) return rc;
  return guarded([&]() -> int {
    o->object->physics().set_contact(contact != 0, on_walkable != 0);
    return RA_OK;
  });
}

int ra_ac_object_set_on_walkable(ra_ac_object* object, int on_walkable) {
  int rc = RA_OK;
  AcObject* o = object_of(object, rc);
  if (!o) return rc;
  return guarded([&]() -> int {
    o->object->physics().set_on_walkable(on_walkable != 0);
    return RA_OK;
  });
}

int ra_ac_object_interp_hit_ground(ra_ac_object* object) {
  return on_interp(object, [](ra::ac::MotionInterp& mi) -> int {
    mi.hit_ground();
    return RA_OK;
  });
}

int ra_ac_object_interp_leave_ground(ra_ac_object* object) {
  return on_interp(object, [](ra::ac::MotionInterp& mi) -> int {
    mi.leave_ground();
    return RA_OK;
  });
}

int ra_ac_object_check_completed_motions(ra_ac_object* object) {
  int rc = RA_OK;
  AcObject* o = object_of(object, rc);
  if (!o) return rc;
  ra::ac::MotionTableManager* m = o->object->manager();
  if (!m) return fail(RA_ERR_STATE, "object has no motion table (ra_ac_object_attach_motion_table)");
  return guarded([&]() -> int {
    m->check_for_completed_motions();
    return RA_OK;
  });
}

int ra_ac_object_set_autonomous(ra_ac_object* object, int autonomous) {
  int rc = RA_OK;
  AcObject* o = object_of(object, rc);
  if (!o) return rc;
  o->object->physics().last_move_was_autonomous = autonomous != 0;
  return RA_OK;
}

int ra_ac_object_set_in_cell(ra_ac_object* object, int in_cell) {
  int rc = RA_OK;
  AcObject* o = object_of(object, rc);
  if (!o) return rc;
  o->object->physics().in_cell = in_cell != 0;
  return RA_OK;
}

int ra_ac_object_get_raw_state(ra_ac_object* object, ra_ac_raw_motion_state* out) {
  if (!out) return null_arg("out");
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    const ra::ac::RawMotionState& r = mi.raw_state;
    const auto k = [](ra::ac::HoldKey h) { return static_cast<uint32_t>(h); };
    *out = ra_ac_raw_motion_state{k(r.current_holdkey), r.current_style,    r.forward_command,
                                  k(r.forward_holdkey), r.forward_speed,    r.sidestep_command,
                                  k(r.sidestep_holdkey), r.sidestep_speed,  r.turn_command,
                                  k(r.turn_holdkey),    r.turn_speed,       static_cast<uint32_t>(r.actions.size())};
    return RA_OK;
  });
}

int ra_ac_object_get_raw_actions(ra_ac_object* object, ra_ac_action* out, size_t count) {
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int { return copy_actions(mi.raw_state.actions, out, count); });
}

int ra_ac_object_set_raw_state(ra_ac_object* object, const ra_ac_raw_motion_state* state) {
  if (!state) return null_arg("state");
  const uint32_t keys[] = {state->current_holdkey, state->forward_holdkey, state->sidestep_holdkey, state->turn_holdkey};
  for (uint32_t k : keys)
    if (!hold_key_ok(k)) return bad_hold_key("a hold key", k);
  if (!std::isfinite(state->forward_speed) || !std::isfinite(state->sidestep_speed) ||
      !std::isfinite(state->turn_speed))
    return bad_number("a speed");
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    ra::ac::RawMotionState& r = mi.raw_state;
    r.current_holdkey = static_cast<ra::ac::HoldKey>(state->current_holdkey);
    r.current_style = state->current_style;
    r.forward_command = state->forward_command;
    r.forward_holdkey = static_cast<ra::ac::HoldKey>(state->forward_holdkey);
    r.forward_speed = state->forward_speed;
    r.sidestep_command = state->sidestep_command;
    r.sidestep_holdkey = static_cast<ra::ac::HoldKey>(state->sidestep_holdkey);
    r.sidestep_speed = state->sidestep_speed;
    r.turn_command = state->turn_command;
    r.turn_holdkey = static_cast<ra::ac::HoldKey>(state->turn_holdkey);
    r.turn_speed = state->turn_speed;
    return RA_OK;
  });
}

int ra_ac_object_get_interpreted_state(ra_ac_object* object, ra_ac_interpreted_motion_state* out) {
  if (!out) return null_arg("out");
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    const ra::ac::InterpretedMotionState& s = mi.interpreted_state;
    *out = ra_ac_interpreted_motion_state{s.current_style,    s.forward_command, s.forward_speed,
                                          s.sidestep_command, s.sidestep_speed,  s.turn_command,
                                          s.turn_speed,       static_cast<uint32_t>(s.actions.size())};
    return RA_OK;
  });
}

int ra_ac_object_get_interpreted_actions(ra_ac_object* object, ra_ac_action* out, size_t count) {
  return on_interp(object,
                   [&](ra::ac::MotionInterp& mi) -> int { return copy_actions(mi.interpreted_state.actions, out, count); });
}

int ra_ac_object_move_to_interpreted_state(ra_ac_object* object, const ra_ac_interpreted_motion_state* state,
                                           const ra_ac_action* actions, size_t count, uint32_t* result) {
  if (!state) return null_arg("state");
  if (!actions && count > 0) return null_arg("actions");
  if (count > kMaxActions)
    return fail(RA_ERR_ARGUMENT, "count " + std::to_string(count) + " is too large (at most 65535 actions)");
  if (!std::isfinite(state->forward_speed) || !std::isfinite(state->sidestep_speed) ||
      !std::isfinite(state->turn_speed))
    return bad_number("a speed");
  for (size_t i = 0; i < count; ++i)
    if (!std::isfinite(actions[i].speed)) return bad_number("an action's speed");
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    ra::ac::InterpretedMotionState s;
    s.current_style = state->current_style;
    s.forward_command = state->forward_command;
    s.forward_speed = state->forward_speed;
    s.sidestep_command = state->sidestep_command;
    s.sidestep_speed = state->sidestep_speed;
    s.turn_command = state->turn_command;
    s.turn_speed = state->turn_speed;
    for (size_t i = 0; i < count; ++i)
      s.actions.push_back(ra::ac::ActionNode{actions[i].action, actions[i].speed, actions[i].stamp, actions[i].autonomous != 0});
    const uint32_t r = mi.move_to_interpreted_state(s);
    if (result) *result = r;
    return RA_OK;
  });
}

int ra_ac_object_get_interp_state(ra_ac_object* object, ra_ac_interp_state* out) {
  if (!out) return null_arg("out");
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    *out = ra_ac_interp_state{mi.initted ? 1 : 0,   mi.standing_longjump ? 1 : 0,
                              mi.jump_extent,        mi.my_run_rate,
                              mi.current_speed_factor, mi.server_action_stamp,
                              static_cast<uint32_t>(mi.pending_motions.size()), 0u};
    return RA_OK;
  });
}

int ra_ac_object_get_interp_pending(ra_ac_object* object, ra_ac_interp_pending* out, size_t count) {
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    if (count != mi.pending_motions.size())
      return fail(RA_ERR_ARGUMENT, "out holds " + std::to_string(count) + " entries, the interpreter waits on " +
                                       std::to_string(mi.pending_motions.size()));
    if (!out && count > 0) return null_arg("out");
    size_t i = 0;
    for (const ra::ac::MotionNode& n : mi.pending_motions)
      out[i++] = ra_ac_interp_pending{n.context_id, n.motion, n.jump_error_code};
    return RA_OK;
  });
}

int ra_ac_object_get_state_velocity(ra_ac_object* object, float velocity[3]) {
  if (!velocity) return null_arg("velocity");
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    vec_out(mi.get_state_velocity(), velocity);
    return RA_OK;
  });
}

int ra_ac_object_get_max_speed(ra_ac_object* object, float* speed) {
  if (!speed) return null_arg("speed");
  return on_interp(object, [&](ra::ac::MotionInterp& mi) -> int {
    *speed = mi.get_max_speed();
    return RA_OK;
  });
}

int ra_ac_object_get_velocity(ra_ac_object* object, float velocity[3]) {
  int rc = RA_OK;
  AcObject* o = object_of(object, rc);
  if (!o) return rc;
  if (!velocity) return null_arg("velocity");
  vec_out(o->object->physics().velocity, velocity);
  return RA_OK;
}
}  // extern "C"
