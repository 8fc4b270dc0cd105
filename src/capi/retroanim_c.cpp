// The C API (include/retroanim/retroanim.h): forwards to the library, turns
// exceptions into error codes and one-line messages, and checks handles
// against the handle table (src/capi/handles.h).
#include "retroanim/retroanim.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <exception>
#include <fstream>
#include <memory>
#include <mutex>
#include <new>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "bench/workload.h"
#include "capi/handles.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/motion_object.h"
#include "retroanim/ac/scenario.h"
#include "retroanim/ck/curve.h"
#include "retroanim/ck/curve_point.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/keyed_animation.h"
#include "retroanim/ck/object_animation.h"
#include "retroanim/ck/scenario.h"
#include "retroanim/ck/scenario_trace.h"
#include "retroanim/error.h"
#include "retroanim/io/file_path.h"
#include "retroanim/io/hex.h"
#include "retroanim/version.h"
#include "retroanim/worker_pool.h"

namespace ra = retroanim;
using ra::capi::HandleTable;
using ra::capi::Kind;

// The event layout the C API hands out is the library's HookEvent.
static_assert(sizeof(ra_ac_hook_event) == sizeof(ra::ac::HookEvent));
static_assert(offsetof(ra_ac_hook_event, object_id) == offsetof(ra::ac::HookEvent, object_id));
static_assert(offsetof(ra_ac_hook_event, type) == offsetof(ra::ac::HookEvent, type));
static_assert(offsetof(ra_ac_hook_event, direction) == offsetof(ra::ac::HookEvent, direction));
static_assert(offsetof(ra_ac_hook_event, tag) == offsetof(ra::ac::HookEvent, tag));
static_assert(offsetof(ra_ac_hook_event, u) == offsetof(ra::ac::HookEvent, u));
static_assert(offsetof(ra_ac_hook_event, f) == offsetof(ra::ac::HookEvent, f));
static_assert(sizeof(ra_ac_frame) == 28 && sizeof(ra_ck_curve_point) == 40 && sizeof(ra_ck_transform) == 44);
static_assert(sizeof(ra_ac_sequence_state) == 24 && sizeof(ra_ac_motion_state) == 16);

namespace {

// ---- Errors ----

thread_local std::string t_last_error;

int fail(int code, std::string message) {
  t_last_error = std::move(message);
  return code;
}

// Copies the last error into a 0.2-form `err` buffer.
int copy_err(int code, char* err, size_t err_len) {
  if (code != RA_OK && err && err_len > 0) {
    const std::string& m = t_last_error;
    size_t n = m.size() < err_len - 1 ? m.size() : err_len - 1;
    std::memcpy(err, m.data(), n);
    err[n] = '\0';
  }
  return code;
}

// The RA_ERR_* code of a runtime operation's failure (retroanim::Status).
int status_code(ra::StatusCode code) {
  switch (code) {
    case ra::StatusCode::kOk: return RA_OK;
    case ra::StatusCode::kNotFound: return RA_ERR_NOT_FOUND;
    case ra::StatusCode::kInvalidParameter: return RA_ERR_STATE;
    case ra::StatusCode::kAlreadyPresent: return RA_ERR_STATE;
  }
  return RA_ERR_INTERNAL;
}

int fail_status(const ra::Status& st, const std::string& what) { return fail(status_code(st.code()), what + ": " + st.message()); }

// Runs f, turning what it throws into a code and message: retroanim::Error
// (bad input) is RA_ERR_INPUT, running out of memory RA_ERR_OUT_OF_MEMORY,
// anything else RA_ERR_INTERNAL.
template <typename F>
int guarded(F&& f) noexcept {
  try {
    return f();
  } catch (const ra::Error& e) {
    return fail(RA_ERR_INPUT, e.what());
  } catch (const std::bad_alloc&) {
    return fail(RA_ERR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return fail(RA_ERR_INTERNAL, e.what());
  } catch (...) {
    return fail(RA_ERR_INTERNAL, "unknown exception");
  }
}

int null_arg(const char* what) { return fail(RA_ERR_ARGUMENT, std::string(what) + " is NULL"); }
int bad_number(const char* what) { return fail(RA_ERR_ARGUMENT, std::string(what) + " is not a finite number"); }

// ---- Handles ----

template <typename H>
uintptr_t token(const H* h) {
  return reinterpret_cast<uintptr_t>(h);
}
template <typename H>
H* as_handle(uintptr_t t) {
  return reinterpret_cast<H*>(t);
}

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::kCkScene: return "scene";
    case Kind::kCkCurve: return "curve";
    case Kind::kCkObjectAnimation: return "object animation";
    case Kind::kCkKeyedAnimation: return "keyed animation";
    case Kind::kCkEntity: return "entity";
    case Kind::kCkPlayer: return "player";
    case Kind::kAcDat: return "dat";
    case Kind::kAcProvider: return "provider";
    case Kind::kAcScenario: return "scenario";
    case Kind::kAcObject: return "object";
    case Kind::kAcBatch: return "batch";
    case Kind::kNone: break;
  }
  return "handle";
}

// The object behind handle h of kind K, or nullptr with the error set.
template <typename T>
T* lookup(const void* h, Kind kind, int& rc) {
  if (h == nullptr) {
    rc = fail(RA_ERR_HANDLE, std::string(kind_name(kind)) + " handle is NULL");
    return nullptr;
  }
  void* p = HandleTable::get().find(reinterpret_cast<uintptr_t>(h), kind);
  if (p == nullptr) {
    rc = fail(RA_ERR_HANDLE, std::string(kind_name(kind)) + " handle is not valid (freed, or not a " +
                                 kind_name(kind) + ")");
    return nullptr;
  }
  return static_cast<T*>(p);
}

