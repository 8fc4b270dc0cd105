#include "harness/ck/scenario_trace.h"

#include <cmath>

#include "retroanim/error.h"
#include "harness/io/json_text.h"

namespace retroanim::ck {

std::string scenario_frame_json(const ScenarioFrame& frame, const std::vector<std::string>& names) {
  std::string out;
  out.reserve(96 + names.size() * 240);
  out += "{\"format\": \"retroanim.ck.play/1\", \"t_ms\": ";
  out += io::json_number(frame.t_ms);
  out += ", \"entities\": {";
  for (size_t i = 0; i < names.size() && i < frame.worlds.size(); ++i) {
    if (i) out += ", ";
    out += io::json_string(names[i]);
    out += ": {\"world\": [";
    for (int r = 0; r < 4; ++r) {
      out += r ? ", [" : "[";
      for (int c = 0; c < 4; ++c) {
        if (c) out += ", ";
        out += io::json_number(frame.worlds[i].m[r][c]);  // null when not finite
      }
      out += "]";
    }
    out += "]}";
  }
  out += "}";
  if (!frame.unimplemented.empty()) {
    out += ", \"unimplemented\": [";
    for (size_t i = 0; i < frame.unimplemented.size(); ++i) {
      const UnimplementedBlock& u = frame.unimplemented[i];
      if (i) out += ", ";
      out += "{\"name\": " + io::json_string(u.name) + ", \"guid\": \"" + guid_text(u.guid) +
             "\", \"script\": " + io::json_string(u.script) + "}";
    }
    out += "]";
  }
  if (!frame.active_camera.empty()) out += ", \"active_camera\": " + io::json_string(frame.active_camera);
  if (!frame.events.empty()) {
    out += ", \"events\": [";
    for (size_t i = 0; i < frame.events.size(); ++i) {
      const BlockEvent& e = frame.events[i];
      if (i) out += ", ";
      out += "{\"block\": " + io::json_string(e.block) + ", \"script\": " + io::json_string(e.script) +
             ", \"what\": " + io::json_string(e.what) + (e.failure ? ", \"failure\": true}" : "}");
    }
    out += "]";
  }
  out += "}";
  return out;
}

int scenario_frame_count(double seconds, double dt_ms) {
  if (!std::isfinite(seconds) || seconds < 0.0) throw Error("the duration must be a finite number of seconds >= 0");
  if (!std::isfinite(dt_ms) || dt_ms <= 0.0) throw Error("the frame step must be a finite number of milliseconds > 0");
  double frames = std::round(seconds * 1000.0 / dt_ms);
  if (frames > kMaxScenarioFrames) {
    throw Error("too many frames (" + std::to_string(frames) + "; at most 10000000)");
  }
  return static_cast<int>(frames);
}

}  // namespace retroanim::ck
