// The Python module `retroanim._retroanim` (bindings/python/README.md): the
// library's objects wrapped for Python with numpy arrays. Every value comes
// from the library (and, for play(), from the harness's scenario runner);
// this file only converts arguments and results, maps errors to Python
// exceptions and releases the GIL around the long calls. Objects handed out
// (curves, animations, entities, setups) keep their scene or dat alive.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "harness/ck/scenario.h"
#include "harness/ck/scenario_trace.h"
#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/io/dat_content.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/motion/motion_object.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/motion/motion_table_manager.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/ac/object/setup.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"
#include "retroanim/error.h"
#include "retroanim/io/text_encoding.h"
#include "retroanim/version.h"
#include "retroanim/worker_pool.h"
#if RETROANIM_HAVE_GLTF
#include "export/gltf_export.h"
#endif

namespace py = pybind11;
namespace ra = retroanim;
namespace ck = retroanim::ck;
namespace ac = retroanim::ac;

namespace {

// ---- errors ----

// A refused runtime operation (retroanim::Status) or a missing object, as
// the Python exception class named after its kind.
struct KindError {
  enum Kind { kInvalidParameter, kNotFound, kAlreadyPresent, kNotInitialized } kind;
  std::string message;
};

PyObject* g_error = nullptr;             // retroanim.Error
PyObject* g_input_error = nullptr;       // retroanim.InputError (retroanim::Error)
PyObject* g_invalid_parameter = nullptr; // retroanim.InvalidParameterError (StatusCode::kInvalidParameter)
PyObject* g_not_found = nullptr;         // retroanim.NotFoundError (StatusCode::kNotFound)
PyObject* g_already_present = nullptr;   // retroanim.AlreadyPresentError (StatusCode::kAlreadyPresent)
PyObject* g_not_initialized = nullptr;   // retroanim.NotInitializedError (SetStepOutcome::kNoEntity)

[[noreturn]] void raise(KindError::Kind kind, std::string message) { throw KindError{kind, std::move(message)}; }

void check(const ra::Status& st, const std::string& context) {
  if (st.ok()) return;
  std::string msg = context.empty() ? st.message() : context + ": " + st.message();
  switch (st.code()) {
    case ra::StatusCode::kNotFound: raise(KindError::kNotFound, msg);
    case ra::StatusCode::kAlreadyPresent: raise(KindError::kAlreadyPresent, msg);
    default: raise(KindError::kInvalidParameter, msg);
  }
}

// ---- numpy helpers ----

using FloatArray = py::array_t<float, py::array::c_style | py::array::forcecast>;

FloatArray matrix_array(const ra::math::Matrix& m) {
  FloatArray a({4, 4});
  std::memcpy(a.mutable_data(), &m.m[0][0], sizeof m.m);
  return a;
}

FloatArray vec3_array(ra::math::Vec3 v) {
  FloatArray a(3);
  float* p = a.mutable_data();
  p[0] = v.x;
  p[1] = v.y;
  p[2] = v.z;
  return a;
}

// An AFrame as 7 floats: origin x, y, z, then quaternion w, x, y, z.
inline void put_aframe(float* p, const ra::math::AFrame& f) {
  p[0] = f.origin.x;
  p[1] = f.origin.y;
  p[2] = f.origin.z;
  p[3] = f.qw;
  p[4] = f.qx;
  p[5] = f.qy;
  p[6] = f.qz;
}
inline void put_frame(float* p, const ra::math::Frame& f) {
  p[0] = f.origin.x;
  p[1] = f.origin.y;
  p[2] = f.origin.z;
  p[3] = f.qw;
  p[4] = f.qx;
  p[5] = f.qy;
  p[6] = f.qz;
}

uint32_t code_page_of(const py::object& encoding) {
  uint32_t cp = 0;
  if (py::isinstance<py::int_>(encoding)) {
    long v = encoding.cast<long>();
    if (v <= 0 || v > 65535) throw py::value_error("encoding: code page " + std::to_string(v) + " is out of range");
    cp = static_cast<uint32_t>(v);
  } else {
    std::string s = encoding.cast<std::string>();
    std::string l;
    for (char c : s) l += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string digits;
    for (const char* prefix : {"windows-", "windows", "cp"})
      if (l.rfind(prefix, 0) == 0) {
        digits = l.substr(std::strlen(prefix));
        break;
      }
    if (l == "utf-8" || l == "utf8") digits = "65001";
    if (l == "shift_jis" || l == "shift-jis" || l == "sjis") digits = "932";
    if (digits.empty() || digits.size() > 5 || digits.find_first_not_of("0123456789") != std::string::npos)
      throw py::value_error("encoding: '" + s + "' is not a code page (use e.g. 'cp1252' or 1252)");
    cp = static_cast<uint32_t>(std::stoul(digits));
  }
  if (!ra::io::code_page_supported(cp))
    throw py::value_error("encoding: code page " + std::to_string(cp) + " is not supported here");
  return cp;
}

// ---- Virtools ----

// A loaded scene and the lock that serialises the calls that change it
// (sampling, playing, saving): taken with the GIL released.
struct SceneBox {
  ck::Scene scene;
  std::mutex mutex;
  std::string path;
};
using SceneRef = std::shared_ptr<SceneBox>;

template <typename T>
struct Ref {
  SceneRef box;
  T* obj;
};
// Entities, and curves and points as entities (pybind11 needs the C++ base).
struct EntityRef {
  SceneRef box;
  ck::Entity3d* obj;
  EntityRef(SceneRef b, ck::Entity3d* o) : box(std::move(b)), obj(o) {}
};
template <typename T>
struct EntitySubRef : EntityRef {
  T* obj;
  EntitySubRef(SceneRef b, T* o) : EntityRef(std::move(b), o), obj(o) {}
};
using CurveRef = EntitySubRef<ck::Curve>;
using CurvePointRef = EntitySubRef<ck::CurvePoint>;
using ObjectAnimationRef = Ref<ck::ObjectAnimation>;
using KeyedAnimationRef = Ref<ck::KeyedAnimation>;

struct ObjectInfo {
  std::string name;
  uint32_t class_id;
  std::string class_name;
  uint32_t id;
  ck::FileIndex file_index;  // the object's index in the file
};

SceneRef load_scene_impl(const py::object& source, const py::object& encoding, bool ignore_crc) {
  ck::io::ReadOptions options;
  options.name_code_page = code_page_of(encoding);
  options.ignore_crc = ignore_crc;
  auto box = std::make_shared<SceneBox>();
  if (py::isinstance<py::bytes>(source) || py::isinstance<py::bytearray>(source)) {
    std::string bytes = py::isinstance<py::bytes>(source) ? source.cast<std::string>()
                                                          : std::string(py::bytearray(source));
    py::gil_scoped_release nogil;
    box->scene = ck::io::load_scene(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
                                    "<bytes>", options);
    box->path = "<bytes>";
  } else {
    std::string path = py::str(py::module_::import("os").attr("fspath")(source));
    py::gil_scoped_release nogil;
    box->scene = ck::io::load_scene_file(path, options);
    box->path = path;
  }
  return box;
}

std::vector<float> steps_of(const py::object& steps, bool& scalar) {
  FloatArray a = FloatArray::ensure(steps);
  if (!a) throw py::type_error("steps must be a number or an array of numbers");
  scalar = a.ndim() == 0;
  if (a.ndim() > 1) throw py::value_error("steps must be a number or a 1-D array");
  return std::vector<float>(a.data(), a.data() + a.size());
}

// Curve.get_pos: positions and directions at each step.
py::tuple curve_get_pos(const CurveRef& c, const py::object& steps, bool local) {
  bool scalar = false;
  std::vector<float> s = steps_of(steps, scalar);
  const size_t n = s.size();
  FloatArray pos(std::vector<py::ssize_t>{static_cast<py::ssize_t>(n), 3});
  FloatArray dir(std::vector<py::ssize_t>{static_cast<py::ssize_t>(n), 3});
  float* pp = pos.mutable_data();
  float* dp = dir.mutable_data();
  ra::Status failed;
  size_t failed_at = 0;
  {
    std::optional<py::gil_scoped_release> nogil;
    if (n > 256) nogil.emplace();
    std::lock_guard lock(c.box->mutex);
    for (size_t i = 0; i < n; ++i) {
      ra::math::Vec3 p, d;
      ra::Status st = local ? c.obj->get_local_pos(s[i], &p, &d) : c.obj->get_pos(s[i], &p, &d);
      if (!st.ok()) {
        failed = st;
        failed_at = i;
        break;
      }
      pp[3 * i] = p.x;
      pp[3 * i + 1] = p.y;
      pp[3 * i + 2] = p.z;
      dp[3 * i] = d.x;
      dp[3 * i + 1] = d.y;
      dp[3 * i + 2] = d.z;
    }
  }
  if (!failed.ok()) {
    char step[32];
    std::snprintf(step, sizeof step, "%.9g", static_cast<double>(s[failed_at]));
    check(failed, c.box->path + ": curve '" + c.obj->name + "': at step " + step);
  }
  if (scalar) return py::make_tuple(pos.attr("reshape")(3), dir.attr("reshape")(3));
  return py::make_tuple(pos, dir);
}

// ObjectAnimation.sample: SetStep at each step, the entity's world matrix after it.
FloatArray animation_sample(const ObjectAnimationRef& a, const py::object& steps, const py::object& frames) {
  if (steps.is_none() == frames.is_none()) throw py::value_error("give exactly one of steps= or frames=");
  bool scalar = false;
  std::vector<float> s = steps_of(steps.is_none() ? frames : steps, scalar);
  const bool by_frame = steps.is_none();
  if (!a.obj->entity) raise(KindError::kNotInitialized, a.box->path + ": object animation '" + a.obj->name + "': no entity");
  const size_t n = s.size();
  FloatArray out(std::vector<py::ssize_t>{static_cast<py::ssize_t>(n), 4, 4});
  float* o = out.mutable_data();
  {
    py::gil_scoped_release nogil;
    std::lock_guard lock(a.box->mutex);
    const float length = a.obj->length();
    for (size_t i = 0; i < n; ++i) {
      // ck anim --frames: step = frame / length (0 for a zero length).
      float step = by_frame ? (length != 0.0f ? s[i] / length : 0.0f) : s[i];
      ck::set_step(*a.obj, step);
      std::memcpy(o + 16 * i, &a.obj->entity->world_matrix().m[0][0], 16 * sizeof(float));
    }
  }
  if (scalar) return out.attr("reshape")(4, 4).cast<FloatArray>();
  return out;
}

const char* interpolation_name(ck::Interpolation i) {
  switch (i) {
    case ck::Interpolation::kLinear: return "linear";
    case ck::Interpolation::kTcb: return "tcb";
    case ck::Interpolation::kBezier: return "bezier";
  }
  return "?";
}

template <typename Key, typename Fill>
py::dict keys_dict(const std::vector<Key>& keys, int value_width, Fill fill_extra, py::dict d) {
  const auto n = static_cast<py::ssize_t>(keys.size());
  FloatArray time(n);
  FloatArray value(std::vector<py::ssize_t>{n, value_width});
  for (py::ssize_t i = 0; i < n; ++i) {
    time.mutable_data()[i] = keys[i].time;
    float* v = value.mutable_data() + i * value_width;
    if constexpr (requires { keys[i].value.w; }) {
      v[0] = keys[i].value.x;
      v[1] = keys[i].value.y;
      v[2] = keys[i].value.z;
      v[3] = keys[i].value.w;
    } else {
      v[0] = keys[i].value.x;
      v[1] = keys[i].value.y;
      v[2] = keys[i].value.z;
    }
  }
  d["time"] = time;
  d["value"] = value;
  fill_extra(d);
  return d;
}

template <typename Key>
void tcb_fields(const std::vector<Key>& keys, py::dict& d) {
  const auto n = static_cast<py::ssize_t>(keys.size());
  FloatArray tcb(std::vector<py::ssize_t>{n, 5});
  for (py::ssize_t i = 0; i < n; ++i) {
    float* p = tcb.mutable_data() + 5 * i;
    p[0] = keys[i].tension;
    p[1] = keys[i].continuity;
    p[2] = keys[i].bias;
    p[3] = keys[i].ease_to;
    p[4] = keys[i].ease_from;
  }
  d["tcb"] = tcb;
}

py::dict controller_dict(const ck::VectorController& c) {
  py::dict d;
  d["type"] = c.type;
  d["interpolation"] = interpolation_name(c.interpolation());
  return std::visit(
      [&](const auto& keys) -> py::dict {
        using K = typename std::decay_t<decltype(keys)>::value_type;
        return keys_dict(keys, 3, [&](py::dict& dd) {
          if constexpr (std::is_same_v<K, ck::TcbPositionKey>) tcb_fields(keys, dd);
          if constexpr (std::is_same_v<K, ck::BezierPositionKey>) {
            const auto n = static_cast<py::ssize_t>(keys.size());
            py::array_t<uint32_t> flags(n);
            FloatArray in(std::vector<py::ssize_t>{n, 3}), out(std::vector<py::ssize_t>{n, 3});
            for (py::ssize_t i = 0; i < n; ++i) {
              flags.mutable_data()[i] = keys[i].flags;
              float* a = in.mutable_data() + 3 * i;
              float* b = out.mutable_data() + 3 * i;
              a[0] = keys[i].in_tangent.x, a[1] = keys[i].in_tangent.y, a[2] = keys[i].in_tangent.z;
              b[0] = keys[i].out_tangent.x, b[1] = keys[i].out_tangent.y, b[2] = keys[i].out_tangent.z;
            }
            dd["flags"] = flags;
            dd["in_tangent"] = in;
            dd["out_tangent"] = out;
          }
        }, d);
      },
      c.keys);
}

py::dict controller_dict(const ck::QuatController& c) {
  py::dict d;
  d["type"] = c.type;
  d["interpolation"] = interpolation_name(c.interpolation());
  return std::visit(
      [&](const auto& keys) -> py::dict {
        using K = typename std::decay_t<decltype(keys)>::value_type;
        return keys_dict(keys, 4, [&](py::dict& dd) {
          if constexpr (std::is_same_v<K, ck::TcbRotationKey>) tcb_fields(keys, dd);
        }, d);
      },
      c.keys);
}

py::dict animation_keys(const ObjectAnimationRef& a) {
  py::dict d;
  const ck::KeyframeData& k = a.obj->keyframes;
  if (k.position) d["position"] = controller_dict(*k.position);
  if (k.scale) d["scale"] = controller_dict(*k.scale);
  if (k.rotation) d["rotation"] = controller_dict(*k.rotation);
  if (k.scale_axis) d["scale_axis"] = controller_dict(*k.scale_axis);
  if (k.morph) {
    py::dict m;
    m["type"] = k.morph->type;
    m["key_count"] = k.morph->key_count;
    d["morph"] = m;
  }
  return d;
}

py::dict keyed_sample(const KeyedAnimationRef& k, const py::object& steps, const py::object& frames) {
  if (steps.is_none() == frames.is_none()) throw py::value_error("give exactly one of steps= or frames=");
  bool scalar = false;
  std::vector<float> s = steps_of(steps.is_none() ? frames : steps, scalar);
  const bool by_frame = steps.is_none();
  const size_t n = s.size();
  std::vector<std::pair<std::string, std::vector<float>>> per;  // animation name -> n matrices
  {
    py::gil_scoped_release nogil;
    std::lock_guard lock(k.box->mutex);
    const float length = k.obj->length;
    auto step_of = [&](size_t i) { return by_frame ? (length != 0.0f ? s[i] / length : 0.0f) : s[i]; };
    for (size_t i = 0; i < n; ++i) {
      ck::set_step(*k.obj, step_of(i));  // the first call may reorder the members (parents first)
      if (i == 0)
        for (const ck::ObjectAnimation* m : k.obj->animations)
          if (m && m->entity) per.emplace_back(m->name, std::vector<float>(16 * n));
      size_t j = 0;
      for (const ck::ObjectAnimation* m : k.obj->animations) {
        if (!m || !m->entity) continue;
        std::memcpy(per[j++].second.data() + 16 * i, &m->entity->world_matrix().m[0][0], 16 * sizeof(float));
      }
    }
  }
  py::dict d;
  for (auto& [name, data] : per) {
    FloatArray a(std::vector<py::ssize_t>{static_cast<py::ssize_t>(n), 4, 4});
    std::memcpy(a.mutable_data(), data.data(), data.size() * sizeof(float));
    d[py::str(name)] = scalar ? a.attr("reshape")(4, 4) : py::object(a);
  }
  return d;
}

// play(): the harness's scenario runner over a loaded scene.
std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += static_cast<char>(c);
    } else if (c < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      o += b;
    } else {
      o += static_cast<char>(c);
    }
  }
  return o + "\"";
}

