#include "retroanim/ck/parameter_operation.h"

#include <cstdio>

#include "retroanim/ck/behavior_manager.h"

namespace retroanim::ck {

namespace {

float float_of(const Parameter* p) { return p ? p->value.as_float() : 0.0f; }
int32_t int_of(const Parameter* p) { return p ? p->value.as_int() : 0; }

// Addition (CKOGUID_ADDITION) Float + Float
void add_float(BehaviorManager*, Parameter& res, const Parameter* a, const Parameter* b) {
  float v = float_of(a) + float_of(b);
  res.set_bytes(&v, sizeof v);
}

// Addition Int + Int (wrapping, as the engine's int addition on x86)
void add_int(BehaviorManager*, Parameter& res, const Parameter* a, const Parameter* b) {
  int32_t v = static_cast<int32_t>(static_cast<uint32_t>(int_of(a)) + static_cast<uint32_t>(int_of(b)));
  res.set_bytes(&v, sizeof v);
}

// Addition Vector + Vector
void add_vector(BehaviorManager*, Parameter& res, const Parameter* a, const Parameter* b) {
  math::Vec3 x = a ? a->value.as_vector() : math::Vec3{};
  math::Vec3 y = b ? b->value.as_vector() : math::Vec3{};
  res.value.set_vector({x.x + y.x, x.y + y.y, x.z + y.z});
  res.data_changed();
}

// Addition String + String: the concatenation
void add_string(BehaviorManager*, Parameter& res, const Parameter* a, const Parameter* b) {
  std::string s = (a && a->value.kind() == ValueKind::kString ? a->value.string() : std::string()) +
                  (b && b->value.kind() == ValueKind::kString ? b->value.string() : std::string());
  res.value.set_string(std::move(s));
  res.data_changed();
}

// Get Object By Name (CKContext::GetObjectByNameAndClass(p1, class of the result type))
void get_object_by_name(BehaviorManager* m, Parameter& res, const Parameter* a, const Parameter*) {
  ObjectRef found;
  if (m && m->object_by_name && a && a->value.kind() == ValueKind::kString)
    found = m->object_by_name(a->value.string(), class_of_parameter_type(res.type));
  res.value.set_object(found);
  res.data_changed();
}

}  // namespace

uint32_t class_of_parameter_type(Guid type) {
  using namespace param_guid;
  struct Entry {
    Guid type;
    uint32_t cls;
  };
  static const Entry table[] = {
      {kObject, class_id::kObject},        {kBeObject, class_id::kBeObject},
      {k3dEntity, class_id::k3dEntity},    {kCurve, class_id::kCurve},
      {kObjectAnimation, class_id::kObjectAnimation}, {kAnimation, class_id::kAnimation},
      {kMaterial, class_id::kMaterial},    {kTexture, class_id::kTexture},
      {kLight, class_id::kLight},          {kCamera, class_id::kCamera},
      {kTargetCamera, 35},                 {kGroup, class_id::kGroup},
      {kWaveSound, class_id::kWaveSound},  {kScript, class_id::kBehavior},
      {kDataArray, class_id::kDataArray},
  };
  for (const Entry& e : table)
    if (e.type == type) return e.cls;
  return 0;
}

OperationFunction find_operation(Guid op, Guid res, Guid p1, Guid p2) {
  using namespace param_guid;
  if (op == op_guid::kAddition) {
    if (res == kFloat && p1 == kFloat && p2 == kFloat) return add_float;
    if (res == kInt && p1 == kInt && p2 == kInt) return add_int;
    if (res == kVector && p1 == kVector && p2 == kVector) return add_vector;
    if (res == kString && p1 == kString && p2 == kString) return add_string;
    return nullptr;
  }
  if (op == op_guid::kGetObjectByName) {
    if (p1 == kString && p2 == kNone && class_of_parameter_type(res) != 0) return get_object_by_name;
    return nullptr;
  }
  return nullptr;
}

std::string parameter_text(const Parameter& p) {
  using namespace param_guid;
  switch (p.value.kind()) {
    case ValueKind::kString: return p.value.string();
    case ValueKind::kObject: return p.value.object().name;
    case ValueKind::kBytes: {
      char buf[64];
      if (p.type == kInt) {
        std::snprintf(buf, sizeof buf, "%d", p.value.as_int());
        return buf;
      }
      if (p.type == kBool) return p.value.as_int() ? "TRUE" : "FALSE";
      if (p.type == kFloat) {
        std::snprintf(buf, sizeof buf, "%g", static_cast<double>(p.value.as_float()));
        return buf;
      }
      return {};
    }
    default: return {};
  }
}

}  // namespace retroanim::ck
