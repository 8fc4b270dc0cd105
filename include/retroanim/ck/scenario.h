// Behaviour scenarios: a set of building blocks run over time on a scene,
// with the entities whose world matrices are recorded each frame. A scenario
// is either a built-in (`menu-camera`, `stone`: behaviours read from the
// file's own scripts) or a JSON spec (docs/formats/ck-scenario.md) that names
// file behaviours or declares building blocks, their pins, links and targets.
// This is the library side of `retroanim ck play`.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "retroanim/ck/behavior_manager.h"
#include "retroanim/ck/scene.h"
#include "retroanim/math/matrix.h"

namespace retroanim::ck {

// The names of the built-in scenarios.
std::vector<std::string> builtin_scenario_names();

// The JSON spec of a built-in scenario, or an empty string for an unknown name.
std::string builtin_scenario_spec(const std::string& name);

// One recorded frame: the time after the frame (sum of the deltas so far) and
// the world matrix of each recorded entity, in Scenario::recorded() order.
struct ScenarioFrame {
  double t_ms = 0.0;
  std::vector<math::Matrix> worlds;
};

// One frame as the JSON line `ck play --json` prints:
// {"t_ms": T, "entities": {"NAME": {"world": [[r0],[r1],[r2],[r3]]}}} with the
// matrix rows (row 3 = translation) and floats printed to round-trip (%.9g).
std::string scenario_frame_json(const ScenarioFrame& frame, const std::vector<std::string>& names);

// The number of frames `seconds` of dt_ms-millisecond frames make (rounded to
// the nearest). Throws retroanim::Error for a non-finite or negative duration,
// a step that is not > 0, or more than 10 million frames.
int scenario_frame_count(double seconds, double dt_ms);

// A scenario bound to a scene: its behaviours live in its own manager and act
// on the scene's objects (the scene must outlive the scenario).
class Scenario {
 public:
  // Builds the scenario named `name_or_spec`: a built-in name, a path to a
  // JSON spec file, or JSON text (starting with '{'). Errors (unknown
  // scenario, malformed JSON, a missing object, behaviour or pin, a value of the
  // wrong type) throw retroanim::Error with one line naming the scenario and
  // the culprit.
  static std::unique_ptr<Scenario> create(Scene& scene, const std::string& name_or_spec);

  // Builds a scenario from JSON text; `label` names it in error messages.
  static std::unique_ptr<Scenario> from_json(Scene& scene, const std::string& json_text, const std::string& label);

  // The names of the recorded entities.
  const std::vector<std::string>& recorded() const { return recorded_names_; }

  // Starts from the beginning: CKM_BEHAVIORRESET to every block, scripts reset.
  void reset();

  // Runs one frame of dt_ms milliseconds and returns the recorded matrices.
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

 private:
  Scenario() = default;
  friend struct ScenarioBuilder;
  std::string label_;
  Scene* scene_ = nullptr;
  std::unique_ptr<BehaviorManager> manager_;
  std::vector<std::pair<std::string, Behavior*>> named_;
  std::vector<std::string> recorded_names_;
  std::vector<const Entity3d*> recorded_;
};

}  // namespace retroanim::ck
