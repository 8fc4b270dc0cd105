// What the script blocks (logics.cpp, narratives_effects.cpp) share: a
// prototype from its interface, and the common ends of a one-input block.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "retroanim/ck/behavior/behavior.h"
#include "retroanim/ck/behavior/behavior_prototype.h"

namespace retroanim::ck::bb {

// A prototype: name, GUID, version, input and output names, function; a
// targetable one gets its compatible class and target pin type.
inline BehaviorPrototype proto(const char* name, Guid guid, uint32_t version, std::vector<std::string> in,
                               std::vector<std::string> out, BehaviorFunction f, bool targetable = false,
                               uint32_t cls = class_id::kBeObject, Guid target_type = param_guid::kBeObject) {
  BehaviorPrototype p;
  p.name = name;
  p.guid = guid;
  p.version = version;
  p.inputs = std::move(in);
  p.outputs = std::move(out);
  p.function = f;
  p.compatible_class_id = cls;
  if (targetable) {
    p.behavior_flags = behavior_flag::kTargetable;
    p.target_type = target_type;
  }
  return p;
}

// In (input 0) goes inactive and output `out` fires (ActivateInput(0, FALSE); ActivateOutput(out)).
inline void in_to_out(Behavior& b, int out = 0) {
  b.activate_input(0, false);
  b.activate_output(out);
}

// The most common end: In to Out, CKBR_OK.
inline int done(Behavior& b) {
  in_to_out(b);
  return behavior_return::kOk;
}

}  // namespace retroanim::ck::bb
