// The per-object path of the C API gives the trace of ra_ac_run_scenario on
// every AC scenario of the tests (the interpreter's among them, through
// ra_ac_object_create_interp and the interpreter calls), and on scenarios over a dat written here
// (tests/capi/dat_scenarios.h: a hook of every type, whose JSON comes from
// ra_ac_hook_event_get_json): the steps are replayed one C API call per
// step on an ra_ac_object (what examples/csharp/AcScenario.cs does in C#)
// and each trace line is built from what the calls return.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "capi/dat_scenarios.h"
#include "harness/capi/retroanim_harness.h"  // the C API and its harness functions
#include "support/test_support.h"
#include "capi/capi_expect.h"

namespace {

using Json = nlohmann::ordered_json;

uint32_t id_of(const Json& v) {
  if (v.is_number()) return v.get<uint32_t>();
  const std::string s = v.get<std::string>();
  return static_cast<uint32_t>(std::stoul(s, nullptr, s.rfind("0x", 0) == 0 || s.rfind("0X", 0) == 0 ? 16 : 10));
}

Json frame_json(const ra_ac_frame& f) {
  Json j = Json::object();
  j["origin"] = {static_cast<double>(f.origin[0]), static_cast<double>(f.origin[1]), static_cast<double>(f.origin[2])};
  j["rotation"] = {static_cast<double>(f.rotation[0]), static_cast<double>(f.rotation[1]),
                   static_cast<double>(f.rotation[2]), static_cast<double>(f.rotation[3])};
  return j;
}


bool flag(const Json& a, const char* key, bool dflt) { return a.contains(key) ? a[key].get<bool>() : dflt; }

// A scenario's Params (docs/formats/ac-scenario.md) as ra_ac_movement_params.
ra_ac_movement_params params_of(const Json& a, uint32_t& motion) {
  ra_ac_movement_params p;
  ra_ac_movement_params_init(&p);
  motion = id_of(a["motion"]);
  if (a.contains("speed")) p.speed = a["speed"].get<float>();
  if (a.contains("hold_key")) p.hold_key_to_apply = id_of(a["hold_key"]);
  const struct {
    const char* key;
    uint32_t bit;
  } bits[] = {{"set_hold_key", 0x800u},      {"autonomous", 0x1000u},    {"modify_raw_state", 0x2000u},
              {"modify_interpreted_state", 0x4000u}, {"cancel_moveto", 0x8000u}, {"disable_jump_during_link", 0x20000u}};
  for (const auto& b : bits)
    if (a.contains(b.key)) p.bitfield = a[b.key].get<bool>() ? (p.bitfield | b.bit) : (p.bitfield & ~b.bit);
  if (a.contains("context_id")) p.context_id = id_of(a["context_id"]);
  if (a.contains("action_stamp")) p.action_stamp = id_of(a["action_stamp"]);
  return p;
}

Json vec_json(const float v[3]) {
  return Json::array({static_cast<double>(v[0]), static_cast<double>(v[1]), static_cast<double>(v[2])});
}

Json actions_json(const std::vector<ra_ac_action>& actions) {
  Json a = Json::array();
  for (const ra_ac_action& n : actions)
    a.push_back(Json::array({n.action, static_cast<double>(n.speed), n.stamp, n.autonomous != 0}));
  return a;
}

// The interpreter's trace fields (raw, interpreted, velocity, interp, object, results).
void add_interp_trace(ra_ac_object* obj, std::vector<uint32_t>& results, Json& line) {
  ra_ac_raw_motion_state r;
  RA_CHECK(ra_ac_object_get_raw_state(obj, &r));
  std::vector<ra_ac_action> ra(r.action_count);
  RA_CHECK(ra_ac_object_get_raw_actions(obj, ra.data(), ra.size()));
  Json raw = Json::object();
  raw["current_holdkey"] = r.current_holdkey;
  raw["current_style"] = r.current_style;
  raw["forward_command"] = r.forward_command;
  raw["forward_holdkey"] = r.forward_holdkey;
  raw["forward_speed"] = r.forward_speed;
  raw["sidestep_command"] = r.sidestep_command;
  raw["sidestep_holdkey"] = r.sidestep_holdkey;
  raw["sidestep_speed"] = r.sidestep_speed;
  raw["turn_command"] = r.turn_command;
  raw["turn_holdkey"] = r.turn_holdkey;
  raw["turn_speed"] = r.turn_speed;
  raw["actions"] = actions_json(ra);
  line["raw"] = std::move(raw);
  ra_ac_interpreted_motion_state is;
  RA_CHECK(ra_ac_object_get_interpreted_state(obj, &is));
  std::vector<ra_ac_action> ia(is.action_count);
  RA_CHECK(ra_ac_object_get_interpreted_actions(obj, ia.data(), ia.size()));
  Json interp = Json::object();
  interp["current_style"] = is.current_style;
  interp["forward_command"] = is.forward_command;
  interp["forward_speed"] = is.forward_speed;
  interp["sidestep_command"] = is.sidestep_command;
  interp["sidestep_speed"] = is.sidestep_speed;
  interp["turn_command"] = is.turn_command;
  interp["turn_speed"] = is.turn_speed;
  interp["actions"] = actions_json(ia);
  line["interpreted"] = std::move(interp);
  float v[3];
  RA_CHECK(ra_ac_object_get_state_velocity(obj, v));
  line["velocity"] = vec_json(v);
  ra_ac_interp_state st;
  RA_CHECK(ra_ac_object_get_interp_state(obj, &st));
  std::vector<ra_ac_interp_pending> pend(st.pending_count);
  RA_CHECK(ra_ac_object_get_interp_pending(obj, pend.data(), pend.size()));
  Json in = Json::object();
  in["initted"] = st.initted != 0;
  Json pending = Json::array();
  for (const auto& n : pend) pending.push_back(Json::array({n.motion, n.jump_error_code}));
  in["pending"] = std::move(pending);
  in["standing_longjump"] = st.standing_longjump != 0;
  in["jump_extent"] = st.jump_extent;
  in["my_run_rate"] = st.my_run_rate;
  in["server_action_stamp"] = st.server_action_stamp;
  line["interp"] = std::move(in);
  RA_CHECK(ra_ac_object_get_velocity(obj, v));
  uint32_t state = 0, transient = 0;
  RA_CHECK(ra_ac_object_get_state(obj, &state, &transient));
  Json o = Json::object();
  o["velocity"] = vec_json(v);
  o["contact"] = (transient & 0x1u) != 0;
  o["on_walkable"] = (transient & 0x2u) != 0;
  line["object"] = std::move(o);
  line["results"] = results;
  results.clear();
}

// The scenario's "object": the physics object's bits and the interpreter with its weenie.
void make_interp(ra_ac_object* obj, const Json& v, ra_ac_weenie& weenie, bool& has_weenie) {
  uint32_t state = 0, transient = 0;
  RA_CHECK(ra_ac_object_get_state(obj, &state, &transient));
  state = flag(v, "gravity", true) ? 0x400u : 0u;
  if (flag(v, "contact", true)) transient |= 0x1u;
  if (flag(v, "on_walkable", true)) transient |= 0x2u;
  RA_CHECK(ra_ac_object_set_state(obj, state, transient));
  RA_CHECK(ra_ac_object_set_in_cell(obj, flag(v, "cell", true) ? 1 : 0));
  RA_CHECK(ra_ac_object_set_autonomous(obj, flag(v, "autonomous", true) ? 1 : 0));
  RA_CHECK(ra_ac_weenie_init(&weenie));
  has_weenie = v.contains("weenie") && !v["weenie"].is_null();
  if (has_weenie) {
    const Json& w = v["weenie"];
    weenie.is_player = flag(w, "is_player", true) ? 1 : 0;
    weenie.is_creature = flag(w, "is_creature", true) ? 1 : 0;
    if (w.contains("run_rate") && !w["run_rate"].is_null()) {
      weenie.has_run_rate = 1;
      weenie.run_rate = w["run_rate"].get<float>();
    }
    if (w.contains("jump_velocity") && !w["jump_velocity"].is_null()) {
      weenie.has_jump_velocity = 1;
      weenie.jump_velocity = w["jump_velocity"].get<float>();
    }
    weenie.can_jump = flag(w, "can_jump", true) ? 1 : 0;
    weenie.jump_stamina = flag(w, "jump_stamina", true) ? 1 : 0;
  }
  RA_CHECK(ra_ac_object_create_interp(obj, has_weenie ? &weenie : nullptr));
}

// One interpreter step (false: not one); return values go to `results`.
bool interp_step(ra_ac_object* obj, const std::string& name, const Json& a, ra_ac_weenie& weenie,
                 std::vector<uint32_t>& results, bool& ok) {
  ok = false;
  uint32_t e = 0, motion = 0;
  if (name == "enter_default_state") {
    EXPECT_EQ(ra_ac_object_interp_enter_default_state(obj), RA_OK) << ra_last_error();
  } else if (name == "do_motion" || name == "stop_motion" || name == "do_interpreted_motion" ||
             name == "stop_interpreted_motion") {
    const ra_ac_movement_params p = params_of(a, motion);
    int rc = name == "do_motion"               ? ra_ac_object_do_motion(obj, motion, &p, &e)
             : name == "stop_motion"           ? ra_ac_object_stop_motion(obj, motion, &p, &e)
             : name == "do_interpreted_motion" ? ra_ac_object_do_interpreted_motion(obj, motion, &p, &e)
                                               : ra_ac_object_stop_interpreted_motion(obj, motion, &p, &e);
    EXPECT_EQ(rc, RA_OK) << ra_last_error();
    results.push_back(e);
  } else if (name == "interp_stop_completely") {
    EXPECT_EQ(ra_ac_object_interp_stop_completely(obj, &e), RA_OK) << ra_last_error();
    results.push_back(e);
  } else if (name == "check_completed_motions") {
    EXPECT_EQ(ra_ac_object_check_completed_motions(obj), RA_OK) << ra_last_error();
  } else if (name == "set_hold_key") {
    EXPECT_EQ(ra_ac_object_set_hold_key(obj, id_of(a["key"]), flag(a, "cancel_moveto", false)), RA_OK) << ra_last_error();
  } else if (name == "set_hold_run") {
    EXPECT_EQ(ra_ac_object_set_hold_run(obj, a["run"].get<bool>(), flag(a, "cancel_moveto", false)), RA_OK)
        << ra_last_error();
  } else if (name == "apply_current_movement" || name == "apply_raw_movement" || name == "apply_interpreted_movement") {
    const int cancel = a.is_object() && flag(a, "cancel_moveto", false);
    const int disallow = a.is_object() && flag(a, "disallow_jump", false);
    int rc = name == "apply_current_movement" ? ra_ac_object_apply_current_movement(obj, cancel, disallow)
             : name == "apply_raw_movement"   ? ra_ac_object_apply_raw_movement(obj, cancel, disallow)
                                              : ra_ac_object_apply_interpreted_movement(obj, cancel, disallow);
    EXPECT_EQ(rc, RA_OK) << ra_last_error();
  } else if (name == "set_raw_state") {
    ra_ac_raw_motion_state r;
    EXPECT_EQ(ra_ac_object_get_raw_state(obj, &r), RA_OK) << ra_last_error();
    const struct {
      const char* key;
      uint32_t* field;
    } ids[] = {{"current_holdkey", &r.current_holdkey}, {"current_style", &r.current_style},
               {"forward_command", &r.forward_command}, {"forward_holdkey", &r.forward_holdkey},
               {"sidestep_command", &r.sidestep_command}, {"sidestep_holdkey", &r.sidestep_holdkey},
               {"turn_command", &r.turn_command},       {"turn_holdkey", &r.turn_holdkey}};
    for (const auto& f : ids)
      if (a.contains(f.key)) *f.field = id_of(a[f.key]);
    if (a.contains("forward_speed")) r.forward_speed = a["forward_speed"].get<float>();
    if (a.contains("sidestep_speed")) r.sidestep_speed = a["sidestep_speed"].get<float>();
    if (a.contains("turn_speed")) r.turn_speed = a["turn_speed"].get<float>();
    EXPECT_EQ(ra_ac_object_set_raw_state(obj, &r), RA_OK) << ra_last_error();
  } else if (name == "move_to_interpreted_state") {
    ra_ac_interpreted_motion_state st{0x8000003Du, 0x41000003u, 1.0f, 0u, 1.0f, 0u, 1.0f, 0u};
    if (a.contains("current_style")) st.current_style = id_of(a["current_style"]);
    if (a.contains("forward_command")) st.forward_command = id_of(a["forward_command"]);
    if (a.contains("forward_speed")) st.forward_speed = a["forward_speed"].get<float>();
    if (a.contains("sidestep_command")) st.sidestep_command = id_of(a["sidestep_command"]);
    if (a.contains("sidestep_speed")) st.sidestep_speed = a["sidestep_speed"].get<float>();
    if (a.contains("turn_command")) st.turn_command = id_of(a["turn_command"]);
    if (a.contains("turn_speed")) st.turn_speed = a["turn_speed"].get<float>();
    std::vector<ra_ac_action> actions;
    if (a.contains("actions"))
      for (const Json& n : a["actions"])
        actions.push_back(ra_ac_action{id_of(n[0]), n[1].get<float>(), id_of(n[2]), n[3].get<bool>() ? 1 : 0});
    EXPECT_EQ(ra_ac_object_move_to_interpreted_state(obj, &st, actions.data(), actions.size(), &e), RA_OK)
        << ra_last_error();
    results.push_back(e);
  } else if (name == "charge_jump") {
    EXPECT_EQ(ra_ac_object_charge_jump(obj, &e), RA_OK) << ra_last_error();
    results.push_back(e);
  } else if (name == "jump") {
    int32_t stamina = 0;
    EXPECT_EQ(ra_ac_object_jump(obj, a["extent"].get<float>(), &stamina, &e), RA_OK) << ra_last_error();
    results.push_back(e);
  } else if (name == "contact") {
    EXPECT_EQ(ra_ac_object_set_contact(obj, a["contact"].get<bool>(), flag(a, "on_walkable", false)), RA_OK)
        << ra_last_error();
  } else if (name == "run_rate") {
    weenie.has_run_rate = a.is_null() ? 0 : 1;
    weenie.run_rate = a.is_null() ? 0.0f : a.get<float>();
    EXPECT_EQ(ra_ac_object_set_weenie(obj, &weenie), RA_OK) << ra_last_error();
  } else if (name == "autonomous") {
    EXPECT_EQ(ra_ac_object_set_autonomous(obj, a.get<bool>()), RA_OK) << ra_last_error();
  } else {
    return false;
  }
  ok = true;
  return true;
}

// Replays the scenario through the per-object calls into `lines`.
void replay(const std::string& path, std::vector<std::string>& lines) {
  std::ifstream in(path);
  Json root = Json::parse(in);
  ra_ac_scenario* sc = nullptr;
  RA_CHECK(ra_ac_scenario_load(path.c_str(), &sc));
  ra_ac_provider* prov = nullptr;
  RA_CHECK(ra_ac_scenario_get_provider(sc, &prov));
  ra_ac_object* obj = nullptr;
  RA_CHECK(ra_ac_object_create(prov, 0, 0, 7, &obj));
  ra_ac_frame f0;
  RA_CHECK(ra_ac_scenario_get_initial_frame(sc, &f0));
  RA_CHECK(ra_ac_object_set_frame(obj, &f0));
  int has_table = 0;
  RA_CHECK(ra_ac_scenario_has_motion_table(sc, &has_table));
  if (has_table) {
    RA_CHECK(ra_ac_scenario_attach_motion_table(sc, obj));
  }
  const bool has_object = root.contains("object");
  ra_ac_weenie weenie;
  bool has_weenie = false;
  if (has_object) make_interp(obj, root["object"], weenie, has_weenie);
  if (::testing::Test::HasFatalFailure()) return;
  std::vector<uint32_t> results;  // the interpreter steps' return values until the next update
  std::vector<uint32_t> done;     // the motions done since the last update, outside interpreter steps
  const auto take_done = [&](bool keep) {
    const uint32_t* d = nullptr;
    size_t dn = 0;
    ASSERT_EQ(ra_ac_object_take_done(obj, &d, &dn), RA_OK) << ra_last_error();
    if (keep) done.insert(done.end(), d, d + dn);
  };
  double t = 0.0;
  for (const Json& step : root["steps"]) {
    const std::string name = step.begin().key();
    const Json& a = step.begin().value();
    bool ok = false;
    if (has_object) {
      // The motions an interpreter step completes show only in the queues
      // (the runner's "done" lists an update's and the manager steps').
      take_done(true);
      const bool handled = interp_step(obj, name, a, weenie, results, ok);
      take_done(false);
      if (handled) {
        ASSERT_TRUE(ok);
        continue;
      }
    }
    if (name == "append") {
      RA_CHECK(ra_ac_object_append_animation(obj, id_of(a["anim"]), a.contains("framerate") ? a["framerate"].get<float>() : 30.0f,
                                             a.contains("low") ? a["low"].get<int32_t>() : 0,
                                             a.contains("high") ? a["high"].get<int32_t>() : -1));
    } else if (name == "velocity" || name == "omega") {
      const float v[3] = {a[0].get<float>(), a[1].get<float>(), a[2].get<float>()};
      RA_CHECK(name == "velocity" ? ra_ac_object_set_velocity(obj, v) : ra_ac_object_set_omega(obj, v));
    } else if (name == "multiply_cyclic_framerate") {
      RA_CHECK(ra_ac_object_multiply_framerate(obj, a.get<float>()));
    } else if (name == "remove_cyclic") {
      RA_CHECK(ra_ac_object_remove_cyclic(obj));
    } else if (name == "remove_all_link") {
      RA_CHECK(ra_ac_object_remove_all_links(obj));
    } else if (name == "clear") {
      RA_CHECK(ra_ac_object_clear_sequence(obj));
    } else if (name == "set_default_state") {
      RA_CHECK(ra_ac_object_set_default_state(obj));
    } else if (name == "perform" || name == "stop") {
      const float speed = a.contains("speed") ? a["speed"].get<float>() : 1.0f;
      RA_CHECK(name == "perform" ? ra_ac_object_perform(obj, id_of(a["motion"]), speed, nullptr)
                                 : ra_ac_object_stop(obj, id_of(a["motion"]), speed, nullptr));
    } else if (name == "stop_completely") {
      RA_CHECK(ra_ac_object_stop_completely(obj, nullptr));
    } else if (name == "update") {
      const double dt = a.get<double>();
      RA_CHECK(ra_ac_object_advance(obj, dt));
      t += dt;
      Json line = Json::object();
      line["t"] = t;
      ra_ac_sequence_state ss;
      RA_CHECK(ra_ac_object_get_sequence_state(obj, &ss));
      line["frame_number"] = ss.frame_number;
      if (ss.has_anim) line["anim"] = ss.anim_id;
      else line["anim"] = nullptr;
      ra_ac_frame f;
      RA_CHECK(ra_ac_object_get_frame(obj, &f));
      line["frame"] = frame_json(f);
      const ra_ac_hook_event* ev = nullptr;
      size_t n = 0;
      RA_CHECK(ra_ac_object_get_events(obj, &ev, &n));
      Json hooks = Json::array();
      for (size_t i = 0; i < n; ++i) {
        const char* text = nullptr;
        if (ev[i].tag != 0) {  // NOLINT
          RA_CHECK(ra_ac_scenario_get_hook_json(sc, ev[i].tag, &text));
          hooks.push_back(Json::parse(text));
        } else {  // AnimationDone, or a hook of the dat's animations
          RA_CHECK(ra_ac_hook_event_get_json(&ev[i], &text));
          hooks.push_back(Json::parse(text));
        }
        EXPECT_EQ(ev[i].object_id, 7u);
      }
      RA_CHECK(ra_ac_object_clear_events(obj));
      line["hooks"] = std::move(hooks);
      if (has_table) {
        ra_ac_motion_state ms;
        RA_CHECK(ra_ac_object_get_motion_state(obj, &ms));
        Json state = Json::object();
        state["style"] = ms.style;
        state["substate"] = ms.substate;
        std::vector<uint32_t> mods(ms.modifier_count);
        RA_CHECK(ra_ac_object_get_modifiers(obj, mods.data(), mods.size()));
        state["modifiers"] = mods;
        line["state"] = std::move(state);
        std::vector<ra_ac_pending_motion> pend(ms.pending_count);
        RA_CHECK(ra_ac_object_get_pending(obj, pend.data(), pend.size()));
        Json pending = Json::array();
        for (const auto& p : pend) pending.push_back(Json::array({p.motion, p.num_anims}));
        line["pending"] = std::move(pending);
        take_done(true);
        line["done"] = done;
        done.clear();
        if (has_object) add_interp_trace(obj, results, line);
      }
      lines.push_back(line.dump());
    } else {
      FAIL() << "unknown step " << name;
    }
  }
  RA_CHECK(ra_ac_object_free(obj));
  RA_CHECK(ra_ac_scenario_free(sc));
}

// The scenarios of tests/data/ac and tests/data/ac/motion, then those
// over a dat written into `dat_dir` (tests/capi/dat_scenarios.h).
std::vector<std::string> scenario_files(const std::string& dat_dir) {
  std::vector<std::string> out;
  const std::string root = std::string(RETROANIM_TEST_DATA_DIR) + "/..";
  for (const char* dir : {"data/ac", "data/ac/motion"})
    for (const auto& e : std::filesystem::directory_iterator(root + "/" + dir))
      if (e.path().extension() == ".json") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  for (const std::string& p : retroanim::capi_test::write_dat_scenarios(dat_dir)) out.push_back(p);
  return out;
}

}  // namespace

