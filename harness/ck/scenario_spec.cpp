// Reading a scenario spec (docs/formats/ck-scenario.md) in two steps: the
// JSON is read into a ScenarioSpec (SpecReader checks every member's shape),
// then ScenarioBuilder looks every name up in the scene and builds the blocks
// into the scenario's manager. Every error names the scenario and the member.
#include "harness/ck/scenario_spec.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <unordered_set>

#include "harness/io/json_error.h"
#include "retroanim/ck/behavior/behavior_prototype.h"
#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "harness/ck/scenario.h"
#include "retroanim/ck/behavior/scene_behaviors.h"
#include "retroanim/error.h"
#include "retroanim/io/file_path.h"
#include "harness/ck/scenario_context.h"

namespace retroanim::ck {

using nlohmann::json;

namespace {

[[noreturn]] void fail_in(const std::string& label, const std::string& where, const std::string& what) {
  throw Error("scenario '" + label + "': " + (where.empty() ? "" : where + ": ") + what);
}

std::string str(const json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

// An integer member (a boolean reads as 0 or 1).
int32_t integer_in(const std::string& label, const std::string& where, const json& v) {
  if (v.is_boolean()) return v.get<bool>() ? 1 : 0;
  if (!v.is_number_integer()) fail_in(label, where, "expected an integer or a boolean, got " + str(v));
  int64_t i = v.get<int64_t>();
  if (i < INT32_MIN || i > INT32_MAX) fail_in(label, where, "integer out of range: " + str(v));
  return static_cast<int32_t>(i);
}

// Reads the JSON of a spec into a ScenarioSpec, checking the shape of each
// member (objects, arrays, strings, link delays); looks nothing up.
struct SpecReader {
  const std::string& label;

  [[noreturn]] void fail(const std::string& where, const std::string& what) const { fail_in(label, where, what); }

  std::vector<std::string> strings(const json& v, const std::string& where, const std::string& what) const {
    if (!v.is_array()) fail(where, what);
    std::vector<std::string> out;
    for (const json& s : v) {
      if (!s.is_string()) fail(where, what);
      out.push_back(s.get<std::string>());
    }
    return out;
  }

  ScenarioSpec::Script script(const json& s) const {
    if (!s.is_object()) fail("script", "must be an object");
    if (!s.contains("name") || !s["name"].is_string()) fail("script", "needs a string \"name\"");
    ScenarioSpec::Script out;
    out.name = s["name"].get<std::string>();
    if (s.contains("behaviors")) out.behaviors = strings(s["behaviors"], "script.behaviors", "must be an array of names");
    if (s.contains("start")) out.start = strings(s["start"], "script.start", "must be an array of BEHAVIOR.INPUT");
    return out;
  }

  std::vector<ScenarioSpec::PinValue> pin_values(const json& v, const std::string& where, const char* what) const {
    if (!v.is_object()) fail(where, what);
    std::vector<ScenarioSpec::PinValue> out;
    for (const auto& [pin, value] : v.items()) out.push_back({pin, value});
    return out;
  }

  std::vector<ScenarioSpec::Block> blocks(const json& list) const {
    using Kind = ScenarioSpec::BlockMember::Kind;
    if (!list.is_array()) fail("behaviors", "must be an array");
    std::vector<ScenarioSpec::Block> out;
    for (size_t i = 0; i < list.size(); ++i) {
      const json& d = list[i];
      const std::string at = "behaviors[" + std::to_string(i) + "]";
      if (!d.is_object()) fail(at, "must be an object");
      if (!d.contains("type") || !d["type"].is_string()) fail(at, "needs a string \"type\"");
      ScenarioSpec::Block b;
      b.type = d["type"].get<std::string>();
      b.name = b.type;
      if (d.contains("name")) {
        if (!d["name"].is_string()) fail(at + ".name", "must be a string");
        b.name = d["name"].get<std::string>();
      }
      const std::string where = at + " '" + b.name + "'";
      for (const auto& [key, val] : d.items()) {
        if (key == "type" || key == "name") continue;
        ScenarioSpec::BlockMember member;
        member.key = key;
        if (key == "target") {
          if (!val.is_string()) fail(where + ".target", "expected an entity name");
          member.kind = Kind::kTarget;
          member.object = val.get<std::string>();
        } else if (key == "owner") {
          if (!val.is_string()) fail(where + ".owner", "expected an object name");
          member.kind = Kind::kOwner;
          member.object = val.get<std::string>();
        } else if (key == "inputs") {
          member.kind = Kind::kInputs;
          member.values = pin_values(val, where + ".inputs", "must be an object of PIN: value");
        } else if (key == "locals" || key == "settings") {
          member.kind = key == "locals" ? Kind::kLocals : Kind::kSettings;
          member.values = pin_values(val, where + "." + key, "must be an object of NAME: value");
        } else {
          fail(where, "unknown key '" + key + "'");
        }
        b.members.push_back(std::move(member));
      }
      out.push_back(std::move(b));
    }
    return out;
  }

  std::vector<ScenarioSpec::Link> links(const json& list) const {
    if (!list.is_array()) fail("links", "must be an array");
    std::vector<ScenarioSpec::Link> out;
    for (size_t i = 0; i < list.size(); ++i) {
      const json& l = list[i];
      const std::string where = "links[" + std::to_string(i) + "]";
      if (!l.is_object() || !l.contains("from") || !l.contains("to") || !l["from"].is_string() || !l["to"].is_string())
        fail(where, "needs \"from\": \"B.OUTPUT\" and \"to\": \"B.INPUT\"");
      ScenarioSpec::Link link;
      link.from = l["from"].get<std::string>();
      link.to = l["to"].get<std::string>();
      link.delay = l.contains("delay") ? integer_in(label, where + ".delay", l["delay"]) : 0;
      if (link.delay < 0 || link.delay > 32767) fail(where + ".delay", "must be 0..32767");
      out.push_back(std::move(link));
    }
    return out;
  }

  ScenarioSpec read(const json& spec) const {
    if (!spec.is_object()) fail("", "the spec must be a JSON object");
    for (const auto& [key, val] : spec.items()) {
      (void)val;
      if (key != "script" && key != "behaviors" && key != "links" && key != "start" && key != "record" &&
          key != "context")
        fail("", "unknown key '" + key + "'");
    }
    if (!spec.contains("script") && !spec.contains("behaviors")) fail("", "needs \"script\" or \"behaviors\"");
    ScenarioSpec out;
    if (spec.contains("script")) out.script = script(spec["script"]);
    if (spec.contains("behaviors")) out.behaviors = blocks(spec["behaviors"]);
    if (spec.contains("links")) out.links = links(spec["links"]);
    if (spec.contains("start")) out.start = strings(spec["start"], "start", "must be an array of BEHAVIOR.INPUT");
    if (spec.contains("context")) out.context = strings(spec["context"], "context", "must be an array of file names");
    if (!spec.contains("record")) fail("record", "needs an array of entity names");
    out.record = strings(spec["record"], "record", "needs an array of entity names");
    return out;
  }
};

}  // namespace

// Builds a Scenario from a ScenarioSpec; every error names the scenario.
struct ScenarioBuilder {
  Scenario& sc;
  Scene& scene;
  BehaviorManager& m;
  Behavior* graph = nullptr;  // the scenario's own script (when one is built)
  // Where Get Object By Name looks, in order: the context files, then the played file.
  struct Source {
    const Scene* scene;
    LoadedBehaviors loaded;
  };
  std::vector<Source> sources{};
  // Without "context": the played file's place among the game files (base.cmo's MainLoading order).
  std::optional<size_t> played_position{};

