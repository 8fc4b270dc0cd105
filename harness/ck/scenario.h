// Behaviour scenarios: a set of building blocks run over time on a scene,
// with the entities whose world matrices are recorded each frame. A scenario
// is either a built-in (`menu-camera`, `stone`: behaviours read from the
// file's own scripts) or a JSON spec (docs/formats/ck-scenario.md) that names
// file behaviours or declares building blocks, their pins, links and targets.
// This is the library side of `retroanim ck play`: the runner here, the
// spec reader in src/ck/scenario_spec.cpp (JSON to a plain ScenarioSpec, then
// the spec built into the scenario), the built-ins in
// scenario_builtin.h, the recorded trace in scenario_trace.h.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "retroanim/ck/behavior/behavior_manager.h"
#include "harness/ck/scenario_builtin.h"
#include "harness/ck/scenario_trace.h"

namespace retroanim::ck {

class Scene;  // ck/io/scene.h: the loaded file the scenario acts on
struct ScenarioSpec;  // src/ck/scenario_spec.h: a spec as read from its JSON

// A scenario bound to a scene: its behaviours live in its own manager and act
// on the scene's objects (the scene must outlive the scenario).
class Scenario {
 public:
  ~Scenario();
  // Builds the scenario named `name_or_spec`: a built-in name, a path to a
  // JSON spec file, or JSON text (starting with '{'). Errors throw
  // retroanim::Error with one line: malformed JSON as "FILE: at byte N:
  // malformed JSON: ..." (FILE is `inline_source` for JSON text), the others
  // (unknown scenario, a missing object, behaviour or pin, a value of the
  // wrong type) as "scenario 'LABEL': MEMBER: WHAT".
  static std::unique_ptr<Scenario> create(Scene& scene, const std::string& name_or_spec,
                                          const std::string& inline_source = "spec");

  // Builds a scenario from JSON text; `label` names it in error messages
  // (malformed JSON reads "scenario 'LABEL': at byte N: malformed JSON: ...").
  static std::unique_ptr<Scenario> from_json(Scene& scene, const std::string& json_text, const std::string& label);

  // The names of the recorded entities.
  const std::vector<std::string>& recorded() const { return recorded_names_; }

  // Starts from the beginning: CKM_BEHAVIORRESET to every block, scripts reset.
  void reset();

  // Runs one frame of dt_ms milliseconds and returns the recorded matrices,
  // the unimplemented blocks that first became active in it, the events of
  // the frame and the active camera.
  ScenarioFrame step(float dt_ms);

  // Runs `frames` frames of dt_ms from a reset, collecting every frame.
  std::vector<ScenarioFrame> run(int frames, float dt_ms);

  // The manager running the scenario's behaviours.
  BehaviorManager& manager() { return *manager_; }

  // A behaviour of the scenario by its scenario name (spec "name", or the
  // file behaviour's name), or null.
  Behavior* behavior(const std::string& name) const;

  // The scenario's label (built-in name, file name or "spec").
  const std::string& label() const { return label_; }

  // (retroanim's own) A spec without "context" whose script gets objects by
  // name that the played file lacks runs with the game files the engine
  // loads beside it (base.cmo and its MainLoading list; docs/formats/
  // ck-scenario.md). notes(): which files were loaded and which supplied
  // what (one line); warnings(): the objects no loaded file holds, with the
  // file that normally supplies each (one line). Empty otherwise.
  const std::vector<std::string>& notes() const { return notes_; }
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  Scenario() = default;
  static std::unique_ptr<Scenario> from_spec(Scene& scene, const ScenarioSpec& spec, const std::string& label);
  friend struct ScenarioBuilder;
  std::string label_;
  Scene* scene_ = nullptr;
  std::unique_ptr<BehaviorManager> manager_;
  std::vector<std::pair<std::string, Behavior*>> named_;
  std::vector<std::string> recorded_names_;
  std::vector<const Entity3d*> recorded_;
  size_t reported_ = 0;  // manager().unimplemented() entries already handed out by step()
  size_t events_reported_ = 0;  // manager().events() entries already handed out by step()
  // The files of the context ("context" in a spec), loaded beside the scene.
  std::vector<std::unique_ptr<Scene>> context_;
  std::vector<std::string> notes_;
  std::vector<std::string> warnings_;
};

}  // namespace retroanim::ck
