// Scenario traces against hand-derived expectations (tests/data/ac/*.expected.jsonl,
// derived by stepping through the client's CSequence code by hand; the
// derivations are in docs/FIDELITY.md), the CLI, and bad scenarios.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "harness/ac/scenario.h"
#include "retroanim/error.h"
#include "support/test_support.h"

using retroanim::ac::ScenarioJson;
using retroanim::test::read_file;

namespace {

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream is(s);
  std::string l;
  while (std::getline(is, l))
    if (!l.empty()) out.push_back(l);
  return out;
}

// Numbers within 1e-5 (the acceptance tolerance); everything else exactly.
void expect_json_near(const ScenarioJson& got, const ScenarioJson& want, const std::string& where) {
  if (want.is_number()) {
    ASSERT_TRUE(got.is_number()) << where << ": got " << got.dump();
    EXPECT_NEAR(got.get<double>(), want.get<double>(), 1e-5) << where;
    return;
  }
  ASSERT_EQ(got.type(), want.type()) << where << ": got " << got.dump() << " want " << want.dump();
  if (want.is_object()) {
    ASSERT_EQ(got.size(), want.size()) << where << ": got " << got.dump() << " want " << want.dump();
    for (auto it = want.begin(); it != want.end(); ++it) {
      ASSERT_TRUE(got.contains(it.key())) << where << ": missing " << it.key();
      expect_json_near(got[it.key()], it.value(), where + "." + it.key());
    }
  } else if (want.is_array()) {
    ASSERT_EQ(got.size(), want.size()) << where << ": got " << got.dump() << " want " << want.dump();
    for (size_t i = 0; i < want.size(); ++i) expect_json_near(got[i], want[i], where + "[" + std::to_string(i) + "]");
  } else {
    EXPECT_EQ(got, want) << where;
  }
}

void check_scenario(const std::string& name) {
  const std::string dir = retroanim::test::test_data_dir() + "/ac/";
  std::ostringstream out;
  retroanim::ac::run_scenario_file(dir + name + ".json", out);
  auto got = lines_of(out.str());
  auto want = lines_of(read_file(dir + name + ".expected.jsonl"));
  ASSERT_EQ(got.size(), want.size()) << out.str();
  for (size_t i = 0; i < want.size(); ++i)
    expect_json_near(ScenarioJson::parse(got[i]), ScenarioJson::parse(want[i]), name + " line " + std::to_string(i + 1));
}

}  // namespace

TEST(AcScenario, CyclicPlaybackSmallLargeDtBoundariesAndMultiLoop) { check_scenario("cyclic"); }
TEST(AcScenario, LinksThenCycleWithAnimationDoneHooks) { check_scenario("links"); }
TEST(AcScenario, SubRangesClampingAndFramerateZero) { check_scenario("subrange"); }
TEST(AcScenario, ReversePlaybackWithAndWithoutPosFrames) { check_scenario("reverse"); }
TEST(AcScenario, VelocityAndOmegaAboutNonVerticalAxes) { check_scenario("physics"); }
TEST(AcScenario, MultiplyRemoveAndClear) { check_scenario("multiply_remove"); }

TEST(AcScenario, SameTraceOnEveryRun) {
  const std::string path = retroanim::test::test_data_dir() + "/ac/links.json";
  std::ostringstream a, b;
  retroanim::ac::run_scenario_file(path, a);
  retroanim::ac::run_scenario_file(path, b);
  EXPECT_EQ(a.str(), b.str());
}

TEST(AcScenario, HookPayloadIsEchoedAsWritten) {
  const std::string path = retroanim::test::test_data_dir() + "/ac/cyclic.json";
  std::ostringstream out;
  retroanim::ac::run_scenario_file(path, out);
  // The string id stays a string; field order is kept.
  EXPECT_NE(out.str().find(R"({"type":1,"direction":1,"sound_id":100})"), std::string::npos) << out.str();
}

namespace {

const char* const kGood = R"({"format": "retroanim.ac.scenario/1",
  "animations": [{"id": 1, "frames": [{"parts": [{"origin": [0,0,0], "rotation": [1,0,0,0]}]}]}],
  "steps": [{"append": {"anim": 1}}, {"update": 0.1}]})";

// Runs a scenario text and returns the error message ("" when it ran).
std::string error_of(const std::string& text) {
  std::ostringstream out;
  try {
    retroanim::ac::run_scenario(text, "bad.json", "", out);
  } catch (const retroanim::Error& e) {
    std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos) << "one line: " << m;
    EXPECT_TRUE(out.str().empty()) << "no partial trace";
    return m;
  }
  return "";
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  size_t p = s.find(from);
  EXPECT_NE(p, std::string::npos) << from;
  if (p != std::string::npos) s.replace(p, from.size(), to);
  return s;
}

}  // namespace

TEST(AcScenarioBadInput, GoodBaselineRuns) { EXPECT_EQ(error_of(kGood), ""); }