// ---- ck wrappers ----

struct CkScene;

// A scene object handed out by a find call (owned by its scene).
struct CkChild {
  CkScene* scene;
  void* object;
  Kind kind;
  uintptr_t handle = 0;
};

struct CkScene {
  ra::ck::Scene scene;
  uintptr_t handle = 0;
  std::mutex mutex;  // the children map
  std::unordered_map<const void*, std::unique_ptr<CkChild>> children;
  std::atomic<int> players{0};

  // The handle of `object` (created on first use).
  uintptr_t child(void* object, Kind kind) {
    std::lock_guard<std::mutex> lock(mutex);
    auto& c = children[object];
    if (!c) {
      c = std::make_unique<CkChild>(CkChild{this, object, kind});
      c->handle = HandleTable::get().add(kind, c.get());
      if (c->handle == 0) throw std::bad_alloc();
    }
    return c->handle;
  }
  ~CkScene() {
    for (auto& [k, c] : children) HandleTable::get().remove(c->handle);
  }
};

struct CkPlayer {
  CkScene* owner;
  std::unique_ptr<ra::ck::Scenario> scenario;
  ra::ck::ScenarioFrame last;
  std::string last_json;  // scenario_frame_json of `last`
  uintptr_t handle = 0;
};

template <typename T>
T* ck_child(const void* h, Kind kind, int& rc) {
  CkChild* c = lookup<CkChild>(h, kind, rc);
  return c ? static_cast<T*>(c->object) : nullptr;
}

void copy_matrix(const ra::math::Matrix& m, float out[16]) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) out[r * 4 + c] = m.m[r][c];
}

int open_scene(ra::ck::Scene&& scene, ra_ck_scene** out) {
  auto s = std::make_unique<CkScene>();
  s->scene = std::move(scene);
  s->handle = HandleTable::get().add(Kind::kCkScene, s.get());
  if (s->handle == 0) return fail(RA_ERR_OUT_OF_MEMORY, "too many handles");
  *out = as_handle<ra_ck_scene>(s->handle);
  s.release();
  return RA_OK;
}

// ---- ac wrappers ----

struct AcDat {
  explicit AcDat(ra::ac::io::DatDatabase d) : db(std::move(d)) {}
  ra::ac::io::DatDatabase db;
  uintptr_t handle = 0;
  std::atomic<int> providers{0};
};

struct AcProvider {
  uintptr_t handle = 0;
  const ra::ac::AnimationProvider* animations = nullptr;
  // dat-backed
  AcDat* dat = nullptr;
  std::unique_ptr<ra::ac::io::DatAnimationProvider> dat_animations;
  std::mutex mutex;  // setups
  std::unordered_map<uint32_t, std::unique_ptr<ra::ac::Setup>> dat_setups;
  // workload-backed
  std::unique_ptr<ra::bench::AcWorld> world;
  // scenario-backed (owned by the scenario)
  bool scenario_owned = false;
  std::atomic<int> objects{0};

  // The setup `id`, or nullptr.
  const ra::ac::Setup* setup(uint32_t id) {
    if (world) {
      for (const auto& s : world->setups)
        if (s.id == id) return &s;
      return nullptr;
    }
    if (dat) {
      std::lock_guard<std::mutex> lock(mutex);
      auto& s = dat_setups[id];
      if (!s) {
        if (!dat->db.find(id)) {
          dat_setups.erase(id);
          return nullptr;
        }
        s = std::make_unique<ra::ac::Setup>(ra::ac::io::read_setup(dat->db, id));
      }
      return s.get();
    }
    return nullptr;
  }
};

struct AcScenario {
  uintptr_t handle = 0;
  ra::ac::ScenarioData data;
  AcProvider provider;
};

struct AcObject {
  uintptr_t handle = 0;
  AcProvider* provider = nullptr;
  std::unique_ptr<ra::ac::Setup> own_setup;  // a part-count object's setup
  std::unique_ptr<ra::ac::MotionObject> object;
  std::vector<uint32_t> done;  // ra_ac_object_take_done's copy
  std::atomic<int> batches{0};
};

struct AcBatch {
  uintptr_t handle = 0;
  std::vector<AcObject*> objects;
  std::vector<ra::ac::MotionObject*> motion;
  std::vector<ra::ac::PhysicsObj*> physics;
  std::unique_ptr<uint8_t[]> flags;  // objects[i]'s event flag
  std::unique_ptr<ra::WorkerPool> pool;
  ra::ac::HookEventSink sink;  // the last tick's events (sink.events)
};

void to_c(const ra::math::Frame& f, ra_ac_frame* out) {
  out->origin[0] = f.origin.x, out->origin[1] = f.origin.y, out->origin[2] = f.origin.z;
  out->rotation[0] = f.qw, out->rotation[1] = f.qx, out->rotation[2] = f.qy, out->rotation[3] = f.qz;
}

bool finite_frame(const ra_ac_frame& f) {
  for (float v : f.origin)
    if (!std::isfinite(v)) return false;
  for (float v : f.rotation)
    if (!std::isfinite(v)) return false;
  return true;
}

bool finite3(const float v[3]) { return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]); }

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

}  // namespace

