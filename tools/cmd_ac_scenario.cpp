// `retroanim ac scenario FILE.json [--out FILE] [--svg FILE]`: runs an AC
// scenario and prints its trace (JSON Lines) to stdout or to the --out file;
// --svg also draws the object's path and heading from the trace's frames.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "harness/ac/scenario.h"
#include "retroanim/error.h"
#include "retroanim/io/file_path.h"
#include "retroanim/math/frame.h"
#include "svg_plot.h"

namespace retroanim::cli {

namespace {

// The plot of a trace: the object frame's origin after each update (the
// path) and its heading (the frame's +y axis, the client's forward) as arrows
// at up to 16 places; start and end marked with their times.
void write_trace_svg(const std::string& trace, const std::string& scenario, const std::string& path) {
  std::vector<math::Vec3> origins, forwards;
  std::vector<double> times;
  std::istringstream lines(trace);
  std::string line;
  while (std::getline(lines, line)) {
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_object() || !j.contains("frame")) continue;
    const auto& o = j["frame"]["origin"];
    const auto& r = j["frame"]["rotation"];
    const math::Frame f({o[0].get<float>(), o[1].get<float>(), o[2].get<float>()}, r[0].get<float>(),
                        r[1].get<float>(), r[2].get<float>(), r[3].get<float>());
    origins.push_back(f.origin);
    forwards.push_back(f.localtoglobalvec({0.0f, 1.0f, 0.0f}));
    times.push_back(j.value("t", 0.0));
  }
  SvgPlot plot("ac scenario: the object's path and heading (" + std::to_string(origins.size()) + " updates)",
               PlotAxes::asherons_call());
  plot.subtitle(scenario + "; the object frame after each update; arrows: its heading (+y, forward)");
  plot.path(origins, "#2471a3", "object frame origin");
  const size_t arrows = std::min<size_t>(16, origins.size());
  for (size_t a = 0; a < arrows; ++a) {
    const size_t i = arrows == 1 ? 0 : a * (origins.size() - 1) / (arrows - 1);
    plot.arrow(origins[i], forwards[i], "#b9770e");
  }
  if (!origins.empty()) {
    char text[64];
    std::snprintf(text, sizeof text, "t=%g s", times.front());
    plot.marker(origins.front(), "#239b56", text);
    std::snprintf(text, sizeof text, "t=%g s", times.back());
    plot.marker(origins.back(), "#c0392b", text);
  }
  plot.save(path);
}

}  // namespace

void register_ac_scenario(CLI::App& parent, Runner& run) {
  auto* cmd = parent.add_subcommand("scenario", "Run an AC scenario file and print its trace (JSON Lines)");
  auto file = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto svg = std::make_shared<std::string>();
  input_file(cmd->add_option("file", *file, "Scenario file (format retroanim.ac.scenario/1)"))
      ->required()
      ->type_name("FILE.json");
  cmd->add_option("--out", *out, "Write the trace to this file instead of stdout")->type_name("FILE");
  cmd->add_option("--svg", *svg, "Also draw the object's path and heading (top and side views)")->type_name("FILE.svg");
  cmd->callback([&run, file, out, svg] {
    run = [file, out, svg]() -> int {
      std::ostringstream trace_copy;
      std::ostream* trace = &std::cout;
      std::ofstream os;
      if (!out->empty()) {
        os.open(retroanim::io::utf8_path(*out), std::ios::binary);
        if (!os) throw OutputError(describe_error(*out, "", std::nullopt, "cannot open the output file"));
        trace = &os;
      }
      if (svg->empty()) {
        ac::run_scenario_file(*file, *trace);
      } else {
        ac::run_scenario_file(*file, trace_copy);
        *trace << trace_copy.str();
      }
      if (out->empty()) std::cout.flush();
      else check_written(os, *out);
      if (!svg->empty()) write_trace_svg(trace_copy.str(), *file, *svg);
      return 0;
    };
  });
}

}  // namespace retroanim::cli
