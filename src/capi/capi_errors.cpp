// The C API's errors, version and shared helpers (include/retroanim/retroanim.h;
// capi_support.h): the last error per thread, the handle lookup, the objects
// behind the handles.
#include <cstring>

#include "capi/capi_support.h"
#include "retroanim/version.h"

namespace retroanim::capi {

std::string& last_error() {
  thread_local std::string t_last_error;
  return t_last_error;
}

int fail(int code, std::string message) {
  last_error() = std::move(message);
  return code;
}

int copy_err(int code, char* err, size_t err_len) {
  if (code != RA_OK && err && err_len > 0) {
    const std::string& m = last_error();
    size_t n = m.size() < err_len - 1 ? m.size() : err_len - 1;
    std::memcpy(err, m.data(), n);
    err[n] = '\0';
  }
  return code;
}

int status_code(StatusCode code) {
  switch (code) {
    case StatusCode::kOk: return RA_OK;
    case StatusCode::kNotFound: return RA_ERR_NOT_FOUND;
    case StatusCode::kInvalidParameter: return RA_ERR_STATE;
    case StatusCode::kAlreadyPresent: return RA_ERR_STATE;
  }
  return RA_ERR_INTERNAL;
}

int fail_status(const Status& st, const std::string& what) { return fail(status_code(st.code()), what + ": " + st.message()); }

int null_arg(const char* what) { return fail(RA_ERR_ARGUMENT, std::string(what) + " is NULL"); }
int bad_number(const char* what) { return fail(RA_ERR_ARGUMENT, std::string(what) + " is not a finite number"); }
int wrong_count(const char* what, size_t given, size_t have) {
  return fail(RA_ERR_ARGUMENT, "count is " + std::to_string(given) + ", not the " + std::to_string(have) + " " + what +
                                   " there are");
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
    case Kind::kAcMotionTiming: return "motion timing";
    case Kind::kCkMesh: return "mesh";
    case Kind::kCkMaterial: return "material";
    case Kind::kCkTexture: return "texture";
    case Kind::kImage: return "image";
    case Kind::kAcMesh: return "AC mesh";
    case Kind::kNone: break;
  }
  return "handle";
}

void* lookup_any(const void* h, Kind kind, int& rc) {
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
  return p;
}

uintptr_t CkScene::child(void* object, Kind kind) {
  std::lock_guard<std::mutex> lock(mutex);
  auto& c = children[object];
  if (!c) {
    c = std::make_unique<CkChild>(CkChild{this, object, kind});
    c->handle = HandleTable::get().add(kind, c.get());
    if (c->handle == 0) throw std::bad_alloc();
  }
  return c->handle;
}

CkScene::~CkScene() {
  for (auto& [k, c] : children) HandleTable::get().remove(c->handle);
}

void copy_matrix(const math::Matrix& m, float out[16]) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) out[r * 4 + c] = m.m[r][c];
}

void to_c(const math::Frame& f, ra_ac_frame* out) {
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

}  // namespace retroanim::capi

using namespace retroanim::capi;

extern "C" {

const char* ra_version(void) { return RETROANIM_VERSION_STRING; }

const char* ra_last_error(void) { return last_error().c_str(); }

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

}  // extern "C"
