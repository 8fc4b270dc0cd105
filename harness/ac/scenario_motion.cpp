// The motion-table part of the AC scenario runner: reads the scenario's inline
// "motion_table" into a MotionTable, runs the motion steps on a
// MotionTableManager over the scenario's sequence, and adds the "state",
// "pending" and "done" fields to each update's trace line.
#include <utility>
#include <vector>

#include "retroanim/ac/motion/motion_sequence.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/motion/motion_table_manager.h"
#include "harness/ac/scenario.h"

namespace retroanim::ac {

namespace {

// Collects the MotionDone calls of one update, in order.
class DoneCollector : public MotionDoneSink {
 public:
  void motion_done(uint32_t motion, bool /*success*/) override { done_.push_back(motion); }
  std::vector<uint32_t> take() { return std::exchange(done_, {}); }

 private:
  std::vector<uint32_t> done_;
};

// A JSON object key read as an id ("0x..." or decimal).
uint32_t key_id(const ScenarioReader& rd, const std::string& key, const std::string& where) {
  return rd.id(ScenarioJson(key), where);
}

MotionData read_motion_data(const ScenarioJson& v, const ScenarioReader& rd, const std::string& where) {
  static const char* const keys[] = {"anims", "bitfield", "velocity", "omega", nullptr};
  rd.object_keys(v, where, keys);
  MotionData d;
  if (v.contains("anims")) {
    const ScenarioJson& list = v["anims"];
    const std::string lw = where + ".anims";
    if (!list.is_array()) rd.fail(lw, "must be an array");
    if (list.size() > 255) rd.fail(lw, "more than 255 animations (the client counts them in one byte)");
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string aw = lw + "[" + std::to_string(i) + "]";
      static const char* const akeys[] = {"anim", "low", "high", "framerate", nullptr};
      rd.object_keys(list[i], aw, akeys);
      if (!list[i].contains("anim")) rd.fail(aw, "missing \"anim\"");
      AnimData a;
      a.anim_id = rd.id(list[i]["anim"], aw + ".anim");
      if (list[i].contains("low")) a.low_frame = rd.int32(list[i]["low"], aw + ".low");
      if (list[i].contains("high")) a.high_frame = rd.int32(list[i]["high"], aw + ".high");
      if (list[i].contains("framerate")) a.framerate = rd.number(list[i]["framerate"], aw + ".framerate");
      d.anims.push_back(a);
    }
  }
  if (v.contains("bitfield")) {
    uint32_t b = rd.id(v["bitfield"], where + ".bitfield");
    if (b > 0xffu) rd.fail(where + ".bitfield", "must be 0..255 (one byte in the client)");
    d.bitfield = static_cast<uint8_t>(b);
  }
  if (v.contains("velocity")) {
    d.velocity = rd.vec3(v["velocity"], where + ".velocity");
    d.flags |= motion_data_flags::kHasVelocity;
  }
  if (v.contains("omega")) {
    d.omega = rd.vec3(v["omega"], where + ".omega");
    d.flags |= motion_data_flags::kHasOmega;
  }
  return d;
}

// Reads a {"KEY": MotionData, ...} object into `out` (a later duplicate key
// replaces an earlier one, as in the client's hash).
void read_motion_map(const ScenarioJson& v, const ScenarioReader& rd, const std::string& where,
                     std::unordered_map<uint32_t, MotionData>& out) {
  if (!v.is_object()) rd.fail(where, "must be an object");
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string w = where + "." + it.key();
    out[key_id(rd, it.key(), w)] = read_motion_data(it.value(), rd, w);
  }
}

