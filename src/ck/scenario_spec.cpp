// Reading a scenario spec (docs/formats/ck-scenario.md): the JSON names file
// behaviours or declares building blocks, their pins, links and targets, and
// the entities to record; ScenarioBuilder checks each member and builds it
// into the scenario's manager. Every error names the scenario and the member.
#include <cmath>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "retroanim/ck/behavior_prototype.h"
#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/scenario.h"
#include "retroanim/ck/scene_behaviors.h"
#include "retroanim/error.h"

namespace retroanim::ck {

using nlohmann::json;

// Builds a Scenario from a parsed spec; every error names the scenario.
struct ScenarioBuilder {
  Scenario& sc;
  Scene& scene;
  BehaviorManager& m;
  Behavior* graph = nullptr;  // the scenario's own script (when one is built)

  [[noreturn]] void fail(const std::string& where, const std::string& what) const {
    throw Error("scenario '" + sc.label_ + "': " + (where.empty() ? "" : where + ": ") + what);
  }

  static std::string str(const json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

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

  // The file's script (and optionally a subset of its building blocks).
  void load_script(const json& s) {
    if (!s.is_object()) fail("script", "must be an object");
    if (!s.contains("name") || !s["name"].is_string()) fail("script", "needs a string \"name\"");
    std::string sname = s["name"].get<std::string>();
    LoadedBehaviors loaded = load_behaviors(scene, m);
    m.clear_scripts();
    Behavior* script = nullptr;
    for (Behavior* b : loaded.scripts)
      if (b->name == sname) {
        script = b;
        break;
      }
    if (!script) fail("script", "no script named '" + sname + "' in " + scene.source_name());
    if (!s.contains("behaviors") && !s.contains("start")) {
      // The script as it is: its own Start input and links.
      m.add_script(*script);
      sc.named_.emplace_back(script->name, script);
      for (Behavior* b : script->sub_behaviors) sc.named_.emplace_back(b->name, b);
      return;
    }
    ensure_graph();
    graph->owner = script->owner;
    std::vector<Behavior*> chosen;
    if (s.contains("behaviors")) {
      if (!s["behaviors"].is_array()) fail("script.behaviors", "must be an array of names");
      for (const json& n : s["behaviors"]) {
        if (!n.is_string()) fail("script.behaviors", "must be an array of names");
        std::vector<Behavior*> found;
        collect(script, n.get<std::string>(), found, 0);
        if (found.empty()) fail("script.behaviors", "no behaviour named '" + n.get<std::string>() + "' in script '" + sname + "'");
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
    if (s.contains("start")) {
      if (!s["start"].is_array()) fail("script.start", "must be an array of BEHAVIOR.INPUT");
      for (const json& r : s["start"]) {
        if (!r.is_string()) fail("script.start", "must be an array of BEHAVIOR.INPUT");
        add_start("script.start", r.get<std::string>());
      }
    }
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

  int32_t integer(const std::string& where, const json& v) const {
    if (v.is_boolean()) return v.get<bool>() ? 1 : 0;
    if (!v.is_number_integer()) fail(where, "expected an integer or a boolean, got " + str(v));
    int64_t i = v.get<int64_t>();
    if (i < INT32_MIN || i > INT32_MAX) fail(where, "integer out of range: " + str(v));
    return static_cast<int32_t>(i);
  }

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
      for (const char* key : {"tension", "continuity", "bias"})
        if (p.contains(key)) {
          float f = number(w + "." + key, p[key]);
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
    } else if (type == kFloat || type == kTime || type == kPercentage || type == kAngle) {
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

  void declare_behaviors(const json& list) {
    if (!list.is_array()) fail("behaviors", "must be an array");
    ensure_graph();
    // First create every block so "from" can name later ones.
    std::vector<std::pair<Behavior*, const json*>> made;
    for (size_t i = 0; i < list.size(); ++i) {
      const json& d = list[i];
      std::string where = "behaviors[" + std::to_string(i) + "]";
      if (!d.is_object()) fail(where, "must be an object");
      if (!d.contains("type") || !d["type"].is_string()) fail(where, "needs a string \"type\"");
      std::string type = d["type"].get<std::string>();
      const BehaviorPrototype* proto = find_prototype(type);
      if (!proto) fail(where, "unknown building block '" + type + "'");
      std::string name = type;
      if (d.contains("name")) {
        if (!d["name"].is_string()) fail(where + ".name", "must be a string");
        name = d["name"].get<std::string>();
      }
      if (named(name)) fail(where, "duplicate behaviour name '" + name + "'");
      Behavior& b = m.create_building_block(*proto, name);
      m.add_sub_behavior(*graph, b);
      sc.named_.emplace_back(name, &b);
      made.emplace_back(&b, &d);
    }
    for (size_t i = 0; i < made.size(); ++i) {
      Behavior& b = *made[i].first;
      const json& d = *made[i].second;
      std::string where = "behaviors[" + std::to_string(i) + "] '" + b.name + "'";
      for (const auto& [key, val] : d.items()) {
        if (key == "type" || key == "name") continue;
        if (key == "target") {
          if (!b.target_param) fail(where, "building block '" + b.name + "' is not targetable");
          if (!val.is_string()) fail(where + ".target", "expected an entity name");
          Parameter& t = m.create_parameter("Target", b.target_param->type, ParameterClass::kLocal);
          set_value(where + ".target", t, param_guid::k3dEntity, val);
          t.type = b.target_param->type;
          b.target_param->direct_source = &t;
        } else if (key == "owner") {
          if (!val.is_string()) fail(where + ".owner", "expected an object name");
          b.owner = object_ref_of(scene, find_object(where + ".owner", val.get<std::string>(), 0, "object")->file_index);
        } else if (key == "inputs") {
          if (!val.is_object()) fail(where + ".inputs", "must be an object of PIN: value");
          for (const auto& [pname, pval] : val.items()) {
            ParameterIn* pin = nullptr;
            for (ParameterIn* p : b.input_params)
              if (p && p->name == pname) pin = p;
            if (!pin) fail(where + ".inputs", "'" + b.name + "' has no input parameter named '" + pname + "'");
            set_input(where + ".inputs." + pname, b, *pin, pval);
          }
        } else if (key == "locals" || key == "settings") {
          if (!val.is_object()) fail(where + "." + key, "must be an object of NAME: value");
          for (const auto& [lname, lval] : val.items()) {
            Parameter* local = nullptr;
            for (Parameter* p : b.local_params)
              if (p && p->name == lname) local = p;
            if (!local) fail(where + "." + key, "'" + b.name + "' has no local or setting named '" + lname + "'");
            set_value(where + "." + key + "." + lname, *local, local->type, lval);
          }
          if (b.callback) b.call_callback(behavior_message::kSettingsEdited, &m);
        } else {
          fail(where, "unknown key '" + key + "'");
        }
      }
    }
  }

  void declare_links(const json& list) {
    if (!list.is_array()) fail("links", "must be an array");
    ensure_graph();
    for (size_t i = 0; i < list.size(); ++i) {
      const json& l = list[i];
      std::string where = "links[" + std::to_string(i) + "]";
      if (!l.is_object() || !l.contains("from") || !l.contains("to") || !l["from"].is_string() || !l["to"].is_string())
        fail(where, "needs \"from\": \"B.OUTPUT\" and \"to\": \"B.INPUT\"");
      BehaviorIO* from = find_io(where + ".from", l["from"].get<std::string>(), false);
      BehaviorIO* to = find_io(where + ".to", l["to"].get<std::string>(), true);
      int32_t delay = l.contains("delay") ? integer(where + ".delay", l["delay"]) : 0;
      if (delay < 0 || delay > 32767) fail(where + ".delay", "must be 0..32767");
      m.add_sub_link(*graph, m.create_link(*from, *to, static_cast<int16_t>(delay)));
    }
  }

  void build(const json& spec) {
    if (!spec.is_object()) fail("", "the spec must be a JSON object");
    for (const auto& [key, val] : spec.items()) {
      (void)val;
      if (key != "script" && key != "behaviors" && key != "links" && key != "start" && key != "record")
        fail("", "unknown key '" + key + "'");
    }
    if (!spec.contains("script") && !spec.contains("behaviors")) fail("", "needs \"script\" or \"behaviors\"");
    if (spec.contains("script")) load_script(spec["script"]);
    if (spec.contains("behaviors")) declare_behaviors(spec["behaviors"]);
    if (spec.contains("links")) declare_links(spec["links"]);
    if (spec.contains("start")) {
      if (!spec["start"].is_array()) fail("start", "must be an array of BEHAVIOR.INPUT");
      for (const json& r : spec["start"]) {
        if (!r.is_string()) fail("start", "must be an array of BEHAVIOR.INPUT");
        add_start("start", r.get<std::string>());
      }
    }
    if (graph) m.add_script(*graph);
    if (!spec.contains("record") || !spec["record"].is_array()) fail("record", "needs an array of entity names");
    for (const json& r : spec["record"]) {
      if (!r.is_string()) fail("record", "needs an array of entity names");
      const ObjectRecord* rec = find_object("record", r.get<std::string>(), class_id::k3dEntity, "3D entity");
      if (!rec->entity) fail("record", "'" + r.get<std::string>() + "' is not a loaded 3D entity");
      sc.recorded_names_.push_back(rec->name);
      sc.recorded_.push_back(rec->entity);
    }
  }
};

void build_scenario_from_json(Scenario& sc, Scene& scene, BehaviorManager& manager, const std::string& json_text,
                              const std::string& label) {
  json spec;
  try {
    spec = json::parse(json_text);
  } catch (const json::exception& e) {
    std::string msg = e.what();
    for (char& c : msg)
      if (c == '\n' || c == '\r') c = ' ';
    throw Error("scenario '" + label + "': malformed JSON: " + msg);
  }
  ScenarioBuilder b{sc, scene, manager};
  try {
    b.build(spec);
  } catch (const json::exception& e) {
    throw Error("scenario '" + label + "': " + std::string(e.what()));
  }
}

}  // namespace retroanim::ck