py::dict play(const SceneRef& box, const py::object& script, const py::object& scenario, double seconds,
              double dt_ms, const py::object& record) {
  std::string spec;
  std::string label = "scenario";
  if (!scenario.is_none()) {
    if (!script.is_none() || !record.is_none())
      throw py::value_error("give scenario= (a built-in name, spec file or JSON text) or script= with record=, not both");
    spec = py::str(scenario);
  } else {
    if (script.is_none() || record.is_none()) throw py::value_error("play needs script= and record= (or scenario=)");
    std::vector<std::string> names = record.cast<std::vector<std::string>>();
    spec = "{\"script\": {\"name\": " + json_string(script.cast<std::string>()) + "}, \"record\": [";
    for (size_t i = 0; i < names.size(); ++i) spec += (i ? ", " : "") + json_string(names[i]);
    spec += "]}";
  }
  if (!std::isfinite(seconds) || seconds < 0.0) raise(KindError::kInvalidParameter, "seconds must be a finite number >= 0");
  if (!std::isfinite(dt_ms) || dt_ms <= 0.0) raise(KindError::kInvalidParameter, "dt_ms must be a finite number > 0");
  std::vector<ck::ScenarioFrame> frames;
  std::vector<std::string> recorded, notes, warnings;
  {
    py::gil_scoped_release nogil;
    std::lock_guard lock(box->mutex);
    const int count = ck::scenario_frame_count(seconds, dt_ms);
    auto sc = ck::Scenario::create(box->scene, spec, "scenario");
    recorded = sc->recorded();
    notes = sc->notes();
    warnings = sc->warnings();
    sc->reset();
    frames.reserve(static_cast<size_t>(count));
    const float dt = static_cast<float>(dt_ms);
    for (int i = 0; i < count; ++i) frames.push_back(sc->step(dt));
  }
  const auto n = static_cast<py::ssize_t>(frames.size());
  py::array_t<double> t(n);
  py::dict worlds;
  std::vector<FloatArray> arrays;
  for (size_t k = 0; k < recorded.size(); ++k) arrays.emplace_back(std::vector<py::ssize_t>{n, 4, 4});
  py::list events, unimplemented;
  for (py::ssize_t i = 0; i < n; ++i) {
    const ck::ScenarioFrame& f = frames[static_cast<size_t>(i)];
    t.mutable_data()[i] = f.t_ms;
    for (size_t k = 0; k < recorded.size(); ++k)
      std::memcpy(arrays[k].mutable_data() + 16 * i, &f.worlds[k].m[0][0], 16 * sizeof(float));
    for (const auto& e : f.events) {
      py::dict d;
      d["frame"] = i;
      d["block"] = e.block;
      d["script"] = e.script;
      d["what"] = e.what;
      d["failure"] = e.failure;
      events.append(d);
    }
    for (const auto& u : f.unimplemented) {
      py::dict d;
      d["frame"] = i;
      d["name"] = u.name;
      d["script"] = u.script;
      unimplemented.append(d);
    }
  }
  for (size_t k = 0; k < recorded.size(); ++k) worlds[py::str(recorded[k])] = arrays[k];
  py::dict r;
  r["t_ms"] = t;
  r["worlds"] = worlds;
  r["events"] = events;
  r["unimplemented"] = unimplemented;
  r["notes"] = notes;
  r["warnings"] = warnings;
  return r;
}

