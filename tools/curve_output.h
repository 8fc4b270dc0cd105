// Printing a Virtools 3D curve's samples for `retroanim ck curve` (both the
// --spec form and the FILE --name form): a JSON document or a readable table,
// plus an SVG top view. Positions and directions are world-space (GetPos).
#pragma once

#include <string>
#include <vector>

#include "retroanim/ck/scene/curve.h"

namespace retroanim::cli {

// Parses a comma-separated list of steps ("0,0.25,1"); every entry must be a
// finite number. Throws retroanim::Error naming `option` otherwise.
std::vector<float> parse_steps(const std::string& list, const std::string& option = "--at");

// {"length": L, "point_lengths": [...], "samples": [{"step": s, "pos": [x,y,z],
// "dir": [x,y,z]}, ...]} (one line, floats in shortest round-trip form).
// Throws retroanim::Error with the library's message, naming `source` (the
// file, may be empty), when GetPos fails (e.g. fewer than 2 points).
std::string curve_samples_json(const ck::Curve& curve, const std::vector<float>& steps,
                               const std::string& source = "");

// The same as a table: a summary line, the point lengths, then one row per step.
std::string curve_samples_table(const ck::Curve& curve, const std::vector<float>& steps,
                                const std::string& source = "");

// Writes the SVG plot (top and side views, svg_plot.h) titled with the curve's
// name: the curve sampled at 401 steps, the control points (marked and
// numbered), and the given steps (marked). `source` (the file) is the subtitle.
void write_curve_svg(const ck::Curve& curve, const std::vector<float>& steps, const std::string& path,
                     const std::string& source);

}  // namespace retroanim::cli
