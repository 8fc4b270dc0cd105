// The trace a behaviour scenario records: one frame of world matrices, its
// JSON line (`ck play --json`), and how many frames a duration makes.
#pragma once

#include <string>
#include <vector>

#include "retroanim/ck/behavior/block_report.h"
#include "retroanim/math/matrix.h"

namespace retroanim::ck {

// One recorded frame: the time after the frame (sum of the deltas so far) and
// the world matrix of each recorded entity, in Scenario::recorded() order.
// `unimplemented` lists the building blocks without an implementation that
// first became active during this frame (each block appears in one frame only).
// `events` lists what blocks did in this frame outside the animation runtime
// and their error results (BehaviorManager::events()); `active_camera` names
// the active camera after the frame ("" while no block has set one).
struct ScenarioFrame {
  double t_ms = 0.0;
  std::vector<math::Matrix> worlds;
  std::vector<UnimplementedBlock> unimplemented;
  std::vector<BlockEvent> events;
  std::string active_camera;
};

// One frame as the JSON line `ck play --json` prints:
// {"format": "retroanim.ck.play/1", "t_ms": T, "entities": {"NAME": {"world":
// [[r0],[r1],[r2],[r3]]}}} with the matrix rows (row 3 = translation); numbers
// in their shortest round-trip form (docs/CLI.md, "JSON style"), null when not finite.
// A frame with unimplemented blocks adds, after "entities",
// "unimplemented": [{"name": N, "guid": "0xD1,0xD2", "script": S}, ...].
// Once a camera is active every line adds "active_camera": NAME; a frame with
// events adds "events": [{"block": B, "script": S, "what": W}, ...] (with
// "failure": true for an error result).
std::string scenario_frame_json(const ScenarioFrame& frame, const std::vector<std::string>& names);

// The most frames scenario_frame_count gives.
inline constexpr double kMaxScenarioFrames = 1e7;

// The number of frames `seconds` of dt_ms-millisecond frames make (rounded to
// the nearest). Throws retroanim::Error for a non-finite or negative duration,
// a step that is not > 0, or more than kMaxScenarioFrames frames.
int scenario_frame_count(double seconds, double dt_ms);

}  // namespace retroanim::ck
