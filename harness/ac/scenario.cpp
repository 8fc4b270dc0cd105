// The AC scenario runner (format retroanim.ac.scenario/1).
#include "harness/ac/scenario.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "io/hex.h"
#include "harness/ac/anim_hook_json.h"
#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/error.h"
#include "retroanim/io/file_path.h"
#include "harness/io/json_text.h"

namespace retroanim::ac {

// ---------------------------------------------------------------------------
// ScenarioReader

void ScenarioReader::fail(const std::string& where, const std::string& what) const {
  throw Error(describe_error(file_, where, std::nullopt, what));
}

uint32_t ScenarioReader::id(const ScenarioJson& v, const std::string& where) const {
  if (v.is_number_unsigned()) {
    uint64_t u = v.get<uint64_t>();
    if (u > 0xFFFFFFFFull) fail(where, "id " + std::to_string(u) + " is out of range (more than 32 bits)");
    return static_cast<uint32_t>(u);
  }
  if (v.is_number_integer()) fail(where, "id " + std::to_string(v.get<int64_t>()) + " is negative");
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const std::string digits = hex ? s.substr(2) : s;
    if (digits.empty() || digits.size() > 20) fail(where, "id \"" + s + "\" is not a number");
    for (char c : digits) {
      bool ok = hex ? std::isxdigit(static_cast<unsigned char>(c)) != 0 : (c >= '0' && c <= '9');
      if (!ok) fail(where, "id \"" + s + "\" is not a number");
    }
    errno = 0;
    unsigned long long u = std::strtoull(digits.c_str(), nullptr, hex ? 16 : 10);
    if (errno == ERANGE || u > 0xFFFFFFFFull) fail(where, "id \"" + s + "\" is out of range (more than 32 bits)");
    return static_cast<uint32_t>(u);
  }
  fail(where, "expected an id (a number or a string such as \"0x03000001\")");
}

int32_t ScenarioReader::int32(const ScenarioJson& v, const std::string& where) const {
  if (v.is_number_unsigned()) {
    uint64_t u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int32_t>::max()))
      fail(where, std::to_string(u) + " is out of range (32-bit signed)");
    return static_cast<int32_t>(u);
  }
  if (v.is_number_integer()) {
    int64_t i = v.get<int64_t>();
    if (i < std::numeric_limits<int32_t>::min() || i > std::numeric_limits<int32_t>::max())
      fail(where, std::to_string(i) + " is out of range (32-bit signed)");
    return static_cast<int32_t>(i);
  }
  fail(where, "expected an integer");
}

double ScenarioReader::number_double(const ScenarioJson& v, const std::string& where) const {
  if (!v.is_number()) fail(where, "expected a number");
  double d = v.get<double>();
  if (!std::isfinite(d)) fail(where, "number is not finite");
  return d;
}

float ScenarioReader::number(const ScenarioJson& v, const std::string& where) const {
  double d = number_double(v, where);
  if (std::fabs(d) > static_cast<double>(std::numeric_limits<float>::max()))
    fail(where, "number is too large for a float");
  return static_cast<float>(d);
}

void ScenarioReader::require_true(const ScenarioJson& v, const std::string& where) const {
  if (!v.is_boolean() || !v.get<bool>()) fail(where, "expected true");
}

math::Vec3 ScenarioReader::vec3(const ScenarioJson& v, const std::string& where) const {
  if (!v.is_array() || v.size() != 3) fail(where, "expected [x, y, z]");
  return {number(v[0], where + "[0]"), number(v[1], where + "[1]"), number(v[2], where + "[2]")};
}

void ScenarioReader::object_keys(const ScenarioJson& v, const std::string& where,
                                 const char* const* allowed) const {
  if (!v.is_object()) fail(where, "expected an object");
  for (auto it = v.begin(); it != v.end(); ++it) {
    bool known = false;
    for (const char* const* a = allowed; *a != nullptr; ++a) known = known || it.key() == *a;
    if (!known) fail(where, "unknown field \"" + it.key() + "\"");
  }
}

math::AFrame ScenarioReader::frame(const ScenarioJson& v, const std::string& where) const {
  static const char* const keys[] = {"origin", "rotation", nullptr};
  object_keys(v, where, keys);
  if (!v.contains("origin")) fail(where, "missing field \"origin\"");
  if (!v.contains("rotation")) fail(where, "missing field \"rotation\"");
  math::AFrame f;
  f.origin = vec3(v["origin"], where + ".origin");
  const ScenarioJson& r = v["rotation"];
  const std::string rw = where + ".rotation";
  if (!r.is_array() || r.size() != 4) fail(rw, "expected [w, x, y, z]");
  f.qw = number(r[0], rw + "[0]");
  f.qx = number(r[1], rw + "[1]");
  f.qy = number(r[2], rw + "[2]");
  f.qz = number(r[3], rw + "[3]");
  return f;
}

