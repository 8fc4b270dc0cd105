// The motion-table part of the AC scenario runner: reads the scenario's inline
// "motion_table" into a MotionTable, runs the motion steps on a
// MotionTableManager over the scenario's sequence, and adds the "state",
// "pending" and "done" fields to each update's trace line.
#include <deque>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "harness/ac/scenario.h"
#include "retroanim/ac/motion/motion_interp.h"
#include "retroanim/ac/motion/motion_sequence.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/motion/motion_table_manager.h"

namespace retroanim::ac {

namespace {

// Collects the MotionDone calls of one update, in order, and passes each on
// to the interpreter when there is one (CPhysicsObj::MotionDone ->
// MovementManager::MotionDone -> CMotionInterp::MotionDone).
class DoneCollector : public MotionDoneSink {
 public:
  void motion_done(uint32_t motion, bool success) override {
    done_.push_back(motion);
    if (interp) interp->motion_done(success);
  }
  std::vector<uint32_t> take() { return std::exchange(done_, {}); }
  std::size_t size() const { return done_.size(); }
  void truncate(std::size_t n) { done_.resize(n); }
  MotionInterp* interp = nullptr;

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

  // Gives the scenario an object and its CMotionInterp ("object" of the scenario).
  void set_object(const ScenarioJson& v, const math::Frame* frame) {
    frame_ = frame;
    static const char* const keys[] = {"gravity", "contact", "on_walkable", "cell", "autonomous", "weenie", nullptr};
    const std::string where = "object";
    reader_.object_keys(v, where, keys);
    const bool gravity = !v.contains("gravity") || boolean(v["gravity"], where + ".gravity");
    const bool contact = !v.contains("contact") || boolean(v["contact"], where + ".contact");
    const bool walkable = !v.contains("on_walkable") || boolean(v["on_walkable"], where + ".on_walkable");
    obj_.state = gravity ? physics_state_flag::kGravity : 0u;
    if (contact) obj_.transient_state |= transient_state_flag::kContact;
    if (walkable) obj_.transient_state |= transient_state_flag::kOnWalkable;
    obj_.in_cell = !v.contains("cell") || boolean(v["cell"], where + ".cell");
    obj_.last_move_was_autonomous = !v.contains("autonomous") || boolean(v["autonomous"], where + ".autonomous");
    if (v.contains("weenie") && !v["weenie"].is_null()) {
      const ScenarioJson& w = v["weenie"];
      const std::string ww = where + ".weenie";
      static const char* const wkeys[] = {"is_player", "is_creature", "run_rate", "jump_velocity", "can_jump",
                                          "jump_stamina", nullptr};
      reader_.object_keys(w, ww, wkeys);
      weenie_ = std::make_unique<FixedWeenie>();
      if (w.contains("is_player")) weenie_->is_player = boolean(w["is_player"], ww + ".is_player");
      if (w.contains("is_creature")) weenie_->is_creature_answer = boolean(w["is_creature"], ww + ".is_creature");
      if (w.contains("run_rate")) weenie_->run_rate = optional_number(w["run_rate"], ww + ".run_rate");
      if (w.contains("jump_velocity"))
        weenie_->jump_velocity = optional_number(w["jump_velocity"], ww + ".jump_velocity");
      if (w.contains("can_jump")) weenie_->can_jump_answer = boolean(w["can_jump"], ww + ".can_jump");
      if (w.contains("jump_stamina")) weenie_->jump_stamina_answer = boolean(w["jump_stamina"], ww + ".jump_stamina");
    }
    if (frame_) obj_.set_frame(*frame_);
    // CMotionInterp::Create: nothing applied until enter_default_state.
    interp_ = std::make_unique<MotionInterp>(PhysicsObjMotion{&obj_, &manager_, &target_}, weenie_.get());
    obj_.set_movement_sink(interp_.get());
    done_.interp = interp_.get();
  }

  bool has_object() const override { return interp_ != nullptr; }

  void run_step(const std::string& name, const ScenarioJson& arg, const std::string& where) override {
    if (interp_) {
      // The object's frame is the scenario's (set_local_velocity reads its rotation).
      if (frame_) obj_.set_frame(*frame_);
      // MotionDone calls made by steps show only in the queues: "done" lists an update's.
      const std::size_t mark = done_.size();
      const bool handled = run_interp_step(name, arg, where);
      done_.truncate(mark);
      if (handled) return;
    }
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
    if (interp_) add_interp_trace(line);
  }

