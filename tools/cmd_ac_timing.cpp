// `retroanim ac timing SOURCE --motion ID [--table ID] [--style ID] [--substate ID]
// [--substate-speed F] [--speed F] [--json]`: how long a motion takes from a
// state and when its hooks fire (ac::motion_timing). SOURCE is a scenario file
// (its inline animations and motion table) or a portal.dat (with --table).
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "commands.h"
#include "retroanim/ac/motion/motion_timing.h"
#include "retroanim/ac/motion/motion_command_names.h"
#include "harness/ac/scenario.h"
#include "retroanim/error.h"
#include "io/hex.h"
#include "harness/io/json_text.h"

namespace retroanim::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string id_text(uint32_t id) { return retroanim::io::hex(id, 8); }  // "0x0000ABCD"

std::string named(uint32_t id) {
  const std::string n = ac::motion_key_name(id);
  return n.empty() ? id_text(id) : id_text(id) + " (" + n + ")";
}

struct Options {
  std::string source;
  std::string motion, table, style, substate;
  float substate_speed = 1.0f;
  float speed = 1.0f;
  bool json = false;
};

int run_timing(const Options& o) {
  const uint32_t motion = parse_dat_id(o.motion, "--motion");
  std::shared_ptr<const ac::AnimationProvider> anims;
  ac::MotionTable table;
  const bool is_json = o.source.size() >= 5 && o.source.compare(o.source.size() - 5, 5, ".json") == 0;
  if (is_json) {
    if (!o.table.empty()) throw Error(o.source + ": --table is for a portal.dat; a scenario has its table inline");
    ac::ScenarioData data = ac::load_scenario_data_file(o.source);
    if (!data.motion_table) throw Error(o.source + ": the scenario has no \"motion_table\"");
    anims = data.animations;
    table = *data.motion_table;
  } else {
    if (o.table.empty()) throw Error(o.source + ": a portal.dat needs --table ID (a motion table, 0x09...)");
    const uint32_t table_id = parse_dat_id(o.table, "--table");
    ac::ScenarioReader reader(o.source);
    std::shared_ptr<ac::AnimationProvider> dat = ac::open_scenario_dat(o.source, reader);
    const auto* tables = dynamic_cast<const ac::MotionTableProvider*>(dat.get());
    if (!tables) throw Error(o.source + ": cannot read motion tables from it");
    table = tables->get_motion_table(table_id);
    anims = dat;
  }
  const uint32_t style = o.style.empty() ? table.default_style : parse_dat_id(o.style, "--style");
  uint32_t substate = 0;
  if (!o.substate.empty()) {
    substate = parse_dat_id(o.substate, "--substate");
  } else {
    const auto def = table.find_style_default(style);
    if (!def) throw Error(o.source + ": style " + id_text(style) + " has no default substate; give --substate");
    substate = *def;
  }
  const ac::MotionTiming t = ac::motion_timing(table, *anims, style, substate, o.substate_speed, motion, o.speed);
  if (!t.performed)
    throw NotFound(o.source + ": the table cannot perform " + named(motion) + " from " + named(substate) +
                   " in style " + named(style));
  if (o.json) {
    Json doc;
    doc["format"] = "retroanim.ac.timing/1";
    doc["style"] = id_text(style);
    doc["substate"] = id_text(substate);
    doc["substate_speed"] = o.substate_speed;
    doc["motion"] = id_text(motion);
    doc["speed"] = o.speed;
    Json list = Json::array();
    for (const ac::TimedAnimation& a : t.animations)
      list.push_back({{"anim", id_text(a.anim_id)}, {"low", a.low_frame}, {"high", a.high_frame},
                      {"framerate", a.framerate}, {"cyclic", a.cyclic}, {"start", a.start},
                      {"duration", std::isfinite(a.duration) ? Json(a.duration) : Json(nullptr)}});
    doc["animations"] = list;
    doc["cycle_start"] = std::isfinite(t.cycle_start) ? Json(t.cycle_start) : Json(nullptr);
    doc["cycle_length"] = std::isfinite(t.cycle_length) ? Json(t.cycle_length) : Json(nullptr);
    Json hooks = Json::array();
    for (const ac::TimedHook& h : t.hooks)
      hooks.push_back({{"time", h.time}, {"animation", h.animation}, {"frame", h.frame},
                       {"type", static_cast<uint32_t>(h.hook.type)},
                       {"direction", static_cast<int32_t>(h.hook.direction)}});
    doc["hooks"] = hooks;
    std::cout << retroanim::io::json_text(doc, retroanim::io::JsonLayout::kIndented) << "\n";
  } else {
    std::cout << named(motion) << " at speed " << o.speed << " from " << named(substate) << " in " << named(style)
              << ":\n";
    for (const ac::TimedAnimation& a : t.animations) {
      char line[160];
      std::snprintf(line, sizeof line, "  %-5s %s frames %d..%d at %g fps: %.4f s from %.4f s\n",
                    a.cyclic ? "cycle" : "link", id_text(a.anim_id).c_str(), a.low_frame, a.high_frame,
                    static_cast<double>(a.framerate), a.duration, a.start);
      std::cout << line;
    }
    char line[160];
    std::snprintf(line, sizeof line, "  cycle starts at %.4f s, one pass %.4f s\n", t.cycle_start, t.cycle_length);
    std::cout << line;
    for (const ac::TimedHook& h : t.hooks) {
      std::snprintf(line, sizeof line, "  %.4f s  hook type %u (direction %d), animation %u frame %d\n", h.time,
                    static_cast<uint32_t>(h.hook.type), static_cast<int32_t>(h.hook.direction), h.animation, h.frame);
      std::cout << line;
    }
  }
  std::cout.flush();
  check_written(std::cout, "stdout");
  return 0;
}

}  // namespace

void register_ac_timing(CLI::App& parent, Runner& run) {
  auto* cmd = parent.add_subcommand("timing", "How long a motion takes from a state, and when its hooks fire");
  auto o = std::make_shared<Options>();
  input_file(cmd->add_option("source", o->source, "A scenario file (inline table) or a portal.dat"))
      ->required()
      ->type_name("FILE");
  cmd->add_option("--motion", o->motion, "The motion to perform (id)")->required()->type_name("ID");
  cmd->add_option("--table", o->table, "The motion table's id (a portal.dat)")->type_name("ID");
  cmd->add_option("--style", o->style, "The starting style (default: the table's)")->type_name("ID");
  cmd->add_option("--substate", o->substate, "The starting substate (default: the style's)")->type_name("ID");
  cmd->add_option("--substate-speed", o->substate_speed, "The starting substate's speed (default 1)");
  cmd->add_option("--speed", o->speed, "The motion's speed (default 1)");
  cmd->add_flag("--json", o->json, "Print JSON (format retroanim.ac.timing/1)");
  cmd->callback([&run, o] { run = [o]() -> int { return run_timing(*o); }; });
}

}  // namespace retroanim::cli
