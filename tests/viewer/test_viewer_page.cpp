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
// And the AC demo's setup (issue 29): the page draws its parts' textured
// GfxObj meshes (the screenshot's pixels inside each part's drawn box have
// the texture's red, green and blue; none of those outside the parts).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "retroanim/io/image.h"
#include "support/test_support.h"
#include "viewer/view_process.h"

#ifndef _WIN32
#include <signal.h>
#endif

#ifndef _WIN32

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
  std::string out;
  if (run_command("command -v node", &out) != 0) return "node not found (scripts/bootstrap.sh installs nodejs)";
  if (!fs::exists(chromium_path())) return chromium_path() + " not found (scripts/bootstrap.sh installs chromium)";
  const fs::path modules = source_dir() / "tools" / "viewer" / "node_modules";
  if (!fs::exists(modules / "puppeteer-core" / "package.json") || !fs::exists(modules / "three" / "package.json"))
    return modules.string() + ": three / puppeteer-core not installed (scripts/bootstrap.sh runs npm ci there)";
  return "";
}

struct Expected {
  std::string animation;
  double time;
  std::vector<std::pair<std::string, std::array<double, 3>>> nodes;
};

}  // namespace

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
    glb = tmp + "/demo/ck_play_demo.glb";  // the demo's own export of it
    if (!fs::exists(glb)) {
      CliResult exported = run_cli("export '" + nmo + "' --out '" + glb + "'");
      ASSERT_EQ(exported.exit_code, 0) << exported.err;
    }
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


// The AC demo's export (`retroanim demo` writes ac_demo.glb: setup 0x02000001,
// a body and an arm part, box GfxObjs whose faces are textured by the
// harness's test picture, a 2x2 checker of pure red, green, blue and white,
// through each uncompressed pixel format and a palette; the other faces solid
// orange 0xC08040 and translucent blue 0x4080C0) shown at t = 0.05 s of a
// motion cycle without the viewer's overlays (paths, markers, axes: their
// colours are saturated too). A pixel is of a pure hue when one channel is at
// least 60 and the other two at most 0.35 of it: lighting scales the texel
// (MeshStandardMaterial under white lights keeps a pure hue pure), the solid
// faces (g / r = 0.67, g / b = 0.67), the grey background and grid and the
// antialiased edges against them are not. Each part's drawn box (its mesh's
// bounding box projected, 2 px wider) must hold at least 20 pixels of each of
// the three hues over both parts and 20 of some hue per part, and the
// canvas outside the boxes none.
TEST(ViewerPage, TheAcDemoSetupShowsItsTexturedParts) {
  const std::string why = missing_tools();
  if (!why.empty()) GTEST_SKIP() << "viewer page test skipped: " << why;
  if (run_cli("--help").out.find("\n  export ") == std::string::npos)
    GTEST_SKIP() << "this CLI has no export (RETROANIM_GLTF=OFF): no AC glTF to show";
  const std::string tmp = temp_dir();
  CliResult demo = run_cli("demo --out '" + tmp + "/demo'");
  ASSERT_EQ(demo.exit_code, 0) << demo.err;
  const std::string glb = tmp + "/demo/ac_demo.glb";
  ASSERT_TRUE(fs::exists(glb));
  ViewProcess view({glb, "--idle-timeout", "120"});
  ASSERT_TRUE(view.started()) << view.first_line() << "\n" << view.err();
  std::ofstream(tmp + "/requests.json") << R"([{"animation": "cycle 0x003D0003", "time": 0.05}])";
  const std::string shot = tmp + "/ac_viewer.png";
  std::string out;
  const int rc = run_command(
      "node " + shell_quote((source_dir() / "tests" / "viewer" / "page_driver.mjs").string()) + " --url " +
          shell_quote(view.url()) + " --requests " + shell_quote(tmp + "/requests.json") + " --screenshot " +
          shell_quote(shot) + " --chromium " + shell_quote(chromium_path()) + " --viewer-dir " +
          shell_quote((source_dir() / "tools" / "viewer").string()) + " --profile " + shell_quote(tmp + "/profile") +
          " --boxes part_0,part_1",
      &out, tmp + "/driver.err");
  ASSERT_EQ(rc, 0) << read_file(tmp + "/driver.err") << out;
  EXPECT_EQ(view.stop(SIGTERM), 0);
  const json page = json::parse(out);
  EXPECT_TRUE(page["problems"].empty()) << page["problems"].dump();
  ASSERT_TRUE(page["webgl"].get<bool>()) << "the page had no WebGL: the screenshot shows no scene";
  const std::string png = read_file(shot);
  const retroanim::io::Image img =
      retroanim::io::decode_image(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(png.data()), png.size()), shot);
  struct Box {
    double x0, y0, x1, y1;
    bool holds(uint32_t x, uint32_t y) const { return x + 0.5 >= x0 && x + 0.5 <= x1 && y + 0.5 >= y0 && y + 0.5 <= y1; }
  };
  auto box_of = [](const json& b, double grow) {
    return Box{b["x0"].get<double>() - grow, b["y0"].get<double>() - grow, b["x1"].get<double>() + grow,
               b["y1"].get<double>() + grow};
  };
  std::vector<Box> parts;
  for (const char* name : {"part_0", "part_1"}) {
    ASSERT_TRUE(page["boxes"].contains(name) && page["boxes"][name].is_object()) << name << ": " << page["boxes"].dump();
    parts.push_back(box_of(page["boxes"][name], 2.0));
  }
  const Box canvas = box_of(page["canvas"], 0.0);
  // hue: 0 red, 1 green, 2 blue, -1 none.
  auto hue = [&](uint32_t x, uint32_t y) {
    const uint8_t* p = &img.rgba[(size_t{y} * img.width + x) * 4];
    for (int c = 0; c < 3; ++c) {
      const double m = p[c], o1 = p[(c + 1) % 3], o2 = p[(c + 2) % 3];
      if (m >= 60 && o1 <= 0.35 * m && o2 <= 0.35 * m) return c;
    }
    return -1;
  };
  int inside[3] = {0, 0, 0}, per_part[2] = {0, 0}, outside = 0;
  for (uint32_t y = 0; y < img.height; ++y) {
    for (uint32_t x = 0; x < img.width; ++x) {
      if (!canvas.holds(x, y)) continue;
      const int h = hue(x, y);
      if (h < 0) continue;
      bool in_part = false;
      for (size_t k = 0; k < parts.size(); ++k) {
        if (parts[k].holds(x, y)) {
          in_part = true;
          ++per_part[k];
        }
      }
      if (in_part) {
        ++inside[h];
      } else {
        ++outside;
      }
    }
  }
  std::printf("AC demo in the viewer: pure red / green / blue pixels in the parts' boxes %d / %d / %d "
              "(part_0 %d, part_1 %d), outside %d; screenshot %s\n",
              inside[0], inside[1], inside[2], per_part[0], per_part[1], outside, shot.c_str());
  for (int c = 0; c < 3; ++c) EXPECT_GE(inside[c], 20) << "hue " << c << " (0 red, 1 green, 2 blue)";
  EXPECT_GE(per_part[0], 20);
  EXPECT_GE(per_part[1], 20);
  EXPECT_EQ(outside, 0);
  if (const char* keep = std::getenv("RETROANIM_VIEWER_AC_SCREENSHOT"); keep && *keep)
    fs::copy_file(shot, keep, fs::copy_options::overwrite_existing);
}


#endif
