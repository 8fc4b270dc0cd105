// Fuzz target: the AC scenario runner's motion-interpreter steps. The input
// bytes choose the object (its bits and weenie) and a list of interpreter,
// motion-table and update steps with their arguments, written as a scenario
// over a small fixed motion table; every step kind of docs/formats/ac-scenario.md
// ("The motion interpreter") is reachable, with valid and invalid arguments.
// Bad input must end in a retroanim::Error, never a crash, hang or undefined behaviour.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/ac/scenario.h"
#include "retroanim/error.h"

namespace {

using Json = nlohmann::ordered_json;

struct Bytes {
  const uint8_t* p;
  size_t n;
  uint8_t next() {
    if (n == 0) return 0;
    --n;
    return *p++;
  }
  bool flag() { return next() & 1; }
};

// The motions the steps pick from: the table's, the interpreter's special ones, and a few others.
constexpr uint32_t kMotions[] = {0x41000003u, 0x45000005u, 0x45000006u, 0x44000007u, 0x6500000Du, 0x6500000Eu,
                                 0x6500000Fu, 0x65000010u, 0x40000011u, 0x41000012u, 0x41000013u, 0x41000014u,
                                 0x40000015u, 0x40000008u, 0x13000087u, 0x2500003Bu, 0x8000003Du, 0x8000003Cu,
                                 0x10000070u, 0x41000099u, 0u, 0xFFFFFFFFu};

uint32_t motion(Bytes& b) { return kMotions[b.next() % (sizeof kMotions / sizeof kMotions[0])]; }

float speed(Bytes& b) {
  static const float speeds[] = {1.0f, 0.5f, -1.0f, 0.0f, 2.5f, 1e30f, -0.0001f, 3.0f};
  return speeds[b.next() % 8];
}

Json anim(uint32_t id, int frames) {
  Json f = Json::array();
  for (int i = 0; i < frames; ++i)
    f.push_back({{"parts", Json::array({{{"origin", {0, 0, 0}}, {"rotation", {1, 0, 0, 0}}}})}});
  return {{"id", id}, {"frames", f}};
}

Json md(uint32_t a) { return {{"anims", Json::array({{{"anim", a}, {"framerate", 30.0}}})}}; }

Json params(Bytes& b) {
  Json p = {{"motion", motion(b)}};
  const uint8_t k = b.next();
  if (k & 1) p["speed"] = speed(b);
  if (k & 2) p["hold_key"] = b.next() % 4;
  if (k & 4) p["set_hold_key"] = b.flag();
  if (k & 8) p["autonomous"] = b.flag();
  if (k & 16) p["modify_raw_state"] = b.flag();
  if (k & 32) p["modify_interpreted_state"] = b.flag();
  if (k & 64) p["disable_jump_during_link"] = b.flag();
  if (k & 128) {
    p["context_id"] = b.next();
    p["action_stamp"] = b.next() | (b.next() << 8);
  }
  return p;
}

Json flags(Bytes& b) {
  if (b.flag()) return true;
  return {{"cancel_moveto", b.flag()}, {"disallow_jump", b.flag()}};
}

Json step(Bytes& b) {
  switch (b.next() % 26) {
    case 0: return {{"enter_default_state", true}};
    case 1: return {{"do_motion", params(b)}};
    case 2: return {{"stop_motion", params(b)}};
    case 3: return {{"do_interpreted_motion", params(b)}};
    case 4: return {{"stop_interpreted_motion", params(b)}};
    case 5: return {{"interp_stop_completely", true}};
    case 6: return {{"check_completed_motions", true}};
    case 7: return {{"set_hold_key", {{"key", b.next() % 4}, {"cancel_moveto", b.flag()}}}};
    case 8: return {{"set_hold_run", {{"run", b.flag()}}}};
    case 9: return {{"apply_current_movement", flags(b)}};
    case 10: return {{"apply_raw_movement", flags(b)}};
    case 11: return {{"apply_interpreted_movement", flags(b)}};
    case 12:
      return {{"set_raw_state",
               {{"current_holdkey", b.next() % 3}, {"forward_command", motion(b)}, {"forward_holdkey", b.next() % 3},
                {"forward_speed", speed(b)}, {"sidestep_command", motion(b)}, {"turn_command", motion(b)}}}};
    case 13: {
      Json actions = Json::array();
      for (int i = b.next() % 8; i > 0; --i)
        actions.push_back({motion(b), speed(b), b.next() | (b.next() << 8), b.flag()});
      return {{"move_to_interpreted_state",
               {{"current_style", motion(b)}, {"forward_command", motion(b)}, {"forward_speed", speed(b)},
                {"sidestep_command", motion(b)}, {"turn_command", motion(b)}, {"actions", actions}}}};
    }
    case 14: return {{"charge_jump", true}};
    case 15: return {{"jump", {{"extent", speed(b)}}}};
    case 16: return {{"contact", {{"contact", b.flag()}, {"on_walkable", b.flag()}}}};
    case 17: return b.flag() ? Json{{"run_rate", nullptr}} : Json{{"run_rate", speed(b)}};
    case 18: return {{"autonomous", b.flag()}};
    case 19: return {{"perform", {{"motion", motion(b)}, {"speed", speed(b)}}}};
    case 20: return {{"stop", {{"motion", motion(b)}}}};
    case 21: return {{"stop_completely", true}};
    case 22: return {{"set_default_state", true}};
    case 23: return {{"update", (b.next() % 16) * 0.05}};
    case 24: return {{"do_motion", {{"speed", 1.0}}}};  // missing motion: an error
    default: return {{"jump", {{"extent", "far"}}}};     // a bad argument: an error
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Bytes b{data, size};
  Json s;
  s["format"] = "retroanim.ac.scenario/1";
  s["animations"] = Json::array({anim(0x03000001u, 4), anim(0x03000002u, 4), anim(0x03000004u, 4),
                                 anim(0x03000020u, 3), anim(0x03000022u, 2), anim(0x03000025u, 3)});
  s["motion_table"] = {
      {"default_style", 0x8000003Du},
      {"style_defaults", {{"0x8000003D", 0x41000003u}, {"0x8000003C", 0x41000003u}}},
      {"cycles", {{"0x003D0003", md(0x03000001u)}, {"0x003D0005", md(0x03000002u)}, {"0x003D0007", md(0x03000004u)},
                  {"0x003C0003", md(0x03000001u)}}},
      {"modifiers", {{"0x003D000D", {{"omega", {0, 0, 1.5}}}}}},
      {"links", {{"0x003D0003", {{"0x45000005", md(0x03000020u)}, {"0x13000087", md(0x03000022u)}}},
                 {"0x003D0005", {{"0x41000003", md(0x03000025u)}}}}}};
  Json obj = Json::object();
  const uint8_t o = b.next();
  if (o & 1) obj["gravity"] = b.flag();
  if (o & 2) obj["contact"] = b.flag();
  if (o & 4) obj["on_walkable"] = b.flag();
  if (o & 8) obj["cell"] = b.flag();
  if (o & 16) obj["autonomous"] = b.flag();
  if (o & 32) {
    Json w = Json::object();
    const uint8_t k = b.next();
    if (k & 1) w["is_player"] = b.flag();
    if (k & 2) w["is_creature"] = b.flag();
    if (k & 4) w["run_rate"] = speed(b);
    if (k & 8) w["jump_velocity"] = speed(b);
    if (k & 16) w["can_jump"] = b.flag();
    if (k & 32) w["jump_stamina"] = b.flag();
    obj["weenie"] = w;
  }
  s["object"] = obj;
  Json steps = Json::array();
  for (int i = 0; i < 64 && b.n > 0; ++i) steps.push_back(step(b));
  s["steps"] = steps;
  std::ostringstream out;
  try {
    retroanim::ac::run_scenario(s.dump(), "fuzz.json", "", out);
  } catch (const retroanim::Error&) {
  }
  return 0;
}