namespace {

template <typename H, typename Find>
int find_child(ra_ck_scene* scene, const char* name, H** out, Kind kind, const char* what, Find&& find) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  CkScene* s = lookup<CkScene>(scene, Kind::kCkScene, rc);
  if (!s) return rc;
  if (!name) return null_arg("name");
  return guarded([&]() -> int {
    void* obj = find(s->scene, name);
    if (!obj) return fail(RA_ERR_NOT_FOUND, std::string("no ") + what + " named '" + name + "'");
    *out = as_handle<H>(s->child(obj, kind));
    return RA_OK;
  });
}

}  // namespace

namespace {

int publish_provider(std::unique_ptr<AcProvider> p, ra_ac_provider** out) {
  p->handle = HandleTable::get().add(Kind::kAcProvider, p.get());
  if (p->handle == 0) return fail(RA_ERR_OUT_OF_MEMORY, "too many handles");
  *out = as_handle<ra_ac_provider>(p->handle);
  p.release();
  return RA_OK;
}

}  // namespace

namespace {

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

const char* ra_version(void) { return RETROANIM_VERSION_STRING; }

const char* ra_last_error(void) { return t_last_error.c_str(); }

const char* ra_status_name(int code) {
  switch (code) {
    case RA_OK: return "RA_OK";
    case RA_ERR_INPUT: return "RA_ERR_INPUT";
    case RA_ERR_NOT_FOUND: return "RA_ERR_NOT_FOUND";
    case RA_ERR_STATE: return "RA_ERR_STATE";
    case RA_ERR_ARGUMENT: return "RA_ERR_ARGUMENT";
    case RA_ERR_IO: return "RA_ERR_IO";
    case RA_ERR_OUT_OF_MEMORY: return "RA_ERR_OUT_OF_MEMORY";
    case RA_ERR_INTERNAL: return "RA_ERR_INTERNAL";
    case RA_ERR_HANDLE: return "RA_ERR_HANDLE";
  }
  return "RA_ERR_?";
}

// ======================================================================
// ck

int ra_ck_scene_open(const char* path, ra_ck_scene** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (!path) return null_arg("path");
  return guarded([&]() -> int { return open_scene(ra::ck::io::load_scene_file(path), out); });
}

int ra_ck_scene_open_memory(const void* data, size_t size, const char* name, ra_ck_scene** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (!data && size > 0) return null_arg("data");
  return guarded([&]() -> int {
    std::span<const uint8_t> bytes(static_cast<const uint8_t*>(data), size);
    return open_scene(ra::ck::io::load_scene(bytes, name ? name : "<memory>"), out);
  });
}

int ra_ck_scene_close(ra_ck_scene* scene) {
  if (!scene) return RA_OK;
  int rc = RA_OK;
  CkScene* s = lookup<CkScene>(scene, Kind::kCkScene, rc);
  if (!s) return rc;
  if (s->players.load() > 0) return fail(RA_ERR_STATE, "scene still has players (free them first)");
  HandleTable::get().remove(s->handle);
  delete s;
  return RA_OK;
}

int ra_ck_scene_count_objects(const ra_ck_scene* scene, size_t* count) {
  int rc = RA_OK;
  CkScene* s = lookup<CkScene>(scene, Kind::kCkScene, rc);
  if (!s) return rc;
  if (!count) return null_arg("count");
  *count = s->scene.objects().size();
  return RA_OK;
}


int ra_ck_scene_find_curve(ra_ck_scene* scene, const char* name, ra_ck_curve** out) {
  return find_child(scene, name, out, Kind::kCkCurve, "curve",
                    [](ra::ck::Scene& s, const char* n) -> void* { return s.curve(n); });
}
int ra_ck_scene_find_object_animation(ra_ck_scene* scene, const char* name, ra_ck_object_animation** out) {
  return find_child(scene, name, out, Kind::kCkObjectAnimation, "object animation",
                    [](ra::ck::Scene& s, const char* n) -> void* { return s.object_animation(n); });
}
int ra_ck_scene_find_keyed_animation(ra_ck_scene* scene, const char* name, ra_ck_keyed_animation** out) {
  return find_child(scene, name, out, Kind::kCkKeyedAnimation, "keyed animation",
                    [](ra::ck::Scene& s, const char* n) -> void* { return s.keyed_animation(n); });
}
int ra_ck_scene_find_entity(ra_ck_scene* scene, const char* name, ra_ck_entity** out) {
  return find_child(scene, name, out, Kind::kCkEntity, "3D entity",
                    [](ra::ck::Scene& s, const char* n) -> void* { return s.entity(n); });
}

int ra_ck_curve_get_length(ra_ck_curve* curve, float* length) {
  int rc = RA_OK;
  auto* c = ck_child<ra::ck::Curve>(curve, Kind::kCkCurve, rc);
  if (!c) return rc;
  if (!length) return null_arg("length");
  return guarded([&]() -> int {
    *length = c->get_length();
    return RA_OK;
  });
}

int ra_ck_curve_get_position(ra_ck_curve* curve, float step, float pos[3], float dir[3]) {
  int rc = RA_OK;
  auto* c = ck_child<ra::ck::Curve>(curve, Kind::kCkCurve, rc);
  if (!c) return rc;
  if (!pos) return null_arg("pos");
  if (!std::isfinite(step)) return bad_number("step");
  return guarded([&]() -> int {
    ra::math::Vec3 p, d;
    const ra::Status st = c->get_pos(step, &p, dir ? &d : nullptr);
    if (!st.ok()) return fail_status(st, "curve");
    pos[0] = p.x, pos[1] = p.y, pos[2] = p.z;
    if (dir) dir[0] = d.x, dir[1] = d.y, dir[2] = d.z;
    return RA_OK;
  });
}

int ra_ck_curve_count_points(ra_ck_curve* curve, size_t* count) {
  int rc = RA_OK;
  auto* c = ck_child<ra::ck::Curve>(curve, Kind::kCkCurve, rc);
  if (!c) return rc;
  if (!count) return null_arg("count");
  *count = static_cast<size_t>(c->control_point_count());
  return RA_OK;
}

int ra_ck_curve_get_point(ra_ck_curve* curve, size_t index, ra_ck_curve_point* out) {
  int rc = RA_OK;
  auto* c = ck_child<ra::ck::Curve>(curve, Kind::kCkCurve, rc);
  if (!c) return rc;
  if (!out) return null_arg("out");
  if (index >= static_cast<size_t>(c->control_point_count()))
    return fail(RA_ERR_ARGUMENT, "point index " + std::to_string(index) + " is out of range (the curve has " +
                                     std::to_string(c->control_point_count()) + " points)");
  return guarded([&]() -> int {
    const ra::ck::CurvePoint* p = c->control_point(static_cast<int>(index));
    ra::math::Vec3 in, o;
    const ra::Status st = c->get_tangents(static_cast<int>(index), &in, &o);
    if (!st.ok()) return fail_status(st, "curve");
    const ra::math::Vec3 w = p->world_matrix().row(3);
    *out = ra_ck_curve_point{{w.x, w.y, w.z}, {in.x, in.y, in.z}, {o.x, o.y, o.z}, p->tension()};
    return RA_OK;
  });
}

int ra_ck_object_animation_apply_step(ra_ck_object_animation* anim, float step, float world[16]) {
  int rc = RA_OK;
  auto* a = ck_child<ra::ck::ObjectAnimation>(anim, Kind::kCkObjectAnimation, rc);
  if (!a) return rc;
  if (!std::isfinite(step)) return bad_number("step");
  return guarded([&]() -> int {
    if (ra::ck::set_step(*a, step) == ra::ck::SetStepOutcome::kNoEntity || !a->entity)
      return fail(RA_ERR_STATE, "object animation has no entity");
    if (world) copy_matrix(a->entity->world_matrix(), world);
    return RA_OK;
  });
}

int ra_ck_object_animation_sample(ra_ck_object_animation* anim, float step, ra_ck_transform* out) {
  int rc = RA_OK;
  auto* a = ck_child<ra::ck::ObjectAnimation>(anim, Kind::kCkObjectAnimation, rc);
  if (!a) return rc;
  if (!out) return null_arg("out");
  if (!std::isfinite(step)) return bad_number("step");
  return guarded([&]() -> int {
    const float time = step * a->keyframes.length;  // as SetStep computes it (src/ck/set_step.h)
    const ra::ck::AnimationSample s = ra::ck::sample_animation(*a, time);
    *out = ra_ck_transform{{s.position.x, s.position.y, s.position.z},
                           {s.rotation.x, s.rotation.y, s.rotation.z, s.rotation.w},
                           {s.scale.x, s.scale.y, s.scale.z},
                           s.present};
    return RA_OK;
  });
}

int ra_ck_object_animation_get_length(ra_ck_object_animation* anim, float* frames) {
  int rc = RA_OK;
  auto* a = ck_child<ra::ck::ObjectAnimation>(anim, Kind::kCkObjectAnimation, rc);
  if (!a) return rc;
  if (!frames) return null_arg("frames");
  *frames = a->length();
  return RA_OK;
}

int ra_ck_object_animation_get_entity(ra_ck_object_animation* anim, ra_ck_entity** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  CkChild* c = lookup<CkChild>(anim, Kind::kCkObjectAnimation, rc);
  if (!c) return rc;
  auto* a = static_cast<ra::ck::ObjectAnimation*>(c->object);
  if (!a->entity) return RA_OK;
  return guarded([&]() -> int {
    *out = as_handle<ra_ck_entity>(c->scene->child(a->entity, Kind::kCkEntity));
    return RA_OK;
  });
}

int ra_ck_keyed_animation_set_step(ra_ck_keyed_animation* anim, float step) {
  int rc = RA_OK;
  auto* a = ck_child<ra::ck::KeyedAnimation>(anim, Kind::kCkKeyedAnimation, rc);
  if (!a) return rc;
  if (!std::isfinite(step)) return bad_number("step");
  return guarded([&]() -> int {
    ra::ck::set_step(*a, step);
    return RA_OK;
  });
}

int ra_ck_keyed_animation_get_length(ra_ck_keyed_animation* anim, float* frames) {
  int rc = RA_OK;
  auto* a = ck_child<ra::ck::KeyedAnimation>(anim, Kind::kCkKeyedAnimation, rc);
  if (!a) return rc;
  if (!frames) return null_arg("frames");
  *frames = a->length;
  return RA_OK;
}

int ra_ck_entity_get_local_matrix(ra_ck_entity* entity, float local[16]) {
  int rc = RA_OK;
  auto* e = ck_child<ra::ck::Entity3d>(entity, Kind::kCkEntity, rc);
  if (!e) return rc;
  if (!local) return null_arg("local");
  copy_matrix(e->local_matrix(), local);
  return RA_OK;
}

int ra_ck_entity_get_world_matrix(ra_ck_entity* entity, float world[16]) {
  int rc = RA_OK;
  auto* e = ck_child<ra::ck::Entity3d>(entity, Kind::kCkEntity, rc);
  if (!e) return rc;
  if (!world) return null_arg("world");
  copy_matrix(e->world_matrix(), world);
  return RA_OK;
}

int ra_ck_entity_get_parent(ra_ck_entity* entity, ra_ck_entity** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  CkChild* c = lookup<CkChild>(entity, Kind::kCkEntity, rc);
  if (!c) return rc;
  auto* e = static_cast<ra::ck::Entity3d*>(c->object);
  if (!e->parent()) return RA_OK;
  return guarded([&]() -> int {
    *out = as_handle<ra_ck_entity>(c->scene->child(e->parent(), Kind::kCkEntity));
    return RA_OK;
  });
}

int ra_ck_player_create(ra_ck_scene* scene, const char* scenario, ra_ck_player** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  CkScene* s = lookup<CkScene>(scene, Kind::kCkScene, rc);
  if (!s) return rc;
  if (!scenario) return null_arg("scenario");
  return guarded([&]() -> int {
    auto p = std::make_unique<CkPlayer>();
    p->owner = s;
    p->scenario = ra::ck::Scenario::create(s->scene, scenario, "scenario");
    p->scenario->reset();
    p->handle = HandleTable::get().add(Kind::kCkPlayer, p.get());
    if (p->handle == 0) return fail(RA_ERR_OUT_OF_MEMORY, "too many handles");
    s->players.fetch_add(1);
    *out = as_handle<ra_ck_player>(p->handle);
    p.release();
    return RA_OK;
  });
}

int ra_ck_player_free(ra_ck_player* player) {
  if (!player) return RA_OK;
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  HandleTable::get().remove(p->handle);
  p->owner->players.fetch_sub(1);
  delete p;
  return RA_OK;
}

int ra_ck_player_reset(ra_ck_player* player) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  return guarded([&]() -> int {
    p->scenario->reset();
    p->last = {};
    p->last_json.clear();
    return RA_OK;
  });
}

