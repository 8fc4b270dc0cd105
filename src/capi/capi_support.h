// What every file of the C API shares (retroanim's own): the last error, the
// exception guard, handle lookup, and the objects behind the handles. The C
// API only forwards: each entry point checks its arguments and handles, calls
// the library, and turns what it throws into a code and a one-line message.
#pragma once

#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>

#include "capi/handles.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/motion/motion_object.h"
#include "retroanim/ac/object/setup.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/error.h"
#include "retroanim/math/frame.h"
#include "retroanim/math/matrix.h"
#include "retroanim/retroanim.h"
#include "retroanim/worker_pool.h"

namespace retroanim::capi {

// ---- Errors ----

// The calling thread's last error message (ra_last_error).
std::string& last_error();
// Sets the last error and returns `code`.
int fail(int code, std::string message);
// Copies the last error into a 0.2-form `err` buffer; returns `code`.
int copy_err(int code, char* err, size_t err_len);
// The RA_ERR_* code of a runtime operation's failure.
int status_code(StatusCode code);
int fail_status(const Status& st, const std::string& what);
int null_arg(const char* what);
int bad_number(const char* what);
// RA_ERR_ARGUMENT: a copy-out call given `given` elements where the object has `have` `what`.
int wrong_count(const char* what, size_t given, size_t have);

// Runs f, turning what it throws into a code and message: retroanim::Error
// (bad input) is RA_ERR_INPUT, running out of memory RA_ERR_OUT_OF_MEMORY,
// anything else RA_ERR_INTERNAL.
template <typename F>
int guarded(F&& f) noexcept {
  try {
    return f();
  } catch (const Error& e) {
    return fail(RA_ERR_INPUT, e.what());
  } catch (const std::bad_alloc&) {
    return fail(RA_ERR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return fail(RA_ERR_INTERNAL, e.what());
  } catch (...) {
    return fail(RA_ERR_INTERNAL, "unknown exception");
  }
}

// ---- Handles ----

template <typename H>
H* as_handle(uintptr_t t) {
  return reinterpret_cast<H*>(t);
}

const char* kind_name(Kind k);

// The object behind handle h of kind `kind`, or nullptr with the error set.
void* lookup_any(const void* h, Kind kind, int& rc);
template <typename T>
T* lookup(const void* h, Kind kind, int& rc) {
  return static_cast<T*>(lookup_any(h, kind, rc));
}

// Registers `obj` (owned by the caller until this succeeds) under a new handle
// of `kind`, storing it in obj->handle and *out; RA_ERR_OUT_OF_MEMORY when the
// table is full.
template <typename T, typename H>
int publish(std::unique_ptr<T>& obj, Kind kind, H** out) {
  obj->handle = HandleTable::get().add(kind, obj.get());
  if (obj->handle == 0) return fail(RA_ERR_OUT_OF_MEMORY, "too many handles");
  *out = as_handle<H>(obj->handle);
  obj.release();
  return RA_OK;
}

// ---- ck ----

struct CkScene;

// A scene object handed out by a find call (owned by its scene).
struct CkChild {
  CkScene* scene;
  void* object;
  Kind kind;
  uintptr_t handle = 0;
};

struct CkScene {
  ck::Scene scene;
  uintptr_t handle = 0;
  std::mutex mutex;  // the children map
  std::unordered_map<const void*, std::unique_ptr<CkChild>> children;
  std::atomic<int> players{0};  // handles that use the scene (the harness's players)

  // The handle of `object` (created on first use).
  uintptr_t child(void* object, Kind kind);
  ~CkScene();
};

template <typename T>
T* ck_child(const void* h, Kind kind, int& rc) {
  CkChild* c = lookup<CkChild>(h, kind, rc);
  return c ? static_cast<T*>(c->object) : nullptr;
}

// The handle of the scene object `find(scene, name)` returns (null: RA_ERR_NOT_FOUND "no WHAT named 'NAME'").
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

void copy_matrix(const math::Matrix& m, float out[16]);

// ---- ac ----

struct AcDat {
  explicit AcDat(ac::io::DatDatabase d) : db(std::move(d)) {}
  ac::io::DatDatabase db;
  uintptr_t handle = 0;
  std::atomic<int> providers{0};
};

// Where an object's animations, setups and motion tables come from: a dat's
// content (ac::io::DatContent), or what the harness makes (a scenario's
// animations, a benchmark workload). `backing` keeps them alive.
struct AcProvider {
  uintptr_t handle = 0;
  const ac::AnimationProvider* animations = nullptr;
  const ac::SetupProvider* setups = nullptr;        // nullptr: none
  const ac::MotionTableProvider* tables = nullptr;  // nullptr: none
  std::shared_ptr<const void> backing;
  AcDat* dat = nullptr;         // the dat handle it was made from (counted), if any
  bool scenario_owned = false;  // freed with its scenario
  std::atomic<int> objects{0};
};

struct AcObject {
  uintptr_t handle = 0;
  AcProvider* provider = nullptr;
  std::unique_ptr<ac::Setup> own_setup;  // a part-count object's setup
  std::unique_ptr<ac::MotionObject> object;
  std::vector<uint32_t> done;  // ra_ac_object_take_done's copy
  std::atomic<int> batches{0};
};

void to_c(const math::Frame& f, ra_ac_frame* out);
bool finite_frame(const ra_ac_frame& f);
bool finite3(const float v[3]);

}  // namespace retroanim::capi