// ---------------------------------------------------------------------------
// The runner

namespace {

// Animations defined in the scenario, then those of the dat (if any); motion
// tables by id come from the dat.
class ScenarioAnimations : public AnimationProvider, public MotionTableProvider {
 public:
  // The motion table `id` from the dat; without a dat, the runner's error for an id.
  MotionTable get_motion_table(uint32_t id) const override {
    const auto* tables = dynamic_cast<const MotionTableProvider*>(dat_.get());
    if (!tables) throw Error(describe_error(file_, "motion_table", std::nullopt, "a motion table id needs \"dat\""));
    return tables->get_motion_table(id);
  }
  // The scenario file named in errors.
  void set_file(std::string file) { file_ = std::move(file); }
  const Animation* get_animation(uint32_t id) const override {
    if (const Animation* a = anims_.get_animation(id)) return a;
    return dat_ ? dat_->get_animation(id) : nullptr;
  }
  bool has_inline(uint32_t id) const { return anims_.contains(id); }
  void add(Animation a) { anims_.add(std::move(a)); }
  void set_dat(std::unique_ptr<AnimationProvider> dat) { dat_ = std::move(dat); }

 private:
  AnimationMap anims_;
  std::unique_ptr<AnimationProvider> dat_;
  std::string file_;
};

// Collects the hooks the sequence hands over, in order.
class HookCollector : public AnimHookSink {
 public:
  void add_anim_hook(const AnimationHook& hook) override { hooks.push_back(&hook); }
  std::vector<const AnimationHook*> hooks;
};

std::string idx(const std::string& base, size_t i) { return base + "[" + std::to_string(i) + "]"; }

class Runner {
 public:
  Runner(const ScenarioReader& reader, std::string base_dir) : rd_(reader), base_dir_(std::move(base_dir)) {}
  // Makes run() read the scenario's data into `data` and stop before the steps.
  void set_data_only(ScenarioData* data) { data_only_ = data; }

  void run(const ScenarioJson& root, std::ostream& out) {
    static const char* const keys[] = {"format", "animations", "motion_table", "initial_frame", "steps", "dat",
                                       "object", nullptr};
    rd_.object_keys(root, "scenario", keys);
    anims_->set_file(rd_.file());
    if (!root.contains("format")) rd_.fail("scenario", "missing field \"format\"");
    if (!root["format"].is_string() || root["format"].get<std::string>() != "retroanim.ac.scenario/1")
      rd_.fail("format", "expected \"retroanim.ac.scenario/1\"");
    if (root.contains("dat")) {
      if (!root["dat"].is_string()) rd_.fail("dat", "expected a path string");
      std::filesystem::path p = retroanim::io::utf8_path(root["dat"].get<std::string>());
      if (p.is_relative() && !base_dir_.empty()) p = retroanim::io::utf8_path(base_dir_) / p;
      anims_->set_dat(open_scenario_dat(retroanim::io::utf8_string(p), rd_));
    }
    if (root.contains("animations")) read_animations(root["animations"]);
    if (root.contains("initial_frame")) object_frame_ = math::Frame(rd_.frame(root["initial_frame"], "initial_frame"));
    if (data_only_) {
      // load_scenario_data: the data, not the steps.
      data_only_->animations = anims_;
      data_only_->initial_frame = object_frame_;
      if (root.contains("motion_table"))
        data_only_->motion_table = read_scenario_motion_table(root["motion_table"], rd_, *anims_);
      for (const ScenarioJson& h : hook_json_) data_only_->hook_json.push_back(h.dump());
      return;
    }
    sequence_.set_animation_provider(anims_.get());
    sequence_.set_object(&collector_);
    if (root.contains("object") && !root.contains("motion_table")) rd_.fail("object", "needs a \"motion_table\"");
    if (root.contains("motion_table"))
      motion_ = make_scenario_motion(root["motion_table"], sequence_, *anims_, rd_, base_dir_,
                                     root.contains("object") ? &root["object"] : nullptr, &object_frame_);
    if (!root.contains("steps")) rd_.fail("scenario", "missing field \"steps\"");
    const ScenarioJson& steps = root["steps"];
    if (!steps.is_array()) rd_.fail("steps", "expected an array");
    for (size_t i = 0; i < steps.size(); ++i) run_step(steps[i], idx("steps", i), out);
  }

