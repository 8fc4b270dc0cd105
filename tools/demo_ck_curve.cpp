// Demo part: the Ballance menu camera curve (spec 3.3) built from the spec's
// numbers; prints its length and point lengths, writes a sampled path (JSON),
// the spec itself and an SVG picture.
#include <cstdio>
#include <fstream>
#include <string>

#include "commands.h"
#include "curve_output.h"
#include "harness/ck/curve_spec.h"
#include "retroanim/error.h"
#include "retroanim/io/file_path.h"

namespace retroanim::cli {

int demo_ck_curve(const std::string& out_dir) {
  const ck::io::SpecCurve sc = ck::io::parse_curve_spec(ck::io::kMenuCameraCurveSpec, "menu-camera-curve");
  const ck::Curve& curve = *sc.curve;
  std::printf("ck curve: Ballance menu camera curve (4 points, tension -0.6, closed)\n");
  std::printf("  length %.4f, point lengths", static_cast<double>(curve.get_length()));
  for (int i = 0; i < curve.control_point_count(); ++i) {
    std::printf(" %.4f", static_cast<double>(curve.control_point(i)->length()));
  }
  std::printf("\n");
  std::vector<float> steps;
  for (int i = 0; i <= 100; ++i) steps.push_back(static_cast<float>(i) / 100.0f);
  const std::string spec_path = out_dir + "/ck_curve_spec.json";
  const std::string path_json = out_dir + "/ck_curve_path.json";
  const std::string svg = out_dir + "/ck_curve.svg";
  {
    std::ofstream f(retroanim::io::utf8_path(spec_path), std::ios::binary);
    f << ck::io::kMenuCameraCurveSpec;
    std::ofstream g(retroanim::io::utf8_path(path_json), std::ios::binary);
    g << curve_samples_json(curve, steps);
    check_written(f, spec_path);
    check_written(g, path_json);
  }
  write_curve_svg(curve, {0.0f, 0.25f, 0.5f, 0.75f}, svg, "the Ballance menu camera curve, from the built-in spec");
  std::printf("  wrote %s, %s (101 samples), %s\n", spec_path.c_str(), path_json.c_str(), svg.c_str());
  return 0;
}

}  // namespace retroanim::cli