MotionTable read_motion_table(const ScenarioJson& v, const ScenarioReader& rd, const AnimationProvider& animations) {
  const std::string where = "motion_table";
  if (v.is_string()) {
    // An id: the animation source must also give motion tables (a dat).
    const auto* tables = dynamic_cast<const MotionTableProvider*>(&animations);
    if (!tables) rd.fail(where, "a motion table id needs \"dat\"");
    return tables->get_motion_table(rd.id(v, where));
  }
  static const char* const keys[] = {"default_style", "style_defaults", "cycles", "modifiers", "links", nullptr};
  rd.object_keys(v, where, keys);
  MotionTable t;
  if (!v.contains("default_style")) rd.fail(where, "missing \"default_style\"");
  t.default_style = rd.id(v["default_style"], where + ".default_style");
  if (v.contains("style_defaults")) {
    const ScenarioJson& sd = v["style_defaults"];
    if (!sd.is_object()) rd.fail(where + ".style_defaults", "must be an object");
    for (auto it = sd.begin(); it != sd.end(); ++it) {
      const std::string w = where + ".style_defaults." + it.key();
      t.style_defaults[key_id(rd, it.key(), w)] = rd.id(it.value(), w);
    }
  }
  if (v.contains("cycles")) read_motion_map(v["cycles"], rd, where + ".cycles", t.cycles);
  if (v.contains("modifiers")) read_motion_map(v["modifiers"], rd, where + ".modifiers", t.modifiers);
  if (v.contains("links")) {
    const ScenarioJson& links = v["links"];
    if (!links.is_object()) rd.fail(where + ".links", "must be an object");
    for (auto it = links.begin(); it != links.end(); ++it) {
      const std::string w = where + ".links." + it.key();
      read_motion_map(it.value(), rd, w, t.links[key_id(rd, it.key(), w)]);
    }
  }
  return t;
}

// The motion steps over a MotionTableManager.
class ManagerMotion final : public ScenarioMotion {
 public:
  ManagerMotion(MotionTable table, Sequence& sequence, const ScenarioReader& reader)
      : table_(std::move(table)), target_(sequence), reader_(reader) {
    manager_.set_table(&table_);
    manager_.set_owner(&done_);
  }

  void run_step(const std::string& name, const ScenarioJson& arg, const std::string& where) override {
    if (name == "set_default_state") {
      reader_.require_true(arg, where);
      manager_.initialize_state(target_);
    } else if (name == "perform" || name == "stop") {
      static const char* const keys[] = {"motion", "speed", nullptr};
      reader_.object_keys(arg, where, keys);
      if (!arg.contains("motion")) reader_.fail(where, "missing \"motion\"");
      MovementStruct ms;
      ms.type = name == "perform" ? MovementType::kInterpretedCommand : MovementType::kStopInterpretedCommand;
      ms.motion = reader_.id(arg["motion"], where + ".motion");
      if (arg.contains("speed")) ms.speed = reader_.number(arg["speed"], where + ".speed");
      // A refused command (WERROR 0x43) changes nothing, as in the client; the
      // trace has no field for it.
      manager_.perform_movement(ms, target_);
    } else if (name == "stop_completely") {
      reader_.require_true(arg, where);
      manager_.perform_movement({MovementType::kStopCompletely, 0, 1.0f}, target_);
    } else {
      reader_.fail(where, "unknown motion step \"" + name + "\"");
    }
  }

  void animation_done(bool success) override { manager_.animation_done(success); }

  void use_time() override { manager_.use_time(); }

  void add_trace(ScenarioJson& line) override {
    const MotionState& st = manager_.state();
    ScenarioJson state = ScenarioJson::object();
    state["style"] = st.style;
    state["substate"] = st.substate;
    ScenarioJson mods = ScenarioJson::array();
    for (const MotionListEntry& m : st.modifiers) mods.push_back(m.motion);
    state["modifiers"] = std::move(mods);
    line["state"] = std::move(state);
    ScenarioJson pending = ScenarioJson::array();
    for (const PendingMotion& p : manager_.pending()) pending.push_back(ScenarioJson::array({p.motion, p.num_anims}));
    line["pending"] = std::move(pending);
    ScenarioJson done = ScenarioJson::array();
    for (uint32_t m : done_.take()) done.push_back(m);
    line["done"] = std::move(done);
  }

 private:
  MotionTable table_;
  SequenceMotionTarget target_;
  ScenarioReader reader_;
  DoneCollector done_;
  MotionTableManager manager_;
};

}  // namespace

MotionTable read_scenario_motion_table(const ScenarioJson& motion_table, const ScenarioReader& reader,
                                       const AnimationProvider& animations) {
  return read_motion_table(motion_table, reader, animations);
}

// Builds the motion part of a scenario from its inline "motion_table" or, when
// it is an id, from the animation source if that is also a MotionTableProvider.
std::unique_ptr<ScenarioMotion> make_scenario_motion(const ScenarioJson& motion_table, Sequence& sequence,
                                                     const AnimationProvider& animations,
                                                     const ScenarioReader& reader, const std::string& /*base_dir*/) {
  return std::make_unique<ManagerMotion>(read_motion_table(motion_table, reader, animations), sequence, reader);
}

}  // namespace retroanim::ac
