// A building-block test rig for the ck/behavior tests: a script holding one
// block under test (found by name among the prototypes), Start linked to one of
// its inputs, and a probe on each output that records the frames in which it
// fires; helpers for pins, the target and small parameter values.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "retroanim/ck/behavior/bb/script_blocks.h"
#include "retroanim/ck/behavior/behavior_manager.h"

namespace retroanim::ck::test {

inline std::map<const Behavior*, std::vector<uint64_t>> g_hits;  // the probes' frames, per probe

inline int probe_fn(const BehaviorContext& ctx) {
  g_hits[ctx.behavior].push_back(ctx.manager->frame());
  ctx.behavior->activate_input(0, false);
  return behavior_return::kOk;
}

// A script with one block under test and a probe on each of its outputs.
struct Rig {
  BehaviorManager m;
  Behavior* script = nullptr;
  Behavior* b = nullptr;
  std::vector<Behavior*> probes;

  explicit Rig(const char* block, int start_input = 0) {
    g_hits.clear();
    script = &m.create_script("Script", {});
    const BehaviorPrototype* proto = find_prototype(std::string(block));
    EXPECT_NE(proto, nullptr) << block;
    b = &m.create_building_block(*proto);
    m.add_sub_behavior(*script, *b);
    if (start_input >= 0) link_start(start_input);
    BehaviorPrototype p;
    p.name = "probe";
    p.inputs = {"In"};
    p.function = probe_fn;
    for (size_t i = 0; i < b->outputs.size(); ++i) {
      Behavior& pr = m.create_building_block(p, "probe " + std::to_string(i));
      m.add_sub_behavior(*script, pr);
      m.add_sub_link(*script, m.create_link(*b->outputs[i], *pr.inputs[0], 0));
      probes.push_back(&pr);
    }
  }
  void link_start(int input) { m.add_sub_link(*script, m.create_link(*script->inputs[0], *b->inputs[input], 0)); }
  // The frames in which output i fired.
  std::vector<uint64_t> fired(int i) const {
    auto it = g_hits.find(probes[static_cast<size_t>(i)]);
    return it == g_hits.end() ? std::vector<uint64_t>{} : it->second;
  }
  // Pin pos reads a new local holding `v` (the pin takes type t).
  Parameter& pin(int pos, Guid t, const ParameterValue& v) {
    Parameter& l = m.create_parameter(b->input_params[pos]->name, t, ParameterClass::kLocal);
    l.value = v;
    b->input_params[pos]->type = t;
    b->input_params[pos]->direct_source = &l;
    return l;
  }
  void target(const ObjectRef& ref) {
    Parameter& t = m.create_parameter("Target", b->target_param->type, ParameterClass::kLocal);
    t.value.set_object(ref);
    b->target_param->direct_source = &t;
  }
  void run(int frames, float dt = 20.0f) {
    g_hits.clear();
    m.reset();
    for (int i = 0; i < frames; ++i) m.execute(dt);
  }
  std::vector<std::string> events() const {
    std::vector<std::string> out;
    for (const BlockEvent& e : m.events()) out.push_back((e.failure ? "FAIL " : "") + e.what);
    return out;
  }
};

inline ParameterValue str(const std::string& s) {
  ParameterValue v;
  v.set_string(s);
  return v;
}

inline ObjectRef obj(const std::string& name, uint32_t cls, ObjectId id = 5) {
  ObjectRef r;
  r.name = name;
  r.class_id = cls;
  r.id = id;
  return r;
}

}  // namespace retroanim::ck::test