int ra_ck_player_count_recorded(ra_ck_player* player, size_t* count) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!count) return null_arg("count");
  *count = p->scenario->recorded().size();
  return RA_OK;
}

int ra_ck_player_get_recorded_name(ra_ck_player* player, size_t index, const char** name) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!name) return null_arg("name");
  const auto& names = p->scenario->recorded();
  if (index >= names.size())
    return fail(RA_ERR_ARGUMENT, "recorded entity index " + std::to_string(index) + " is out of range (" +
                                     std::to_string(names.size()) + " recorded)");
  *name = names[index].c_str();
  return RA_OK;
}

int ra_ck_player_step(ra_ck_player* player, float dt_ms, double* t_ms, float* worlds, size_t worlds_len) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!std::isfinite(dt_ms) || dt_ms <= 0.0f) return fail(RA_ERR_ARGUMENT, "dt_ms must be a finite number > 0");
  const size_t need = 16 * p->scenario->recorded().size();
  if (worlds_len < need)
    return fail(RA_ERR_ARGUMENT, "worlds holds " + std::to_string(worlds_len) + " floats, " + std::to_string(need) +
                                     " needed (16 per recorded entity)");
  if (!worlds && need > 0) return null_arg("worlds");
  return guarded([&]() -> int {
    p->last = p->scenario->step(dt_ms);
    p->last_json = ra::ck::scenario_frame_json(p->last, p->scenario->recorded());
    if (t_ms) *t_ms = p->last.t_ms;
    for (size_t i = 0; i < p->last.worlds.size(); ++i) copy_matrix(p->last.worlds[i], worlds + 16 * i);
    return RA_OK;
  });
}

