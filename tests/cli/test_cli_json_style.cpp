// The one JSON style of every command (docs/CLI.md, "JSON style"): a format
// key first in every document, shortest round-trip numbers, ids as hex
// strings, AC motion ids named in `ac info`. The AC scenario trace keeps its
// own format (docs/formats/ac-scenario.md) and is not checked here.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "harness/ck/curve_spec.h"
#include "harness/io/json_text.h"
#include "support/test_support.h"

namespace {

using retroanim::test::run_cli;
using Json = nlohmann::ordered_json;

// Every number token of `text` (outside strings) is shortest: no ".0" tail
// and no 17-digit double spelling of a float (such as 0.6000000238418579).
void expect_short_numbers(const std::string& text, const std::string& what) {
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      i = retroanim::io::json_string_end(text, i);
      continue;
    }
    if ((c >= '0' && c <= '9') || c == '-') {
      size_t j = i;
      while (j < text.size() && std::string("0123456789.eE+-").find(text[j]) != std::string::npos) ++j;
      const std::string token = text.substr(i, j - i);
      EXPECT_FALSE(token.size() > 2 && token.compare(token.size() - 2, 2, ".0") == 0) << what << ": " << token;
      const double v = std::stod(token);
      if (static_cast<double>(static_cast<float>(v)) == v) {
        EXPECT_EQ(token, retroanim::io::json_number(static_cast<float>(v))) << what;
      }
      i = j - 1;
    }
  }
}

// The document's first member is "format" with `format`.
void expect_format(const std::string& text, const std::string& format, const std::string& what) {
  const Json j = Json::parse(text);
  ASSERT_TRUE(j.is_object()) << what;
  ASSERT_FALSE(j.empty()) << what;
  EXPECT_EQ(j.begin().key(), "format") << what;
  EXPECT_EQ(j["format"], format) << what;
  expect_short_numbers(text, what);
}

class CliJsonStyle : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    demo_ = new std::string(retroanim::test::temp_dir() + "/demo");
    const auto r = run_cli("demo --out '" + *demo_ + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete demo_;
    demo_ = nullptr;
  }
  static std::string* demo_;
};
std::string* CliJsonStyle::demo_ = nullptr;

TEST_F(CliJsonStyle, CkCurveAndCkPlayAndBench) {
  const auto curve = run_cli("ck curve --spec '" + *demo_ + "/ck_curve_spec.json' --at 0,0.1 --json");
  ASSERT_EQ(curve.exit_code, 0) << curve.err;
  expect_format(curve.out, "retroanim.ck.curve/1", "ck curve");
  EXPECT_NE(curve.out.find("\"pos\": [94.98, 40, 0.48]"), std::string::npos) << curve.out;

  std::istringstream lines(retroanim::test::read_file(*demo_ + "/ck_play_menu_camera.jsonl"));
  std::string line;
  int n = 0;
  while (std::getline(lines, line) && n < 5) {
    expect_format(line, "retroanim.ck.play/1", "ck play line " + std::to_string(n));
    ++n;
  }
  EXPECT_EQ(n, 5);
  const auto play = run_cli("ck play '" + *demo_ + "/ck_play_demo.nmo' --scenario " +
                            "'{\"script\":{\"name\":\"MenuLevel_Init\"},\"record\":[\"Cam_MenuLevel\"]}' --seconds 0.05 --json");
  ASSERT_EQ(play.exit_code, 0) << play.err;
  expect_format(play.out.substr(0, play.out.find('\n')), "retroanim.ck.play/1", "ck play");

  const auto ac_bench = run_cli("ac bench --objects 20 --ticks 2 --json");
  ASSERT_EQ(ac_bench.exit_code, 0) << ac_bench.err;
  expect_format(ac_bench.out, "retroanim.ac.bench/1", "ac bench");
  const auto ck_bench = run_cli("ck bench --tracks 8 --ticks 2 --json");
  ASSERT_EQ(ck_bench.exit_code, 0) << ck_bench.err;
  expect_format(ck_bench.out, "retroanim.ck.bench/1", "ck bench");
  EXPECT_EQ(Json::parse(ck_bench.out)["checksum"].get<std::string>().size(), 18u);
}

TEST_F(CliJsonStyle, AcInfoDocumentsNameTheirContentAndTheMotions) {
  const std::string dat = *demo_ + "/ac/demo.dat";
  const std::vector<std::pair<std::string, std::string>> runs = {
      {"", "header"}, {" --type anim", "type"}, {" --id 0x03000013", "animation"},
      {" --id 0x09000001", "motion_table"}, {" --id 0x02000001", "setup"}};
  for (const auto& [args, member] : runs) {
    const auto r = run_cli("ac info '" + dat + "'" + args + " --json");
    ASSERT_EQ(r.exit_code, 0) << args << ": " << r.err;
    expect_format(r.out, "retroanim.ac.info/1", "ac info" + args);
    EXPECT_TRUE(Json::parse(r.out).contains(member)) << args;
  }
  const Json mt = Json::parse(run_cli("ac info '" + dat + "' --id 0x09000001 --json").out);
  EXPECT_EQ(mt["motion_names"]["0x8000003D"], "NonCombat");
  EXPECT_EQ(mt["motion_names"]["0x41000003"], "Ready");
  EXPECT_EQ(mt["motion_names"]["0x45000005"], "WalkForward");
  EXPECT_EQ(mt["motion_names"]["0x003D0005"], "NonCombat/WalkForward");
  // The table itself stays in the scenario format's layout (pasteable).
  EXPECT_EQ(mt["motion_table"]["cycles"]["0x003D0005"]["velocity"][1].get<float>(), 3.12f);  // reads back exactly
  const auto text = run_cli("ac info '" + dat + "' --id 0x09000001");
  EXPECT_NE(text.out.find("link 0x003D0003 (NonCombat/Ready) -> 0x45000005 (WalkForward): "), std::string::npos)
      << text.out;
}

TEST_F(CliJsonStyle, CkInfoAndCkAnim) {
  const std::string nmo = *demo_ + "/ck_play_demo.nmo";
  const auto info = run_cli("ck info '" + nmo + "' --json");
  ASSERT_EQ(info.exit_code, 0) << info.err;
  expect_format(info.out, "retroanim.ck.info/1", "ck info");
  const Json j = Json::parse(info.out);
  ASSERT_FALSE(j["objects"].empty());
  for (const Json& o : j["objects"]) {
    ASSERT_TRUE(o["id"].is_string()) << o.dump();
    EXPECT_EQ(o["id"].get<std::string>().rfind("0x", 0), 0u);
    EXPECT_EQ(o["id"].get<std::string>().size(), 10u);
  }
  EXPECT_TRUE(j["header"]["max_id_saved"].is_string());
  EXPECT_TRUE(j["header"].contains("plugin_dependency_count"));
}

TEST(CliJsonStyleRealFiles, CkAnimOnMenuLevel) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  const auto r = run_cli("ck anim '" + path + "' --name 'Record Anim' --at 0,0.5 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_format(r.out, "retroanim.ck.anim/1", "ck anim");
  const auto info = run_cli("ck info '" + path + "' --json --class 36");
  ASSERT_EQ(info.exit_code, 0) << info.err;
  expect_format(info.out, "retroanim.ck.info/1", "ck info");
  EXPECT_NE(info.out.find("\"tension\": -0.6,"), std::string::npos);
}

}  // namespace
