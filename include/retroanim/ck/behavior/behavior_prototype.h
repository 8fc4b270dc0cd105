// CKBehaviorPrototype: what a building block declares (inputs, outputs,
// parameters with defaults, locals and settings, flags, function, callback),
// and the registry of the building blocks retroanim implements.
#pragma once

#include <string>
#include <vector>

#include "retroanim/ck/behavior/behavior.h"

namespace retroanim::ck {

// One declared parameter: name, type and default value.
struct ParameterDeclaration {
  std::string name;
  Guid type;
  ParameterValue default_value;
  bool is_setting = false;  // DeclareSetting (locals only)
};

// CKBehaviorPrototype of a building block.
struct BehaviorPrototype {
  std::string name;
  Guid guid;
  uint32_t version = 0;
  uint32_t behavior_flags = 0;  // SetBehaviorFlags (e.g. CKBEHAVIOR_TARGETABLE)
  uint32_t compatible_class_id = class_id::kBeObject;
  Guid target_type = param_guid::kBeObject;  // the target pin's type for targetable BBs
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  std::vector<ParameterDeclaration> input_params;
  std::vector<ParameterDeclaration> output_params;
  std::vector<ParameterDeclaration> locals;
  BehaviorFunction function = nullptr;
  BehaviorCallback callback = nullptr;
};

// The building blocks retroanim implements: Bezier Progression, Position On
// Curve, Play Animation 3D Entity, Play Global Animation and the blocks of
// the menu scripts' paths (bb/script_blocks.h).
const std::vector<BehaviorPrototype>& builtin_prototypes();

// The built-in prototype with this GUID, or null.
const BehaviorPrototype* find_prototype(Guid guid);

// The built-in prototype with this name (e.g. "Position On Curve"), or null.
const BehaviorPrototype* find_prototype(const std::string& name);

// Small helpers to build default values.
ParameterValue float_value(float v);
ParameterValue int_value(int32_t v);
ParameterValue vector_value(math::Vec3 v);

}  // namespace retroanim::ck