int ra_ck_player_get_frame_json(ra_ck_player* player, const char** json) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!json) return null_arg("json");
  if (p->last_json.empty()) return fail(RA_ERR_STATE, "the player has not run a frame yet");
  *json = p->last_json.c_str();
  return RA_OK;
}

int ra_ck_player_count_unimplemented(ra_ck_player* player, size_t* count) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!count) return null_arg("count");
  *count = p->last.unimplemented.size();
  return RA_OK;
}

int ra_ck_player_get_unimplemented(ra_ck_player* player, size_t index, ra_ck_block_report* out) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!out) return null_arg("out");
  if (index >= p->last.unimplemented.size())
    return fail(RA_ERR_ARGUMENT, "block index " + std::to_string(index) + " is out of range");
  const auto& u = p->last.unimplemented[index];
  *out = ra_ck_block_report{u.name.c_str(), u.script.c_str(), {u.guid.d1, u.guid.d2}};
  return RA_OK;
}

int ra_ck_frame_count(double seconds, double dt_ms, int* frames) {
  if (!frames) return null_arg("frames");
  if (!std::isfinite(seconds)) return bad_number("seconds");
  if (!std::isfinite(dt_ms)) return bad_number("dt_ms");
  return guarded([&]() -> int {
    *frames = ra::ck::scenario_frame_count(seconds, dt_ms);
    return RA_OK;
  });
}

// ======================================================================
// ac

int ra_ac_dat_open(const char* path, ra_ac_dat** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (!path) return null_arg("path");
  return guarded([&]() -> int {
    auto d = std::make_unique<AcDat>(ra::ac::io::DatDatabase::open(path));
    d->handle = HandleTable::get().add(Kind::kAcDat, d.get());
    if (d->handle == 0) return fail(RA_ERR_OUT_OF_MEMORY, "too many handles");
    *out = as_handle<ra_ac_dat>(d->handle);
    d.release();
    return RA_OK;
  });
}

int ra_ac_dat_open_memory(const void* data, size_t size, const char* name, ra_ac_dat** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (!data && size > 0) return null_arg("data");
  return guarded([&]() -> int {
    const auto* b = static_cast<const uint8_t*>(data);
    auto d = std::make_unique<AcDat>(
        ra::ac::io::DatDatabase::from_bytes(std::vector<uint8_t>(b, b + size), name ? name : "<memory>"));
    d->handle = HandleTable::get().add(Kind::kAcDat, d.get());
    if (d->handle == 0) return fail(RA_ERR_OUT_OF_MEMORY, "too many handles");
    *out = as_handle<ra_ac_dat>(d->handle);
    d.release();
    return RA_OK;
  });
}

