// `retroanim ck curve --spec FILE.json --at S1,S2,... [--json] [--svg FILE]`:
// evaluates a Virtools 3D curve (CKCurve::GetPos) described as JSON.
// `retroanim ck curve FILE --name NAME --at S1,S2,... [--json] [--svg FILE]`:
// the same for the curve NAME of a Virtools file (.nmo/.cmo).
#include <cstdio>
#include <memory>
#include <string>

#include "commands.h"
#include "curve_output.h"
#include "retroanim/ck/scene/curve.h"
#include "harness/ck/curve_spec.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"

namespace retroanim::cli {

namespace {
struct CurveOptions {
  std::string spec;
  std::string at;
  std::string svg;
  bool json = false;
  std::string file;  // a Virtools file (with --name)
  std::string name;
  uint32_t code_page = 1252;
};
}  // namespace

void register_ck_curve(CLI::App& parent, Runner& run) {
  auto* cmd = parent.add_subcommand("curve", "Evaluate a Virtools 3D curve (CKCurve::GetPos) given as a JSON spec");
  auto o = std::make_shared<CurveOptions>();
  input_file(cmd->add_option("--spec", o->spec, "Curve spec (JSON: closed, fitting, world, points)"))
      ->type_name("FILE.json");
  cmd->add_option("--at", o->at, "Comma-separated steps to evaluate, e.g. 0,0.25,0.5")->type_name("S1,S2,...");
  cmd->add_flag("--json", o->json, "Print JSON instead of a table");
  cmd->add_option("--svg", o->svg, "Also draw the curve (top and side views) into this SVG file")->type_name("FILE.svg");
  input_file(cmd->add_option("file", o->file, "A Virtools file (.nmo/.cmo) holding the curve (use with --name)"))
      ->type_name("FILE");
  cmd->add_option("--name", o->name, "Name of the curve in FILE (UTF-8)")->type_name("NAME");
  add_encoding_option(cmd, o->code_page);
  cmd->callback([&run, o] {
    run = [o]() -> int {
      if (!o->file.empty()) {
        if (!o->spec.empty()) throw Error("ck curve: give either FILE --name NAME or --spec FILE.json, not both");
        if (o->name.empty()) throw Error("ck curve: --name NAME is required with FILE");
        if (o->at.empty()) throw Error("ck curve: --at S1,S2,... is required");
        const std::vector<float> steps = parse_steps(o->at);
        const ck::Scene scene = ck::io::load_scene_file(o->file, read_options(o->code_page));
        const ck::Curve* curve = scene.curve(o->name);
        if (!curve) throw Error(describe_error(o->file, "", std::nullopt, "no curve named '" + shown(o->name) + "'"));
        const std::string text = o->json ? curve_samples_json(*curve, steps, o->file) : curve_samples_table(*curve, steps, o->file);
        if (!o->svg.empty()) write_curve_svg(*curve, steps, o->svg, o->file);
        std::fputs(text.c_str(), stdout);
        return 0;
      }
      if (o->spec.empty()) throw Error("ck curve: --spec FILE.json (or FILE --name NAME) is required");
      if (o->at.empty()) throw Error("ck curve: --at S1,S2,... is required");
      const std::vector<float> steps = parse_steps(o->at);
      const ck::io::SpecCurve sc = ck::io::read_curve_spec_file(o->spec);
      const std::string text = o->json ? curve_samples_json(*sc.curve, steps, o->spec) : curve_samples_table(*sc.curve, steps, o->spec);
      if (!o->svg.empty()) write_curve_svg(*sc.curve, steps, o->svg, o->spec);
      std::fputs(text.c_str(), stdout);
      return 0;
    };
  });
}

}  // namespace retroanim::cli