 private:
  static uint32_t key_number(HoldKey k) { return static_cast<uint32_t>(k); }
  static ScenarioJson vec_json(const math::Vec3& v) { return ScenarioJson::array({v.x, v.y, v.z}); }
  static ScenarioJson actions_json(const std::deque<ActionNode>& actions) {
    ScenarioJson a = ScenarioJson::array();
    for (const ActionNode& n : actions) a.push_back(ScenarioJson::array({n.action, n.speed, n.stamp, n.autonomous}));
    return a;
  }

  void add_interp_trace(ScenarioJson& line) {
    const MotionInterp& mi = *interp_;
    const RawMotionState& r = mi.raw_state;
    ScenarioJson raw = ScenarioJson::object();
    raw["current_holdkey"] = key_number(r.current_holdkey);
    raw["current_style"] = r.current_style;
    raw["forward_command"] = r.forward_command;
    raw["forward_holdkey"] = key_number(r.forward_holdkey);
    raw["forward_speed"] = r.forward_speed;
    raw["sidestep_command"] = r.sidestep_command;
    raw["sidestep_holdkey"] = key_number(r.sidestep_holdkey);
    raw["sidestep_speed"] = r.sidestep_speed;
    raw["turn_command"] = r.turn_command;
    raw["turn_holdkey"] = key_number(r.turn_holdkey);
    raw["turn_speed"] = r.turn_speed;
    raw["actions"] = actions_json(r.actions);
    line["raw"] = std::move(raw);
    const InterpretedMotionState& is = mi.interpreted_state;
    ScenarioJson interp = ScenarioJson::object();
    interp["current_style"] = is.current_style;
    interp["forward_command"] = is.forward_command;
    interp["forward_speed"] = is.forward_speed;
    interp["sidestep_command"] = is.sidestep_command;
    interp["sidestep_speed"] = is.sidestep_speed;
    interp["turn_command"] = is.turn_command;
    interp["turn_speed"] = is.turn_speed;
    interp["actions"] = actions_json(is.actions);
    line["interpreted"] = std::move(interp);
    line["velocity"] = vec_json(mi.get_state_velocity());
    ScenarioJson in = ScenarioJson::object();
    in["initted"] = mi.initted;
    ScenarioJson pending = ScenarioJson::array();
    for (const MotionNode& n : mi.pending_motions) pending.push_back(ScenarioJson::array({n.motion, n.jump_error_code}));
    in["pending"] = std::move(pending);
    in["standing_longjump"] = mi.standing_longjump;
    in["jump_extent"] = mi.jump_extent;
    in["my_run_rate"] = mi.my_run_rate;
    in["server_action_stamp"] = mi.server_action_stamp;
    line["interp"] = std::move(in);
    ScenarioJson o = ScenarioJson::object();
    o["velocity"] = vec_json(obj_.velocity);
    o["contact"] = (obj_.transient_state & transient_state_flag::kContact) != 0;
    o["on_walkable"] = (obj_.transient_state & transient_state_flag::kOnWalkable) != 0;
    line["object"] = std::move(o);
    ScenarioJson res = ScenarioJson::array();
    for (uint32_t c : results_) res.push_back(c);
    results_.clear();
    line["results"] = std::move(res);
  }

  bool boolean(const ScenarioJson& v, const std::string& where) const {
    if (!v.is_boolean()) reader_.fail(where, "expected true or false");
    return v.get<bool>();
  }
  std::optional<float> optional_number(const ScenarioJson& v, const std::string& where) const {
    if (v.is_null()) return std::nullopt;
    return reader_.number(v, where);
  }

  // MovementParameters from a Params object (defaults: the constructor's).
  MovementParameters read_params(const ScenarioJson& v, const std::string& where, uint32_t& motion) const {
    static const char* const keys[] = {"motion", "speed", "hold_key", "set_hold_key", "autonomous",
                                       "modify_raw_state", "modify_interpreted_state", "cancel_moveto",
                                       "disable_jump_during_link", "context_id", "action_stamp", nullptr};
    reader_.object_keys(v, where, keys);
    if (!v.contains("motion")) reader_.fail(where, "missing \"motion\"");
    motion = reader_.id(v["motion"], where + ".motion");
    MovementParameters p;
    if (v.contains("speed")) p.speed = reader_.number(v["speed"], where + ".speed");
    if (v.contains("hold_key")) p.hold_key_to_apply = static_cast<HoldKey>(reader_.id(v["hold_key"], where + ".hold_key"));
    const struct {
      const char* key;
      uint32_t flag;
    } bits[] = {{"set_hold_key", movement_param_flag::kSetHoldKey},
                {"autonomous", movement_param_flag::kAutonomous},
                {"modify_raw_state", movement_param_flag::kModifyRawState},
                {"modify_interpreted_state", movement_param_flag::kModifyInterpretedState},
                {"cancel_moveto", movement_param_flag::kCancelMoveTo},
                {"disable_jump_during_link", movement_param_flag::kDisableJumpDuringLink}};
    for (const auto& b : bits)
      if (v.contains(b.key)) p.set(b.flag, boolean(v[b.key], where + "." + b.key));
    if (v.contains("context_id")) p.context_id = reader_.id(v["context_id"], where + ".context_id");
    if (v.contains("action_stamp")) p.action_stamp = reader_.id(v["action_stamp"], where + ".action_stamp");
    return p;
  }