TEST(CApiAcObjectScenarioReplay, PerObjectCallsGiveTheTraceOfRunScenario) {
  const std::string dir = retroanim::test::temp_dir();
  const std::vector<std::string> files = scenario_files(dir);
  ASSERT_GE(files.size(), 17u);
  // The interpreter's scenarios are among them (they replay through ra_ac_object_create_interp).
  EXPECT_GE(std::count_if(files.begin(), files.end(),
                          [](const std::string& f) { return f.find("/interp_") != std::string::npos; }),
            4);
  std::set<int> dat_types;  // the hook types the dat scenarios' traces hold
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    const std::string out = dir + "/trace.jsonl";
    ASSERT_EQ(ra_ac_run_scenario(file.c_str(), out.c_str(), nullptr, 0), RA_OK) << ra_last_error();
    std::vector<std::string> expected;
    std::istringstream whole(retroanim::test::read_file(out));
    for (std::string l; std::getline(whole, l);) expected.push_back(l);
    std::vector<std::string> got;
    replay(file, got);
    ASSERT_EQ(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], expected[i]) << "line " << i;
    if (file.find("/dat_") != std::string::npos) {
      for (const std::string& text : expected) {
        const Json line = Json::parse(text);
        for (const Json& h : line["hooks"]) dat_types.insert(h["type"].get<int>());
      }
    }
  }
  // The dat scenarios fire every hook type (AnimationDone from the sequence, the others from the dat).
  EXPECT_EQ(dat_types.size(), 27u);
  std::filesystem::remove_all(dir);
}
