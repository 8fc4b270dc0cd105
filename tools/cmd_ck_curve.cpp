// `retroanim ck curve --spec FILE.json --at S1,S2,... [--json] [--svg FILE]`:
// evaluates a Virtools 3D curve (CKCurve::GetPos) described as JSON.
#include <cstdio>
#include <memory>
#include <string>

#include "commands.h"
#include "curve_output.h"
#include "retroanim/ck/io/curve_spec.h"
#include "retroanim/error.h"

namespace retroanim::cli {

namespace {
struct CurveOptions {
  std::string spec;
  std::string at;
  std::string svg;
  bool json = false;
};
}  // namespace

void register_ck_curve(CLI::App& parent, Runner& run) {
  auto* cmd = parent.add_subcommand("curve", "Evaluate a Virtools 3D curve (CKCurve::GetPos) given as a JSON spec");
  auto o = std::make_shared<CurveOptions>();
  cmd->add_option("--spec", o->spec, "Curve spec (JSON: closed, fitting, world, points)");
  cmd->add_option("--at", o->at, "Comma-separated steps to evaluate, e.g. 0,0.25,0.5");
  cmd->add_flag("--json", o->json, "Print JSON instead of a table");
  cmd->add_option("--svg", o->svg, "Also draw the curve (top view) into this SVG file");
  cmd->callback([&run, o] {
    run = [o]() -> int {
      if (o->spec.empty()) throw Error("ck curve: --spec FILE.json is required");
      if (o->at.empty()) throw Error("ck curve: --at S1,S2,... is required");
      const std::vector<float> steps = parse_steps(o->at);
      const ck::io::SpecCurve sc = ck::io::read_curve_spec_file(o->spec);
      const std::string text = o->json ? curve_samples_json(*sc.curve, steps) : curve_samples_table(*sc.curve, steps);
      if (!o->svg.empty()) write_curve_svg(*sc.curve, steps, o->svg, o->spec);
      std::fputs(text.c_str(), stdout);
      return 0;
    };
  });
}

}  // namespace retroanim::cli
