// AC scenario numbers (issue 17, item 2): values that overflow float, in the
// file or through the frame they drive, are refused with the step named;
// non-finite and negative update steps are refused.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "harness/ac/scenario.h"
#include "retroanim/error.h"

namespace {

std::string scenario(const std::string& steps) {
  return R"({"format": "retroanim.ac.scenario/1", "animations": [{"id": 50331712, "frames": [)"
         R"({"parts": [{"origin": [0,0,0], "rotation": [1,0,0,0]}]},)"
         R"({"parts": [{"origin": [0,0,0], "rotation": [1,0,0,0]}]}]}], "steps": [)" +
         steps + "]}";
}

std::string error_of(const std::string& steps) {
  std::ostringstream out;
  try {
    retroanim::ac::run_scenario(scenario(steps), "s.json", ".", out);
  } catch (const retroanim::Error& e) {
    EXPECT_TRUE(out.str().empty()) << "no partial trace";
    return e.what();
  }
  return "";
}

TEST(AcScenarioNumbers, OverflowingVelocityIsRefused) {
  const std::string e =
      error_of(R"({"append": {"anim": 50331712, "framerate": 10}}, {"velocity": [3e38, 0, 0]}, {"update": 10})");
  EXPECT_NE(e.find("s.json"), std::string::npos) << e;
  EXPECT_NE(e.find("steps[2].update"), std::string::npos) << e;
  EXPECT_NE(e.find("no longer finite"), std::string::npos) << e;
}

TEST(AcScenarioNumbers, ValuesBeyondFloatAreRefused) {
  EXPECT_NE(error_of(R"({"velocity": [1e39, 0, 0]})").find("too large for a float"), std::string::npos);
  EXPECT_NE(error_of(R"({"multiply_cyclic_framerate": -1e300})").find("too large for a float"), std::string::npos);
}

TEST(AcScenarioNumbers, UpdateStepsAreChecked) {
  EXPECT_NE(error_of(R"({"update": -0.5})").find("dt is negative"), std::string::npos);
  EXPECT_NE(error_of(R"({"update": "x"})").find("expected a number"), std::string::npos);
  EXPECT_NE(error_of(R"({"update": 1e999})").find("invalid JSON"), std::string::npos);
}

TEST(AcScenarioNumbers, OrdinaryValuesStillRun) {
  EXPECT_EQ(error_of(R"({"append": {"anim": 50331712, "framerate": 10}}, {"velocity": [1e30, 0, 0]}, {"update": 1})"),
            "");
}

}  // namespace
