#include "retroanim/ck/behavior/parameter.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "retroanim/ck/behavior/parameter_operation.h"
#include "io/hex.h"

namespace retroanim::ck {

ValueKind value_kind_of(Guid type) {
  using namespace param_guid;
  if (type == k2dCurve) return ValueKind::kCurve2d;
  if (type == kString) return ValueKind::kString;
  if (type == kCurve || type == kObjectAnimation || type == kAnimation || type == k3dEntity || type == kBeObject ||
      type == kObject || type == kMaterial || type == kTexture || type == kLight || type == kCamera ||
      type == kTargetCamera || type == kGroup || type == kWaveSound || type == kScript || type == kDataArray)
    return ValueKind::kObject;
  return ValueKind::kBytes;
}

std::string param_type_name(Guid type) {
  using namespace param_guid;
  struct Named {
    Guid g;
    const char* name;
  };
  static const Named names[] = {{kFloat, "Float"},       {kInt, "Integer"},   {kBool, "Boolean"},
                                {kTime, "Time"},         {kPercentage, "Percentage"},
                                {kAngle, "Angle"},       {kVector, "Vector"}, {kDirection, "Direction"},
                                {k2dCurve, "2D Curve"},  {kCurve, "Curve"},   {kObjectAnimation, "Object Animation"},
                                {kAnimation, "Animation"}, {k3dEntity, "3D Entity"}, {kBeObject, "BeObject"},
                                {kObject, "Object"},     {kString, "String"},
                                {kNone, "None"},         {kColor, "Color"},   {kMaterial, "Material"},
                                {kTexture, "Texture"},   {kLight, "Light"},   {kCamera, "Camera"},
                                {kTargetCamera, "Target Camera"}, {kGroup, "Group"}, {kWaveSound, "Wave Sound"},
                                {kMessage, "Message"},   {kClassId, "Class"}, {kScript, "Script"},
                                {kDataArray, "Array"},   {kCompOperator, "Comparison Operator"}};
  for (const Named& n : names)
    if (n.g == type) return n.name;
  using retroanim::io::hex_digits;
  using retroanim::io::HexCase;
  return hex_digits(type.d1, 8, HexCase::kLower) + ":" + hex_digits(type.d2, 8, HexCase::kLower);
}

void ParameterValue::set_bytes(const void* src, size_t size) {
  kind_ = ValueKind::kBytes;
  size_ = std::min(size, bytes_.size());
  bytes_.fill(0);
  if (size_ > 0 && src) std::memcpy(bytes_.data(), src, size_);
}

void ParameterValue::set_vector(math::Vec3 v) {
  float f[3] = {v.x, v.y, v.z};
  set_bytes(f, sizeof f);
}

void ParameterValue::set_object(ObjectRef ref) {
  kind_ = ValueKind::kObject;
  object_ = std::move(ref);
  // The engine stores a CK_ID: 4 bytes.
  size_ = 4;
  bytes_.fill(0);
  std::memcpy(bytes_.data(), &object_.id, 4);
}

void ParameterValue::set_curve2d(std::shared_ptr<Curve2d> curve) {
  kind_ = ValueKind::kCurve2d;
  curve2d_ = std::move(curve);
  size_ = 0;
}

void ParameterValue::set_string(std::string s) {
  kind_ = ValueKind::kString;
  string_ = std::move(s);
  size_ = 0;
}

// CKParameter::GetValue
Status ParameterValue::copy_to(void* dst, size_t size) const {
  if (!dst) return {StatusCode::kInvalidParameter, "no destination buffer given"};
  if (size_ == 0) return {StatusCode::kNotFound, "the parameter holds no bytes"};
  std::memcpy(dst, bytes_.data(), std::min(size, size_));
  return Status::kOk;
}

float ParameterValue::as_float() const {
  float f = 0.0f;
  if (size_ >= 4) std::memcpy(&f, bytes_.data(), 4);
  return f;
}

int32_t ParameterValue::as_int() const {
  int32_t i = 0;
  if (size_ >= 4) std::memcpy(&i, bytes_.data(), 4);
  return i;
}

math::Vec3 ParameterValue::as_vector() const {
  float f[3] = {0, 0, 0};
  std::memcpy(f, bytes_.data(), std::min<size_t>(size_, sizeof f));
  return {f[0], f[1], f[2]};
}

// CKParameter::SetValue / CKParameterOut::SetValue
void Parameter::set_bytes(const void* src, size_t size) {
  value.set_bytes(src, size);
  data_changed();
}

// CKParameter::CopyValue
void Parameter::copy_value_from(const Parameter& other) {
  if (&other == this) return;
  value = other.value;
  data_changed();
}

// CKParameterOut::DataChanged
void Parameter::data_changed() { push(0); }

void Parameter::push(int depth) {
  if (klass != ParameterClass::kOut || depth >= kMaxPushDepth) return;
  for (Parameter* dst : destinations) {
    if (!dst || dst == this) continue;
    dst->value = value;  // CKParameter::CopyValue(this, FALSE)
    if (dst->klass == ParameterClass::kOut) dst->push(depth + 1);  // CKParameterOut::CopyValue -> DataChanged
  }
}

// CKParameterOut::Update
void Parameter::update() {
  if (operation) operation->do_operation();
}

// CKParameterIn::GetRealSource
Parameter* ParameterIn::real_source() const {
  const ParameterIn* p = this;
  for (int steps = 0; p && steps < 1024; ++steps) {
    if (!p->shared_source) return p->direct_source;
    p = p->shared_source;
  }
  return nullptr;
}

Parameter* ParameterIn::updated_source() const {
  Parameter* p = real_source();
  if (p && p->operation) p->update();
  return p;
}

}  // namespace retroanim::ck
