// `retroanim ac scenario`: the trace printed and written to --out, and a bad
// scenario's one-line error with exit code 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "harness/ac/scenario.h"
#include "retroanim/error.h"
#include "support/test_support.h"

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

}  // namespace

TEST(CliAcScenario, CliPrintsTraceAndWritesOutFile) {
  const std::string path = retroanim::test::test_data_dir() + "/ac/links.json";
  auto r = retroanim::test::run_cli("ac scenario '" + path + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines_of(r.out).size(), 4u);
  const std::string out = retroanim::test::temp_dir() + "/trace.jsonl";
  auto r2 = retroanim::test::run_cli("ac scenario '" + path + "' --out '" + out + "'");
  EXPECT_EQ(r2.exit_code, 0) << r2.err;
  EXPECT_EQ(read_file(out), r.out);
}

namespace {

const char* const kGood = R"({"format": "retroanim.ac.scenario/1",
  "animations": [{"id": 1, "frames": [{"parts": [{"origin": [0,0,0], "rotation": [1,0,0,0]}]}]}],
  "steps": [{"append": {"anim": 1}}, {"update": 0.1}]})";

std::string replace(std::string s, const std::string& from, const std::string& to) {
  size_t p = s.find(from);
  EXPECT_NE(p, std::string::npos) << from;
  if (p != std::string::npos) s.replace(p, from.size(), to);
  return s;
}

}  // namespace

TEST(CliAcScenarioBadInput, CliExitsWithTwoAndOneLine) {
  const std::string path = retroanim::test::temp_dir() + "/neg.json";
  {
    std::ofstream os(path);
    os << replace(kGood, "{\"update\": 0.1}", "{\"update\": -1}");
  }
  auto r = retroanim::test::run_cli("ac scenario '" + path + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("steps[1].update: dt is negative"), std::string::npos) << r.err;
  EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_TRUE(r.out.empty());
}