void write_file(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw ra::Error(path + ": cannot write: " + std::strerror(errno));
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  ok = (std::fclose(f) == 0) && ok;
  if (!ok) {
    std::remove(path.c_str());
    throw ra::Error(path + ": cannot write: " + std::strerror(errno));
  }
}

// ---- Asheron's Call ----

struct DatBox {
  std::unique_ptr<ac::io::DatContent> content;
};
using DatRef = std::shared_ptr<DatBox>;

template <typename T>
struct DatObj {
  DatRef dat;
  const T* obj;
};
using AnimationRef = DatObj<ac::Animation>;
using SetupRef = DatObj<ac::Setup>;
using MotionTableRef = DatObj<ac::MotionTable>;

std::string hex8(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08X", v);
  return b;
}

// One object as an embedder drives it (ac::MotionObject), with its dat kept alive.
struct PhysicsObject {
  DatRef dat;
  std::unique_ptr<ac::MotionObject> object;
  std::mutex mutex;
};

FloatArray frame_array(const ra::math::Frame& f) {
  FloatArray a(7);
  put_frame(a.mutable_data(), f);
  return a;
}

ra::math::Frame frame_of(const FloatArray& a) {
  if (a.ndim() != 1 || a.shape(0) != 7) throw py::value_error("a frame is 7 numbers: origin x, y, z, quaternion w, x, y, z");
  const float* p = a.data();
  for (int i = 0; i < 7; ++i)
    if (!std::isfinite(p[i])) raise(KindError::kInvalidParameter, "frame: non-finite number");
  return ra::math::Frame({p[0], p[1], p[2]}, p[3], p[4], p[5], p[6]);
}

FloatArray part_frames_array(const ac::PhysicsObj& obj) {
  const ac::PartArray* parts = obj.part_array();
  const auto n = static_cast<py::ssize_t>(parts ? parts->num_parts() : 0);
  FloatArray a(std::vector<py::ssize_t>{n, 7});
  for (py::ssize_t i = 0; i < n; ++i) put_frame(a.mutable_data() + 7 * i, parts->part_frame(static_cast<uint32_t>(i)));
  return a;
}

py::list events_list(const std::vector<ac::HookEvent>& events) {
  py::list l;
  for (const auto& e : events) {
    py::dict d;
    d["object"] = e.object_id;
    d["type"] = e.type;
    d["direction"] = e.direction;
    d["tag"] = e.tag;
    d["u"] = py::make_tuple(e.u[0], e.u[1], e.u[2]);
    d["f"] = py::make_tuple(e.f[0], e.f[1], e.f[2], e.f[3], e.f[4], e.f[5], e.f[6]);
    l.append(d);
  }
  return l;
}

// Many objects updated by one call: ac::update_motion_objects over a worker pool.
struct World {
  DatRef dat;
  const ac::Setup* setup = nullptr;
  std::vector<std::unique_ptr<ac::MotionObject>> objects;
  std::vector<ac::MotionObject*> motion;
  std::vector<ac::PhysicsObj*> physics;
  std::unique_ptr<uint8_t[]> flags;
  ac::HookEventSink sink;
  std::unique_ptr<ra::WorkerPool> pool;
  uint32_t parts = 0;
  std::mutex mutex;
};

void world_fill_parts(const World& w, float* out) {
  const size_t p = w.parts;
  for (size_t i = 0; i < w.physics.size(); ++i) {
    const ac::PartArray* pa = w.physics[i]->part_array();
    const ra::math::FrameArray& fa = pa->part_frames();
    using F = ra::math::FrameArray::Field;
    const float* qw = fa.field(F::kQw);
    const float* qx = fa.field(F::kQx);
    const float* qy = fa.field(F::kQy);
    const float* qz = fa.field(F::kQz);
    const float* ox = fa.field(F::kOx);
    const float* oy = fa.field(F::kOy);
    const float* oz = fa.field(F::kOz);
    float* o = out + i * p * 7;
    for (size_t k = 0; k < p; ++k, o += 7) {
      o[0] = ox[k];
      o[1] = oy[k];
      o[2] = oz[k];
      o[3] = qw[k];
      o[4] = qx[k];
      o[5] = qy[k];
      o[6] = qz[k];
    }
  }
}

FloatArray checked_out(const py::object& out, py::ssize_t n, py::ssize_t p) {
  if (out.is_none()) return FloatArray(std::vector<py::ssize_t>{n, p, 7});
  if (!py::isinstance<py::array>(out)) throw py::type_error("out must be a numpy array");
  py::array a = py::reinterpret_borrow<py::array>(out);
  if (!a.dtype().is(py::dtype::of<float>()) || !(a.flags() & py::array::c_style) || !a.writeable() ||
      a.ndim() != 3 || a.shape(0) != n || a.shape(1) != p || a.shape(2) != 7)
    throw py::value_error("out must be a writeable C-contiguous float32 array of shape (" + std::to_string(n) + ", " +
                          std::to_string(p) + ", 7)");
  return py::reinterpret_borrow<FloatArray>(out);
}

}  // namespace

