// `retroanim ck curve --spec`: JSON and table output, SVG, and bad input
// (exit code 2, one-line error naming the field).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/ck/curve_spec.h"
#include "support/test_support.h"

using retroanim::test::run_cli;

namespace {

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = retroanim::test::temp_dir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST(CliCkCurve, JsonOutput) {
  const std::string spec = write_file("menu.json", retroanim::ck::io::kMenuCameraCurveSpec);
  const auto r = run_cli("ck curve --spec " + spec + " --at 0,0.25,1.25 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["length"].get<double>(), 595.2902, 1e-3);
  ASSERT_EQ(j["point_lengths"].size(), 4u);
  EXPECT_EQ(j["point_lengths"][0].get<double>(), 0.0);
  EXPECT_NEAR(j["point_lengths"][1].get<double>(), 149.0559, 1e-3);
  ASSERT_EQ(j["samples"].size(), 3u);
  EXPECT_EQ(j["samples"][0]["step"].get<double>(), 0.0);
  // Step 0 is the first point in world space (y lifted to 40).
  EXPECT_NEAR(j["samples"][0]["pos"][0].get<double>(), 94.98, 1e-3);
  EXPECT_NEAR(j["samples"][0]["pos"][1].get<double>(), 40.0, 1e-4);
  EXPECT_NEAR(j["samples"][0]["pos"][2].get<double>(), 0.48, 1e-3);
  // 1.25 wraps to 0.25 on a closed curve.
  EXPECT_EQ(j["samples"][1]["pos"], j["samples"][2]["pos"]);
  EXPECT_EQ(j["samples"][1]["dir"], j["samples"][2]["dir"]);
  EXPECT_EQ(j["samples"][2]["step"].get<double>(), 1.25);
}

TEST(CliCkCurve, TableAndSvg) {
  const std::string spec = write_file("menu2.json", retroanim::ck::io::kMenuCameraCurveSpec);
  const std::string svg = retroanim::test::temp_dir() + "/curve.svg";
  const auto r = run_cli("ck curve --spec " + spec + " --at 0,0.5 --svg " + svg);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("curve: 4 points, closed, fitting 0, length 595.29"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("point lengths: 0.0000 149.0559 298.2726 447.3480"), std::string::npos) << r.out;
  const std::string doc = retroanim::test::read_file(svg);
  EXPECT_NE(doc.find("<svg"), std::string::npos);
  EXPECT_NE(doc.find("<polyline"), std::string::npos);
  EXPECT_NE(doc.find(">P3</text>"), std::string::npos);
}

TEST(CliCkCurve, BadSpecExitsTwoNamingTheField) {
  const std::string spec =
      write_file("bad.json", R"({"closed": true, "fitting": 0, "points": [{"pos": [0,0,0]}, {"pos": [1,"a",0]}]})");
  const auto r = run_cli("ck curve --spec " + spec + " --at 0.5 --json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("points[1].pos[1]: expected a number"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  EXPECT_TRUE(r.out.empty());
}

TEST(CliCkCurve, BadInputsExitTwo) {
  const std::string one = write_file("one.json", R"({"closed": false, "fitting": 0, "points": [{"pos": [0,0,0]}]})");
  auto r = run_cli("ck curve --spec " + one + " --at 0.5");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("at least 2"), std::string::npos) << r.err;
  const std::string ok = write_file("ok.json", retroanim::ck::io::kMenuCameraCurveSpec);
  r = run_cli("ck curve --spec " + ok + " --at 0.5,abc");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--at: 'abc'"), std::string::npos) << r.err;
  r = run_cli("ck curve --spec " + ok + " --at nan");
  EXPECT_EQ(r.exit_code, 2);
  r = run_cli("ck curve --spec " + ok);
  EXPECT_EQ(r.exit_code, 2);
  r = run_cli("ck curve --spec /nonexistent.json --at 0");
  EXPECT_EQ(r.exit_code, 2);
  const std::string nan = write_file("nan.json", R"({"closed": true, "fitting": NaN, "points": []})");
  r = run_cli("ck curve --spec " + nan + " --at 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("malformed JSON"), std::string::npos) << r.err;
}

TEST(CliCkCurve, DemoWritesTheCurveFiles) {
  const std::string out = retroanim::test::temp_dir();
  const auto r = run_cli("demo --out " + out);
  EXPECT_NE(r.out.find("point lengths 0.0000 149.0559 298.2726 447.3480"), std::string::npos) << r.out;
  std::ifstream f(out + "/ck_curve_path.json");
  ASSERT_TRUE(f.good());
  const auto j = nlohmann::json::parse(f);
  EXPECT_EQ(j["samples"].size(), 101u);
  EXPECT_TRUE(std::ifstream(out + "/ck_curve.svg").good());
}

// Every command prints a bad input file the same way: one line
// "retroanim: FILE: WHAT" on stderr, exit code 2.
TEST(CliCkCurve, EveryCommandReportsBadInputFilesTheSameWay) {
  const std::string dir = retroanim::test::temp_dir();
  const std::string empty = write_file("empty.json", "");
  const std::string bad = write_file("bad.json", "{bad");
  const std::string missing = dir + "/missing.json";
  struct Case {
    std::string path, expect;
  };
  const Case cases[] = {{dir, dir + ": cannot open: is a directory, not a file"},
                        {empty, empty + ": at byte 0: the file is empty"},
                        {missing, missing + ": cannot open: No such file or directory"}};
  for (const char* command : {"ck curve --at 0 --spec", "ck info", "ck anim --name A --at 0", "ac scenario",
                              "ac info"}) {
    for (const Case& c : cases) {
      const auto r = run_cli(std::string(command) + " '" + c.path + "'");
      EXPECT_EQ(r.exit_code, 2) << command << " " << c.path;
      EXPECT_EQ(r.err, "retroanim: " + c.expect + "\n") << command;
    }
  }
  // Invalid JSON: the reader's line, in the same format.
  auto r = run_cli("ac scenario '" + bad + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "retroanim: " + bad + ": at byte 1: invalid JSON\n");
  r = run_cli("ck curve --at 0 --spec '" + bad + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("retroanim: " + bad + ": at byte 2: malformed JSON", 0), 0u) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}
