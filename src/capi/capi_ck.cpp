// The C API's Virtools side (include/retroanim/retroanim.h): scenes opened
// from a file or memory, and the curves, object and keyed animations and
// entities found in them by name. Forwards to ck::io::load_scene, ck::Curve,
// ck::set_step and ck::sample_animation.
#include <span>

#include "capi/capi_support.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"

namespace ra = retroanim;
using namespace retroanim::capi;

static_assert(sizeof(ra_ck_curve_point) == 40 && sizeof(ra_ck_transform) == 44);

namespace {

int open_scene(ra::ck::Scene&& scene, ra_ck_scene** out) {
  auto s = std::make_unique<CkScene>();
  s->scene = std::move(scene);
  return publish(s, Kind::kCkScene, out);
}

}  // namespace

extern "C" {

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
    if (rc != RA_OK && rc != RA_ERR_ARGUMENT) last_error() = std::string("curve '") + curve + "'" + last_error().substr(5);
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
    if (rc == RA_ERR_STATE) last_error() = std::string("object animation '") + anim + "' has no entity";
  }
  return copy_err(rc, err, err_len);
}
}  // extern "C"
