#include "retroanim/ck/behavior/behavior_prototype.h"
#include "retroanim/ck/behavior/bb/bezier_progression.h"
#include "retroanim/ck/behavior/bb/play_animation_3d_entity.h"
#include "retroanim/ck/behavior/bb/play_global_animation.h"
#include "retroanim/ck/behavior/bb/position_on_curve.h"
#include "retroanim/ck/behavior/bb/script_blocks.h"

namespace retroanim::ck {

const std::vector<BehaviorPrototype>& builtin_prototypes() {
  static const std::vector<BehaviorPrototype> protos = [] {
    std::vector<BehaviorPrototype> v = {bb::bezier_progression_prototype(), bb::position_on_curve_prototype(),
                                        bb::play_animation_3d_entity_prototype(),
                                        bb::play_global_animation_prototype()};
    for (auto* group : {bb::logic_prototypes, bb::narrative_prototypes, bb::effect_prototypes})
      for (BehaviorPrototype& p : group()) v.push_back(std::move(p));
    return v;
  }();
  return protos;
}

const BehaviorPrototype* find_prototype(Guid guid) {
  for (const auto& p : builtin_prototypes())
    if (p.guid == guid) return &p;
  return nullptr;
}

const BehaviorPrototype* find_prototype(const std::string& name) {
  for (const auto& p : builtin_prototypes())
    if (p.name == name) return &p;
  return nullptr;
}

ParameterValue float_value(float v) {
  ParameterValue p;
  p.set_float(v);
  return p;
}

ParameterValue int_value(int32_t v) {
  ParameterValue p;
  p.set_int(v);
  return p;
}

ParameterValue vector_value(math::Vec3 v) {
  ParameterValue p;
  p.set_vector(v);
  return p;
}

}  // namespace retroanim::ck