  [[noreturn]] void fail(const std::string& where, const std::string& what) const { fail_in(sc.label_, where, what); }

  Behavior* named(const std::string& name) const {
    for (const auto& [n, b] : sc.named_)
      if (n == name) return b;
    return nullptr;
  }

  // "Behaviour.Pin": splits at the last '.'.
  std::pair<Behavior*, std::string> split_pin(const std::string& where, const std::string& ref) const {
    size_t dot = ref.rfind('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == ref.size())
      fail(where, "'" + ref + "' is not of the form BEHAVIOR.PIN");
    std::string bname = ref.substr(0, dot);
    Behavior* b = named(bname);
    if (!b) fail(where, "no behaviour named '" + bname + "'");
    return {b, ref.substr(dot + 1)};
  }

  BehaviorIO* find_io(const std::string& where, const std::string& ref, bool input) const {
    auto [b, pin] = split_pin(where, ref);
    for (BehaviorIO* io : input ? b->inputs : b->outputs)
      if (io && io->name == pin) return io;
    fail(where, std::string("behaviour '") + b->name + "' has no " + (input ? "input" : "output") + " named '" + pin +
                    "'");
  }

  // Collects the building blocks named `name` under graph `g`, depth first.
  static void collect(Behavior* g, const std::string& name, std::vector<Behavior*>& out, int depth) {
    if (!g || depth > 64) return;
    for (Behavior* s : g->sub_behaviors) {
      if (!s) continue;
      if (s->name == name) out.push_back(s);
      collect(s, name, out, depth + 1);
    }
  }
  static void collect_links(Behavior* g, std::vector<BehaviorLink*>& out, int depth) {
    if (!g || depth > 64) return;
    for (BehaviorLink* l : g->sub_links) out.push_back(l);
    for (Behavior* s : g->sub_behaviors) collect_links(s, out, depth + 1);
  }

  void ensure_graph() {
    if (graph) return;
    ObjectRef owner;
    graph = &m.create_behavior("scenario " + sc.label_);
    graph->flags = behavior_flag::kScript | behavior_flag::kTopmost;
    graph->owner = owner;
    m.add_io(*graph, "Start", true);
  }

  void add_start(const std::string& where, const std::string& ref) {
    ensure_graph();
    BehaviorIO* in = find_io(where, ref, true);
    m.add_sub_link(*graph, m.create_link(*graph->inputs[0], *in, 0));
  }

  // A context file: loaded beside the scene, its behaviours built into the
  // same manager (so Activate Script and the arrays reach them).
  const Source& add_context_file(const std::filesystem::path& p) {
    sc.context_.push_back(std::make_unique<Scene>(io::load_scene_file(retroanim::io::utf8_string(p))));
    const Scene& cs = *sc.context_.back();
    sources.push_back({&cs, load_behaviors(cs, m)});
    return sources.back();
  }

  // The "context" files; none of their scripts run unless activated.
  void load_context(const std::vector<std::string>& files) {
    namespace fs = std::filesystem;
    fs::path dir = retroanim::io::utf8_path(scene.source_name()).parent_path();
    for (const std::string& f : files) {
      const fs::path named = retroanim::io::utf8_path(f);
      fs::path p = named.is_absolute() ? named : dir / named;
      std::error_code ec;
      if (!fs::is_regular_file(p, ec)) fail("context", "no file '" + retroanim::io::utf8_string(p) + "'");
      add_context_file(p);
    }
    m.clear_scripts();
  }

  // The names script `script_name` gets by name that the played file lacks,
  // by name (read on a throwaway manager: the real one is built after the
  // context, as with "context").
  std::vector<NameReference> missing_names(const std::string& script_name) const {
    BehaviorManager probe;
    LoadedBehaviors l = load_behaviors(scene, probe);
    std::vector<NameReference> missing;
    for (Behavior* b : l.scripts)
      if (b->name == script_name) {
        for (NameReference& r : names_got_by(*b))
          if (!scene.find(r.name, r.class_id)) missing.push_back(std::move(r));
        break;
      }
    std::stable_sort(missing.begin(), missing.end(),
                     [](const NameReference& a, const NameReference& b) { return a.name < b.name; });
    return missing;
  }

  // Without "context": when the script gets objects by name that the played
  // file lacks, the game files the engine loads into the same CKContext
  // (base.cmo, then the files of its MainLoading array in their order) are
  // loaded beside it; notes_ says which supplied what, warnings_ what none has.
  void load_game_files(const std::string& script_name) {
    namespace fs = std::filesystem;
    const std::vector<NameReference> missing = missing_names(script_name);
    if (missing.empty()) return;
    const fs::path played = retroanim::io::utf8_path(scene.source_name());
    const std::string played_name = played.empty() ? std::string("the scene") : retroanim::io::utf8_string(played.filename());
    // A scene built in memory (no file behind it) has no neighbours.
    std::error_code file_ec;
    const fs::path base = fs::is_regular_file(played, file_ec) ? find_base_composition(played) : fs::path();
    std::vector<std::string> loaded, absent;
    // A game file that does not load is skipped with a warning: the played
    // file was asked for, not its neighbours.
    auto try_load = [&](const fs::path& p) -> const Source* {
      try {
        const Source* s = &add_context_file(p);
        loaded.push_back(retroanim::io::utf8_string(p.filename()));
        return s;
      } catch (const Error& e) {
        sc.warnings_.push_back("game file skipped: " + std::string(e.what()));
        return nullptr;
      }
    };
    if (!base.empty()) {
      std::vector<GameFile> files;
      if (const Source* bs = try_load(base)) {
        const ObjectRecord* rec = bs->scene->find("MainLoading", class_id::kDataArray);
        auto it = rec ? bs->loaded.data_arrays.find(rec->file_index) : bs->loaded.data_arrays.end();
        if (it != bs->loaded.data_arrays.end()) files = main_loading_files(*it->second, base.parent_path(), played.parent_path());
      }
      for (const GameFile& f : files) {
        std::error_code ec;
        if (f.path.empty()) absent.push_back(f.listed);
        else if (fs::equivalent(f.path, played, ec)) played_position = sources.size();
        else try_load(f.path);
      }
      m.clear_scripts();
    }
    report_game_files(script_name, played_name, !base.empty(), missing, loaded, absent);
  }

  // notes_: the files loaded and which supplied each name; warnings_: the names none holds.
  void report_game_files(const std::string& script_name, const std::string& played_name, bool found_base,
                         const std::vector<NameReference>& missing, const std::vector<std::string>& loaded,
                         const std::vector<std::string>& absent) {
    std::string supplied, unsupplied;
    for (const NameReference& r : missing) {
      const Source* from = nullptr;
      for (const Source& s : sources)
        if (!from && s.scene->find(r.name, r.class_id)) from = &s;
      if (from) {
        supplied += (supplied.empty() ? "" : ", ") + ("'" + r.name + "' from " +
                    retroanim::io::utf8_string(retroanim::io::utf8_path(from->scene->source_name()).filename()));
        continue;
      }
      std::string usual = usual_supplier(r.name);
      unsupplied += (unsupplied.empty() ? "" : ", ") + ("'" + r.name + "' (" + io::class_name(r.class_id) + ", " +
                    (usual.empty() ? std::string("normally in one of the game files base.cmo loads")
                                   : "normally in " + usual) + ")");
    }
    if (!loaded.empty()) {
      std::string note = played_name + " runs with the game files the engine loads beside it (base.cmo and its "
                         "MainLoading list): ";
      for (size_t i = 0; i < loaded.size(); ++i) note += (i ? ", " : "") + loaded[i];
      if (!absent.empty()) {
        note += " (not found: ";
        for (size_t i = 0; i < absent.size(); ++i) note += (i ? ", " : "") + absent[i];
        note += ")";
      }
      if (!supplied.empty()) note += "; by name: " + supplied;
      note += "; \"context\": [] plays the file alone";
      sc.notes_.push_back(std::move(note));
    }
    if (!unsupplied.empty())
      sc.warnings_.push_back(
          "script '" + script_name + "' gets objects by name that " + played_name + " lacks and " +
          (!found_base ? std::string("no base.cmo beside it (or in its parent directory) supplies")
                        : std::string("no game file loaded with it holds")) +
          ": " + unsupplied + "; the blocks reading them fail, as in the engine without those files "
          "(a spec's \"context\" names the files)");
  }

  // CKContext::GetObjectByNameAndClass for Get Object By Name: the first
  // object of that name and class (or a derived one) in the context files in
  // their order, then in the played file: the engine finds the object with
  // the lowest id, and the game loads the files the context lists (base.cmo's
  // MainLoading order) before the played one.
  void install_lookup() {
    const Scene* main = &scene;
    if (played_position && *played_position < sources.size()) {
      auto it = std::find_if(sources.begin(), sources.end(), [main](const Source& s) { return s.scene == main; });
      if (it != sources.end() && static_cast<size_t>(it - sources.begin()) > *played_position) {
        Source played = std::move(*it);
        sources.erase(it);
        sources.insert(sources.begin() + static_cast<std::ptrdiff_t>(*played_position), std::move(played));
      }
    }
    bool main_loaded = false;
    for (const Source& s : sources) main_loaded = main_loaded || s.scene == main;
    auto srcs = std::make_shared<const std::vector<Source>>(std::move(sources));
    sources.clear();
    m.object_by_name = [srcs, main, main_loaded](const std::string& name, uint32_t cls) -> ObjectRef {
      for (const Source& s : *srcs)
        if (const ObjectRecord* rec = s.scene->find(name, cls)) {
          const Scene* sc = s.scene;
          return runtime_ref(s.loaded, [sc](FileIndex i) { return object_ref_of(*sc, i); }, rec->file_index);
        }
      if (!main_loaded)
        if (const ObjectRecord* rec = main->find(name, cls)) return object_ref_of(*main, rec->file_index);
      return {};
    };
  }

  void load_script(const ScenarioSpec::Script& s) {
    const std::string& sname = s.name;
    sources.push_back(Source{&scene, load_behaviors(scene, m)});
    const LoadedBehaviors& loaded = sources.back().loaded;
    m.clear_scripts();
    Behavior* script = nullptr;
    for (Behavior* b : loaded.scripts)
      if (b->name == sname) {
        script = b;
        break;
      }
    if (!script) fail("script", "no script named '" + sname + "' in " + scene.source_name());
    if (!s.behaviors && !s.start) {
      // The script as it is: its own Start input and links.
      m.add_script(*script);
      sc.named_.emplace_back(script->name, script);
      for (Behavior* b : script->sub_behaviors) sc.named_.emplace_back(b->name, b);
      return;
    }
    ensure_graph();
    graph->owner = script->owner;
    std::vector<Behavior*> chosen;
    if (s.behaviors) {
      for (const std::string& n : *s.behaviors) {
        std::vector<Behavior*> found;
        collect(script, n, found, 0);
        if (found.empty()) fail("script.behaviors", "no behaviour named '" + n + "' in script '" + sname + "'");
        chosen.push_back(found.front());
        sc.named_.emplace_back(found.front()->name, found.front());
      }
    } else {
      for (Behavior* b : script->sub_behaviors) {
        chosen.push_back(b);
        sc.named_.emplace_back(b->name, b);
      }
    }
    std::unordered_set<const Behavior*> set(chosen.begin(), chosen.end());
    for (Behavior* b : chosen) {
      b->parent = graph;
      graph->sub_behaviors.push_back(b);
    }
    // The file's links between the chosen blocks, with their stored delays.
    std::vector<BehaviorLink*> links;
    collect_links(script, links, 0);
    for (BehaviorLink* l : links)
      if (l && l->source && l->destination && set.count(l->source->owner) && set.count(l->destination->owner))
        m.add_sub_link(*graph, *l);
    if (s.start)
      for (const std::string& r : *s.start) add_start("script.start", r);
  }

  const ObjectRecord* find_object(const std::string& where, const std::string& name, uint32_t cls,
                                  const char* what) const {
    const ObjectRecord* rec = scene.find(name, cls);
    if (!rec) fail(where, std::string("no ") + what + " named '" + name + "' in " + scene.source_name());
    return rec;
  }

  float number(const std::string& where, const json& v) const {
    if (!v.is_number()) fail(where, "expected a number, got " + str(v));
    double d = v.get<double>();
    float f = static_cast<float>(d);
    if (!std::isfinite(f)) fail(where, "number out of range: " + str(v));
    return f;
  }

  int32_t integer(const std::string& where, const json& v) const { return integer_in(sc.label_, where, v); }

  math::Vec3 vector(const std::string& where, const json& v) const {
    if (!v.is_array() || v.size() != 3) fail(where, "expected [x, y, z], got " + str(v));
    return {number(where, v[0]), number(where, v[1]), number(where, v[2])};
  }

  std::shared_ptr<Curve2d> curve2d(const std::string& where, const json& v) const {
    if (v.is_string() && v.get<std::string>() == "linear") {
      Curve2dPoint a, b;
      a.pos = {0, 0};
      b.pos = {1, 1};
      a.linear = b.linear = true;
      return std::make_shared<Curve2d>(std::vector<Curve2dPoint>{a, b});
    }
    if (!v.is_object() || !v.contains("points") || !v["points"].is_array())
      fail(where, "expected \"linear\" or {\"points\": [...]}");
    std::vector<Curve2dPoint> pts;
    for (size_t i = 0; i < v["points"].size(); ++i) {
      const json& p = v["points"][i];
      std::string w = where + ".points[" + std::to_string(i) + "]";
      if (!p.is_object() || !p.contains("pos")) fail(w, "needs \"pos\": [x, y]");
      const json& pos = p["pos"];
      if (!pos.is_array() || pos.size() != 2) fail(w + ".pos", "expected [x, y]");
      Curve2dPoint c;
      c.pos = {number(w + ".pos", pos[0]), number(w + ".pos", pos[1])};
      // A progression curve maps x in [0, 1] (GetY clamps its argument there).
      if (c.pos.x < 0.0f || c.pos.x > 1.0f) fail(w + ".pos[0]", "x must be in [0, 1], got " + str(pos[0]));
      for (const char* key : {"tension", "continuity", "bias"})
        if (p.contains(key)) {
          float f = number(w + "." + key, p[key]);
          if (f < -1.0f || f > 1.0f) fail(w + "." + key, "must be in [-1, 1], got " + str(p[key]));
          if (std::string(key) == "tension") c.tension = f;
          else if (std::string(key) == "continuity") c.continuity = f;
          else c.bias = f;
        }
      if (p.contains("linear")) c.linear = integer(w + ".linear", p["linear"]) != 0;
      if (p.contains("user_tangents")) c.user_tangents = integer(w + ".user_tangents", p["user_tangents"]) != 0;
      for (const char* key : {"in", "out"})
        if (p.contains(key)) {
          const json& t = p[key];
          if (!t.is_array() || t.size() != 2) fail(w + "." + key, "expected [x, y]");
          math::Vec2 tv{number(w + "." + key, t[0]), number(w + "." + key, t[1])};
          (std::string(key) == "in" ? c.in_tangent : c.out_tangent) = tv;
        }
      pts.push_back(c);
    }
    // GetY gives 0 for fewer than two points: a curve that silently does nothing.
    if (pts.size() < 2) fail(where + ".points", "a progression curve needs at least 2 points, got " + std::to_string(pts.size()));
    return std::make_shared<Curve2d>(std::move(pts));
  }

  // Sets `param`'s value from JSON according to `type` (the pin's type).
  void set_value(const std::string& where, Parameter& param, Guid type, const json& v) {
    using namespace param_guid;
    param.type = type;
    switch (value_kind_of(type)) {
      case ValueKind::kCurve2d:
        param.value.set_curve2d(curve2d(where, v));
        return;
      case ValueKind::kString:
        if (!v.is_string()) fail(where, "expected a string, got " + str(v));
        param.value.set_string(v.get<std::string>());
        return;
      case ValueKind::kObject: {
        if (!v.is_string()) fail(where, "expected an object name, got " + str(v));
        uint32_t cls = 0;
        const char* what = "object";
        if (type == kCurve) { cls = class_id::kCurve; what = "curve"; }
        else if (type == kObjectAnimation) { cls = class_id::kObjectAnimation; what = "object animation"; }
        else if (type == kAnimation) { cls = class_id::kKeyedAnimation; what = "keyed animation"; }
        else if (type == k3dEntity) { cls = class_id::k3dEntity; what = "3D entity"; }
        else if (type == kBeObject) { cls = class_id::kBeObject; what = "BeObject"; }
        const ObjectRecord* rec = find_object(where, v.get<std::string>(), cls, what);
        param.value.set_object(object_ref_of(scene, rec->file_index));
        return;
      }
      case ValueKind::kBytes:
      case ValueKind::kNone:
        break;
    }
    if (type == kVector) {
      param.value.set_vector(vector(where, v));
    } else if (type == kTime) {
      // Times are milliseconds: a negative one makes no sense, and a duration of
      // 0 would divide by zero (Bezier Progression: elapsed / duration).
      const float ms = number(where, v);
      if (param.name == "Duration" && !(ms > 0.0f)) fail(where, "a duration must be > 0 ms, got " + str(v));
      if (ms < 0.0f) fail(where, "a time must be >= 0 ms, got " + str(v));
      param.value.set_float(ms);
    } else if (type == kFloat || type == kPercentage || type == kAngle) {
      param.value.set_float(number(where, v));
    } else if (type == kDirection && v.is_string()) {
      static const char* names[] = {"X", "-X", "Y", "-Y", "Z", "-Z"};
      for (int i = 0; i < 6; ++i)
        if (v.get<std::string>() == names[i]) {
          param.value.set_int(i + 1);
          return;
        }
      fail(where, "expected X, -X, Y, -Y, Z or -Z, got " + str(v));
    } else if (type == kDirection) {
      int32_t d = integer(where, v);
      if (d < 1 || d > 6) fail(where, "direction must be 1..6, got " + str(v));
      param.value.set_int(d);
    } else {
      param.value.set_int(integer(where, v));
    }
  }

  // An input pin's value: a constant, {"from": "B.Output"}, {"int": N} (an
  // Integer source; the pin becomes Integer) or {"vector": [x,y,z]} (a Vector pin).
  void set_input(const std::string& where, Behavior& b, ParameterIn& pin, const json& v) {
    if (v.is_object() && v.contains("from")) {
      if (!v["from"].is_string()) fail(where + ".from", "expected BEHAVIOR.OUTPUT");
      auto [src, name] = split_pin(where + ".from", v["from"].get<std::string>());
      for (Parameter* p : src->output_params)
        if (p && p->name == name) {
          pin.shared_source = nullptr;
          pin.direct_source = p;
          return;
        }
      fail(where + ".from", "behaviour '" + src->name + "' has no output parameter named '" + name + "'");
    }
    Guid type = pin.type;
    json value = v;
    if (v.is_object() && v.contains("int")) {
      type = param_guid::kInt;
      value = v["int"];
      if (!value.is_number_integer()) fail(where + ".int", "expected an integer, got " + str(value));
    } else if (v.is_object() && v.contains("vector")) {
      type = param_guid::kVector;
      value = v["vector"];
    }
    Parameter& local = m.create_parameter(pin.name, type, ParameterClass::kLocal);
    local.owner = &b;
    set_value(where, local, type, value);
    pin.type = type;
    pin.shared_source = nullptr;
    pin.direct_source = &local;
  }

  void declare_behaviors(const std::vector<ScenarioSpec::Block>& list) {
    using Kind = ScenarioSpec::BlockMember::Kind;
    ensure_graph();
    // First create every block so "from" can name later ones.
    std::vector<Behavior*> made;
    for (size_t i = 0; i < list.size(); ++i) {
      const ScenarioSpec::Block& d = list[i];
      std::string where = "behaviors[" + std::to_string(i) + "]";
      const BehaviorPrototype* proto = find_prototype(d.type);
      if (!proto) fail(where, "unknown building block '" + d.type + "'");
      if (named(d.name)) fail(where, "duplicate behaviour name '" + d.name + "'");
      Behavior& b = m.create_building_block(*proto, d.name);
      m.add_sub_behavior(*graph, b);
      sc.named_.emplace_back(d.name, &b);
      made.push_back(&b);
    }
    for (size_t i = 0; i < made.size(); ++i) {
      Behavior& b = *made[i];
      std::string where = "behaviors[" + std::to_string(i) + "] '" + b.name + "'";
      for (const ScenarioSpec::BlockMember& member : list[i].members) {
        switch (member.kind) {
          case Kind::kTarget: {
            if (!b.target_param) fail(where, "building block '" + b.name + "' is not targetable");
            Parameter& t = m.create_parameter("Target", b.target_param->type, ParameterClass::kLocal);
            set_value(where + ".target", t, param_guid::k3dEntity, json(member.object));
            t.type = b.target_param->type;
            b.target_param->direct_source = &t;
            break;
          }
          case Kind::kOwner:
            b.owner = object_ref_of(scene, find_object(where + ".owner", member.object, 0, "object")->file_index);
            break;
          case Kind::kInputs:
            for (const ScenarioSpec::PinValue& v : member.values) {
              ParameterIn* pin = nullptr;
              for (ParameterIn* p : b.input_params)
                if (p && p->name == v.pin) pin = p;
              if (!pin) fail(where + ".inputs", "'" + b.name + "' has no input parameter named '" + v.pin + "'");
              set_input(where + ".inputs." + v.pin, b, *pin, v.value);
            }
            break;
          case Kind::kLocals:
          case Kind::kSettings:
            for (const ScenarioSpec::PinValue& v : member.values) {
              Parameter* local = nullptr;
              for (Parameter* p : b.local_params)
                if (p && p->name == v.pin) local = p;
              if (!local)
                fail(where + "." + member.key, "'" + b.name + "' has no local or setting named '" + v.pin + "'");
              set_value(where + "." + member.key + "." + v.pin, *local, local->type, v.value);
            }
            if (b.callback) b.call_callback(behavior_message::kSettingsEdited, &m);
            break;
        }
      }
    }
  }

  void declare_links(const std::vector<ScenarioSpec::Link>& list) {
    ensure_graph();
    for (size_t i = 0; i < list.size(); ++i) {
      const ScenarioSpec::Link& l = list[i];
      std::string where = "links[" + std::to_string(i) + "]";
      BehaviorIO* from = find_io(where + ".from", l.from, false);
      BehaviorIO* to = find_io(where + ".to", l.to, true);
      m.add_sub_link(*graph, m.create_link(*from, *to, static_cast<int16_t>(l.delay)));
    }
  }

  void build(const ScenarioSpec& spec) {
    if (spec.context) load_context(*spec.context);
    else if (spec.script) load_game_files(spec.script->name);
    if (spec.script) load_script(*spec.script);
    if (spec.behaviors) declare_behaviors(*spec.behaviors);
    if (spec.links) declare_links(*spec.links);
    for (const std::string& r : spec.start) add_start("start", r);
    if (graph) m.add_script(*graph);
    install_lookup();
    for (const std::string& name : spec.record) {
      const ObjectRecord* rec = find_object("record", name, class_id::k3dEntity, "3D entity");
      if (!rec->entity) fail("record", "'" + name + "' is not a loaded 3D entity");
      sc.recorded_names_.push_back(rec->name);
      sc.recorded_.push_back(rec->entity);
    }
  }
};

ScenarioSpec read_scenario_spec(std::string_view json_text, const std::string& source, const std::string& label) {
  json doc;
  try {
    doc = json::parse(json_text.begin(), json_text.end());
  } catch (const json::parse_error& e) {
    throw retroanim::io::json_syntax_error(e, source);
  } catch (const json::exception& e) {
    // A number too large even for a double ("1e400"): nlohmann gives no offset.
    throw Error(describe_error(source, "", std::nullopt, "malformed JSON: " + retroanim::io::json_exception_text(e)));
  }
  try {
    return SpecReader{label}.read(doc);
  } catch (const json::exception& e) {
    fail_in(label, "", e.what());
  }
}

void build_scenario(Scenario& sc, Scene& scene, BehaviorManager& manager, const ScenarioSpec& spec) {
  ScenarioBuilder b{sc, scene, manager};
  try {
    b.build(spec);
  } catch (const json::exception& e) {
    fail_in(sc.label(), "", e.what());
  }
}

}  // namespace retroanim::ck