int ra_ac_dat_free(ra_ac_dat* dat) {
  if (!dat) return RA_OK;
  int rc = RA_OK;
  AcDat* d = lookup<AcDat>(dat, Kind::kAcDat, rc);
  if (!d) return rc;
  if (d->providers.load() > 0) return fail(RA_ERR_STATE, "dat still has providers (free them first)");
  HandleTable::get().remove(d->handle);
  delete d;
  return RA_OK;
}


int ra_ac_provider_from_dat(ra_ac_dat* dat, ra_ac_provider** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  AcDat* d = lookup<AcDat>(dat, Kind::kAcDat, rc);
  if (!d) return rc;
  return guarded([&]() -> int {
    auto p = std::make_unique<AcProvider>();
    p->dat = d;
    p->dat_animations = std::make_unique<ra::ac::io::DatAnimationProvider>(d->db);
    p->animations = p->dat_animations.get();
    int r = publish_provider(std::move(p), out);
    if (r == RA_OK) d->providers.fetch_add(1);
    return r;
  });
}

int ra_ac_provider_create_workload(int kind, ra_ac_provider** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (kind < 0 || kind > 2) return fail(RA_ERR_ARGUMENT, "workload kind " + std::to_string(kind) + " is not 0, 1 or 2");
  return guarded([&]() -> int {
    auto p = std::make_unique<AcProvider>();
    p->world = ra::bench::make_ac_world(0, static_cast<ra::bench::AcWorkload>(kind));
    p->animations = &p->world->anims;
    return publish_provider(std::move(p), out);
  });
}

int ra_ac_provider_free(ra_ac_provider* provider) {
  if (!provider) return RA_OK;
  int rc = RA_OK;
  AcProvider* p = lookup<AcProvider>(provider, Kind::kAcProvider, rc);
  if (!p) return rc;
  if (p->scenario_owned) return fail(RA_ERR_STATE, "this provider belongs to its scenario (ra_ac_scenario_free)");
  if (p->objects.load() > 0) return fail(RA_ERR_STATE, "provider still has objects (free them first)");
  HandleTable::get().remove(p->handle);
  if (p->dat) p->dat->providers.fetch_sub(1);
  delete p;
  return RA_OK;
}

int ra_ac_scenario_load(const char* path, ra_ac_scenario** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (!path) return null_arg("path");
  return guarded([&]() -> int {
    auto s = std::make_unique<AcScenario>();
    s->data = ra::ac::load_scenario_data_file(path);
    s->provider.animations = s->data.animations.get();
    s->provider.scenario_owned = true;
    s->handle = HandleTable::get().add(Kind::kAcScenario, s.get());
    s->provider.handle = HandleTable::get().add(Kind::kAcProvider, &s->provider);
    if (s->handle == 0 || s->provider.handle == 0) {
      HandleTable::get().remove(s->handle);
      HandleTable::get().remove(s->provider.handle);
      return fail(RA_ERR_OUT_OF_MEMORY, "too many handles");
    }
    *out = as_handle<ra_ac_scenario>(s->handle);
    s.release();
    return RA_OK;
  });
}

int ra_ac_scenario_free(ra_ac_scenario* scenario) {
  if (!scenario) return RA_OK;
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  if (s->provider.objects.load() > 0) return fail(RA_ERR_STATE, "scenario's provider still has objects (free them first)");
  HandleTable::get().remove(s->provider.handle);
  HandleTable::get().remove(s->handle);
  delete s;
  return RA_OK;
}

int ra_ac_scenario_get_provider(ra_ac_scenario* scenario, ra_ac_provider** out) {
  if (!out) return null_arg("out");
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  *out = as_handle<ra_ac_provider>(s->provider.handle);
  return RA_OK;
}

int ra_ac_scenario_get_initial_frame(ra_ac_scenario* scenario, ra_ac_frame* out) {
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  if (!out) return null_arg("out");
  to_c(s->data.initial_frame, out);
  return RA_OK;
}

int ra_ac_scenario_has_motion_table(ra_ac_scenario* scenario, int* has) {
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  if (!has) return null_arg("has");
  *has = s->data.motion_table.has_value() ? 1 : 0;
  return RA_OK;
}

int ra_ac_scenario_attach_motion_table(ra_ac_scenario* scenario, ra_ac_object* object) {
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  if (!s->data.motion_table) return fail(RA_ERR_STATE, "the scenario has no motion table");
  return guarded([&]() -> int {
    o->object->attach_motion_table(*s->data.motion_table);
    return RA_OK;
  });
}