TEST(AcScenarioBadInput, UnknownFields) {
  EXPECT_EQ(error_of(replace(kGood, "\"steps\"", "\"stepz\": 1, \"steps\"")),
            "bad.json: scenario: unknown field \"stepz\"");
  EXPECT_EQ(error_of(replace(kGood, "{\"anim\": 1}", "{\"anim\": 1, \"speed\": 2}")),
            "bad.json: steps[0].append: unknown field \"speed\"");
  EXPECT_EQ(error_of(replace(kGood, "\"rotation\"", "\"scale\": 1, \"rotation\"")),
            "bad.json: animations[0].frames[0].parts[0]: unknown field \"scale\"");
  EXPECT_EQ(error_of(replace(kGood, "{\"update\": 0.1}", "{\"leap\": 0.1}")), "bad.json: steps[1]: unknown step \"leap\"");
  // An interpreter step (issue 32) without "object".
  EXPECT_EQ(error_of(replace(kGood, "{\"update\": 0.1}", "{\"jump\": 0.1}")),
            "bad.json: steps[1].jump: this step needs an \"object\"");
}

TEST(AcScenarioBadInput, MissingAnimation) {
  EXPECT_EQ(error_of(replace(kGood, "{\"anim\": 1}", "{\"anim\": \"0x03000009\"}")),
            "bad.json: steps[0].append.anim: animation 0x03000009 is not defined");
}

TEST(AcScenarioBadInput, IdsOutOfRange) {
  EXPECT_EQ(error_of(replace(kGood, "\"id\": 1", "\"id\": 4294967296")),
            "bad.json: animations[0].id: id 4294967296 is out of range (more than 32 bits)");
  EXPECT_EQ(error_of(replace(kGood, "\"id\": 1", "\"id\": \"0x1FFFFFFFF\"")),
            "bad.json: animations[0].id: id \"0x1FFFFFFFF\" is out of range (more than 32 bits)");
  EXPECT_EQ(error_of(replace(kGood, "{\"anim\": 1}", "{\"anim\": 1, \"low\": 3000000000}")),
            "bad.json: steps[0].append.low: 3000000000 is out of range (32-bit signed)");
  EXPECT_EQ(error_of(replace(kGood, "[1,0,0,0]}]}", "[1,0,0,0]}], \"hooks\": [{\"type\": 27, \"direction\": 0}]}")),
            "bad.json: animations[0].frames[0].hooks[0].type: hook type 27 is out of range (0..26)");
}

TEST(AcScenarioBadInput, MismatchedPartCounts) {
  std::string two = replace(kGood, "\"frames\": [{\"parts\": [{\"origin\": [0,0,0], \"rotation\": [1,0,0,0]}]}]",
                            "\"frames\": [{\"parts\": [{\"origin\": [0,0,0], \"rotation\": [1,0,0,0]}]}, {\"parts\": []}]");
  EXPECT_EQ(error_of(two), "bad.json: animations[0].frames[1].parts: has 0 parts, but frame 0 has 1");
  EXPECT_EQ(error_of(replace(kGood, "\"frames\"", "\"pos_frames\": [], \"frames\"")),
            "bad.json: animations[0].pos_frames: has 0 frames, but \"frames\" has 1");
}

TEST(AcScenarioBadInput, NaNAndInfiniteNumbers) {
  // Numbers beyond double range are rejected by the JSON reader itself.
  std::string big = error_of(replace(kGood, "\"origin\": [0,0,0]", "\"origin\": [0,1e999,0]"));
  EXPECT_NE(big.find("bad.json: invalid JSON: number overflow"), std::string::npos) << big;
  // Beyond float range: not finite as the client's float.
  EXPECT_EQ(error_of(replace(kGood, "\"origin\": [0,0,0]", "\"origin\": [0,1e300,0]")),
            "bad.json: animations[0].frames[0].parts[0].origin[1]: number is too large for a float");
  // JSON has no NaN literal: it is a syntax error, reported on one line with its byte.
  std::string m = error_of(replace(kGood, "0.1}", "NaN}"));
  EXPECT_NE(m.find("bad.json: at byte"), std::string::npos) << m;
}

TEST(AcScenarioBadInput, DeepNestingIsRejected) {
  std::string deep(200, '[');
  deep += std::string(200, ']');
  std::string hooked = replace(kGood, "[1,0,0,0]}]}", "[1,0,0,0]}], \"hooks\": [{\"type\": 1, \"direction\": 0, \"x\": " + deep + "}]}");
  EXPECT_EQ(error_of(hooked), "bad.json: JSON nested deeper than 64 levels");
}

TEST(AcScenarioBadInput, NegativeDt) {
  EXPECT_EQ(error_of(replace(kGood, "{\"update\": 0.1}", "{\"update\": -0.1}")), "bad.json: steps[1].update: dt is negative");
}

TEST(AcScenarioBadInput, MotionStepsAndDatAreNotSupportedYet) {
  EXPECT_EQ(error_of(replace(kGood, "{\"update\": 0.1}", "{\"perform\": {\"motion\": 1}}")),
            "bad.json: steps[1].perform: this step needs a \"motion_table\"");
  EXPECT_EQ(error_of(replace(kGood, "\"steps\"", "\"motion_table\": {}, \"steps\"")),
            "bad.json: motion_table: missing \"default_style\"");
  EXPECT_EQ(error_of(replace(kGood, "\"steps\"", "\"dat\": \"portal.dat\", \"steps\"")),
            "bad.json: dat: portal.dat: cannot open: No such file or directory");  // the dat reader (ac-dat)
}

