// The C API's physics objects (include/retroanim/retroanim.h): a
// MotionObject (CPhysicsObj with its CPartArray, CSequence and
// MotionTableManager) per handle, its motions, raw sequence calls, frames,
// updates and hook events. Forwards to ac::MotionObject.
#include <algorithm>
#include <cstddef>

#include "capi/capi_support.h"
#include "io/hex.h"
#include "retroanim/ac/io/dat_content.h"

namespace ra = retroanim;
using namespace retroanim::capi;

// The event layout the C API hands out is the library's HookEvent.
static_assert(sizeof(ra_ac_hook_event) == sizeof(ra::ac::HookEvent));
static_assert(offsetof(ra_ac_hook_event, object_id) == offsetof(ra::ac::HookEvent, object_id));
static_assert(offsetof(ra_ac_hook_event, type) == offsetof(ra::ac::HookEvent, type));
static_assert(offsetof(ra_ac_hook_event, direction) == offsetof(ra::ac::HookEvent, direction));
static_assert(offsetof(ra_ac_hook_event, tag) == offsetof(ra::ac::HookEvent, tag));
static_assert(offsetof(ra_ac_hook_event, u) == offsetof(ra::ac::HookEvent, u));
static_assert(offsetof(ra_ac_hook_event, f) == offsetof(ra::ac::HookEvent, f));
static_assert(sizeof(ra_ac_frame) == 28 && sizeof(ra_ac_sequence_state) == 24 && sizeof(ra_ac_motion_state) == 16);

namespace {

// The object of handle h with a motion table manager, or nullptr with the error set.
ra::ac::MotionObject* with_manager(ra_ac_object* h, int& rc) {
  AcObject* o = lookup<AcObject>(h, Kind::kAcObject, rc);
  if (!o) return nullptr;
  if (!o->object->manager()) {
    rc = fail(RA_ERR_STATE, "object has no motion table (ra_ac_object_attach_motion_table)");
    return nullptr;
  }
  return o->object.get();
}

int movement(ra_ac_object* h, ra::ac::MovementType type, uint32_t motion, float speed, uint32_t* werror) {
  int rc = RA_OK;
  ra::ac::MotionObject* o = with_manager(h, rc);
  if (!o) return rc;
  if (!std::isfinite(speed)) return bad_number("speed");
  return guarded([&]() -> int {
    ra::ac::MotionError e = o->perform_movement({type, motion, speed});
    if (werror) *werror = static_cast<uint32_t>(e);
    return RA_OK;
  });
}

// A raw sequence call on a live object.
template <typename F>
int on_sequence(ra_ac_object* object, F&& f) {
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  return guarded([&]() -> int { return f(*o); });
}

}  // namespace

