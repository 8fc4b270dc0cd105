// The AC scenario runner: reads a scenario file (format retroanim.ac.scenario/1,
// docs/formats/ac-scenario.md), drives a CSequence (and, when the scenario has
// one, a motion table manager) through its steps, and writes one JSON line per
// `update` step. Bad scenarios throw retroanim::Error with one line naming the
// file and the place (e.g. "a.json: steps[3].update: dt is negative").
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/anim/sequence.h"
#include "retroanim/math/frame.h"

namespace retroanim::ac {

// JSON as the scenario runner uses it: objects keep the order they were written in.
using ScenarioJson = nlohmann::ordered_json;

// Reads the typed values of a scenario, throwing retroanim::Error with the
// file and the place (a JSON path such as "steps[2].append.anim") on bad input.
class ScenarioReader {
 public:
  // A reader for the scenario file `file` (used in messages).
  explicit ScenarioReader(std::string file) : file_(std::move(file)) {}

  // Throws the one-line error "FILE: WHERE: WHAT".
  [[noreturn]] void fail(const std::string& where, const std::string& what) const;

  // An id: a JSON integer in 0..0xFFFFFFFF or a string "0x..." (hex) or decimal.
  uint32_t id(const ScenarioJson& v, const std::string& where) const;
  // A 32-bit signed integer (JSON integer).
  int32_t int32(const ScenarioJson& v, const std::string& where) const;
  // A finite number that is also finite as a float.
  float number(const ScenarioJson& v, const std::string& where) const;
  // A finite number kept in double.
  double number_double(const ScenarioJson& v, const std::string& where) const;
  // The JSON boolean true.
  void require_true(const ScenarioJson& v, const std::string& where) const;
  // A vector [x, y, z].
  math::Vec3 vec3(const ScenarioJson& v, const std::string& where) const;
  // A Frame {"origin": [x, y, z], "rotation": [w, x, y, z]} (values kept as written).
  math::AFrame frame(const ScenarioJson& v, const std::string& where) const;
  // Checks that `v` is an object whose keys are all in `allowed` (nullptr-terminated).
  void object_keys(const ScenarioJson& v, const std::string& where, const char* const* allowed) const;
  // The scenario file's name.
  const std::string& file() const { return file_; }

 private:
  std::string file_;
};

// The motion-table part of a scenario (built by make_scenario_motion when the
// scenario has "motion_table"). The runner calls it in the client's per-frame order.
class ScenarioMotion {
 public:
  virtual ~ScenarioMotion() = default;
  // Runs one motion step ("set_default_state", "perform", "stop", "stop_completely",
  // and, with an object, the interpreter steps).
  virtual void run_step(const std::string& name, const ScenarioJson& arg, const std::string& where) = 0;
  // Whether the scenario has an "object" (a CMotionInterp).
  virtual bool has_object() const = 0;
  // One AnimationDone hook reached the object (MotionTableManager::AnimationDone(true)).
  virtual void animation_done(bool success) = 0;
  // MotionTableManager::UseTime, once after the hooks of an update.
  virtual void use_time() = 0;
  // Adds "state", "pending" and "done" to the trace line of an update (and
  // forgets the motions reported as done).
  virtual void add_trace(ScenarioJson& line) = 0;
};

// Builds the motion-table part from the scenario's "motion_table" value, driving
// `sequence` with animations from `animations`; with `object` (the scenario's
// "object"), also the physics object and its CMotionInterp, whose frame is
// `*object_frame` (the runner's object frame). Throws when it cannot.
std::unique_ptr<ScenarioMotion> make_scenario_motion(const ScenarioJson& motion_table, Sequence& sequence,
                                                     const AnimationProvider& animations,
                                                     const ScenarioReader& reader, const std::string& base_dir,
                                                     const ScenarioJson* object = nullptr,
                                                     const math::Frame* object_frame = nullptr);

// Opens the portal.dat named by the scenario's "dat" key (path already resolved
// against the scenario's folder) as a source of animations. Throws when it cannot.
std::unique_ptr<AnimationProvider> open_scenario_dat(const std::string& path, const ScenarioReader& reader);

// Reads a scenario's inline "motion_table" (or, given an id, the table from
// `animations` when it is also a MotionTableProvider, as with "dat").
MotionTable read_scenario_motion_table(const ScenarioJson& motion_table, const ScenarioReader& reader,
                                       const AnimationProvider& animations);

// A scenario's data without its steps (what a caller replaying the steps
// itself needs, e.g. the C API's examples): the animations (inline, then the
// dat's), the motion table when it has one, the initial frame, and the JSON
// of each inline hook as the trace prints it (hook_json[tag - 1] for a hook
// whose AnimationHook::tag is tag).
struct ScenarioData {
  std::shared_ptr<const AnimationProvider> animations;
  std::optional<MotionTable> motion_table;
  math::Frame initial_frame;
  std::vector<std::string> hook_json;
};

// Checks the whole scenario in `text` (every step run once, as run_scenario
// does before writing) and returns its data. Throws retroanim::Error as run_scenario.
ScenarioData load_scenario_data(const std::string& text, const std::string& file, const std::string& base_dir);
// The same for the scenario file at `path`.
ScenarioData load_scenario_data_file(const std::string& path);

// The trace JSON of a hook that has no JSON of its own (AnimationDone, hooks
// read from a dat): {"type": N, "direction": D, payload fields by name}.
ScenarioJson hook_to_json(const AnimationHook& hook);

// Runs the scenario in `text` (named `file` in errors; relative paths resolve
// against `base_dir`), writing the trace lines to `out`.
void run_scenario(const std::string& text, const std::string& file, const std::string& base_dir, std::ostream& out);

// Reads and runs the scenario file at `path`, writing the trace lines to `out`.
void run_scenario_file(const std::string& path, std::ostream& out);

}  // namespace retroanim::ac
