// The viewer page draws a Virtools file's meshes (issue 28): MenuLevel.nmo
// exported with and without its meshes, both shown in headless Chromium
// (tests/viewer/page_driver.mjs) at the same time of Record Anim; the
// screenshots' 3D views are compared pixel by pixel. The level's geometry
// (lit, untextured: the game's images are not among the test files) is drawn
// in neutral greys away from the background's bluish grey, which otherwise
// only the name label is (the grid, curve, paths and axes are coloured), so
// the file with meshes must show many more such pixels (about 7400 against
// 1050 when written). Skips, saying so,
// without node, chromium, the npm packages or the Ballance file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "retroanim/io/image.h"
#include "support/test_support.h"
#include "viewer/view_process.h"

#ifndef _WIN32
#include <signal.h>

namespace fs = std::filesystem;
using namespace retroanim::test;

namespace {

fs::path source_dir() { return (fs::path(RETROANIM_TEST_DATA_DIR) / ".." / "..").lexically_normal(); }

std::string chromium_path() {
  const char* env = std::getenv("RETROANIM_CHROMIUM");
  return env && *env ? env : "/usr/bin/chromium";
}

std::string missing_tools() {
  std::string out;
  if (run_command("command -v node", &out) != 0) return "node not found (scripts/bootstrap.sh installs nodejs)";
  if (!fs::exists(chromium_path())) return chromium_path() + " not found (scripts/bootstrap.sh installs chromium)";
  const fs::path modules = source_dir() / "tools" / "viewer" / "node_modules";
  if (!fs::exists(modules / "puppeteer-core" / "package.json") || !fs::exists(modules / "three" / "package.json"))
    return modules.string() + ": three / puppeteer-core not installed (scripts/bootstrap.sh runs npm ci there)";
  if (run_cli("--help").out.find("\n  export ") == std::string::npos) return "this CLI has no export";
  return "";
}

// The screenshot of `glb` in the viewer at 10 s of Record Anim.
retroanim::io::Image screenshot(const std::string& glb, const std::string& tmp, const std::string& tag) {
  ViewProcess view({glb, "--idle-timeout", "120"});
  EXPECT_TRUE(view.started()) << view.first_line() << "\n" << view.err();
  std::ofstream(tmp + "/requests.json") << R"([{"animation": "Record Anim", "time": 10}])";
  const std::string shot = tmp + "/" + tag + ".png";
  std::string out;
  const int rc = run_command(
      "node " + shell_quote((source_dir() / "tests" / "viewer" / "page_driver.mjs").string()) + " --url " +
          shell_quote(view.url()) + " --requests " + shell_quote(tmp + "/requests.json") + " --screenshot " +
          shell_quote(shot) + " --chromium " + shell_quote(chromium_path()) + " --viewer-dir " +
          shell_quote((source_dir() / "tools" / "viewer").string()) + " --profile " + shell_quote(tmp + "/profile_" + tag),
      &out, tmp + "/driver_" + tag + ".err");
  EXPECT_EQ(rc, 0) << read_file(tmp + "/driver_" + tag + ".err") << out;
  EXPECT_EQ(view.stop(SIGTERM), 0);
  const std::string png = read_file(shot);
  return retroanim::io::decode_image(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(png.data()), png.size()), shot);
}

// Pixels of the 3D view (right of the 260-pixel panel, above the timeline)
// in a neutral grey (channels within 10 of each other) more than 12 away in
// some channel from the background 0xe9ecf1.
size_t neutral_off_background(const retroanim::io::Image& img) {
  size_t n = 0;
  for (uint32_t y = 0; y + 60 < img.height; ++y) {
    for (uint32_t x = 270; x < img.width; ++x) {
      const uint8_t* p = &img.rgba[(size_t{y} * img.width + x) * 4];
      const int r = p[0], g = p[1], b = p[2];
      const int spread = std::max({r, g, b}) - std::min({r, g, b});
      const int off = std::max({std::abs(r - 0xe9), std::abs(g - 0xec), std::abs(b - 0xf1)});
      if (spread <= 10 && off > 12) ++n;
    }
  }
  return n;
}

}  // namespace

TEST(ViewerPageMeshes, MenuLevelsGeometryIsDrawn) {
  const std::string why = missing_tools();
  if (!why.empty()) GTEST_SKIP() << "viewer mesh test skipped: " << why;
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  const std::string tmp = temp_dir();
  for (const char* extra : {"", " --no-meshes"}) {
    CliResult r = run_cli("export '" + path + "' --out '" + tmp + "/menu" + (*extra ? "_plain" : "") + ".glb'" + extra);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const retroanim::io::Image with = screenshot(tmp + "/menu.glb", tmp, "meshes");
  const retroanim::io::Image without = screenshot(tmp + "/menu_plain.glb", tmp, "plain");
  ASSERT_EQ(with.width, 1280u);
  ASSERT_EQ(without.width, 1280u);
  const size_t a = neutral_off_background(with), b = neutral_off_background(without);
  std::printf("neutral pixels off the background: %zu with meshes, %zu without\n", a, b);
  EXPECT_GT(a, 4000u);
  EXPECT_GT(a, 4 * b);
  if (const char* keep = std::getenv("RETROANIM_VIEWER_MESH_SCREENSHOT"); keep && *keep)
    fs::copy_file(tmp + "/meshes.png", keep, fs::copy_options::overwrite_existing);
}

#endif
