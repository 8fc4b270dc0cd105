// The C API's motion timing queries (include/retroanim/retroanim.h, "Motion
// timing"): ac::motion_timing on a provider's motion table or an object's,
// its result kept behind a handle and read back. Forwards only.
#include <cmath>
#include <cstddef>
#include <cstring>

#include "capi/capi_support.h"
#include "io/hex.h"
#include "retroanim/ac/io/dat_content.h"
#include "retroanim/ac/motion/motion_timing.h"

namespace ra = retroanim;
using namespace retroanim::capi;

static_assert(sizeof(ra_ac_timing_summary) == 32 && sizeof(ra_ac_timed_animation) == 40 &&
              sizeof(ra_ac_timed_hook) == 80);

namespace {

struct AcMotionTiming {
  uintptr_t handle = 0;
  ra::ac::MotionTiming timing;
};

int check_speeds(float substate_speed, float speed) {
  if (!std::isfinite(substate_speed)) return bad_number("substate_speed");
  if (!std::isfinite(speed)) return bad_number("speed");
  return RA_OK;
}

int publish_timing(ra::ac::MotionTiming t, ra_ac_motion_timing** out) {
  auto r = std::make_unique<AcMotionTiming>();
  r->timing = std::move(t);
  return publish(r, Kind::kAcMotionTiming, out);
}

}  // namespace

extern "C" {

int ra_ac_motion_timing_create(ra_ac_provider* provider, uint32_t table_id, uint32_t style, uint32_t substate,
                               float substate_speed, uint32_t motion, float speed, ra_ac_motion_timing** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  AcProvider* p = lookup<AcProvider>(provider, Kind::kAcProvider, rc);
  if (!p) return rc;
  if ((rc = check_speeds(substate_speed, speed)) != RA_OK) return rc;
  const auto* tables = dynamic_cast<const ra::ac::io::DatContent*>(p->tables);
  if (!tables) return fail(RA_ERR_NOT_FOUND, "the provider has no motion tables (only a dat's provider has)");
  return guarded([&]() -> int {
    const ra::ac::MotionTable* table = tables->find_motion_table(table_id);
    if (!table) return fail(RA_ERR_NOT_FOUND, "the dat has no motion table " + ra::io::hex(table_id, 8));
    return publish_timing(ra::ac::motion_timing(*table, *p->animations, style, substate, substate_speed, motion, speed),
                          out);
  });
}

int ra_ac_object_motion_timing(ra_ac_object* object, uint32_t style, uint32_t substate, float substate_speed,
                               uint32_t motion, float speed, ra_ac_motion_timing** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  if ((rc = check_speeds(substate_speed, speed)) != RA_OK) return rc;
  const ra::ac::MotionTableManager* m = o->object->manager();
  if (!m || !m->table()) return fail(RA_ERR_STATE, "object has no motion table (ra_ac_object_attach_motion_table)");
  return guarded([&]() -> int {
    return publish_timing(
        ra::ac::motion_timing(*m->table(), *o->provider->animations, style, substate, substate_speed, motion, speed),
        out);
  });
}

int ra_ac_motion_timing_free(ra_ac_motion_timing* timing) {
  if (!timing) return RA_OK;
  int rc = RA_OK;
  AcMotionTiming* t = lookup<AcMotionTiming>(timing, Kind::kAcMotionTiming, rc);
  if (!t) return rc;
  HandleTable::get().remove(t->handle);
  delete t;
  return RA_OK;
}

int ra_ac_motion_timing_get_summary(ra_ac_motion_timing* timing, ra_ac_timing_summary* out) {
  int rc = RA_OK;
  AcMotionTiming* t = lookup<AcMotionTiming>(timing, Kind::kAcMotionTiming, rc);
  if (!t) return rc;
  if (!out) return null_arg("out");
  const ra::ac::MotionTiming& m = t->timing;
  *out = ra_ac_timing_summary{m.performed ? 1 : 0, static_cast<uint32_t>(m.animations.size()),
                              static_cast<uint32_t>(m.hooks.size()), 0u, m.cycle_start, m.cycle_length};
  return RA_OK;
}

int ra_ac_motion_timing_get_animations(ra_ac_motion_timing* timing, ra_ac_timed_animation* out, size_t count) {
  int rc = RA_OK;
  AcMotionTiming* t = lookup<AcMotionTiming>(timing, Kind::kAcMotionTiming, rc);
  if (!t) return rc;
  const auto& list = t->timing.animations;
  if (count != list.size())
    return fail(RA_ERR_ARGUMENT, "out holds " + std::to_string(count) + " entries, the timing has " +
                                     std::to_string(list.size()) + " animations");
  if (!out && count > 0) return null_arg("out");
  for (size_t i = 0; i < count; ++i) {
    const ra::ac::TimedAnimation& a = list[i];
    out[i] = ra_ac_timed_animation{a.anim_id, a.low_frame, a.high_frame, a.framerate, a.cyclic ? 1 : 0, 0u,
                                   a.start,   a.duration};
  }
  return RA_OK;
}

int ra_ac_motion_timing_get_hooks(ra_ac_motion_timing* timing, ra_ac_timed_hook* out, size_t count) {
  int rc = RA_OK;
  AcMotionTiming* t = lookup<AcMotionTiming>(timing, Kind::kAcMotionTiming, rc);
  if (!t) return rc;
  const auto& list = t->timing.hooks;
  if (count != list.size())
    return fail(RA_ERR_ARGUMENT, "out holds " + std::to_string(count) + " entries, the timing has " +
                                     std::to_string(list.size()) + " hooks");
  if (!out && count > 0) return null_arg("out");
  return guarded([&]() -> int {
    for (size_t i = 0; i < count; ++i) {
      const ra::ac::TimedHook& h = list[i];
      out[i].time = h.time;
      out[i].animation = h.animation;
      out[i].frame = h.frame;
      const ra::ac::HookEvent e = ra::ac::flatten_hook(h.hook, 0);
      static_assert(sizeof(e) == sizeof(out[i].hook));
      std::memcpy(&out[i].hook, &e, sizeof e);
    }
    return RA_OK;
  });
}
}  // extern "C"
