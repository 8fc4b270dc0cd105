// Curve sample printing for `retroanim ck curve` (see curve_output.h).
#include "curve_output.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "commands.h"
#include "retroanim/error.h"
#include "harness/io/json_text.h"
#include "svg_plot.h"

namespace retroanim::cli {

namespace {

// Shortest decimal form that reads back as the same float.
std::string fnum(float v) { return retroanim::io::json_number(v); }

std::string vec_json(math::Vec3 v) { return "[" + fnum(v.x) + ", " + fnum(v.y) + ", " + fnum(v.z) + "]"; }

struct Sample {
  float step;
  math::Vec3 pos, dir;
};

// GetPos at every step; a failure throws the library's message, naming the
// file `source` (may be empty), the curve and the step.
std::vector<Sample> evaluate(const ck::Curve& curve, const std::vector<float>& steps, const std::string& source) {
  std::vector<Sample> out;
  out.reserve(steps.size());
  for (float s : steps) {
    Sample smp{s, {}, {}};
    const Status st = curve.get_pos(s, &smp.pos, &smp.dir);
    if (!st.ok()) {
      const std::string object = curve.name.empty() ? "curve" : "curve '" + shown(curve.name) + "'";
      throw Error(describe_error(source, object, std::nullopt, "at step " + fnum(s) + ": " + st.message()));
    }
    out.push_back(smp);
  }
  return out;
}

}  // namespace

std::vector<float> parse_steps(const std::string& list, const std::string& option) {
  std::vector<float> steps;
  size_t start = 0;
  while (true) {
    const size_t comma = list.find(',', start);
    std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    while (!item.empty() && item.back() == ' ') item.pop_back();
    const char* b = item.c_str();
    char* end = nullptr;
    const float v = item.empty() ? 0.0f : std::strtof(b, &end);
    if (item.empty() || end != b + item.size()) {
      throw Error(option + ": '" + item + "' is not a number (expected steps like 0,0.25,1)");
    }
    if (!std::isfinite(v)) throw Error(option + ": '" + item + "' is not a finite float");
    steps.push_back(v);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return steps;
}

std::string curve_samples_json(const ck::Curve& curve, const std::vector<float>& steps, const std::string& source) {
  const std::vector<Sample> samples = evaluate(curve, steps, source);
  std::string s = "{\"format\": \"retroanim.ck.curve/1\", \"length\": " + fnum(curve.get_length()) + ", \"point_lengths\": [";
  for (int i = 0; i < curve.control_point_count(); ++i) {
    if (i) s += ", ";
    s += fnum(curve.control_point(i)->length());
  }
  s += "], \"samples\": [";
  for (size_t i = 0; i < samples.size(); ++i) {
    if (i) s += ", ";
    s += "{\"step\": " + fnum(samples[i].step) + ", \"pos\": " + vec_json(samples[i].pos) +
         ", \"dir\": " + vec_json(samples[i].dir) + "}";
  }
  s += "]}\n";
  return s;
}

std::string curve_samples_table(const ck::Curve& curve, const std::vector<float>& steps, const std::string& source) {
  const std::vector<Sample> samples = evaluate(curve, steps, source);
  char line[256];
  std::string s;
  std::snprintf(line, sizeof line, "curve: %d points, %s, fitting %g, length %.4f\n", curve.control_point_count(),
                curve.is_open() ? "open" : "closed", static_cast<double>(curve.fitting_coeff()),
                static_cast<double>(curve.get_length()));
  s += line;
  s += "point lengths:";
  for (int i = 0; i < curve.control_point_count(); ++i) {
    std::snprintf(line, sizeof line, " %.4f", static_cast<double>(curve.control_point(i)->length()));
    s += line;
  }
  s += "\n";
  std::snprintf(line, sizeof line, "%10s %12s %12s %12s %9s %9s %9s\n", "step", "pos.x", "pos.y", "pos.z", "dir.x",
                "dir.y", "dir.z");
  s += line;
  for (const Sample& m : samples) {
    s += fixed(m.step, 10, 4) + " " + fixed(m.pos.x, 12, 4) + " " + fixed(m.pos.y, 12, 4) + " " +
         fixed(m.pos.z, 12, 4) + " " + fixed(m.dir.x, 9, 5) + " " + fixed(m.dir.y, 9, 5) + " " + fixed(m.dir.z, 9, 5) +
         "\n";
  }
  return s;
}

void write_curve_svg(const ck::Curve& curve, const std::vector<float>& steps, const std::string& path,
                     const std::string& source) {
  std::vector<float> dense;
  for (int i = 0; i <= 400; ++i) dense.push_back(static_cast<float>(i) / 400.0f);
  const std::vector<Sample> path_samples = evaluate(curve, dense, source);
  std::vector<math::Vec3> line;
  for (const Sample& m : path_samples) line.push_back(m.pos);
  char facts[160];
  std::snprintf(facts, sizeof facts, " (%d control points, %s, length %.2f)", curve.control_point_count(),
                curve.is_open() ? "open" : "closed", static_cast<double>(curve.get_length()));
  SvgPlot plot("ck curve: " + (curve.name.empty() ? std::string("curve") : shown(curve.name)) + facts);
  if (!source.empty()) plot.subtitle(source + "; world positions from GetPos at 401 steps");
  plot.path(line, "#1f77b4", "the curve (GetPos, steps 0 to 1)", 2.0f, false);
  for (int i = 0; i < curve.control_point_count(); ++i) {
    plot.marker(curve.control_point(i)->get_position(), "#d62728", "P" + std::to_string(i), 5.0f);
  }
  for (const Sample& m : evaluate(curve, steps, source)) plot.marker(m.pos, "#2ca02c", "s=" + fnum(m.step), 3.5f);
  plot.save(path);
}

}  // namespace retroanim::cli