int ra_ac_scenario_get_hook_json(ra_ac_scenario* scenario, uint32_t tag, const char** json) {
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  if (!json) return null_arg("json");
  if (tag == 0 || tag > s->data.hook_json.size())
    return fail(RA_ERR_NOT_FOUND, "no inline hook with tag " + std::to_string(tag) + " (the scenario has " +
                                      std::to_string(s->data.hook_json.size()) + ")");
  *json = s->data.hook_json[tag - 1].c_str();
  return RA_OK;
}

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
      setup = p->setup(setup_id);
      if (!setup) return fail(RA_ERR_NOT_FOUND, "the provider has no setup " + ra::io::hex(setup_id, 8));
    } else {
      o->own_setup = std::make_unique<ra::ac::Setup>();
      o->own_setup->part_ids.assign(part_count, 0);
      setup = o->own_setup.get();
    }
    o->object = std::make_unique<ra::ac::MotionObject>(setup, p->animations, id);
    o->handle = HandleTable::get().add(Kind::kAcObject, o.get());
    if (o->handle == 0) return fail(RA_ERR_OUT_OF_MEMORY, "too many handles");
    p->objects.fetch_add(1);
    *out = as_handle<ra_ac_object>(o->handle);
    o.release();
    return RA_OK;
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
  if (!p->dat) return fail(RA_ERR_NOT_FOUND, "the provider has no motion tables (only a dat's provider has)");
  return guarded([&]() -> int {
    if (!p->dat->db.find(table_id))
      return fail(RA_ERR_NOT_FOUND, "the dat has no motion table " + ra::io::hex(table_id, 8));
    o->object->attach_motion_table(ra::ac::io::read_motion_table(p->dat->db, table_id));
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

int ra_ac_hook_event_get_json(const ra_ac_hook_event* event, const char** json) {
  if (!event) return null_arg("event");
  if (!json) return null_arg("json");
  return guarded([&]() -> int {
    static thread_local std::string t_hook_json;
    ra::ac::HookEvent e;
    e.object_id = event->object_id;
    e.type = event->type;
    e.direction = event->direction;
    e.tag = event->tag;
    std::copy(event->u, event->u + 3, e.u);
    std::copy(event->f, event->f + 7, e.f);
    t_hook_json = ra::ac::hook_to_json(ra::ac::hook_from_event(e)).dump();
    *json = t_hook_json.c_str();
    return RA_OK;
  });
}

int ra_ac_batch_create(ra_ac_object* const* objects, size_t count, unsigned threads, ra_ac_batch** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (!objects && count > 0) return null_arg("objects");
  if (threads > 1024) return fail(RA_ERR_ARGUMENT, "threads " + std::to_string(threads) + " is too many (at most 1024)");
  if (count > UINT32_MAX) return fail(RA_ERR_ARGUMENT, "count " + std::to_string(count) + " is too large");
  return guarded([&]() -> int {
    auto b = std::make_unique<AcBatch>();
    b->objects.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      int rc = RA_OK;
      AcObject* o = lookup<AcObject>(objects[i], Kind::kAcObject, rc);
      if (!o) return fail(rc, "objects[" + std::to_string(i) + "]: " + t_last_error);
      if (o->batches.load() > 0)
        return fail(RA_ERR_STATE, "objects[" + std::to_string(i) + "] is already in a batch (an object is in one batch at a time)");
      b->objects.push_back(o);
    }
    // Distinct objects only (update_objects' rule).
    {
      std::vector<const AcObject*> sorted(b->objects.begin(), b->objects.end());
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
        return fail(RA_ERR_ARGUMENT, "an object is in the list more than once");
    }
    b->motion.reserve(count);
    b->physics.reserve(count);
    for (AcObject* o : b->objects) {
      b->motion.push_back(o->object.get());
      b->physics.push_back(&o->object->physics());
    }
    b->flags = std::make_unique<uint8_t[]>(count ? count : 1);
    b->pool = std::make_unique<ra::WorkerPool>(threads);
    b->handle = HandleTable::get().add(Kind::kAcBatch, b.get());
    if (b->handle == 0) return fail(RA_ERR_OUT_OF_MEMORY, "too many handles");
    for (size_t i = 0; i < count; ++i) {
      AcObject* o = b->objects[i];
      o->batches.fetch_add(1);
      b->flags[i] = o->object->events().empty() ? 0 : 1;  // events from before the batch come with its first tick
      o->object->set_event_flag(&b->flags[i]);
      o->object->set_event_sink(&b->sink, static_cast<uint32_t>(i));
    }
    *out = as_handle<ra_ac_batch>(b->handle);
    b.release();
    return RA_OK;
  });
}

int ra_ac_batch_free(ra_ac_batch* batch) {
  if (!batch) return RA_OK;
  int rc = RA_OK;
  AcBatch* b = lookup<AcBatch>(batch, Kind::kAcBatch, rc);
  if (!b) return rc;
  HandleTable::get().remove(b->handle);
  for (AcObject* o : b->objects) {
    o->object->set_event_flag(nullptr);
    o->object->set_event_sink(nullptr, 0);
    o->batches.fetch_sub(1);
  }
  delete b;
  return RA_OK;
}

int ra_ac_batch_tick(ra_ac_batch* batch, float quantum) {
  int rc = RA_OK;
  AcBatch* b = lookup<AcBatch>(batch, Kind::kAcBatch, rc);
  if (!b) return rc;
  if (!std::isfinite(quantum) || quantum <= 0.0f) return fail(RA_ERR_ARGUMENT, "quantum must be a finite number > 0");
  return guarded([&]() -> int {
    ra::ac::update_motion_objects(b->motion, b->physics, std::span<uint8_t>(b->flags.get(), b->objects.size()), quantum,
                                  b->pool.get(), b->sink);
    return RA_OK;
  });
}

int ra_ac_batch_get_events(ra_ac_batch* batch, const ra_ac_hook_event** events, size_t* count) {
  int rc = RA_OK;
  AcBatch* b = lookup<AcBatch>(batch, Kind::kAcBatch, rc);
  if (!b) return rc;
  if (!events || !count) return null_arg("events or count");
  *events = reinterpret_cast<const ra_ac_hook_event*>(b->sink.events.data());
  *count = b->sink.events.size();
  return RA_OK;
}

int ra_ac_batch_get_frames(ra_ac_batch* batch, ra_ac_frame* out, size_t count) {
  int rc = RA_OK;
  AcBatch* b = lookup<AcBatch>(batch, Kind::kAcBatch, rc);
  if (!b) return rc;
  if (count != b->physics.size())
    return fail(RA_ERR_ARGUMENT, "out holds " + std::to_string(count) + " frames, the batch has " +
                                     std::to_string(b->physics.size()) + " objects");
  if (!out && count > 0) return null_arg("out");
  for (size_t i = 0; i < count; ++i) to_c(b->physics[i]->frame(), out + i);
  return RA_OK;
}

int ra_ac_batch_checksum(ra_ac_batch* batch, uint64_t* checksum) {
  int rc = RA_OK;
  AcBatch* b = lookup<AcBatch>(batch, Kind::kAcBatch, rc);
  if (!b) return rc;
  if (!checksum) return null_arg("checksum");
  std::vector<const ra::ac::PhysicsObj*> list(b->physics.begin(), b->physics.end());
  *checksum = ra::bench::ac_checksum(list);
  return RA_OK;
}

int ra_ac_bench_run(int kind, size_t objects, int ticks, unsigned threads, double* ms_per_tick, uint64_t* checksum) {
  if (kind < 0 || kind > 2) return fail(RA_ERR_ARGUMENT, "workload kind " + std::to_string(kind) + " is not 0, 1 or 2");
  if (ticks < 0) return fail(RA_ERR_ARGUMENT, "ticks is negative");
  if (threads > 1024) return fail(RA_ERR_ARGUMENT, "threads " + std::to_string(threads) + " is too many (at most 1024)");
  return guarded([&]() -> int {
    auto world = ra::bench::make_ac_world(objects, static_cast<ra::bench::AcWorkload>(kind));
    const ra::bench::BenchResult r = ra::bench::run_ac_bench(*world, ticks, threads);
    if (ms_per_tick) *ms_per_tick = r.ms_per_tick;
    if (checksum) *checksum = r.checksum;
    return RA_OK;
  });
}

// ======================================================================
// 0.2 forms

ra_ck_scene* ra_ck_scene_load(const char* path, char* err, size_t err_len) {
  ra_ck_scene* out = nullptr;
  int rc = path ? ra_ck_scene_open(path, &out) : fail(RA_ERR_ARGUMENT, "no path given");
  copy_err(rc, err, err_len);
  return out;
}

void ra_ck_scene_free(ra_ck_scene* scene) { ra_ck_scene_close(scene); }

size_t ra_ck_scene_object_count(const ra_ck_scene* scene) {
  size_t n = 0;
  if (!scene || ra_ck_scene_count_objects(scene, &n) != RA_OK) return 0;
  return n;
}

int ra_ck_curve_length(ra_ck_scene* scene, const char* curve, float* length, char* err, size_t err_len) {
  if (!scene || !curve || !length) return copy_err(fail(RA_ERR_ARGUMENT, "null argument"), err, err_len);
  ra_ck_curve* c = nullptr;
  int rc = ra_ck_scene_find_curve(scene, curve, &c);
  if (rc == RA_OK) rc = ra_ck_curve_get_length(c, length);
  return copy_err(rc, err, err_len);
}

int ra_ck_curve_get_pos(ra_ck_scene* scene, const char* curve, float step, float pos[3], float dir[3], char* err,
                        size_t err_len) {
  if (!scene || !curve || !pos) return copy_err(fail(RA_ERR_ARGUMENT, "null argument"), err, err_len);
  ra_ck_curve* c = nullptr;
  int rc = ra_ck_scene_find_curve(scene, curve, &c);
  if (rc == RA_OK && !std::isfinite(step)) rc = fail(RA_ERR_ARGUMENT, "step is not a finite number");
  if (rc == RA_OK) {
    rc = ra_ck_curve_get_position(c, step, pos, dir);
    if (rc != RA_OK && rc != RA_ERR_ARGUMENT) t_last_error = std::string("curve '") + curve + "'" + t_last_error.substr(5);
  }
  return copy_err(rc, err, err_len);
}

int ra_ck_object_animation_set_step(ra_ck_scene* scene, const char* anim, float step, float world[16], char* err,
                                    size_t err_len) {
  if (!scene || !anim) return copy_err(fail(RA_ERR_ARGUMENT, "null argument"), err, err_len);
  ra_ck_object_animation* a = nullptr;
  int rc = ra_ck_scene_find_object_animation(scene, anim, &a);
  if (rc == RA_OK && !std::isfinite(step)) rc = fail(RA_ERR_ARGUMENT, "step is not a finite number");
  if (rc == RA_OK) {
    rc = ra_ck_object_animation_apply_step(a, step, world);
    if (rc == RA_ERR_STATE) t_last_error = std::string("object animation '") + anim + "' has no entity";
  }
  return copy_err(rc, err, err_len);
}

int ra_ac_run_scenario(const char* scenario_path, const char* out_path, char* err, size_t err_len) {
  if (!scenario_path || !out_path) return copy_err(fail(RA_ERR_ARGUMENT, "null argument"), err, err_len);
  int rc = guarded([&]() -> int {
    std::ofstream out(ra::io::utf8_path(out_path), std::ios::binary);
    if (!out) return fail(RA_ERR_IO, std::string(out_path) + ": cannot write");
    ra::ac::run_scenario_file(scenario_path, out);
    out.flush();
    if (!out) return fail(RA_ERR_IO, std::string(out_path) + ": cannot write");
    return RA_OK;
  });
  return copy_err(rc, err, err_len);
}

}  // extern "C"
