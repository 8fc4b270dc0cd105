#include "retroanim/ck/scenario_trace.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "retroanim/error.h"

namespace retroanim::ck {

using nlohmann::json;

std::string scenario_frame_json(const ScenarioFrame& frame, const std::vector<std::string>& names) {
  std::string out;
  out.reserve(96 + names.size() * 240);
  char buf[64];
  std::snprintf(buf, sizeof buf, "{\"t_ms\": %.10g, \"entities\": {", frame.t_ms);
  out += buf;
  for (size_t i = 0; i < names.size() && i < frame.worlds.size(); ++i) {
    if (i) out += ", ";
    out += json(names[i]).dump();
    out += ": {\"world\": [";
    for (int r = 0; r < 4; ++r) {
      out += r ? ", [" : "[";
      for (int c = 0; c < 4; ++c) {
        float v = frame.worlds[i].m[r][c];
        if (std::isfinite(v)) std::snprintf(buf, sizeof buf, "%s%.9g", c ? ", " : "", static_cast<double>(v));
        else std::snprintf(buf, sizeof buf, "%snull", c ? ", " : "");
        out += buf;
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
      out += "{\"name\": " + json(u.name).dump() + ", \"guid\": \"" + guid_text(u.guid) +
             "\", \"script\": " + json(u.script).dump() + "}";
    }
    out += "]";
  }
  if (!frame.active_camera.empty()) out += ", \"active_camera\": " + json(frame.active_camera).dump();
  if (!frame.events.empty()) {
    out += ", \"events\": [";
    for (size_t i = 0; i < frame.events.size(); ++i) {
      const BlockEvent& e = frame.events[i];
      if (i) out += ", ";
      out += "{\"block\": " + json(e.block).dump() + ", \"script\": " + json(e.script).dump() +
             ", \"what\": " + json(e.what).dump() + (e.failure ? ", \"failure\": true}" : "}");
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
