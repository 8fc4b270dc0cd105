// Demo part: ac. Runs a built-in AC scenario (a link animation into a cycle,
// with hooks, velocity and an omega about a tilted axis) and saves the
// scenario and its trace (JSON Lines) under the demo folder.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "commands.h"
#include "retroanim/ac/scenario.h"

namespace retroanim::cli {

namespace {

// Two animations of two parts: a 3-frame link with a Sound hook and a 4-frame
// cycle with hooks in both directions and position frames.
const char* const kDemoScenario = R"({
  "format": "retroanim.ac.scenario/1",
  "animations": [
    {"id": "0x03000001", "frames": [
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}],
       "hooks": [{"type": 1, "direction": 1, "sound_id": "0x0A000010"}]},
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}]},
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}]}]},
    {"id": "0x03000002",
     "pos_frames": [
      {"origin": [0, 0.1, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0.1, 0], "rotation": [1, 0, 0, 0]},
      {"origin": [0, 0.1, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0.1, 0], "rotation": [1, 0, 0, 0]}],
     "frames": [
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}],
       "hooks": [{"type": 2, "direction": 0, "sound_type": 5}]},
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}]},
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}],
       "hooks": [{"type": 3, "direction": 1, "part_index": 1, "radius": 1.5},
                 {"type": 22, "direction": -1, "axis": [0, 0, 1]}]},
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}]}]}
  ],
  "initial_frame": {"origin": [10, 20, 0], "rotation": [1, 0, 0, 0]},
  "steps": [
    {"append": {"anim": "0x03000001", "framerate": 30.0}},
    {"append": {"anim": "0x03000002", "framerate": 30.0}},
    {"velocity": [0, 1, 0]},
    {"omega": [0.5, 0, 0.5]},
    {"update": 0.05},
    {"update": 0.05},
    {"update": 0.1},
    {"multiply_cyclic_framerate": 2.0},
    {"update": 0.1},
    {"update": 0.5},
    {"remove_cyclic": true},
    {"update": 0.1}
  ]
}
)";

}  // namespace

int demo_ac(const std::string& out_dir) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(out_dir) / "ac";
  fs::create_directories(dir);
  const fs::path scenario = dir / "demo_scenario.json";
  {
    std::ofstream os(scenario, std::ios::binary);
    os << kDemoScenario;
  }
  std::ostringstream trace;
  ac::run_scenario(kDemoScenario, scenario.string(), dir.string(), trace);
  const fs::path trace_file = dir / "demo_trace.jsonl";
  std::ofstream os(trace_file, std::ios::binary);
  os << trace.str();
  size_t lines = 0;
  for (char c : trace.str()) lines += c == '\n';
  std::printf("ac: scenario %s -> %zu trace lines in %s\n", scenario.string().c_str(), lines,
              trace_file.string().c_str());
  return os ? 0 : 1;
}

}  // namespace retroanim::cli
