// The viewer page in headless Chromium: `retroanim view` serves an exported
// file, tests/viewer/page_driver.mjs (puppeteer-core, the Debian chromium)
// loads it and reads from window.retroanimViewer the animated nodes' world
// positions at three times, which must equal retroanim's own within 1e-4;
// and saves a screenshot. The file is the demo composition's export
// (`retroanim export` of the .nmo `retroanim demo` writes; positions from
// `retroanim ck anim --json`, through glTF's z = -z) when the CLI has
// `export`, else a small file written by tests/viewer/make_test_glb.mjs with
// positions computed from its keys. Skips, saying so, without node, chromium
// or the npm packages (scripts/bootstrap.sh installs all three).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/test_support.h"
#include "viewer/view_process.h"

#ifndef _WIN32
#include <signal.h>
#endif

namespace fs = std::filesystem;
using namespace retroanim::test;
using nlohmann::json;

namespace {

fs::path source_dir() { return (fs::path(RETROANIM_TEST_DATA_DIR) / ".." / "..").lexically_normal(); }

std::string chromium_path() {
  const char* env = std::getenv("RETROANIM_CHROMIUM");
  return env && *env ? env : "/usr/bin/chromium";
}

// Why the page test cannot run here, or "".
std::string missing_tools() {
#ifdef _WIN32
  return "not on Windows";
#else
  std::string out;
  if (run_command("command -v node", &out) != 0) return "node not found (scripts/bootstrap.sh installs nodejs)";
  if (!fs::exists(chromium_path())) return chromium_path() + " not found (scripts/bootstrap.sh installs chromium)";
  const fs::path modules = source_dir() / "tools" / "viewer" / "node_modules";
  if (!fs::exists(modules / "puppeteer-core" / "package.json") || !fs::exists(modules / "three" / "package.json"))
    return modules.string() + ": three / puppeteer-core not installed (scripts/bootstrap.sh runs npm ci there)";
  return "";
#endif
}

struct Expected {
  std::string animation;
  double time;
  std::vector<std::pair<std::string, std::array<double, 3>>> nodes;
};

}  // namespace

#ifndef _WIN32

TEST(ViewerPage, AnimatedPositionsMatchRetroanimAndAScreenshotIsSaved) {
  const std::string why = missing_tools();
  if (!why.empty()) GTEST_SKIP() << "viewer page test skipped: " << why;
  const std::string tmp = temp_dir();
  std::string glb;
  std::vector<Expected> expected;
  // `retroanim export` (another part of issue 16) when this CLI has it.
  const bool have_export = run_cli("--help").out.find("\n  export ") != std::string::npos;
  if (have_export) {
    // The demo composition: Record Anim moves I_Ball_Stone, one linear key per frame, 30 fps.
    CliResult demo = run_cli("demo --out '" + tmp + "/demo'");
    ASSERT_EQ(demo.exit_code, 0) << demo.err;
    const std::string nmo = tmp + "/demo/ck_play_demo.nmo";
    glb = tmp + "/demo.glb";
    CliResult exported = run_cli("export '" + nmo + "' --out '" + glb + "'");
    ASSERT_EQ(exported.exit_code, 0) << exported.err;
    const std::vector<int> frames = {60, 150, 255};
    CliResult anim = run_cli("ck anim '" + nmo + "' --name 'Record Anim' --frames 60,150,255 --json");
    ASSERT_EQ(anim.exit_code, 0) << anim.err;
    const json j = json::parse(anim.out);
    ASSERT_EQ(j["samples"].size(), frames.size());
    for (size_t i = 0; i < frames.size(); ++i) {
      const json& row = j["samples"][i]["world"][3];
      // Virtools (row vectors, left-handed) to glTF: C = diag(1, 1, -1).
      expected.push_back({"Record Anim", frames[i] / 30.0,
                          {{j["entity"].get<std::string>(),
                            {row[0].get<double>(), row[1].get<double>(), -row[2].get<double>()}}}});
    }
  } else {
    glb = tmp + "/test.glb";
    std::string out;
    ASSERT_EQ(run_command("node " + shell_quote((source_dir() / "tests" / "viewer" / "make_test_glb.mjs").string()) +
                              " " + shell_quote(glb) + " 0.5,1,1.5",
                          &out, tmp + "/make.err"),
              0)
        << read_file(tmp + "/make.err");
    for (const json& e : json::parse(out)) {
      Expected x{e["animation"], e["time"], {}};
      for (const auto& [name, p] : e["nodes"].items())
        x.nodes.push_back({name, {p[0].get<double>(), p[1].get<double>(), p[2].get<double>()}});
      expected.push_back(x);
    }
  }
  ASSERT_EQ(expected.size(), 3u);

  ViewProcess view({glb, "--idle-timeout", "120"});
  ASSERT_TRUE(view.started()) << view.first_line() << "\n" << view.err();
  json requests = json::array();
  for (const Expected& e : expected) requests.push_back({{"animation", e.animation}, {"time", e.time}});
  std::ofstream(tmp + "/requests.json") << requests.dump();
  const std::string shot = tmp + "/viewer.png";
  std::string out;
  const int rc = run_command(
      "node " + shell_quote((source_dir() / "tests" / "viewer" / "page_driver.mjs").string()) + " --url " +
          shell_quote(view.url()) + " --requests " + shell_quote(tmp + "/requests.json") + " --screenshot " +
          shell_quote(shot) + " --chromium " + shell_quote(chromium_path()) + " --viewer-dir " +
          shell_quote((source_dir() / "tools" / "viewer").string()) + " --profile " + shell_quote(tmp + "/profile"),
      &out, tmp + "/driver.err");
  ASSERT_EQ(rc, 0) << read_file(tmp + "/driver.err") << out;
  EXPECT_EQ(view.stop(SIGTERM), 0);
  const json page = json::parse(out);
  EXPECT_TRUE(page["problems"].empty()) << page["problems"].dump();
  EXPECT_EQ(page["status"], "");
  EXPECT_TRUE(page["webgl"].get<bool>()) << "the page had no WebGL: the screenshot shows no scene";
  bool listed = false;
  for (const json& a : page["animations"]) listed = listed || a["name"] == expected[0].animation;
  EXPECT_TRUE(listed) << page["animations"].dump();
  ASSERT_EQ(page["samples"].size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    const json& got = page["samples"][i];
    for (const auto& [name, want] : expected[i].nodes) {
      const json* node = nullptr;
      for (const json& n : got["nodes"])
        if (n["name"] == name) node = &n;
      ASSERT_NE(node, nullptr) << name << " not among the animated nodes at t=" << expected[i].time << ": "
                               << got.dump();
      for (int c = 0; c < 3; ++c) {
        EXPECT_NEAR((*node)["position"][c].get<double>(), want[c], 1e-4)
            << name << " at t=" << expected[i].time << " s, component " << c;
      }
    }
  }
  // The screenshot: a PNG of the page, not empty.
  const std::string png = read_file(shot);
  ASSERT_GT(png.size(), 10000u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  if (const char* keep = std::getenv("RETROANIM_VIEWER_SCREENSHOT"); keep && *keep) fs::copy_file(shot, keep, fs::copy_options::overwrite_existing);
  std::printf("viewer screenshot: %s (%s)\n", shot.c_str(), have_export ? "demo export" : "test file");
}

#endif