 private:
  void read_animations(const ScenarioJson& list) {
    if (!list.is_array()) rd_.fail("animations", "expected an array");
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string w = idx("animations", i);
      const ScenarioJson& a = list[i];
      static const char* const keys[] = {"id", "pos_frames", "frames", nullptr};
      rd_.object_keys(a, w, keys);
      if (!a.contains("id")) rd_.fail(w, "missing field \"id\"");
      if (!a.contains("frames")) rd_.fail(w, "missing field \"frames\"");
      Animation anim;
      anim.id = rd_.id(a["id"], w + ".id");
      if (anims_->has_inline(anim.id)) rd_.fail(w + ".id", "animation " + hex(anim.id) + " is defined twice");
      const ScenarioJson& frames = a["frames"];
      if (!frames.is_array()) rd_.fail(w + ".frames", "expected an array");
      for (size_t f = 0; f < frames.size(); ++f) anim.part_frames.push_back(read_anim_frame(frames[f], idx(w + ".frames", f)));
      anim.num_parts = anim.part_frames.empty() ? 0 : static_cast<uint32_t>(anim.part_frames[0].parts.size());
      for (size_t f = 0; f < anim.part_frames.size(); ++f) {
        if (anim.part_frames[f].parts.size() != anim.num_parts)
          rd_.fail(idx(w + ".frames", f) + ".parts", "has " + std::to_string(anim.part_frames[f].parts.size()) +
                                                         " parts, but frame 0 has " + std::to_string(anim.num_parts));
      }
      if (a.contains("pos_frames")) {
        const ScenarioJson& pf = a["pos_frames"];
        if (!pf.is_array()) rd_.fail(w + ".pos_frames", "expected an array");
        if (pf.size() != frames.size())
          rd_.fail(w + ".pos_frames", "has " + std::to_string(pf.size()) + " frames, but \"frames\" has " +
                                          std::to_string(frames.size()));
        for (size_t f = 0; f < pf.size(); ++f) anim.pos_frames.push_back(rd_.frame(pf[f], idx(w + ".pos_frames", f)));
        anim.flags |= animation_flag::kHasPosFrames;
      }
      anims_->add(std::move(anim));
    }
  }

  AnimationFrame read_anim_frame(const ScenarioJson& v, const std::string& w) {
    static const char* const keys[] = {"parts", "hooks", nullptr};
    rd_.object_keys(v, w, keys);
    if (!v.contains("parts")) rd_.fail(w, "missing field \"parts\"");
    AnimationFrame af;
    const ScenarioJson& parts = v["parts"];
    if (!parts.is_array()) rd_.fail(w + ".parts", "expected an array");
    for (size_t p = 0; p < parts.size(); ++p) af.parts.push_back(rd_.frame(parts[p], idx(w + ".parts", p)));
    if (v.contains("hooks")) {
      const ScenarioJson& hooks = v["hooks"];
      if (!hooks.is_array()) rd_.fail(w + ".hooks", "expected an array");
      for (size_t h = 0; h < hooks.size(); ++h) af.hooks.push_back(read_hook(hooks[h], idx(w + ".hooks", h)));
    }
    return af;
  }

  AnimationHook read_hook(const ScenarioJson& v, const std::string& w) {
    if (!v.is_object()) rd_.fail(w, "expected an object");
    if (!v.contains("type")) rd_.fail(w, "missing field \"type\"");
    if (!v.contains("direction")) rd_.fail(w, "missing field \"direction\"");
    AnimationHook h;
    int32_t type = rd_.int32(v["type"], w + ".type");
    if (type < 0 || type > static_cast<int32_t>(AnimationHookType::kCreateBlockingParticle))
      rd_.fail(w + ".type", "hook type " + std::to_string(type) + " is out of range (0..26)");
    int32_t dir = rd_.int32(v["direction"], w + ".direction");
    if (dir < -1 || dir > 1) rd_.fail(w + ".direction", "direction " + std::to_string(dir) + " is not -1, 0 or 1");
    h.type = static_cast<AnimationHookType>(type);
    h.direction = static_cast<AnimationHookDir>(dir);
    hook_json_.push_back(v);
    h.tag = static_cast<uint32_t>(hook_json_.size());  // 1-based; 0 = no JSON
    return h;
  }

  static std::string hex(uint32_t id) { return retroanim::io::hex(id, 8); }

