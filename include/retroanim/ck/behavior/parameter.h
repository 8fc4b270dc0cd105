// Virtools behaviour parameters: CKParameter (46), CKParameterLocal (45),
// CKParameterOut (3) and CKParameterIn (2). A parameter holds a typed value
// (its raw bytes, as the engine copies them, or an object reference, a 2D
// curve or a string); an input parameter reads the value of its source
// (a parameter, or another input whose source it shares).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "retroanim/error.h"

#include "retroanim/ck/anim/curve2d.h"
#include "retroanim/ck/scene/entity.h"
#include "retroanim/ck/scene/guid.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ck {

class Curve;
class ObjectAnimation;
class KeyedAnimation;
class Behavior;
class DataArray;
class ParameterOperation;

// How a parameter type stores its value.
enum class ValueKind : uint8_t {
  kNone,     // no value (unknown type, operation outputs)
  kBytes,    // a fixed-size buffer: float, int, bool, enum (4 bytes), vector (12 bytes)
  kObject,   // an object reference
  kCurve2d,  // a CK2dCurve
  kString,   // a byte string
};

// The storage kind of a parameter type; unknown GUIDs give kBytes.
ValueKind value_kind_of(Guid type);

// A short readable name of a parameter type GUID ("Float", "Time", ...), or
// "d1:d2" in hex for types the runtime does not know.
std::string param_type_name(Guid type);

// A reference to a scene object as a parameter value (a CK_ID in the engine).
// The pointers are non-owning; the typed ones are set when the object is of
// that class. `entity` is set for every 3D entity (curves included).
struct ObjectRef {
  ObjectId id = 0;
  uint32_t class_id = 0;
  std::string name;
  Entity3d* entity = nullptr;
  Curve* curve = nullptr;
  ObjectAnimation* object_animation = nullptr;
  KeyedAnimation* keyed_animation = nullptr;
  const DataArray* data_array = nullptr;  // class 52 (CKDataArray)
  Behavior* script = nullptr;             // a behaviour (CKPGUID_SCRIPT values)

  // True when the reference names no object.
  bool null() const {
    return entity == nullptr && curve == nullptr && object_animation == nullptr && keyed_animation == nullptr &&
           data_array == nullptr && script == nullptr && id == 0;
  }
};

// The value of a parameter (CKParameter's buffer). Byte values keep their raw
// bytes, so reading one type through another copies bytes as the engine does.
class ParameterValue {
 public:
  ParameterValue() = default;

  // The number of bytes of a byte value (0 for the other kinds).
  size_t size() const { return size_; }
  const uint8_t* data() const { return bytes_.data(); }

  // Sets a byte value from `size` bytes (at most 16 are kept).
  void set_bytes(const void* src, size_t size);
  void set_float(float v) { set_bytes(&v, sizeof v); }
  void set_int(int32_t v) { set_bytes(&v, sizeof v); }
  void set_vector(math::Vec3 v);
  void set_object(ObjectRef ref);
  void set_curve2d(std::shared_ptr<Curve2d> curve);
  void set_string(std::string s);

  // CKParameter::GetValue: copies min(size, this value's size) bytes into dst.
  // Fails (dst untouched) when dst is null (kInvalidParameter) or the value
  // holds no bytes (kNotFound).
  Status copy_to(void* dst, size_t size) const;

  // The first 4 bytes as a float / int (0 when fewer bytes are held).
  float as_float() const;
  int32_t as_int() const;
  math::Vec3 as_vector() const;

  ValueKind kind() const { return kind_; }
  const ObjectRef& object() const { return object_; }
  const std::shared_ptr<Curve2d>& curve2d() const { return curve2d_; }
  const std::string& string() const { return string_; }

 private:
  ValueKind kind_ = ValueKind::kNone;
  std::array<uint8_t, 16> bytes_{};
  size_t size_ = 0;
  ObjectRef object_;
  std::shared_ptr<Curve2d> curve2d_;
  std::string string_;
};

// The class of a parameter object.
enum class ParameterClass : uint8_t { kParameter, kLocal, kOut, kIn };

// CKParameter / CKParameterLocal / CKParameterOut: a named, typed value.
// Outputs also push each new value to their destinations (CKParameterOut::DataChanged).
class Parameter {
 public:
  std::string name;
  ObjectId id = 0;
  Guid type;
  ParameterClass klass = ParameterClass::kParameter;
  bool is_setting = false;    // ParameterLocal 0x400
  bool is_myself = false;     // ParameterLocal 0x200: the value is the behaviour owner
  Behavior* owner = nullptr;  // the behaviour whose pin or local this is (may be null)
  ParameterValue value;
  std::vector<Parameter*> destinations;  // CKParameterOut destinations (non-owning)
  ParameterOperation* operation = nullptr;  // the operation whose output this is (CK_PARAMETEROUT_PARAMOP)

  // CKParameterOut::SetValue / CKParameter::SetValue: stores the bytes, then
  // copies the value to every destination (outputs only).
  void set_bytes(const void* src, size_t size);
  // Copies another parameter's value (CKParameter::CopyValue) and pushes it on.
  void copy_value_from(const Parameter& other);
  // Pushes this value to the destinations (CKParameterOut::DataChanged); a
  // destination that is itself an output pushes on to its own (its CopyValue
  // calls DataChanged), to a depth of kMaxPushDepth (a cycle in bad data ends).
  void data_changed();
  static constexpr int kMaxPushDepth = 64;

  // CKParameterOut::Update: an operation's output is recomputed (DoOperation).
  void update();

 private:
  void push(int depth);
};

// CKParameterIn: a typed input pin whose value comes from a source parameter
// (direct) or from the source of another input pin (shared).
class ParameterIn {
 public:
  std::string name;
  ObjectId id = 0;
  Guid type;
  bool enabled = true;             // cleared by identifier 0x2000
  Behavior* owner = nullptr;       // the behaviour whose pin this is
  Parameter* direct_source = nullptr;
  ParameterIn* shared_source = nullptr;  // when set, the real source is that pin's

  // CKParameterIn::GetRealSource: follows shared pins (at most 1024 steps, so
  // a cycle in bad data ends) to the source parameter, or null.
  Parameter* real_source() const;
  // GetRealSource for reading the value (CKParameterIn::GetValue with update):
  // an operation's output is recomputed first.
  Parameter* updated_source() const;
};

}  // namespace retroanim::ck