  // Flags: true, or {"cancel_moveto": B, "disallow_jump": B}.
  void read_flags(const ScenarioJson& v, const std::string& where, bool& cancel_moveto, bool& disallow_jump) const {
    cancel_moveto = false;
    disallow_jump = false;
    if (v.is_boolean()) {
      reader_.require_true(v, where);
      return;
    }
    static const char* const keys[] = {"cancel_moveto", "disallow_jump", nullptr};
    reader_.object_keys(v, where, keys);
    if (v.contains("cancel_moveto")) cancel_moveto = boolean(v["cancel_moveto"], where + ".cancel_moveto");
    if (v.contains("disallow_jump")) disallow_jump = boolean(v["disallow_jump"], where + ".disallow_jump");
  }

  std::deque<ActionNode> read_actions(const ScenarioJson& v, const std::string& where) const {
    if (!v.is_array()) reader_.fail(where, "expected an array of [ACTION, SPEED, STAMP, AUTONOMOUS]");
    std::deque<ActionNode> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
      const std::string aw = where + "[" + std::to_string(i) + "]";
      const ScenarioJson& a = v[i];
      if (!a.is_array() || a.size() != 4) reader_.fail(aw, "expected [ACTION, SPEED, STAMP, AUTONOMOUS]");
      out.push_back(ActionNode{reader_.id(a[0], aw + "[0]"), reader_.number(a[1], aw + "[1]"),
                               reader_.id(a[2], aw + "[2]"), boolean(a[3], aw + "[3]")});
    }
    return out;
  }

