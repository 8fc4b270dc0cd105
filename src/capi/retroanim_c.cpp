// The C API (include/retroanim/retroanim.h): forwards to the library, turns
// exceptions into error codes and one-line messages.
#include "retroanim/retroanim.h"

#include <cmath>
#include <cstring>
#include <exception>
#include <fstream>
#include <new>
#include <string>

#include "retroanim/ac/scenario.h"
#include "retroanim/ck/curve.h"
#include "retroanim/ck/object_animation.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/error.h"
#include "retroanim/version.h"
#include "retroanim/io/file_path.h"

struct ra_ck_scene {
  retroanim::ck::Scene scene;
};

namespace {

int fail(int code, const std::string& message, char* err, size_t err_len) {
  if (err && err_len > 0) {
    size_t n = message.size() < err_len - 1 ? message.size() : err_len - 1;
    std::memcpy(err, message.data(), n);
    err[n] = '\0';
  }
  return code;
}

// The RA_ERR_* code of a runtime operation's failure (retroanim::Status).
int status_code(retroanim::StatusCode code) {
  switch (code) {
    case retroanim::StatusCode::kOk: return RA_OK;
    case retroanim::StatusCode::kNotFound: return RA_ERR_NOT_FOUND;
    case retroanim::StatusCode::kInvalidParameter: return RA_ERR_STATE;
    case retroanim::StatusCode::kAlreadyPresent: return RA_ERR_STATE;
  }
  return RA_ERR_INTERNAL;
}

// A failed runtime operation on the object `what` ("curve 'X'"): its code and
// "what: the library's message".
int fail_status(const retroanim::Status& st, const std::string& what, char* err, size_t err_len) {
  return fail(status_code(st.code()), what + ": " + st.message(), err, err_len);
}

// Runs f, turning what it throws into a code and message: retroanim::Error
// (bad input) is RA_ERR_INPUT, running out of memory RA_ERR_OUT_OF_MEMORY,
// anything else RA_ERR_INTERNAL.
template <typename F>
int guarded(char* err, size_t err_len, F&& f) {
  try {
    return f();
  } catch (const retroanim::Error& e) {
    return fail(RA_ERR_INPUT, e.what(), err, err_len);
  } catch (const std::bad_alloc&) {
    return fail(RA_ERR_OUT_OF_MEMORY, "out of memory", err, err_len);
  } catch (const std::exception& e) {
    return fail(RA_ERR_INTERNAL, e.what(), err, err_len);
  }
}

}  // namespace

extern "C" {

const char* ra_version(void) { return RETROANIM_VERSION_STRING; }

ra_ck_scene* ra_ck_scene_load(const char* path, char* err, size_t err_len) {
  if (!path) {
    fail(RA_ERR_ARGUMENT, "no path given", err, err_len);
    return nullptr;
  }
  ra_ck_scene* out = nullptr;
  guarded(err, err_len, [&]() -> int {
    auto s = new ra_ck_scene{retroanim::ck::io::load_scene_file(path)};
    out = s;
    return RA_OK;
  });
  return out;
}

void ra_ck_scene_free(ra_ck_scene* scene) { delete scene; }

size_t ra_ck_scene_object_count(const ra_ck_scene* scene) { return scene ? scene->scene.objects().size() : 0; }

int ra_ck_curve_length(ra_ck_scene* scene, const char* curve, float* length, char* err, size_t err_len) {
  if (!scene || !curve || !length) return fail(RA_ERR_ARGUMENT, "null argument", err, err_len);
  retroanim::ck::Curve* c = scene->scene.curve(curve);
  if (!c) return fail(RA_ERR_NOT_FOUND, std::string("no curve named '") + curve + "'", err, err_len);
  return guarded(err, err_len, [&]() -> int {
    *length = c->get_length();
    return RA_OK;
  });
}

int ra_ck_curve_get_pos(ra_ck_scene* scene, const char* curve, float step, float pos[3], float dir[3], char* err,
                        size_t err_len) {
  if (!scene || !curve || !pos) return fail(RA_ERR_ARGUMENT, "null argument", err, err_len);
  retroanim::ck::Curve* c = scene->scene.curve(curve);
  if (!c) return fail(RA_ERR_NOT_FOUND, std::string("no curve named '") + curve + "'", err, err_len);
  if (!std::isfinite(step)) return fail(RA_ERR_ARGUMENT, "step is not a finite number", err, err_len);
  return guarded(err, err_len, [&]() -> int {
    retroanim::math::Vec3 p, d;
    const retroanim::Status st = c->get_pos(step, &p, dir ? &d : nullptr);
    if (!st.ok()) return fail_status(st, std::string("curve '") + curve + "'", err, err_len);
    pos[0] = p.x, pos[1] = p.y, pos[2] = p.z;
    if (dir) dir[0] = d.x, dir[1] = d.y, dir[2] = d.z;
    return RA_OK;
  });
}

int ra_ck_object_animation_set_step(ra_ck_scene* scene, const char* anim, float step, float world[16], char* err,
                                    size_t err_len) {
  if (!scene || !anim) return fail(RA_ERR_ARGUMENT, "null argument", err, err_len);
  retroanim::ck::ObjectAnimation* a = scene->scene.object_animation(anim);
  if (!a) return fail(RA_ERR_NOT_FOUND, std::string("no object animation named '") + anim + "'", err, err_len);
  if (!std::isfinite(step)) return fail(RA_ERR_ARGUMENT, "step is not a finite number", err, err_len);
  return guarded(err, err_len, [&]() -> int {
    if (retroanim::ck::set_step(*a, step) == retroanim::ck::SetStepOutcome::kNoEntity || !a->entity)
      return fail(RA_ERR_STATE, std::string("object animation '") + anim + "' has no entity", err, err_len);
    if (world) {
      const retroanim::math::Matrix& w = a->entity->world_matrix();
      for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) world[r * 4 + c] = w.m[r][c];
    }
    return RA_OK;
  });
}

int ra_ac_run_scenario(const char* scenario_path, const char* out_path, char* err, size_t err_len) {
  if (!scenario_path || !out_path) return fail(RA_ERR_ARGUMENT, "null argument", err, err_len);
  return guarded(err, err_len, [&]() -> int {
    std::ofstream out(retroanim::io::utf8_path(out_path), std::ios::binary);
    if (!out) return fail(RA_ERR_IO, std::string(out_path) + ": cannot write", err, err_len);
    retroanim::ac::run_scenario_file(scenario_path, out);
    out.flush();
    if (!out) return fail(RA_ERR_IO, std::string(out_path) + ": cannot write", err, err_len);
    return RA_OK;
  });
}

}  // extern "C"
