#include "retroanim/ck/behavior/parameter_operation.h"

#include <cstdio>

#include "retroanim/ck/behavior/behavior_manager.h"

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

// Virtools' Time text ("0m 3s 0ms", as the Time type prints it) of milliseconds.
std::string time_text(float ms) {
  int64_t total = static_cast<int64_t>(ms);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%lldm %llds %lldms", static_cast<long long>(total / 60000),
                static_cast<long long>((total / 1000) % 60), static_cast<long long>(total % 1000));
  return buf;
}

// Convert X -> String: the value's text (CKParameter::GetStringValue)
void convert_to_string(BehaviorManager*, Parameter& res, const Parameter* a, const Parameter*) {
  std::string s;
  if (a) s = a->type == param_guid::kTime ? time_text(a->value.as_float()) : parameter_text(*a);
  res.value.set_string(std::move(s));
  res.data_changed();
}

// Convert Int -> Float
void convert_int_to_float(BehaviorManager*, Parameter& res, const Parameter* a, const Parameter*) {
  float v = static_cast<float>(int_of(a));
  res.set_bytes(&v, sizeof v);
}

// Convert String -> Int: the leading decimal integer (sscanf "%d"; 0 without one)
void convert_string_to_int(BehaviorManager*, Parameter& res, const Parameter* a, const Parameter*) {
  int v = 0;
  if (a && a->value.kind() == ValueKind::kString) std::sscanf(a->value.string().c_str(), "%d", &v);
  int32_t out = v;
  res.set_bytes(&out, sizeof out);
}

// Convert String -> an object type: the object of that name (as Get Object By Name)
void convert_string_to_object(BehaviorManager* m, Parameter& res, const Parameter* a, const Parameter* b) {
  get_object_by_name(m, res, a, b);
}

// Get Name: the object's name ("" for none)
void get_name(BehaviorManager*, Parameter& res, const Parameter* a, const Parameter*) {
  std::string s = a && a->value.kind() == ValueKind::kObject ? a->value.object().name : std::string();
  res.value.set_string(std::move(s));
  res.data_changed();
}

// Get Length of a String: strlen
void get_length(BehaviorManager*, Parameter& res, const Parameter* a, const Parameter*) {
  int32_t n = a && a->value.kind() == ValueKind::kString ? static_cast<int32_t>(a->value.string().size()) : 0;
  res.set_bytes(&n, sizeof n);
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
  if (op == op_guid::kConvert && p2 == kNone) {
    if (res == kString && (p1 == kInt || p1 == kFloat || p1 == kBool || p1 == kTime || p1 == kPercentage))
      return convert_to_string;
    if (res == kFloat && p1 == kInt) return convert_int_to_float;
    if (res == kInt && p1 == kString) return convert_string_to_int;
    if (p1 == kString && class_of_parameter_type(res) != 0) return convert_string_to_object;
    return nullptr;
  }
  if (op == op_guid::kGetName && p2 == kNone) {
    if (res == kString && value_kind_of(p1) == ValueKind::kObject) return get_name;
    return nullptr;
  }
  if (op == op_guid::kGetLength && p2 == kNone) {
    if (res == kInt && p1 == kString) return get_length;
    return nullptr;
  }
  return nullptr;
}

// CKParameterOperation::Update
void ParameterOperation::update() {
  Guid t1 = in1 ? in1->type : param_guid::kNone, t2 = in2 ? in2->type : param_guid::kNone;
  Guid tr = out ? out->type : Guid{};
  swapped = false;
  function = find_operation(operation, tr, t1, t2);
  if (!function) {
    function = find_operation(operation, tr, t2, t1);
    swapped = function != nullptr;
  }
}

// CKParameterOperation::DoOperation
Status ParameterOperation::do_operation() {
  if (running_) return {StatusCode::kInvalidParameter, "the operation's inputs lead back to it"};
  running_ = true;
  struct Clear {
    bool& flag;
    ~Clear() { flag = false; }
  } clear{running_};
  if (!function) {
    if (in1 && out)
      if (Parameter* src = in1->updated_source()) out->copy_value_from(*src);
    return {StatusCode::kNotFound, "the operation is not implemented"};
  }
  if (!out) return {StatusCode::kNotFound, "the operation has no output"};
  const Parameter* a = in1 ? in1->updated_source() : nullptr;
  const Parameter* b = in2 ? in2->updated_source() : nullptr;
  if (in1 && in1->type != param_guid::kNone && !a) return {StatusCode::kNotFound, "input 1 has no source"};
  if (in2 && in2->type != param_guid::kNone && !b) return {StatusCode::kNotFound, "input 2 has no source"};
  if (swapped) function(manager, *out, b, a);
  else function(manager, *out, a, b);
  out->data_changed();
  return Status::kOk;
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