  // The interpreter steps; false when `name` is not one of them.
  bool run_interp_step(const std::string& name, const ScenarioJson& arg, const std::string& where) {
    MotionInterp& mi = *interp_;
    uint32_t motion = 0;
    if (name == "enter_default_state") {
      reader_.require_true(arg, where);
      mi.enter_default_state();
    } else if (name == "do_motion") {
      const MovementParameters p = read_params(arg, where, motion);
      results_.push_back(mi.do_motion(motion, p));
    } else if (name == "stop_motion") {
      const MovementParameters p = read_params(arg, where, motion);
      results_.push_back(mi.stop_motion(motion, p));
    } else if (name == "do_interpreted_motion") {
      const MovementParameters p = read_params(arg, where, motion);
      results_.push_back(mi.do_interpreted_motion(motion, p));
    } else if (name == "stop_interpreted_motion") {
      const MovementParameters p = read_params(arg, where, motion);
      results_.push_back(mi.stop_interpreted_motion(motion, p));
    } else if (name == "interp_stop_completely") {
      reader_.require_true(arg, where);
      results_.push_back(mi.stop_completely());
    } else if (name == "check_completed_motions") {
      reader_.require_true(arg, where);
      mi.object().check_for_completed_motions();
    } else if (name == "set_hold_key") {
      static const char* const keys[] = {"key", "cancel_moveto", nullptr};
      reader_.object_keys(arg, where, keys);
      if (!arg.contains("key")) reader_.fail(where, "missing \"key\"");
      const HoldKey k = static_cast<HoldKey>(reader_.id(arg["key"], where + ".key"));
      const bool cancel = arg.contains("cancel_moveto") && boolean(arg["cancel_moveto"], where + ".cancel_moveto");
      mi.set_hold_key(k, cancel);
    } else if (name == "set_hold_run") {
      static const char* const keys[] = {"run", "cancel_moveto", nullptr};
      reader_.object_keys(arg, where, keys);
      if (!arg.contains("run")) reader_.fail(where, "missing \"run\"");
      const bool run = boolean(arg["run"], where + ".run");
      const bool cancel = arg.contains("cancel_moveto") && boolean(arg["cancel_moveto"], where + ".cancel_moveto");
      mi.set_hold_run(run, cancel);
    } else if (name == "apply_current_movement" || name == "apply_raw_movement" ||
               name == "apply_interpreted_movement") {
      bool cancel = false, disallow = false;
      read_flags(arg, where, cancel, disallow);
      if (name == "apply_current_movement") mi.apply_current_movement(cancel, disallow);
      else if (name == "apply_raw_movement") mi.apply_raw_movement(cancel, disallow);
      else mi.apply_interpreted_movement(cancel, disallow);
    } else if (name == "set_raw_state") {
      static const char* const keys[] = {"current_holdkey", "current_style", "forward_command", "forward_holdkey",
                                         "forward_speed", "sidestep_command", "sidestep_holdkey", "sidestep_speed",
                                         "turn_command", "turn_holdkey", "turn_speed", nullptr};
      reader_.object_keys(arg, where, keys);
      RawMotionState& r = mi.raw_state;
      auto key = [&](const char* k, HoldKey& out) {
        if (arg.contains(k)) out = static_cast<HoldKey>(reader_.id(arg[k], where + "." + k));
      };
      auto id = [&](const char* k, uint32_t& out) {
        if (arg.contains(k)) out = reader_.id(arg[k], where + "." + k);
      };
      auto num = [&](const char* k, float& out) {
        if (arg.contains(k)) out = reader_.number(arg[k], where + "." + k);
      };
      key("current_holdkey", r.current_holdkey);
      id("current_style", r.current_style);
      id("forward_command", r.forward_command);
      key("forward_holdkey", r.forward_holdkey);
      num("forward_speed", r.forward_speed);
      id("sidestep_command", r.sidestep_command);
      key("sidestep_holdkey", r.sidestep_holdkey);
      num("sidestep_speed", r.sidestep_speed);
      id("turn_command", r.turn_command);
      key("turn_holdkey", r.turn_holdkey);
      num("turn_speed", r.turn_speed);
    } else if (name == "move_to_interpreted_state") {
      static const char* const keys[] = {"current_style", "forward_command", "forward_speed", "sidestep_command",
                                         "sidestep_speed", "turn_command", "turn_speed", "actions", nullptr};
      reader_.object_keys(arg, where, keys);
      InterpretedMotionState st;
      auto id = [&](const char* k, uint32_t& out) {
        if (arg.contains(k)) out = reader_.id(arg[k], where + "." + k);
      };
      auto num = [&](const char* k, float& out) {
        if (arg.contains(k)) out = reader_.number(arg[k], where + "." + k);
      };
      id("current_style", st.current_style);
      id("forward_command", st.forward_command);
      num("forward_speed", st.forward_speed);
      id("sidestep_command", st.sidestep_command);
      num("sidestep_speed", st.sidestep_speed);
      id("turn_command", st.turn_command);
      num("turn_speed", st.turn_speed);
      if (arg.contains("actions")) st.actions = read_actions(arg["actions"], where + ".actions");
      results_.push_back(mi.move_to_interpreted_state(st));
    } else if (name == "charge_jump") {
      reader_.require_true(arg, where);
      results_.push_back(mi.charge_jump());
    } else if (name == "jump") {
      static const char* const keys[] = {"extent", nullptr};
      reader_.object_keys(arg, where, keys);
      if (!arg.contains("extent")) reader_.fail(where, "missing \"extent\"");
      const float extent = reader_.number(arg["extent"], where + ".extent");
      int32_t stamina = 0;
      results_.push_back(mi.jump(extent, stamina));
    } else if (name == "contact") {
      static const char* const keys[] = {"contact", "on_walkable", nullptr};
      reader_.object_keys(arg, where, keys);
      if (!arg.contains("contact")) reader_.fail(where, "missing \"contact\"");
      const bool c = boolean(arg["contact"], where + ".contact");
      const bool w = arg.contains("on_walkable") && boolean(arg["on_walkable"], where + ".on_walkable");
      obj_.set_contact(c, w);
    } else if (name == "run_rate") {
      if (!weenie_) reader_.fail(where, "needs a weenie (\"object\".\"weenie\")");
      weenie_->run_rate = optional_number(arg, where);
    } else if (name == "autonomous") {
      obj_.last_move_was_autonomous = boolean(arg, where);
    } else {
      return false;
    }
    return true;
  }

  MotionTable table_;
  SequenceMotionTarget target_;
  ScenarioReader reader_;
  DoneCollector done_;
  MotionTableManager manager_;
  // The object part (scenarios with "object").
  const math::Frame* frame_ = nullptr;
  PhysicsObj obj_;
  std::unique_ptr<FixedWeenie> weenie_;
  std::unique_ptr<MotionInterp> interp_;
  std::vector<uint32_t> results_;
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
                                                     const ScenarioReader& reader, const std::string& /*base_dir*/,
                                                     const ScenarioJson* object, const math::Frame* object_frame) {
  auto m = std::make_unique<ManagerMotion>(read_motion_table(motion_table, reader, animations), sequence, reader);
  if (object) m->set_object(*object, object_frame);
  return m;
}

}  // namespace retroanim::ac
