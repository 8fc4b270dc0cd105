// `retroanim ck anim FILE (--name NAME | --keyed NAME) (--at ... | --frames ...) [--json]`
// on the real Ballance files (issue 4's CLI), and its one-line errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/test_support.h"

namespace {

using retroanim::test::run_cli;

// True when `err` is exactly one line.
bool one_line(const std::string& err) { return !err.empty() && err.find('\n') == err.size() - 1; }

TEST(CliCkAnim, RecordAnimStepZeroIsTheStonesSavedPosition) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck anim '" + path + "' --name 'Record Anim' --at 0,1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::ordered_json::parse(r.out);
  EXPECT_EQ(j["name"], "Record Anim");
  EXPECT_EQ(j["entity"], "I_Ball_Stone");
  EXPECT_EQ(j["length"].get<double>(), 4445.0);
  ASSERT_EQ(j["samples"].size(), 2u);
  const auto& s0 = j["samples"][0];
  // The documented key order: step, frame, world.
  std::vector<std::string> keys;
  for (auto it = s0.begin(); it != s0.end(); ++it) keys.push_back(it.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"step", "frame", "world"}));
  EXPECT_EQ(s0["step"].get<double>(), 0.0);
  EXPECT_EQ(s0["frame"].get<double>(), 0.0);
  ASSERT_EQ(s0["world"].size(), 4u);
  // Spec 5.2: key 0 is at (-19.664, 8.446, -39.114), printed as floats.
  EXPECT_NEAR(s0["world"][3][0].get<double>(), -19.664, 1e-3);
  EXPECT_NEAR(s0["world"][3][1].get<double>(), 8.446, 1e-3);
  EXPECT_NEAR(s0["world"][3][2].get<double>(), -39.114, 1e-3);
  EXPECT_EQ(s0["world"][3][3].get<double>(), 1.0);
  EXPECT_EQ(j["samples"][1]["frame"].get<double>(), 4445.0);
}

TEST(CliCkAnim, FramesGiveTheSameMatricesAsSteps) {
  RETROANIM_REQUIRE_BALLANCE(path, "PH/PE_Balloon.nmo");
  // 0.5 * 100 and 50 / 100 are exact in float, so both sample frame 50.
  auto by_step = run_cli("ck anim '" + path + "' --name PE_UFO_Arm_A_03 --at 0.5 --json");
  auto by_frame = run_cli("ck anim '" + path + "' --name PE_UFO_Arm_A_03 --frames 50 --json");
  ASSERT_EQ(by_step.exit_code, 0) << by_step.err;
  ASSERT_EQ(by_frame.exit_code, 0) << by_frame.err;
  auto a = nlohmann::json::parse(by_step.out), b = nlohmann::json::parse(by_frame.out);
  EXPECT_EQ(a["entity"], "PE_UFO_Arm_A_03");
  EXPECT_EQ(a["length"].get<double>(), 100.0);
  EXPECT_EQ(b["samples"][0]["step"].get<double>(), 0.5);
  EXPECT_EQ(a["samples"][0]["world"], b["samples"][0]["world"]);
  // The text form names the animation and its entity.
  auto text = run_cli("ck anim '" + path + "' --name PE_UFO_Arm_A_03 --frames 0,35");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("PE_UFO_Arm_A_03 -> PE_UFO_Arm_A_03, length 100 frames"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("step 0.35 (frame 35)"), std::string::npos) << text.out;
}

TEST(CliCkAnim, BadRequestsAreOneLineErrorsWithExitTwo) {
  RETROANIM_REQUIRE_BALLANCE(path, "PH/PE_Balloon.nmo");
  for (std::string args : {"--name NoSuchAnimation --at 0",           // unknown object animation
                           "--keyed UFO_Animation --at 0",            // the file has no keyed animation
                           "--name PE_UFO_Arm_A_03 --at 0,x",         // not a number
                           "--name PE_UFO_Arm_A_03",                  // neither --at nor --frames
                           "--name PE_UFO_Arm_A_03 --at 0 --frames 1",  // both
                           "--at 0"}) {                               // neither --name nor --keyed
    auto r = run_cli("ck anim '" + path + "' " + args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(one_line(r.err)) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
  }
  auto missing = run_cli("ck anim /nonexistent/file.nmo --name A --at 0");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(one_line(missing.err)) << missing.err;
}

}  // namespace
