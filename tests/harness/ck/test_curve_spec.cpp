// JSON curve spec reader: a valid spec builds the curve it describes; bad
// specs give one-line errors naming the field.
#include <gtest/gtest.h>

#include <string>

#include "harness/ck/curve_spec.h"
#include "retroanim/error.h"

using namespace retroanim;
using math::Vec3;

namespace {

std::string error_of(const std::string& json) {
  try {
    ck::io::parse_curve_spec(json, "spec.json");
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
    return msg;
  }
  ADD_FAILURE() << "no error for " << json;
  return "";
}

const char* kTwo = R"({"closed": false, "fitting": 0, "points": [{"pos": [0,0,0]}, {"pos": [1,0,0]}]})";

}  // namespace

TEST(CurveSpec, BuildsTheDescribedCurve) {
  const auto sc = ck::io::parse_curve_spec(R"({
    "closed": true, "fitting": 0.25,
    "world": [[2,0,0,0],[0,1,0,0],[0,0,1,0],[1,2,3,1]],
    "points": [
      {"pos": [1,2,3]},
      {"pos": [5,2,3], "tension": 0.5, "continuity": -0.5, "bias": 0.25, "linear": true,
       "user_tangents": true, "in": [1,2,3], "out": [4,5,6]},
      {"pos": [3,2,9]}]})",
                                           "t");
  const ck::Curve& c = *sc.curve;
  EXPECT_FALSE(c.is_open());
  EXPECT_EQ(c.fitting_coeff(), 0.25f);
  EXPECT_EQ(c.world_matrix()[0][0], 2.0f);
  EXPECT_EQ(c.world_matrix().row(3), Vec3(1, 2, 3));
  ASSERT_EQ(c.control_point_count(), 3);
  ASSERT_EQ(sc.points.size(), 3u);
  const ck::CurvePoint& p = *c.control_point(1);
  EXPECT_EQ(p.get_position(), Vec3(5, 2, 3));  // world position as given
  EXPECT_EQ(p.tension(), 0.5f);
  EXPECT_EQ(p.continuity(), -0.5f);
  EXPECT_EQ(p.bias(), 0.25f);
  EXPECT_TRUE(p.is_linear());
  EXPECT_FALSE(p.is_tcb());
  EXPECT_EQ(p.in_tangent(), Vec3(1, 2, 3));
  EXPECT_EQ(p.out_tangent(), Vec3(4, 5, 6));
  // Defaults.
  EXPECT_TRUE(c.control_point(0)->is_tcb());
  EXPECT_EQ(c.control_point(0)->tension(), 0.0f);
  // Curve-local raw position: inverse(world) * world pos = ((5-1)/2, 0, 0).
  c.update();
  EXPECT_EQ(p.raw_position(), Vec3(2, 0, 0));
}

TEST(CurveSpec, MenuCameraCurveSpecGivesTheGameLengths) {
  const auto sc = ck::io::parse_curve_spec(ck::io::kMenuCameraCurveSpec, "builtin");
  EXPECT_NEAR(sc.curve->get_length(), 595.290187f, 1e-3f);
  EXPECT_NEAR(sc.curve->control_point(3)->length(), 447.347952f, 1e-3f);
}

TEST(CurveSpec, WorldDefaultsToIdentity) {
  const auto sc = ck::io::parse_curve_spec(kTwo, "t");
  EXPECT_EQ(sc.curve->world_matrix(), math::Matrix::identity());
  EXPECT_TRUE(sc.curve->is_open());
}

TEST(CurveSpec, ErrorsNameTheField) {
  struct Case {
    const char* json;
    const char* expect;  // must appear in the message
  };
  const Case cases[] = {
      {"{\"closed\": true,", "spec.json: at byte"},
      {"", "malformed JSON"},
      {"{\"closed\": NaN}", "malformed JSON"},
      {"[1,2]", "top level: expected a JSON object"},
      {R"({"fitting": 0, "points": []})", "closed: missing"},
      {R"({"closed": true, "points": []})", "fitting: missing"},
      {R"({"closed": true, "fitting": 0})", "points: missing"},
      {R"({"closed": 1, "fitting": 0, "points": []})", "closed: expected true or false, got a number"},
      {R"({"closed": true, "fitting": "0", "points": []})", "fitting: expected a number, got a string"},
      {R"({"closed": true, "fitting": 1e39, "points": []})", "fitting: number overflows a float"},
      {R"({"closed": true, "fitting": 1e400, "points": []})", "number overflow parsing '1e400'"},
      {R"({"closed": true, "fitting": 0, "points": {}})", "points: expected an array"},
      {R"({"closed": true, "fitting": 0, "points": [], "extra": 1})", "extra: unknown field"},
      {R"({"closed": true, "fitting": 0, "points": [], "world": [[1,0,0,0]]})", "world: expected 4 rows, got 1"},
      {R"({"closed": true, "fitting": 0, "points": [], "world": [[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,"x",1]]})",
       "world[3][2]: expected a number"},
      {R"({"closed": true, "fitting": 0, "points": [3]})", "points[0]: expected an object"},
      {R"({"closed": true, "fitting": 0, "points": [{"tension": 1}]})", "points[0].pos: missing"},
      {R"({"closed": true, "fitting": 0, "points": [{"pos": [0,0]}]})", "points[0].pos: expected 3 numbers, got 2"},
      {R"({"closed": true, "fitting": 0, "points": [{"pos": [0,0,0]}, {"pos": [0,null,0]}]})",
       "points[1].pos[1]: expected a number, got null"},
      {R"({"closed": true, "fitting": 0, "points": [{"pos": [0,0,0], "tension": true}]})",
       "points[0].tension: expected a number, got a boolean"},
      {R"({"closed": true, "fitting": 0, "points": [{"pos": [0,0,0], "linear": 0}]})",
       "points[0].linear: expected true or false"},
      {R"({"closed": true, "fitting": 0, "points": [{"pos": [0,0,0], "in": [1,2,-1e300]}]})",
       "points[0].in[2]: number overflows a float"},
      {R"({"closed": true, "fitting": 0, "points": [{"pos": [0,0,0], "tensoin": 1}]})",
       "points[0].tensoin: unknown field"},
  };
  for (const Case& c : cases) {
    const std::string msg = error_of(c.json);
    EXPECT_NE(msg.find(c.expect), std::string::npos) << "json: " << c.json << "\nmessage: " << msg;
  }
}

TEST(CurveSpec, MissingFileIsAnError) {
  EXPECT_THROW(ck::io::read_curve_spec_file("/nonexistent/spec.json"), Error);
}