PYBIND11_MODULE(_retroanim, m) {
  m.doc() = "retroanim: the Virtools (Ballance) and Asheron's Call animation runtimes (C++ core).";
  m.attr("__version__") = RETROANIM_VERSION_STRING;
#if RETROANIM_HAVE_GLTF
  m.attr("HAVE_GLTF") = true;
#else
  m.attr("HAVE_GLTF") = false;
#endif

  // ---- exceptions ----
  auto make_exc = [&](const char* name, PyObject* base, const char* doc) {
    std::string full = std::string("retroanim.") + name;
    PyObject* e = PyErr_NewExceptionWithDoc(full.c_str(), doc, base, nullptr);
    if (!e) throw py::error_already_set();
    m.add_object(name, py::handle(e));
    return e;
  };
  g_error = make_exc("Error", PyExc_Exception, "Base class of every error retroanim raises (the library's one-line message).");
  auto with = [&](PyObject* other) {
    return py::make_tuple(py::handle(g_error), py::handle(other)).release().ptr();
  };
  g_input_error = make_exc("InputError", g_error,
                           "Bad input data or a bad request (C++ retroanim::Error): a malformed, truncated or "
                           "unreadable file, an unknown name or id. The message names the file, object and byte offset.");
  g_invalid_parameter = make_exc("InvalidParameterError", with(PyExc_ValueError),
                                 "A refused runtime operation (StatusCode::kInvalidParameter, CKERR_INVALIDPARAMETER).");
  g_not_found = make_exc("NotFoundError", with(PyExc_LookupError),
                         "The object or value asked for is not there (StatusCode::kNotFound, CKERR_NOTFOUND).");
  g_already_present = make_exc("AlreadyPresentError", g_error,
                               "The object is already present (StatusCode::kAlreadyPresent, CKERR_ALREADYPRESENT).");
  g_not_initialized = make_exc("NotInitializedError", g_error,
                               "The object is not set up for the call, e.g. an animation without an entity "
                               "(CKERR_NOTINITIALIZED).");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const KindError& e) {
      PyObject* cls = e.kind == KindError::kNotFound         ? g_not_found
                      : e.kind == KindError::kAlreadyPresent ? g_already_present
                      : e.kind == KindError::kNotInitialized ? g_not_initialized
                                                              : g_invalid_parameter;
      PyErr_SetString(cls, e.message.c_str());
    } catch (const ra::Error& e) {
      PyErr_SetString(g_input_error, e.what());
    }
  });

  // ---- Virtools ----
  py::class_<ObjectInfo>(m, "SceneObject", "One object of a Virtools file's object table.")
      .def_readonly("name", &ObjectInfo::name, "The name, decoded to UTF-8 from the scene's code page.")
      .def_readonly("class_id", &ObjectInfo::class_id, "CK_CLASSID (33 = 3dEntity, 43 = Curve, 15 = ObjectAnimation, ...).")
      .def_readonly("class_name", &ObjectInfo::class_name, "The SDK class name without 'CK' ('3dEntity', 'Curve', ...).")
      .def_readonly("id", &ObjectInfo::id, "The object id as saved in the file.")
      .def_readonly("file_index", &ObjectInfo::file_index, "The position in the file's object table.")
      .def("__repr__", [](const ObjectInfo& o) {
        return "<SceneObject " + py::repr(py::str(o.name)).cast<std::string>() + " " + o.class_name + " id " +
               std::to_string(o.id) + ">";
      });

  py::class_<EntityRef>(m, "Entity",
                        "A 3D entity (CK3dEntity). Matrices are 4x4 float32 with row vectors (row 3 = position): "
                        "a point p moves to p @ M[:3,:3] + M[3,:3].")
      .def_property_readonly("name", [](const EntityRef& e) { return e.obj->name; })
      .def_property_readonly("id", [](const EntityRef& e) { return e.obj->id; })
      .def_property_readonly("class_id", [](const EntityRef& e) { return e.obj->class_id; })
      .def_property_readonly("world", [](const EntityRef& e) {
        std::lock_guard lock(e.box->mutex);
        return matrix_array(e.obj->world_matrix());
      }, "The world matrix (4, 4) as the entity is now (loading, sampling and play() change it).")
      .def_property_readonly("local", [](const EntityRef& e) {
        std::lock_guard lock(e.box->mutex);
        return matrix_array(e.obj->local_matrix());
      }, "The local matrix (4, 4): world = local @ parent.world.")
      .def_property_readonly("parent", [](const EntityRef& e) -> py::object {
        if (!e.obj->parent()) return py::none();
        return py::cast(EntityRef{e.box, e.obj->parent()});
      }, "The parent entity, or None.")
      .def_property_readonly("children", [](const EntityRef& e) {
        std::vector<EntityRef> v;
        for (ck::Entity3d* c : e.obj->children()) v.push_back({e.box, c});
        return v;
      })
      .def("__repr__", [](const EntityRef& e) { return "<Entity " + py::repr(py::str(e.obj->name)).cast<std::string>() + ">"; });

  py::class_<CurvePointRef, EntityRef>(m, "CurvePoint", "A control point of a curve (CKCurvePoint).")
      .def_property_readonly("tension", [](const CurvePointRef& p) { return p.obj->tension(); })
      .def_property_readonly("continuity", [](const CurvePointRef& p) { return p.obj->continuity(); })
      .def_property_readonly("bias", [](const CurvePointRef& p) { return p.obj->bias(); })
      .def_property_readonly("is_tcb", [](const CurvePointRef& p) { return p.obj->is_tcb(); },
                             "True when the tangents come from tension/continuity/bias (else the stored user tangents).")
      .def_property_readonly("is_linear", [](const CurvePointRef& p) { return p.obj->is_linear(); },
                             "True when the segment leaving this point is a straight line.")
      .def_property_readonly("in_tangent", [](const CurvePointRef& p) { return vec3_array(p.obj->in_tangent()); })
      .def_property_readonly("out_tangent", [](const CurvePointRef& p) { return vec3_array(p.obj->out_tangent()); })
      .def_property_readonly("position", [](const CurvePointRef& p) {
        std::lock_guard lock(p.box->mutex);
        return vec3_array(p.obj->world_matrix().row(3));
      }, "The world position (row 3 of the world matrix).");

  py::class_<CurveRef, EntityRef>(m, "Curve",
                                  "A Virtools 3D curve (CKCurve): Hermite (TCB or user tangents) and straight segments,\n"
                                  "evaluated by arc length as CKCurve::GetPos does.")
      .def("get_pos", [](const CurveRef& c, const py::object& steps) { return curve_get_pos(c, steps, false); },
           py::arg("steps"),
           "get_pos(steps) -> (positions, directions)\n\n"
           "CKCurve::GetPos at each step (0..1; wrapped when closed, clamped when open): world positions and\n"
           "normalised world directions, float32 arrays of shape (N, 3) for an array of N steps, (3,) for a\n"
           "number. Raises InvalidParameterError for a non-finite step or a curve with fewer than 2 points.")
      .def("get_local_pos", [](const CurveRef& c, const py::object& steps) { return curve_get_pos(c, steps, true); },
           py::arg("steps"), "As get_pos, in curve-local space (CKCurve::GetLocalPos).")
      .def_property_readonly("length", [](const CurveRef& c) {
        std::lock_guard lock(c.box->mutex);
        return c.obj->get_length();
      }, "The arc length (CKCurve::GetLength).")
      .def_property_readonly("is_open", [](const CurveRef& c) { return c.obj->is_open(); })
      .def_property_readonly("fitting", [](const CurveRef& c) { return c.obj->fitting_coeff(); })
      .def_property_readonly("control_points", [](const CurveRef& c) {
        std::vector<CurvePointRef> v;
        for (ck::CurvePoint* p : c.obj->control_points()) v.push_back({c.box, p});
        return v;
      }, "The control points in curve order.")
      .def("knots", [](const CurveRef& c) {
        std::lock_guard lock(c.box->mutex);
        (void)c.obj->get_length();  // Update if dirty
        const auto& k = c.obj->knots();
        const auto n = static_cast<py::ssize_t>(k.size());
        FloatArray pos(std::vector<py::ssize_t>{n, 3}), in(std::vector<py::ssize_t>{n, 3}),
            out(std::vector<py::ssize_t>{n, 3}), len(n);
        py::array_t<bool> lin(n);
        for (py::ssize_t i = 0; i < n; ++i) {
          const ck::CurveKnot& q = k[static_cast<size_t>(i)];
          float* a = pos.mutable_data() + 3 * i;
          float* b = in.mutable_data() + 3 * i;
          float* d = out.mutable_data() + 3 * i;
          a[0] = q.pos.x, a[1] = q.pos.y, a[2] = q.pos.z;
          b[0] = q.in.x, b[1] = q.in.y, b[2] = q.in.z;
          d[0] = q.out.x, d[1] = q.out.y, d[2] = q.out.z;
          len.mutable_data()[i] = q.length;
          lin.mutable_data()[i] = q.linear;
        }
        py::dict r;
        r["pos"] = pos;
        r["in"] = in;
        r["out"] = out;
        r["length"] = len;
        r["linear"] = lin;
        return r;
      }, "knots() -> dict of arrays\n\n"
         "What CKCurve::Update computed and GetPos evaluates, one row per point in curve order, curve-local:\n"
         "'pos' (N, 3) fitted positions, 'in' / 'out' (N, 3) tangents, 'length' (N,) arc length from the\n"
         "first point, 'linear' (N,) the segment leaving the point is straight. Segment k runs from point k\n"
         "to point k+1 (the last to the first when closed): H(s) = h1 pos[k] + h2 pos[k+1] + h3 out[k] + h4 in[k+1].")
      .def("__repr__", [](const CurveRef& c) {
        return "<Curve " + py::repr(py::str(c.obj->name)).cast<std::string>() + " " +
               std::to_string(c.obj->control_point_count()) + " points>";
      });

  py::class_<ObjectAnimationRef>(m, "ObjectAnimation",
                                 "The keyframes that move one 3D entity (CKObjectAnimation).")
      .def_property_readonly("name", [](const ObjectAnimationRef& a) { return a.obj->name; })
      .def_property_readonly("id", [](const ObjectAnimationRef& a) { return a.obj->id; })
      .def_property_readonly("length", [](const ObjectAnimationRef& a) { return a.obj->length(); }, "Length in frames.")
      .def_property_readonly("flags", [](const ObjectAnimationRef& a) { return a.obj->flags; })
      .def_property_readonly("merged", [](const ObjectAnimationRef& a) { return (a.obj->flags & ck::object_animation_flag::kMerged) != 0; })
      .def_property_readonly("entity", [](const ObjectAnimationRef& a) -> py::object {
        if (!a.obj->entity) return py::none();
        return py::cast(EntityRef{a.box, a.obj->entity});
      }, "The animated entity, or None.")
      .def("sample", &animation_sample, py::arg("steps") = py::none(), py::arg("frames") = py::none(),
           "sample(steps=None, frames=None) -> float32 array (N, 4, 4)\n\n"
           "SetStep at each step (0..1; or each frame, step = frame / length) and the entity's world\n"
           "matrix after it, as `retroanim ck anim --json` prints it. This moves the entity (as the engine does).")
      .def("keys", &animation_keys,
           "keys() -> dict\n\n"
           "The stored keys per controller ('position', 'scale', 'rotation', 'scale_axis'; 'morph' counted only),\n"
           "each a dict with 'interpolation' ('linear', 'tcb', 'bezier'), 'type' (the controller id), 'time' (K,)\n"
           "in frames, 'value' (K, 3) vectors or (K, 4) quaternions x, y, z, w; TCB keys add 'tcb' (K, 5):\n"
           "tension, continuity, bias, ease_to, ease_from; Bezier keys add 'flags' (K,), 'in_tangent', 'out_tangent'.")
      .def("__repr__", [](const ObjectAnimationRef& a) {
        return "<ObjectAnimation " + py::repr(py::str(a.obj->name)).cast<std::string>() + ">";
      });

  py::class_<KeyedAnimationRef>(m, "KeyedAnimation",
                                "Object animations played together (CKKeyedAnimation).")
      .def_property_readonly("name", [](const KeyedAnimationRef& k) { return k.obj->name; })
      .def_property_readonly("length", [](const KeyedAnimationRef& k) { return k.obj->length; }, "Length in frames.")
      .def_property_readonly("frame_rate", [](const KeyedAnimationRef& k) { return k.obj->frame_rate; })
      .def_property_readonly("root", [](const KeyedAnimationRef& k) -> py::object {
        if (!k.obj->root_entity) return py::none();
        return py::cast(EntityRef{k.box, k.obj->root_entity});
      })
      .def_property_readonly("animations", [](const KeyedAnimationRef& k) {
        std::vector<ObjectAnimationRef> v;
        for (ck::ObjectAnimation* a : k.obj->animations)
          if (a) v.push_back({k.box, a});
        return v;
      }, "The member object animations (in playing order once sampled: parents first).")
      .def("sample", &keyed_sample, py::arg("steps") = py::none(), py::arg("frames") = py::none(),
           "sample(steps=None, frames=None) -> {animation name: float32 array (N, 4, 4)}\n\n"
           "CKKeyedAnimation::SetStep at each step and every member's entity's world matrix after it\n"
           "(`retroanim ck anim --keyed --json`); members without an entity are left out.");

  py::class_<SceneBox, std::shared_ptr<SceneBox>>(m, "Scene", "A loaded Virtools composition (.nmo / .cmo).")
      .def_property_readonly("path", [](const SceneBox& s) { return s.path; })
      .def_property_readonly("objects", [](const SceneRef& s) {
        std::vector<ObjectInfo> v;
        for (const ck::ObjectRecord& r : s->scene.objects())
          v.push_back({r.name, r.class_id, ck::io::class_name(r.class_id), r.id, r.file_index});
        return v;
      }, "Every object of the file, in file order (name, class_id, class_name, id, file_index).")
      .def_property_readonly("entities", [](const SceneRef& s) {
        std::vector<EntityRef> v;
        for (const ck::ObjectRecord& r : s->scene.objects())
          if (r.entity) v.push_back({s, r.entity});
        return v;
      }, "The 3D entities (incl. curves, points, cameras, lights).")
      .def_property_readonly("curves", [](const SceneRef& s) {
        std::vector<CurveRef> v;
        for (const ck::ObjectRecord& r : s->scene.objects())
          if (r.curve) v.push_back({s, r.curve});
        return v;
      })
      .def_property_readonly("object_animations", [](const SceneRef& s) {
        std::vector<ObjectAnimationRef> v;
        for (const ck::ObjectRecord& r : s->scene.objects())
          if (r.object_animation) v.push_back({s, r.object_animation});
        return v;
      })
      .def_property_readonly("keyed_animations", [](const SceneRef& s) {
        std::vector<KeyedAnimationRef> v;
        for (const ck::ObjectRecord& r : s->scene.objects())
          if (r.keyed_animation) v.push_back({s, r.keyed_animation});
        return v;
      })
      .def("entity", [](const SceneRef& s, const std::string& name) {
        ck::Entity3d* e = s->scene.entity(name);
        if (!e) raise(KindError::kNotFound, s->path + ": no 3D entity named '" + name + "'");
        return EntityRef{s, e};
      }, py::arg("name"), "The 3D entity named `name` (NotFoundError when none).")
      .def("curve", [](const SceneRef& s, const std::string& name) {
        ck::Curve* c = s->scene.curve(name);
        if (!c) raise(KindError::kNotFound, s->path + ": no curve named '" + name + "'");
        return CurveRef{s, c};
      }, py::arg("name"), "The curve named `name` (NotFoundError when none).")
      .def("object_animation", [](const SceneRef& s, const std::string& name) {
        ck::ObjectAnimation* a = s->scene.object_animation(name);
        if (!a) raise(KindError::kNotFound, s->path + ": no object animation named '" + name + "'");
        return ObjectAnimationRef{s, a};
      }, py::arg("name"), "The object animation named `name` (NotFoundError when none).")
      .def("keyed_animation", [](const SceneRef& s, const std::string& name) {
        ck::KeyedAnimation* a = s->scene.keyed_animation(name);
        if (!a) raise(KindError::kNotFound, s->path + ": no keyed animation named '" + name + "'");
        return KeyedAnimationRef{s, a};
      }, py::arg("name"), "The keyed animation named `name` (NotFoundError when none).")
      .def("to_bytes", [](const SceneRef& s) {
        std::vector<uint8_t> bytes;
        {
          py::gil_scoped_release nogil;
          std::lock_guard lock(s->mutex);
          bytes = ck::io::save_scene(s->scene);
        }
        return py::bytes(reinterpret_cast<const char*>(bytes.data()), bytes.size());
      }, "The scene saved as a Virtools file (ck::io::save_scene): the same bytes every time.")
      .def("save", [](const SceneRef& s, const py::object& path) {
        std::string p = py::str(py::module_::import("os").attr("fspath")(path));
        py::gil_scoped_release nogil;
        std::lock_guard lock(s->mutex);
        write_file(p, ck::io::save_scene(s->scene));
      }, py::arg("path"), "Writes the scene back as a Virtools file (see to_bytes).")
      .def("export_gltf", [](const SceneRef& s, const py::object& path, std::vector<std::string> names,
                             std::optional<float> fps, bool external_buffer) {
#if RETROANIM_HAVE_GLTF
        std::string p = py::str(py::module_::import("os").attr("fspath")(path));
        if (fps && !(std::isfinite(*fps) && *fps > 0)) raise(KindError::kInvalidParameter, "fps must be a finite number > 0");
        std::vector<std::string> notes;
        {
          py::gil_scoped_release nogil;
          std::lock_guard lock(s->mutex);
          ra::gltf::CkExportOptions opt;
          opt.names = std::move(names);
          opt.fps = fps;
          ra::gltf::Asset asset = ra::gltf::export_ck_scene(s->scene, opt);
          ra::gltf::write_asset(asset, p, ra::gltf::WriteOptions{external_buffer});
          notes = asset.notes;
        }
        return notes;
#else
        (void)s, (void)path, (void)names, (void)fps, (void)external_buffer;
        throw ra::Error("export_gltf: this retroanim was built without glTF export (RETROANIM_GLTF=OFF)");
#endif
      }, py::arg("path"), py::arg("names") = std::vector<std::string>{}, py::arg("fps") = py::none(),
         py::arg("external_buffer") = false,
         "export_gltf(path, names=[], fps=None, external_buffer=False) -> notes\n\n"
         "Writes the scene (or only the named objects) as glTF 2.0 (.glb or .gltf), as `retroanim export`;\n"
         "returns the exporter's notes (approximations, skipped objects).")
      .def("__repr__", [](const SceneBox& s) {
        return "<Scene " + py::repr(py::str(s.path)).cast<std::string>() + " " + std::to_string(s.scene.objects().size()) +
               " objects>";
      });

  m.def("load_scene", &load_scene_impl, py::arg("path"), py::arg("encoding") = py::str("cp1252"),
        py::arg("ignore_crc") = false,
        "load_scene(path, encoding='cp1252', ignore_crc=False) -> Scene\n\n"
        "Reads a Virtools file (.nmo / .cmo; a path or the file's bytes). Names are decoded from `encoding`\n"
        "(a Windows code page: 'cp1252', 'cp932', 1251, ...). Raises InputError naming the file, the object\n"
        "and the byte offset for any bad input.");

  m.def("play", [](const SceneRef& scene, const py::object& script, double seconds, const py::object& record,
                   double dt_ms, const py::object& scenario) { return play(scene, script, scenario, seconds, dt_ms, record); },
        py::arg("scene"), py::arg("script") = py::none(), py::kw_only(),
        py::arg("seconds"), py::arg("record") = py::none(), py::arg("dt_ms") = 1000.0 / 60.0,
        py::arg("scenario") = py::none(),
        "play(scene, script=None, *, seconds, record=None, dt_ms=1000/60, scenario=None) -> dict\n\n"
        "Runs a behaviour script of the scene (its building blocks over time, `retroanim ck play`) for\n"
        "round(seconds * 1000 / dt_ms) frames and records the world matrices of the `record` entities after\n"
        "every frame. scenario= takes a built-in name ('menu-camera', 'stone'), a spec file or JSON text\n"
        "(docs/formats/ck-scenario.md) instead. Returns {'t_ms': (F,), 'worlds': {name: (F, 4, 4)},\n"
        "'events': [...], 'unimplemented': [...], 'notes': [...], 'warnings': [...]}. The run changes the scene.");

  // ---- Asheron's Call ----
  py::class_<AnimationRef>(m, "Animation", "An Asheron's Call animation (dat type 0x03, CAnimation).")
      .def_property_readonly("id", [](const AnimationRef& a) { return a.obj->id; })
      .def_property_readonly("flags", [](const AnimationRef& a) { return a.obj->flags; })
      .def_property_readonly("num_parts", [](const AnimationRef& a) { return a.obj->num_parts; })
      .def_property_readonly("num_frames", [](const AnimationRef& a) { return a.obj->num_frames(); })
      .def_property_readonly("frames", [](const AnimationRef& a) {
        const auto f = static_cast<py::ssize_t>(a.obj->num_frames());
        const auto p = static_cast<py::ssize_t>(a.obj->num_parts);
        FloatArray arr(std::vector<py::ssize_t>{f, p, 7});
        for (py::ssize_t i = 0; i < f; ++i) {
          const auto& parts = a.obj->part_frames[static_cast<size_t>(i)].parts;
          for (py::ssize_t k = 0; k < p; ++k)
            put_aframe(arr.mutable_data() + (i * p + k) * 7,
                       static_cast<size_t>(k) < parts.size() ? parts[static_cast<size_t>(k)] : ra::math::AFrame{});
        }
        return arr;
      }, "Part frames, float32 (frames, parts, 7): origin x, y, z, quaternion w, x, y, z (relative to the object).")
      .def_property_readonly("pos_frames", [](const AnimationRef& a) -> py::object {
        if (!a.obj->has_pos_frames()) return py::none();
        const auto f = static_cast<py::ssize_t>(a.obj->pos_frames.size());
        FloatArray arr(std::vector<py::ssize_t>{f, 7});
        for (py::ssize_t i = 0; i < f; ++i) put_aframe(arr.mutable_data() + 7 * i, a.obj->pos_frames[static_cast<size_t>(i)]);
        return arr;
      }, "Position frames (frames, 7) when flag 1 is set, else None.")
      .def_property_readonly("hooks", [](const AnimationRef& a) {
        py::list l;
        for (size_t i = 0; i < a.obj->part_frames.size(); ++i)
          for (const ac::AnimationHook& h : a.obj->part_frames[i].hooks) {
            ac::HookEvent e = ac::flatten_hook(h, 0);
            py::dict d;
            d["frame"] = i;
            d["type"] = e.type;
            d["direction"] = e.direction;
            d["u"] = py::make_tuple(e.u[0], e.u[1], e.u[2]);
            d["f"] = py::make_tuple(e.f[0], e.f[1], e.f[2], e.f[3], e.f[4], e.f[5], e.f[6]);
            l.append(d);
          }
        return l;
      }, "The hooks, frame by frame: dicts with frame, type, direction and the payload (u, f) as flatten_hook lays it out.")
      .def("__repr__", [](const AnimationRef& a) {
        return "<Animation " + hex8(a.obj->id) + " " + std::to_string(a.obj->num_frames()) + " frames>";
      });

  py::class_<SetupRef>(m, "Setup", "An Asheron's Call setup (dat type 0x02, CSetup): the parts of an object.")
      .def_property_readonly("id", [](const SetupRef& s) { return s.obj->id; })
      .def_property_readonly("num_parts", [](const SetupRef& s) { return s.obj->num_parts(); })
      .def_property_readonly("part_ids", [](const SetupRef& s) {
        return py::array_t<uint32_t>(static_cast<py::ssize_t>(s.obj->part_ids.size()), s.obj->part_ids.data());
      })
      .def_property_readonly("parent_index", [](const SetupRef& s) {
        return py::array_t<uint32_t>(static_cast<py::ssize_t>(s.obj->parent_index.size()), s.obj->parent_index.data());
      }, "Each part's parent part (0xFFFFFFFF = none), or empty.")
      .def_property_readonly("default_scale", [](const SetupRef& s) {
        const auto n = static_cast<py::ssize_t>(s.obj->default_scale.size());
        FloatArray a(std::vector<py::ssize_t>{n, 3});
        for (py::ssize_t i = 0; i < n; ++i) {
          const auto& v = s.obj->default_scale[static_cast<size_t>(i)];
          a.mutable_data()[3 * i] = v.x, a.mutable_data()[3 * i + 1] = v.y, a.mutable_data()[3 * i + 2] = v.z;
        }
        return a;
      })
      .def_property_readonly("placement_frames", [](const SetupRef& s) {
        py::dict d;
        for (const auto& [id, frame] : s.obj->placement_frames) {
          const auto p = static_cast<py::ssize_t>(frame.parts.size());
          FloatArray a(std::vector<py::ssize_t>{p, 7});
          for (py::ssize_t k = 0; k < p; ++k) put_aframe(a.mutable_data() + 7 * k, frame.parts[static_cast<size_t>(k)]);
          d[py::int_(id)] = a;
        }
        return d;
      }, "{placement id: (parts, 7) frames} (0 = the default placement, the rest pose).")
      .def_property_readonly("height", [](const SetupRef& s) { return s.obj->height; })
      .def_property_readonly("radius", [](const SetupRef& s) { return s.obj->radius; })
      .def_property_readonly("default_animation", [](const SetupRef& s) { return s.obj->default_animation; })
      .def_property_readonly("default_motion_table", [](const SetupRef& s) { return s.obj->default_motion_table; })
      .def("__repr__", [](const SetupRef& s) {
        return "<Setup " + hex8(s.obj->id) + " " + std::to_string(s.obj->num_parts()) + " parts>";
      });

  py::class_<MotionTableRef>(m, "MotionTable", "An Asheron's Call motion table (dat type 0x09, CMotionTable).")
      .def_property_readonly("id", [](const MotionTableRef& t) { return t.obj->id; })
      .def_property_readonly("default_style", [](const MotionTableRef& t) { return t.obj->default_style; })
      .def_property_readonly("style_defaults", [](const MotionTableRef& t) {
        std::vector<std::pair<uint32_t, uint32_t>> v(t.obj->style_defaults.begin(), t.obj->style_defaults.end());
        std::sort(v.begin(), v.end());
        py::dict d;
        for (auto [k, s] : v) d[py::int_(k)] = s;
        return d;
      }, "{style: default substate}.")
      .def_property_readonly("cycles", [](const MotionTableRef& t) {
        py::dict d;
        std::vector<uint32_t> keys;
        for (const auto& [k, md] : t.obj->cycles) keys.push_back(k);
        std::sort(keys.begin(), keys.end());
        for (uint32_t k : keys) {
          py::list anims;
          for (const ac::AnimData& a : t.obj->cycles.at(k).anims)
            anims.append(py::make_tuple(a.anim_id, a.low_frame, a.high_frame, a.framerate));
          d[py::int_(k)] = anims;
        }
        return d;
      }, "{(style << 16) | substate: [(anim id, low frame, high frame, framerate), ...]}.");

  py::class_<DatBox, std::shared_ptr<DatBox>>(m, "Dat", "An Asheron's Call dat file (portal.dat, or the demo's).")
      .def(py::init([](const py::object& path) {
             std::string p = py::str(py::module_::import("os").attr("fspath")(path));
             auto box = std::make_shared<DatBox>();
             py::gil_scoped_release nogil;
             box->content = std::make_unique<ac::io::DatContent>(p);
             return box;
           }),
           py::arg("path"), "Dat(path): opens (memory-maps) the dat. InputError when it cannot be read or is not a dat.")
      .def_static("from_bytes", [](py::bytes b) {
        std::string s = b;
        auto box = std::make_shared<DatBox>();
        py::gil_scoped_release nogil;
        box->content = std::make_unique<ac::io::DatContent>(
            ac::io::DatDatabase::from_bytes(std::vector<uint8_t>(s.begin(), s.end()), "<bytes>"));
        return box;
      }, py::arg("data"), "A dat held in memory.")
      .def("ids", [](const DatRef& d, uint8_t type) { return d->content->dat().ids_of_type(type); }, py::arg("type"),
           "The ids of every file whose top byte is `type` (0x02 setups, 0x03 animations, 0x09 motion tables).")
      .def("animation", [](const DatRef& d, uint32_t id) {
        const ac::Animation* a = nullptr;
        {
          py::gil_scoped_release nogil;
          a = d->content->get_animation(id);
        }
        if (!a) raise(KindError::kNotFound, d->content->dat().name() + ": no animation " + hex8(id));
        return AnimationRef{d, a};
      }, py::arg("id"))
      .def("setup", [](const DatRef& d, uint32_t id) {
        const ac::Setup* s = nullptr;
        {
          py::gil_scoped_release nogil;
          s = d->content->get_setup(id);
        }
        if (!s) raise(KindError::kNotFound, d->content->dat().name() + ": no setup " + hex8(id));
        return SetupRef{d, s};
      }, py::arg("id"))
      .def("motion_table", [](const DatRef& d, uint32_t id) {
        const ac::MotionTable* t = nullptr;
        {
          py::gil_scoped_release nogil;
          t = d->content->find_motion_table(id);
        }
        if (!t) raise(KindError::kNotFound, d->content->dat().name() + ": no motion table " + hex8(id));
        return MotionTableRef{d, t};
      }, py::arg("id"))
      .def("export_gltf", [](const DatRef& d, const py::object& path, std::optional<uint32_t> animation,
                             std::optional<uint32_t> setup, std::optional<uint32_t> motion_table,
                             std::optional<float> fps, bool external_buffer) {
#if RETROANIM_HAVE_GLTF
        std::string p = py::str(py::module_::import("os").attr("fspath")(path));
        if (!animation && !setup && !motion_table) throw py::value_error("export_gltf needs animation=, setup= or motion_table=");
        if (fps && !(std::isfinite(*fps) && *fps > 0)) raise(KindError::kInvalidParameter, "fps must be a finite number > 0");
        py::gil_scoped_release nogil;
        ra::gltf::AcExportOptions opt;
        opt.animation_id = animation;
        opt.setup_id = setup;
        opt.motion_table_id = motion_table;
        opt.fps = fps;
        ra::gltf::Asset asset = ra::gltf::export_ac(d->content->dat(), opt);
        ra::gltf::write_asset(asset, p, ra::gltf::WriteOptions{external_buffer});
        return asset.notes;
#else
        (void)d, (void)path, (void)animation, (void)setup, (void)motion_table, (void)fps, (void)external_buffer;
        throw ra::Error("export_gltf: this retroanim was built without glTF export (RETROANIM_GLTF=OFF)");
#endif
      }, py::arg("path"), py::kw_only(), py::arg("animation") = py::none(), py::arg("setup") = py::none(),
         py::arg("motion_table") = py::none(), py::arg("fps") = py::none(), py::arg("external_buffer") = false,
         "export_gltf(path, *, animation=None, setup=None, motion_table=None, fps=None) -> notes (as `retroanim export DAT`).")
      .def("__repr__", [](const DatBox& d) { return "<Dat " + py::repr(py::str(d.content->dat().name())).cast<std::string>() + ">"; });

  py::class_<PhysicsObject>(m, "PhysicsObject",
                            "One animated object (CPhysicsObj with its CPartArray, CSequence and, with a motion table,\n"
                            "its MotionTableManager); hooks it receives are recorded as events.")
      .def(py::init([](const DatRef& dat, uint32_t setup_id, std::optional<uint32_t> motion_table, uint64_t id) {
             const ac::Setup* setup = dat->content->get_setup(setup_id);
             if (!setup) raise(KindError::kNotFound, dat->content->dat().name() + ": no setup " + hex8(setup_id));
             auto o = std::make_unique<PhysicsObject>();
             o->dat = dat;
             o->object = std::make_unique<ac::MotionObject>(setup, dat->content.get(), id);
             if (motion_table) {
               uint32_t tid = *motion_table ? *motion_table : setup->default_motion_table;
               if (tid == 0) raise(KindError::kNotFound, "setup " + hex8(setup_id) + " names no default motion table");
               o->object->attach_motion_table(dat->content->get_motion_table(tid));
               o->object->set_default_state();
             }
             return o;
           }),
           py::arg("dat"), py::arg("setup"), py::arg("motion_table") = py::none(), py::arg("id") = 0,
           "PhysicsObject(dat, setup, motion_table=None, id=0): an object with the setup's parts; motion_table=\n"
           "an id (0 = the setup's default) attaches a MotionTableManager in its default state.")
      .def_property("frame", [](PhysicsObject& o) { return frame_array(o.object->physics().frame()); },
                    [](PhysicsObject& o, const FloatArray& f) { o.object->physics().set_frame(frame_of(f)); },
                    "The object frame (7,): origin x, y, z, quaternion w, x, y, z. Setting it places the parts.")
      .def_property_readonly("part_frames", [](PhysicsObject& o) { return part_frames_array(o.object->physics()); },
                             "The parts' frames (parts, 7) as CPartArray holds them: the object frame combined with each part's\n"
                             "animation frame and scale (UpdateParts).")
      .def("update_object", [](PhysicsObject& o, double t) {
        if (!std::isfinite(t)) raise(KindError::kInvalidParameter, "time must be finite");
        o.object->update_object(t);
      }, py::arg("cur_time"), "CPhysicsObj::update_object: advances to `cur_time` seconds in the client's quanta.")
      .def("update_object_internal", [](PhysicsObject& o, float q) {
        if (!std::isfinite(q) || q <= 0) raise(KindError::kInvalidParameter, "quantum must be a finite number > 0");
        o.object->update_object_internal(q);
      }, py::arg("quantum"), "CPhysicsObj::UpdateObjectInternal for one quantum (seconds).")
      .def("perform_movement", [](PhysicsObject& o, uint32_t motion, float speed, uint32_t type) {
        if (!o.object->manager()) raise(KindError::kNotInitialized, "the object has no motion table");
        if (!std::isfinite(speed)) raise(KindError::kInvalidParameter, "speed must be finite");
        return static_cast<uint32_t>(o.object->perform_movement({static_cast<ac::MovementType>(type), motion, speed}));
      }, py::arg("motion"), py::arg("speed") = 1.0f, py::arg("type") = 2,
         "MotionTableManager::PerformMovement (type 2 = interpreted command, 1 raw, 3/4 stop, 5 stop completely);\n"
         "returns the client's WERROR (0 = done, 0x43 = the table cannot perform it).")
      .def_property_readonly("sequence", [](PhysicsObject& o) {
        py::dict d;
        const ac::Sequence& s = o.object->sequence();
        d["frame_number"] = s.frame_number();
        d["curr_anim_index"] = s.curr_anim_index();
        d["first_cyclic_index"] = s.first_cyclic_index();
        py::list nodes;
        for (const auto& n : s.nodes()) nodes.append(py::make_tuple(n.anim_id, n.low_frame, n.high_frame, n.framerate));
        d["nodes"] = nodes;
        return d;
      }, "The CSequence state: frame_number, curr_anim_index, first_cyclic_index, nodes [(anim, low, high, framerate)].")
      .def("append_animation", [](PhysicsObject& o, uint32_t anim, int32_t low, int32_t high, float framerate) {
        if (!std::isfinite(framerate)) raise(KindError::kInvalidParameter, "framerate must be finite");
        o.object->sequence().append_animation(ac::AnimData{anim, low, high, framerate});
      }, py::arg("anim"), py::arg("low_frame") = 0, py::arg("high_frame") = -1, py::arg("framerate") = 30.0f,
         "CSequence::append_animation.")
      .def("clear_animations", [](PhysicsObject& o) { o.object->sequence().clear_animations(); })
      .def_property_readonly("motion_state", [](PhysicsObject& o) -> py::object {
        const ac::MotionTableManager* mgr = o.object->manager();
        if (!mgr) return py::none();
        py::dict d;
        d["style"] = mgr->state().style;
        d["substate"] = mgr->state().substate;
        d["substate_mod"] = mgr->state().substate_mod;
        d["pending"] = mgr->pending().size();
        return d;
      }, "The MotionTableManager's state (style, substate, substate_mod, pending), or None without a table.")
      .def("take_events", [](PhysicsObject& o) {
        py::list l = events_list(o.object->events());
        o.object->clear_events();
        return l;
      }, "The hooks received since the last call, as dicts (type, direction, u, f, ...).");

  // ---- the same work in C++, for the benchmark (bindings/python/bench/bench_module.py) ----
  py::module_ b = m.def_submodule("_bench", "C++ baselines of the Python calls (timings in seconds)");
  b.def("sample_seconds", [](const ObjectAnimationRef& a, const FloatArray& steps) {
    // The same work as ObjectAnimation.sample(steps): steps in memory, a new
    // (N, 4, 4) output written by SetStep and the entity's world matrix.
    if (!a.obj->entity) raise(KindError::kNotInitialized, "no entity");
    if (steps.ndim() != 1) throw py::value_error("steps must be one-dimensional");
    const float* in = steps.data();
    const size_t n = static_cast<size_t>(steps.shape(0));
    double seconds = 0;
    float sink = 0;
    {
      py::gil_scoped_release nogil;
      std::lock_guard lock(a.box->mutex);
      auto t0 = std::chrono::steady_clock::now();
      std::unique_ptr<float[]> out(new float[16 * n]);
      for (size_t i = 0; i < n; ++i) {
        ck::set_step(*a.obj, in[i]);
        std::memcpy(out.get() + 16 * i, &a.obj->entity->world_matrix().m[0][0], 16 * sizeof(float));
      }
      if (n) sink = out[16 * (n - 1)];
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    return py::make_tuple(seconds, sink);
  }, "ObjectAnimation.sample(steps)'s work in C++ (no numpy): (seconds, a value that keeps the output).");
  b.def("get_pos_seconds", [](const CurveRef& c, size_t n) {
    double seconds = 0;
    float sink = 0;
    {
      py::gil_scoped_release nogil;  // the tuple below is built with the GIL held again
      std::lock_guard lock(c.box->mutex);
      ra::math::Vec3 p, d;
      auto t0 = std::chrono::steady_clock::now();
      for (size_t i = 0; i < n; ++i) {
        (void)c.obj->get_pos(0.5f, &p, &d);
        sink += p.x;
      }
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    return py::make_tuple(seconds, sink);
  }, "n calls of CKCurve::GetPos(0.5) in C++: (seconds, a sum that keeps them).");
  py::class_<World>(m, "World",
                    "Many objects of one setup updated by one call (ac::update_motion_objects over a worker pool).")
      .def(py::init([](const DatRef& dat, uint32_t setup_id, size_t count, std::optional<uint32_t> motion_table,
                       unsigned threads) {
             if (count > (1u << 24)) throw py::value_error("count is too large");
             if (threads > 1024) throw py::value_error("threads must be at most 1024");
             auto w = std::make_unique<World>();
             w->dat = dat;
             const ac::Setup* setup = dat->content->get_setup(setup_id);
             if (!setup) raise(KindError::kNotFound, dat->content->dat().name() + ": no setup " + hex8(setup_id));
             w->setup = setup;
             std::optional<ac::MotionTable> table;
             if (motion_table) {
               uint32_t tid = *motion_table ? *motion_table : setup->default_motion_table;
               if (tid == 0) raise(KindError::kNotFound, "setup " + hex8(setup_id) + " names no default motion table");
               table = dat->content->get_motion_table(tid);
             }
             py::gil_scoped_release nogil;
             w->flags = std::make_unique<uint8_t[]>(count ? count : 1);
             for (size_t i = 0; i < count; ++i) {
               auto o = std::make_unique<ac::MotionObject>(setup, dat->content.get(), i);
               if (table) {
                 o->attach_motion_table(*table);
                 o->set_default_state();
               }
               w->flags[i] = o->events().empty() ? 0 : 1;
               w->motion.push_back(o.get());
               w->physics.push_back(&o->physics());
               w->objects.push_back(std::move(o));
             }
             for (size_t i = 0; i < count; ++i) {
               w->objects[i]->set_event_flag(&w->flags[i]);
               w->objects[i]->set_event_sink(&w->sink, static_cast<uint32_t>(i));
             }
             w->parts = setup->num_parts();
             w->pool = std::make_unique<ra::WorkerPool>(threads);
             return w;
           }),
           py::arg("dat"), py::arg("setup"), py::arg("count"), py::arg("motion_table") = py::none(), py::arg("threads") = 1,
           "World(dat, setup, count, motion_table=None, threads=1): `count` objects of the setup at the origin;\n"
           "motion_table= an id (0 = the setup's default) puts each in its default motion state.")
      .def_property_readonly("count", [](const World& w) { return w.objects.size(); })
      .def_property_readonly("num_parts", [](const World& w) { return w.parts; })
      .def("tick", [](World& w, float quantum, const py::object& out) -> py::object {
        if (!std::isfinite(quantum) || quantum <= 0.0f) raise(KindError::kInvalidParameter, "quantum must be a finite number > 0");
        std::optional<FloatArray> arr;
        float* dst = nullptr;
        if (!out.is_none()) {
          arr = checked_out(out, static_cast<py::ssize_t>(w.objects.size()), w.parts);
          dst = arr->mutable_data();
        }
        {
          py::gil_scoped_release nogil;
          std::lock_guard lock(w.mutex);
          ac::update_motion_objects(w.motion, w.physics, std::span<uint8_t>(w.flags.get(), w.objects.size()), quantum,
                                    w.pool.get(), w.sink);
          if (dst) world_fill_parts(w, dst);
        }
        return out;
      }, py::arg("quantum"), py::arg("out") = py::none(),
         "tick(quantum, out=None): one UpdateObjectInternal quantum (seconds) for every object; with out=\n"
         "(a float32 array (count, parts, 7)) the part frames are written into it, without the GIL.")
      .def("part_frames", [](World& w, const py::object& out) {
        FloatArray arr = checked_out(out, static_cast<py::ssize_t>(w.objects.size()), w.parts);
        float* dst = arr.mutable_data();
        {
          py::gil_scoped_release nogil;
          std::lock_guard lock(w.mutex);
          world_fill_parts(w, dst);
        }
        return arr;
      }, py::arg("out") = py::none(), "Every object's part frames, float32 (count, parts, 7).")
      .def("frames", [](World& w) {
        const auto n = static_cast<py::ssize_t>(w.objects.size());
        FloatArray a(std::vector<py::ssize_t>{n, 7});
        std::lock_guard lock(w.mutex);
        for (py::ssize_t i = 0; i < n; ++i) put_frame(a.mutable_data() + 7 * i, w.physics[static_cast<size_t>(i)]->frame());
        return a;
      }, "Every object's frame, float32 (count, 7).")
      .def("set_frames", [](World& w, const FloatArray& frames) {
        const auto n = static_cast<py::ssize_t>(w.objects.size());
        if (frames.ndim() != 2 || frames.shape(0) != n || frames.shape(1) != 7)
          throw py::value_error("frames must have shape (" + std::to_string(n) + ", 7)");
        const float* p = frames.data();
        for (py::ssize_t i = 0; i < 7 * n; ++i)
          if (!std::isfinite(p[i])) raise(KindError::kInvalidParameter, "frames: non-finite number");
        std::lock_guard lock(w.mutex);
        for (py::ssize_t i = 0; i < n; ++i) {
          const float* f = p + 7 * i;
          w.physics[static_cast<size_t>(i)]->set_frame(ra::math::Frame({f[0], f[1], f[2]}, f[3], f[4], f[5], f[6]));
        }
      }, py::arg("frames"), "Sets every object's frame (count, 7) and places its parts.")
      .def("take_events", [](World& w) {
        py::list l = events_list(w.sink.events);
        w.sink.events.clear();
        w.sink.owners.clear();
        return l;
      }, "The hooks of the last tick, in object order (each dict's 'object' is the object's index).");
  b.def("tick_seconds", [](World& w, float quantum, int ticks, const py::object& out) {
    FloatArray arr = checked_out(out, static_cast<py::ssize_t>(w.objects.size()), w.parts);
    float* dst = arr.mutable_data();
    py::gil_scoped_release nogil;
    std::lock_guard lock(w.mutex);
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < ticks; ++i) {
      ac::update_motion_objects(w.motion, w.physics, std::span<uint8_t>(w.flags.get(), w.objects.size()), quantum,
                                w.pool.get(), w.sink);
      world_fill_parts(w, dst);
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }, "World.tick(quantum, out) `ticks` times in C++.");
}
