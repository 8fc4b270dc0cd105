// The scenario runner's motion-interpreter steps (docs/formats/ac-scenario.md,
// "The motion interpreter"): the walk/run scenario's lines traced by hand from
// CMotionInterp.c over the scenario's table, the other scenarios against their
// recorded traces (tests/data/ac/motion/interp_*.expected.jsonl: the same
// on every run and through the C API), and one-line errors for bad steps.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "harness/ac/scenario.h"
#include "retroanim/error.h"
#include "support/test_support.h"

using retroanim::ac::ScenarioJson;

namespace {

std::string dir() {
  return (std::filesystem::path(RETROANIM_TEST_DATA_DIR) / "ac" / "motion").string() + "/";
}

std::vector<ScenarioJson> run(const std::string& name) {
  std::ostringstream out;
  retroanim::ac::run_scenario_file(dir() + name + ".json", out);
  std::vector<ScenarioJson> lines;
  std::istringstream in(out.str());
  for (std::string l; std::getline(in, l);) lines.push_back(ScenarioJson::parse(l));
  return lines;
}

std::string error_of(const std::string& object, const std::string& steps) {
  const std::string text = R"({"format": "retroanim.ac.scenario/1", "animations": [{"id": 1, "frames": [{"parts": []}]}],
    "motion_table": {"default_style": "0x8000003D", "style_defaults": {"0x8000003D": "0x41000003"},
                     "cycles": {"0x003D0003": {"anims": [{"anim": 1}]}}},)" +
                           object + R"("steps": )" + steps + "}";
  std::ostringstream out;
  try {
    retroanim::ac::run_scenario(text, "s.json", "", out);
  } catch (const retroanim::Error& e) {
    return e.what();
  }
  return "";
}

constexpr uint32_t kNonCombat = 0x8000003Du, kReady = 0x41000003u, kWalk = 0x45000005u, kRun = 0x44000007u;

}  // namespace

TEST(InterpScenario, WalkThenRunThenStop) {
  const auto lines = run("interp_walk_run");
  ASSERT_EQ(lines.size(), 6u);
  // enter_default_state queued the style and Ready (after LeaveGround completed the manager's Ready).
  EXPECT_EQ(lines[0]["done"], ScenarioJson::parse(R"([2147483709, 1090519043])"));
  EXPECT_EQ(lines[0]["interp"]["pending"], ScenarioJson::array());
  EXPECT_EQ(lines[0]["interp"]["initted"], true);
  EXPECT_EQ(lines[0]["interpreted"]["current_style"], kNonCombat);
  EXPECT_EQ(lines[0]["velocity"], ScenarioJson::parse("[0.0, 0.0, 0.0]"));
  // do_motion Walk: the raw and interpreted forward command; 3.12 m/s; the link done after 0.1 s.
  EXPECT_EQ(lines[1]["results"], ScenarioJson::parse("[0]"));
  EXPECT_EQ(lines[1]["raw"]["forward_command"], kWalk);
  EXPECT_EQ(lines[1]["raw"]["forward_holdkey"], 0);  // set_hold_key on: Invalid
  EXPECT_EQ(lines[1]["interpreted"]["forward_command"], kWalk);
  EXPECT_NEAR(lines[1]["velocity"][1].get<double>(), 3.12, 1e-6);
  EXPECT_EQ(lines[1]["done"], ScenarioJson::array({kWalk}));
  // set_hold_run: the raw walk re-interpreted as a run (autonomous, no weenie).
  EXPECT_EQ(lines[2]["raw"]["current_holdkey"], 2);
  EXPECT_EQ(lines[2]["raw"]["forward_command"], kWalk);
  EXPECT_EQ(lines[2]["interpreted"]["forward_command"], kRun);
  EXPECT_NEAR(lines[2]["velocity"][1].get<double>(), 4.0, 1e-6);
  EXPECT_EQ(lines[2]["done"], ScenarioJson::array({kNonCombat, kRun}));
  EXPECT_EQ(lines[2]["results"], ScenarioJson::array());
  EXPECT_EQ(lines[3]["done"], ScenarioJson::array());
  // stop_motion Walk stops the run it became; raw back to Ready.
  EXPECT_EQ(lines[4]["results"], ScenarioJson::parse("[0]"));
  EXPECT_EQ(lines[4]["raw"]["forward_command"], kReady);
  EXPECT_EQ(lines[4]["interpreted"]["forward_command"], kReady);
  EXPECT_EQ(lines[4]["done"], ScenarioJson::array({kReady}));
  EXPECT_EQ(lines[4]["velocity"], ScenarioJson::parse("[0.0, 0.0, 0.0]"));
  EXPECT_EQ(lines[5]["object"], ScenarioJson::parse(R"({"velocity": [0.0, 0.0, 0.0], "contact": true, "on_walkable": true})"));
}

TEST(InterpScenario, RecordedTraces) {
  for (const char* name : {"interp_walk_run", "interp_jump", "interp_refusals", "interp_hold_keys"}) {
    SCOPED_TRACE(name);
    std::ostringstream out;
    retroanim::ac::run_scenario_file(dir() + name + ".json", out);
    EXPECT_EQ(out.str(), retroanim::test::read_file(dir() + name + ".expected.jsonl"));
  }
}

TEST(InterpScenario, JumpSetsTheVelocity) {
  const auto lines = run("interp_jump");
  ASSERT_GE(lines.size(), 2u);
  // charge_jump then jump(0.5): the weenie's jump velocity 5 straight up; off walkable ground.
  EXPECT_EQ(lines[1]["results"], ScenarioJson::parse("[0, 0]"));
  EXPECT_NEAR(lines[1]["object"]["velocity"][2].get<double>(), 5.0, 1e-5);
  EXPECT_EQ(lines[1]["object"]["on_walkable"], false);
  EXPECT_EQ(lines[1]["interp"]["standing_longjump"], false);
}

TEST(InterpScenario, BadSteps) {
  EXPECT_NE(error_of("", R"([{"do_motion": {"motion": 1}}])").find("steps[0].do_motion: this step needs an \"object\""),
            std::string::npos);
  EXPECT_NE(error_of(R"("object": {},)", R"([{"do_motion": {"speed": 1}}])").find("steps[0].do_motion: missing"),
            std::string::npos);
  EXPECT_NE(error_of(R"("object": {},)", R"([{"jump": {"extent": "x"}}])").find("steps[0].jump.extent"),
            std::string::npos);
  EXPECT_NE(error_of(R"("object": {},)", R"([{"run_rate": 2}])").find("steps[0].run_rate: needs a weenie"),
            std::string::npos);
  EXPECT_NE(error_of(R"("object": {"gravity": 1},)", "[]").find("object.gravity"), std::string::npos);
  EXPECT_NE(error_of(R"("object": {"weenie": {"speed": 1}},)", "[]").find("object.weenie"), std::string::npos);
  EXPECT_NE(error_of(R"("object": {},)", R"([{"move_to_interpreted_state": {"actions": [[1, 1, 1]]}}])")
                .find("steps[0].move_to_interpreted_state.actions[0]"),
            std::string::npos);
  EXPECT_EQ(error_of(R"("object": {"weenie": null},)", R"([{"enter_default_state": true}, {"update": 0.1}])"), "");
}
