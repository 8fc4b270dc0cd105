// Values inside ck scenario specs are range-checked, naming the field (issue
// 17): times and durations, progression curve points and their TCB values.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "retroanim/ck/io/scene.h"
#include "harness/ck/scenario.h"
#include "retroanim/error.h"
#include "support/ck_behavior_fixtures.h"

using namespace retroanim;
using namespace retroanim::ck;

namespace {

// The error of building a Bezier Progression with `inputs` (JSON members), or "" when it builds.
std::string error_with_inputs(const std::string& inputs) {
  Scene s = retroanim::test::one_entity_scene();
  const std::string spec = R"({"behaviors": [{"name": "bp", "type": "Bezier Progression", "inputs": {)" + inputs +
                           R"(}}], "start": ["bp.In"], "record": ["Cam"]})";
  try {
    Scenario::from_json(s, spec, "t");
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    return m;
  }
  return "";
}

}  // namespace

TEST(ScenarioSpecRanges, GoodValuesBuild) {
  EXPECT_EQ(error_with_inputs(R"("Duration": 1000, "Progression Curve": "linear")"), "");
  EXPECT_EQ(error_with_inputs(R"("Duration": 0.5, "Progression Curve": {"points": [{"pos": [0, 0], "tension": -1},
                                   {"pos": [1, 1], "continuity": 1, "bias": 0.5}]})"),
            "");
}

TEST(ScenarioSpecRanges, BadValuesNameTheirField) {
  struct Case {
    const char* inputs;
    const char* expect;
  } cases[] = {
      {R"("Duration": 0)", "scenario 't': behaviors[0] 'bp'.inputs.Duration: a duration must be > 0 ms, got 0"},
      {R"("Duration": -5)", ".inputs.Duration: a duration must be > 0 ms, got -5"},
      {R"("Progression Curve": {"points": [{"pos": [0, 0]}]})", ".inputs.Progression Curve.points: a progression curve needs at least 2 points, got 1"},
      {R"("Progression Curve": {"points": [{"pos": [-0.5, 0]}, {"pos": [1, 1]}]})", ".inputs.Progression Curve.points[0].pos[0]: x must be in [0, 1], got -0.5"},
      {R"("Progression Curve": {"points": [{"pos": [0, 0]}, {"pos": [1.5, 1]}]})", "points[1].pos[0]: x must be in [0, 1], got 1.5"},
      {R"("Progression Curve": {"points": [{"pos": [0, 0], "tension": 2}, {"pos": [1, 1]}]})", "points[0].tension: must be in [-1, 1], got 2"},
      {R"("Progression Curve": {"points": [{"pos": [0, 0]}, {"pos": [1, 1], "bias": -3}]})", "points[1].bias: must be in [-1, 1], got -3"},
  };
  for (const Case& c : cases) {
    const std::string m = error_with_inputs(c.inputs);
    EXPECT_NE(m.find(c.expect), std::string::npos) << "inputs: " << c.inputs << "\nerror: " << m;
  }
}
