// harness/ck/scenario.cpp: Scenario::create's choice between a built-in name,
// inline JSON and a spec file, and the runner's reset, step and run.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <string>

#include "harness/ck/scenario.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/error.h"
#include "support/ck_behavior_fixtures.h"
#include "support/test_support.h"

using namespace retroanim;
using namespace retroanim::ck;

namespace {

using retroanim::test::one_entity_scene;

// A Bezier Progression over one second, looping, recording the entity Cam.
const char* kSpec = R"({"behaviors": [{"name": "bp", "type": "Bezier Progression",
                          "inputs": {"Duration": 1000, "Progression Curve": "linear"}}],
                        "links": [{"from": "bp.Loop Out", "to": "bp.Loop In", "delay": 1}],
                        "start": ["bp.In"], "record": ["Cam"]})";

}  // namespace

TEST(Scenario, UnknownNameIsNeitherBuiltinNorFile) {
  Scene s = one_entity_scene();
  try {
    Scenario::create(s, "no-such-scenario");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("neither a built-in (menu-camera, stone)"), std::string::npos) << e.what();
  }
}

TEST(Scenario, InlineJsonMayStartWithWhitespace) {
  Scene s = one_entity_scene();
  auto sc = Scenario::create(s, std::string(" \n\t") + kSpec);
  EXPECT_EQ(sc->label(), "spec");
  EXPECT_EQ(sc->recorded(), std::vector<std::string>{"Cam"});
  ASSERT_NE(sc->behavior("bp"), nullptr);
  EXPECT_EQ(sc->behavior("nobody"), nullptr);
}

TEST(Scenario, AnythingElseIsASpecFileNamedByItsPath) {
  const std::string path = retroanim::test::temp_dir() + "/bp.json";
  std::ofstream(path) << kSpec;
  Scene s = one_entity_scene();
  auto sc = Scenario::create(s, path);
  EXPECT_EQ(sc->label(), path);
  // A file that is not a spec is named in the error.
  const std::string bad = retroanim::test::temp_dir() + "/bad.json";
  std::ofstream(bad) << "[1, 2";
  try {
    Scenario::create(s, bad);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
  }
}

TEST(Scenario, StepAdvancesAndRunStartsAgainFromTheReset) {
  Scene s = one_entity_scene();
  auto sc = Scenario::from_json(s, kSpec, "t");
  const ScenarioFrame a = sc->step(100.0f);
  const ScenarioFrame b = sc->step(50.0f);
  EXPECT_DOUBLE_EQ(a.t_ms, 100.0);
  EXPECT_DOUBLE_EQ(b.t_ms, 150.0);
  ASSERT_EQ(b.worlds.size(), 1u);  // one recorded entity
  EXPECT_FLOAT_EQ(sc->behavior("bp")->output_float(1, -1), 0.15f);  // Value after 150 of 1000 ms
  const auto frames = sc->run(2, 100.0f);  // run resets first
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_DOUBLE_EQ(frames[0].t_ms, 100.0);
  EXPECT_DOUBLE_EQ(frames[1].t_ms, 200.0);
  EXPECT_FLOAT_EQ(sc->behavior("bp")->output_float(1, -1), 0.2f);
  EXPECT_TRUE(sc->run(0, 100.0f).empty());
}