  // The interpreter steps (docs/formats/ac-scenario.md, "The motion interpreter").
  static bool is_interp_step(const std::string& name) {
    static const char* const names[] = {"enter_default_state", "do_motion", "stop_motion", "do_interpreted_motion",
                                        "stop_interpreted_motion", "interp_stop_completely",
                                        "check_completed_motions", "set_hold_key", "set_hold_run",
                                        "apply_current_movement", "apply_raw_movement", "apply_interpreted_movement",
                                        "set_raw_state", "move_to_interpreted_state", "charge_jump", "jump",
                                        "contact", "run_rate", "autonomous"};
    for (const char* n : names)
      if (name == n) return true;
    return false;
  }

  void run_step(const ScenarioJson& step, const std::string& w, std::ostream& out) {
    if (!step.is_object() || step.size() != 1) rd_.fail(w, "expected an object with exactly one step name");
    const std::string name = step.begin().key();
    const ScenarioJson& arg = step.begin().value();
    const std::string aw = w + "." + name;
    if (name == "append") {
      static const char* const keys[] = {"anim", "framerate", "low", "high", nullptr};
      rd_.object_keys(arg, aw, keys);
      if (!arg.contains("anim")) rd_.fail(aw, "missing field \"anim\"");
      AnimData d;
      d.anim_id = rd_.id(arg["anim"], aw + ".anim");
      if (arg.contains("framerate")) d.framerate = rd_.number(arg["framerate"], aw + ".framerate");
      if (arg.contains("low")) d.low_frame = rd_.int32(arg["low"], aw + ".low");
      if (arg.contains("high")) d.high_frame = rd_.int32(arg["high"], aw + ".high");
      if (anims_->get_animation(d.anim_id) == nullptr)
        rd_.fail(aw + ".anim", "animation " + hex(d.anim_id) + " is not defined");
      sequence_.append_animation(d);
    } else if (name == "velocity") {
      sequence_.set_velocity(rd_.vec3(arg, aw));
    } else if (name == "omega") {
      sequence_.set_omega(rd_.vec3(arg, aw));
    } else if (name == "multiply_cyclic_framerate") {
      sequence_.multiply_cyclic_animation_framerate(rd_.number(arg, aw));
    } else if (name == "remove_cyclic") {
      rd_.require_true(arg, aw);
      sequence_.remove_cyclic_anims();
    } else if (name == "remove_all_link") {
      rd_.require_true(arg, aw);
      sequence_.remove_all_link_animations();
    } else if (name == "clear") {
      rd_.require_true(arg, aw);
      sequence_.clear();
    } else if (name == "update") {
      double dt = rd_.number_double(arg, aw);
      if (dt < 0.0) rd_.fail(aw, "dt is negative");
      update(dt, aw, out);
    } else if (name == "set_default_state" || name == "perform" || name == "stop" || name == "stop_completely") {
      if (!motion_) rd_.fail(aw, "this step needs a \"motion_table\"");
      motion_->run_step(name, arg, aw);
    } else if (is_interp_step(name)) {
      if (!motion_ || !motion_->has_object()) rd_.fail(aw, "this step needs an \"object\"");
      motion_->run_step(name, arg, aw);
    } else {
      rd_.fail(w, "unknown step \"" + name + "\"");
    }
  }

  void update(double dt, const std::string& where, std::ostream& out) {
    // 1. CSequence::update(DT, offset); object frame = object frame combined with offset.
    math::Frame offset;
    collector_.hooks.clear();
    sequence_.update(dt, &offset);
    object_frame_.combine(object_frame_, offset);
    // (retroanim's own) A value that overflowed float would print as null: refuse it instead.
    const math::Frame& f = object_frame_;
    if (!std::isfinite(f.origin.x) || !std::isfinite(f.origin.y) || !std::isfinite(f.origin.z) ||
        !std::isfinite(f.qw) || !std::isfinite(f.qx) || !std::isfinite(f.qy) || !std::isfinite(f.qz))
      rd_.fail(where, "the object's frame is no longer finite (a velocity, omega or framerate overflowed float)");
    t_ += dt;
    // 2. The hooks, in order; AnimationDone reaches the motion table manager.
    ScenarioJson hooks = ScenarioJson::array();
    for (const AnimationHook* h : collector_.hooks) {
      if (h->tag != 0 && h->tag <= hook_json_.size()) hooks.push_back(hook_json_[h->tag - 1]);
      else hooks.push_back(hook_to_json(*h));
      if (h->type == AnimationHookType::kAnimationDone && motion_) motion_->animation_done(true);
    }
    collector_.hooks.clear();
    // 3. UseTime.
    if (motion_) motion_->use_time();
    ScenarioJson line = ScenarioJson::object();
    line["t"] = t_;
    line["frame_number"] = sequence_.frame_number();
    const AnimSequenceNode* node = sequence_.curr_anim();
    if (node) line["anim"] = node->anim_id;
    else line["anim"] = nullptr;
    line["frame"] = transform_json(object_frame_);
    line["hooks"] = std::move(hooks);
    if (motion_) motion_->add_trace(line);
    out << line.dump() << '\n';
  }

