// The scenario runner: a scenario built from a built-in or a spec, reset and
// stepped frame by frame, recording the chosen entities' world matrices.
#include "harness/ck/scenario.h"

#include <fstream>
#include <sstream>

#include "retroanim/ck/io/scene.h"
#include "harness/ck/scenario_builtin.h"
#include "retroanim/error.h"
#include "retroanim/io/file_path.h"
#include "harness/ck/scenario_spec.h"

namespace retroanim::ck {

std::unique_ptr<Scenario> Scenario::from_spec(Scene& scene, const ScenarioSpec& spec, const std::string& label) {
  std::unique_ptr<Scenario> sc(new Scenario());
  sc->label_ = label;
  sc->scene_ = &scene;
  sc->manager_ = std::make_unique<BehaviorManager>();
  build_scenario(*sc, scene, *sc->manager_, spec);
  sc->reset();
  return sc;
}

std::unique_ptr<Scenario> Scenario::from_json(Scene& scene, const std::string& json_text, const std::string& label) {
  return from_spec(scene, read_scenario_spec(json_text, "scenario '" + label + "'", label), label);
}

std::unique_ptr<Scenario> Scenario::create(Scene& scene, const std::string& name_or_spec,
                                           const std::string& inline_source) {
  std::string builtin = builtin_scenario_spec(name_or_spec);
  if (!builtin.empty()) return from_json(scene, builtin, name_or_spec);
  size_t first = name_or_spec.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && name_or_spec[first] == '{')
    return from_spec(scene, read_scenario_spec(name_or_spec, inline_source, "spec"), "spec");
  std::ifstream f(retroanim::io::utf8_path(name_or_spec), std::ios::binary);
  if (!f) {
    std::string names;
    for (const auto& n : builtin_scenario_names()) names += (names.empty() ? "" : ", ") + n;
    throw Error("scenario '" + name_or_spec + "': neither a built-in (" + names + ") nor a readable spec file");
  }
  std::stringstream ss;
  ss << f.rdbuf();
  return from_spec(scene, read_scenario_spec(ss.str(), name_or_spec, name_or_spec), name_or_spec);
}

Scenario::~Scenario() = default;

void Scenario::reset() {
  manager_->reset();
  reported_ = 0;
  events_reported_ = 0;
}

ScenarioFrame Scenario::step(float dt_ms) {
  manager_->execute(dt_ms);
  ScenarioFrame f;
  f.t_ms = manager_->time_ms();
  const auto& unimplemented = manager_->unimplemented();
  for (; reported_ < unimplemented.size(); ++reported_) f.unimplemented.push_back(unimplemented[reported_]);
  const auto& events = manager_->events();
  for (; events_reported_ < events.size(); ++events_reported_) f.events.push_back(events[events_reported_]);
  f.active_camera = manager_->active_camera().name;
  f.worlds.reserve(recorded_.size());
  for (const Entity3d* e : recorded_) f.worlds.push_back(e->world_matrix());
  return f;
}

std::vector<ScenarioFrame> Scenario::run(int frames, float dt_ms) {
  reset();
  std::vector<ScenarioFrame> out;
  out.reserve(frames > 0 ? static_cast<size_t>(frames) : 0);
  for (int i = 0; i < frames; ++i) out.push_back(step(dt_ms));
  return out;
}

Behavior* Scenario::behavior(const std::string& name) const {
  for (const auto& [n, b] : named_)
    if (n == name) return b;
  return nullptr;
}

}  // namespace retroanim::ck
