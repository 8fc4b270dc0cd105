// A scenario spec (docs/formats/ck-scenario.md) in two steps: its JSON read
// into a plain description (every member's shape checked, nothing looked up),
// then the description built into a scenario acting on a scene (every name
// looked up, every value typed by the pin it sets).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace retroanim::ck {

class BehaviorManager;
class Scenario;
class Scene;

// What a spec says, before anything is looked up in the scene.
struct ScenarioSpec {
  // "script": the file's script named `name`, whole or reduced to some of its blocks.
  struct Script {
    std::string name;
    std::optional<std::vector<std::string>> behaviors;  // names of the blocks kept
    std::optional<std::vector<std::string>> start;      // BEHAVIOR.INPUT activated at start
  };
  // A pin (input, local or setting) and its JSON value; the value's meaning
  // depends on the pin's type, known when the block is built.
  struct PinValue {
    std::string pin;
    nlohmann::json value;
  };
  // One member of a declared block besides "type" and "name", in the spec's key order.
  struct BlockMember {
    enum class Kind { kInputs, kLocals, kOwner, kSettings, kTarget };
    Kind kind;
    std::string key;                // as written ("inputs", "locals", ...)
    std::string object;             // kOwner, kTarget: the object's name
    std::vector<PinValue> values;   // kInputs, kLocals, kSettings
  };
  // "behaviors[i]": a building block to create.
  struct Block {
    std::string type;
    std::string name;  // the type when the spec names none
    std::vector<BlockMember> members;
  };
  // "links[i]": a behaviour link between two blocks' pins.
  struct Link {
    std::string from, to;  // BEHAVIOR.OUTPUT, BEHAVIOR.INPUT
    int32_t delay = 0;     // 0..32767 frames
  };

  std::optional<Script> script;
  std::optional<std::vector<Block>> behaviors;
  std::optional<std::vector<Link>> links;
  // Other files loaded into the same context (relative to the played file).
  // Absent: the game files the engine loads with the played one, when its
  // scripts get objects by name that it lacks (src/ck/scenario_context.h).
  std::optional<std::vector<std::string>> context;
  std::vector<std::string> start;   // BEHAVIOR.INPUT activated at start
  std::vector<std::string> record;  // the 3D entities recorded each frame
};

// Reads `json_text` into a ScenarioSpec. A JSON syntax error reads
// "SOURCE: at byte N: malformed JSON: ..."; a member of the wrong shape
// "scenario 'LABEL': MEMBER: WHAT". Throws retroanim::Error.
ScenarioSpec read_scenario_spec(std::string_view json_text, const std::string& source, const std::string& label);

// Builds `spec` into `sc` (its behaviours in `manager`, acting on `scene`);
// errors read "scenario 'LABEL': MEMBER: WHAT". Throws retroanim::Error.
void build_scenario(Scenario& sc, Scene& scene, BehaviorManager& manager, const ScenarioSpec& spec);

}  // namespace retroanim::ck