  const ScenarioReader& rd_;
  std::string base_dir_;
  std::shared_ptr<ScenarioAnimations> anims_ = std::make_shared<ScenarioAnimations>();
  ScenarioData* data_only_ = nullptr;
  std::vector<ScenarioJson> hook_json_;
  HookCollector collector_;
  Sequence sequence_;
  std::unique_ptr<ScenarioMotion> motion_;
  math::Frame object_frame_;
  double t_ = 0.0;
};

}  // namespace

namespace {

// Nesting is limited so that no later recursion (echoing hook payloads) can
// exhaust the stack. Checked by one linear pass over the text before parsing
// (a parse callback would make nlohmann's parser rescan each parent container
// at every value, quadratic in the number of steps).
constexpr int kMaxDepth = 64;

void check_depth(const std::string& text, const std::string& file) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      i = retroanim::io::json_string_end(text, i);
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxDepth + 1)
        throw Error(describe_error(file, "", std::nullopt, "JSON nested deeper than " + std::to_string(kMaxDepth) + " levels"));
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

// Discards what is written (the checking pass of run_scenario).
class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

}  // namespace

namespace {

ScenarioJson parse_scenario(const std::string& text, const std::string& file) {
  ScenarioJson root;
  try {
    check_depth(text, file);
    root = ScenarioJson::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw Error(describe_error(file, "", e.byte > 0 ? std::optional<uint64_t>(e.byte - 1) : std::nullopt,
                               "invalid JSON"));
  } catch (const nlohmann::json::exception& e) {
    // e.g. out_of_range 406 for a number too large for a double (1e999).
    std::string what = e.what();
    size_t p = what.find("] ");
    throw Error(describe_error(file, "", std::nullopt,
                               "invalid JSON: " + (p == std::string::npos ? what : what.substr(p + 2))));
  }
  return root;
}

// A first pass running every step with the trace discarded (errors throw).
void check_scenario(const ScenarioJson& root, const ScenarioReader& reader, const std::string& base_dir) {
  NullBuffer null_buffer;
  std::ostream null_out(&null_buffer);
  Runner check(reader, base_dir);
  check.run(root, null_out);
}

std::string read_scenario_text(const std::string& path) {
  std::ifstream in(retroanim::io::utf8_path(path), std::ios::binary);
  if (!in) throw Error(describe_error(path, "", std::nullopt, "cannot open the scenario file"));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string scenario_base_dir(const std::string& path) {
  return retroanim::io::utf8_string(retroanim::io::utf8_path(path).parent_path());
}

}  // namespace

void run_scenario(const std::string& text, const std::string& file, const std::string& base_dir, std::ostream& out) {
  ScenarioReader reader(file);
  const ScenarioJson root = parse_scenario(text, file);
  // The trace is written only when the whole scenario runs: a bad step gives an
  // error and no partial trace. A first pass runs every step with the trace
  // discarded; the second writes each line as it is produced, so memory does
  // not grow with the trace.
  check_scenario(root, reader, base_dir);
  Runner runner(reader, base_dir);
  runner.run(root, out);
}

ScenarioData load_scenario_data(const std::string& text, const std::string& file, const std::string& base_dir) {
  ScenarioReader reader(file);
  const ScenarioJson root = parse_scenario(text, file);
  check_scenario(root, reader, base_dir);
  ScenarioData data;
  Runner runner(reader, base_dir);
  runner.set_data_only(&data);
  NullBuffer null_buffer;
  std::ostream null_out(&null_buffer);
  runner.run(root, null_out);
  return data;
}

ScenarioData load_scenario_data_file(const std::string& path) {
  return load_scenario_data(read_scenario_text(path), path, scenario_base_dir(path));
}

void run_scenario_file(const std::string& path, std::ostream& out) {
  run_scenario(read_scenario_text(path), path, scenario_base_dir(path), out);
}

}  // namespace retroanim::ac
