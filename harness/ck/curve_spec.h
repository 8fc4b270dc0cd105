// A 3D curve described as JSON (the `retroanim ck curve --spec` format):
//
//   {"closed": true, "fitting": 0.0,
//    "world": [[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]],
//    "points": [{"pos": [x,y,z], "tension": 0, "continuity": 0, "bias": 0,
//                "linear": false, "user_tangents": false, "in": [0,0,0], "out": [0,0,0]}]}
//
// "closed", "fitting" and "points" are required; "world" (rows, row 3 =
// translation; the curve's world matrix) defaults to the identity. In a point
// only "pos" (its world position) is required; "in"/"out" are curve-local
// tangents used when "user_tangents" is true. Unknown fields are errors.
// Every number must be finite and fit a float.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"

namespace retroanim::ck::io {

// A curve built from a spec, owning its points (the curve is destroyed first).
struct SpecCurve {
  std::vector<std::unique_ptr<CurvePoint>> points;
  std::unique_ptr<Curve> curve;
};

// Builds a curve from JSON text. `source` names the input in error messages.
// Throws retroanim::Error with one line naming the field on malformed JSON,
// missing fields, wrong types, unknown fields or numbers that are not finite
// floats.
SpecCurve parse_curve_spec(std::string_view json_text, const std::string& source);

// Reads a spec file and builds its curve (errors as parse_curve_spec, plus
// unreadable or oversized files).
SpecCurve read_curve_spec_file(const std::string& path);

// The Ballance menu camera curve (MenuLevel.nmo I_MenuLevel_Curve) from the
// spec's rounded numbers (section 3.3): 4 TCB points, tension -0.6, closed,
// the curve's world matrix a translation by y = 40; as a JSON spec.
extern const char* const kMenuCameraCurveSpec;

}  // namespace retroanim::ck::io