extern "C" {

int ra_ac_object_create(ra_ac_provider* provider, uint32_t setup_id, uint32_t part_count, uint64_t id,
                        ra_ac_object** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  AcProvider* p = lookup<AcProvider>(provider, Kind::kAcProvider, rc);
  if (!p) return rc;
  if (setup_id != 0 && part_count != 0) return fail(RA_ERR_ARGUMENT, "give a setup id or a part count, not both");
  if (part_count > 0xFFFF) return fail(RA_ERR_ARGUMENT, "part count " + std::to_string(part_count) + " is too large");
  return guarded([&]() -> int {
    auto o = std::make_unique<AcObject>();
    o->provider = p;
    const ra::ac::Setup* setup = nullptr;
    if (setup_id != 0) {
      setup = p->setups ? p->setups->get_setup(setup_id) : nullptr;
      if (!setup) return fail(RA_ERR_NOT_FOUND, "the provider has no setup " + ra::io::hex(setup_id, 8));
    } else {
      o->own_setup = std::make_unique<ra::ac::Setup>();
      o->own_setup->part_ids.assign(part_count, 0);
      setup = o->own_setup.get();
    }
    o->object = std::make_unique<ra::ac::MotionObject>(setup, p->animations, id);
    int r = publish(o, Kind::kAcObject, out);
    if (r == RA_OK) p->objects.fetch_add(1);
    return r;
  });
}

int ra_ac_object_free(ra_ac_object* object) {
  if (!object) return RA_OK;
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  if (o->batches.load() > 0) return fail(RA_ERR_STATE, "object is still in a batch (free the batch first)");
  HandleTable::get().remove(o->handle);
  o->provider->objects.fetch_sub(1);
  delete o;
  return RA_OK;
}

int ra_ac_object_attach_motion_table(ra_ac_object* object, ra_ac_provider* provider, uint32_t table_id) {
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  AcProvider* p = lookup<AcProvider>(provider, Kind::kAcProvider, rc);
  if (!p) return rc;
  if (o->object->interp()) return fail(RA_ERR_STATE, "object has an interpreter (its motion table stays)");
  const auto* tables = dynamic_cast<const ra::ac::io::DatContent*>(p->tables);
  if (!tables) return fail(RA_ERR_NOT_FOUND, "the provider has no motion tables (only a dat's provider has)");
  return guarded([&]() -> int {
    const ra::ac::MotionTable* table = tables->find_motion_table(table_id);
    if (!table) return fail(RA_ERR_NOT_FOUND, "the dat has no motion table " + ra::io::hex(table_id, 8));
    if (!o->object->attach_motion_table(*table)) return fail(RA_ERR_STATE, "object has an interpreter");
    return RA_OK;
  });
}

int ra_ac_object_set_state(ra_ac_object* object, uint32_t state, uint32_t transient_state) {
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  o->object->physics().state = state;
  o->object->physics().transient_state = transient_state;
  return RA_OK;
}

int ra_ac_object_get_state(ra_ac_object* object, uint32_t* state, uint32_t* transient_state) {
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  if (state) *state = o->object->physics().state;
  if (transient_state) *transient_state = o->object->physics().transient_state;
  return RA_OK;
}

int ra_ac_object_set_frame(ra_ac_object* object, const ra_ac_frame* frame) {
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  if (!frame) return null_arg("frame");
  if (!finite_frame(*frame)) return bad_number("a frame value");
  return guarded([&]() -> int {
    const ra::math::Vec3 origin{frame->origin[0], frame->origin[1], frame->origin[2]};
    o->object->physics().set_frame(
        ra::math::Frame(origin, frame->rotation[0], frame->rotation[1], frame->rotation[2], frame->rotation[3]));
    return RA_OK;
  });
}

int ra_ac_object_get_frame(ra_ac_object* object, ra_ac_frame* out) {
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  if (!out) return null_arg("out");
  to_c(o->object->physics().frame(), out);
  return RA_OK;
}

int ra_ac_object_count_parts(ra_ac_object* object, size_t* count) {
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  if (!count) return null_arg("count");
  *count = o->object->physics().part_array()->num_parts();
  return RA_OK;
}

int ra_ac_object_get_part_frames(ra_ac_object* object, ra_ac_frame* out, size_t count) {
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  const ra::math::FrameArray& parts = o->object->physics().part_array()->part_frames();
  if (count != parts.size())
    return fail(RA_ERR_ARGUMENT, "out holds " + std::to_string(count) + " frames, the object has " +
                                     std::to_string(parts.size()) + " parts");
  if (!out && count > 0) return null_arg("out");
  using FA = ra::math::FrameArray;
  const float* ox = parts.field(FA::Field::kOx);
  const float* oy = parts.field(FA::Field::kOy);
  const float* oz = parts.field(FA::Field::kOz);
  const float* qw = parts.field(FA::Field::kQw);
  const float* qx = parts.field(FA::Field::kQx);
  const float* qy = parts.field(FA::Field::kQy);
  const float* qz = parts.field(FA::Field::kQz);
  for (size_t i = 0; i < count; ++i) out[i] = ra_ac_frame{{ox[i], oy[i], oz[i]}, {qw[i], qx[i], qy[i], qz[i]}};
  return RA_OK;
}

int ra_ac_object_set_default_state(ra_ac_object* object) {
  int rc = RA_OK;
  ra::ac::MotionObject* o = with_manager(object, rc);
  if (!o) return rc;
  return guarded([&]() -> int {
    o->set_default_state();
    return RA_OK;
  });
}

int ra_ac_object_perform(ra_ac_object* object, uint32_t motion, float speed, uint32_t* werror) {
  return movement(object, ra::ac::MovementType::kInterpretedCommand, motion, speed, werror);
}

int ra_ac_object_stop(ra_ac_object* object, uint32_t motion, float speed, uint32_t* werror) {
  return movement(object, ra::ac::MovementType::kStopInterpretedCommand, motion, speed, werror);
}

int ra_ac_object_stop_completely(ra_ac_object* object, uint32_t* werror) {
  return movement(object, ra::ac::MovementType::kStopCompletely, 0, 1.0f, werror);
}

int ra_ac_object_get_motion_state(ra_ac_object* object, ra_ac_motion_state* out) {
  int rc = RA_OK;
  ra::ac::MotionObject* o = with_manager(object, rc);
  if (!o) return rc;
  if (!out) return null_arg("out");
  const ra::ac::MotionTableManager& m = *o->manager();
  *out = ra_ac_motion_state{m.state().style, m.state().substate, static_cast<uint32_t>(m.state().modifiers.size()),
                            static_cast<uint32_t>(m.pending().size())};
  return RA_OK;
}

int ra_ac_object_get_modifiers(ra_ac_object* object, uint32_t* out, size_t count) {
  int rc = RA_OK;
  ra::ac::MotionObject* o = with_manager(object, rc);
  if (!o) return rc;
  const auto& mods = o->manager()->state().modifiers;
  if (count != mods.size())
    return fail(RA_ERR_ARGUMENT, "out holds " + std::to_string(count) + " ids, the state has " +
                                     std::to_string(mods.size()) + " modifiers");
  if (!out && count > 0) return null_arg("out");
  size_t i = 0;
  for (const auto& m : mods) out[i++] = m.motion;
  return RA_OK;
}

int ra_ac_object_get_pending(ra_ac_object* object, ra_ac_pending_motion* out, size_t count) {
  int rc = RA_OK;
  ra::ac::MotionObject* o = with_manager(object, rc);
  if (!o) return rc;
  const auto& pending = o->manager()->pending();
  if (count != pending.size())
    return fail(RA_ERR_ARGUMENT, "out holds " + std::to_string(count) + " entries, the queue has " +
                                     std::to_string(pending.size()));
  if (!out && count > 0) return null_arg("out");
  size_t i = 0;
  for (const auto& p : pending) out[i++] = ra_ac_pending_motion{p.motion, p.num_anims};
  return RA_OK;
}

int ra_ac_object_take_done(ra_ac_object* object, const uint32_t** motions, size_t* count) {
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  if (!motions || !count) return null_arg("motions or count");
  return guarded([&]() -> int {
    o->done = o->object->done();
    o->object->clear_done();
    *motions = o->done.data();
    *count = o->done.size();
    return RA_OK;
  });
}

int ra_ac_object_append_animation(ra_ac_object* object, uint32_t anim_id, float framerate, int32_t low_frame,
                                  int32_t high_frame) {
  if (!std::isfinite(framerate)) return bad_number("framerate");
  return on_sequence(object, [&](AcObject& o) -> int {
    if (o.provider->animations->get_animation(anim_id) == nullptr)
      return fail(RA_ERR_NOT_FOUND, "the provider has no animation " + ra::io::hex(anim_id, 8));
    ra::ac::AnimData d;
    d.anim_id = anim_id;
    d.framerate = framerate;
    d.low_frame = low_frame;
    d.high_frame = high_frame;
    o.object->sequence().append_animation(d);
    return RA_OK;
  });
}

int ra_ac_object_clear_sequence(ra_ac_object* object) {
  return on_sequence(object, [](AcObject& o) -> int {
    o.object->sequence().clear();
    return RA_OK;
  });
}

int ra_ac_object_set_velocity(ra_ac_object* object, const float velocity[3]) {
  if (!velocity) return null_arg("velocity");
  if (!finite3(velocity)) return bad_number("a velocity value");
  return on_sequence(object, [&](AcObject& o) -> int {
    o.object->sequence().set_velocity({velocity[0], velocity[1], velocity[2]});
    return RA_OK;
  });
}

int ra_ac_object_set_omega(ra_ac_object* object, const float omega[3]) {
  if (!omega) return null_arg("omega");
  if (!finite3(omega)) return bad_number("an omega value");
  return on_sequence(object, [&](AcObject& o) -> int {
    o.object->sequence().set_omega({omega[0], omega[1], omega[2]});
    return RA_OK;
  });
}

int ra_ac_object_multiply_framerate(ra_ac_object* object, float multiplier) {
  if (!std::isfinite(multiplier)) return bad_number("multiplier");
  return on_sequence(object, [&](AcObject& o) -> int {
    o.object->sequence().multiply_cyclic_animation_framerate(multiplier);
    return RA_OK;
  });
}

int ra_ac_object_remove_cyclic(ra_ac_object* object) {
  return on_sequence(object, [](AcObject& o) -> int {
    o.object->sequence().remove_cyclic_anims();
    return RA_OK;
  });
}

int ra_ac_object_remove_all_links(ra_ac_object* object) {
  return on_sequence(object, [](AcObject& o) -> int {
    o.object->sequence().remove_all_link_animations();
    return RA_OK;
  });
}

int ra_ac_object_update_sequence(ra_ac_object* object, double dt, ra_ac_frame* offset) {
  if (!std::isfinite(dt) || dt < 0.0) return fail(RA_ERR_ARGUMENT, "dt must be a finite number >= 0");
  return on_sequence(object, [&](AcObject& o) -> int {
    ra::math::Frame f;
    o.object->sequence().update(dt, offset ? &f : nullptr);
    if (offset) to_c(f, offset);
    return RA_OK;
  });
}

int ra_ac_object_get_sequence_state(ra_ac_object* object, ra_ac_sequence_state* out) {
  if (!out) return null_arg("out");
  return on_sequence(object, [&](AcObject& o) -> int {
    const ra::ac::Sequence& s = o.object->sequence();
    const ra::ac::AnimSequenceNode* n = s.curr_anim();
    *out = ra_ac_sequence_state{s.frame_number(), n ? n->anim_id : 0u, n ? 1 : 0,
                                static_cast<uint32_t>(s.nodes().size()), 0u};
    return RA_OK;
  });
}

int ra_ac_object_advance(ra_ac_object* object, double dt) {
  if (!std::isfinite(dt) || dt < 0.0) return fail(RA_ERR_ARGUMENT, "dt must be a finite number >= 0");
  return on_sequence(object, [&](AcObject& o) -> int {
    o.object->advance(dt);
    return RA_OK;
  });
}

int ra_ac_object_update(ra_ac_object* object, double time) {
  if (!std::isfinite(time)) return bad_number("time");
  return on_sequence(object, [&](AcObject& o) -> int {
    o.object->update_object(time);
    return RA_OK;
  });
}

int ra_ac_object_tick(ra_ac_object* object, float quantum) {
  if (!std::isfinite(quantum) || quantum <= 0.0f) return fail(RA_ERR_ARGUMENT, "quantum must be a finite number > 0");
  return on_sequence(object, [&](AcObject& o) -> int {
    o.object->update_object_internal(quantum);
    return RA_OK;
  });
}

int ra_ac_object_get_events(ra_ac_object* object, const ra_ac_hook_event** events, size_t* count) {
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  if (!events || !count) return null_arg("events or count");
  const auto& ev = o->object->events();
  *events = reinterpret_cast<const ra_ac_hook_event*>(ev.data());
  *count = ev.size();
  return RA_OK;
}

int ra_ac_object_clear_events(ra_ac_object* object) {
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  o->object->clear_events();
  return RA_OK;
}
}  // extern "C"
