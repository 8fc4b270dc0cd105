// `retroanim ck play`: JSON lines per frame, the SVG, and one-line errors with exit 2.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "retroanim/ck/curve.h"
#include "retroanim/ck/io/scene_io.h"
#include "support/test_support.h"

using retroanim::test::run_cli;

TEST(CliPlay, MenuCameraJsonLines) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  if (!retroanim::ck::io::load_scene_file(path).curve("I_MenuLevel_Curve"))
    GTEST_SKIP() << "the scene loader does not load curves yet";
  std::string svg = retroanim::test::temp_dir() + "/menu.svg";
  auto r = run_cli("ck play '" + path + "' --scenario menu-camera --seconds 1 --json --svg '" + svg + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    auto j = nlohmann::json::parse(line);
    ASSERT_TRUE(j.contains("t_ms"));
    auto w = j["entities"]["Cam_MenuLevel"]["world"];
    ASSERT_EQ(w.size(), 4u);
    EXPECT_NEAR(w[3][1].get<double>(), 40.0, 1e-3);
    ++n;
  }
  EXPECT_EQ(n, 60);
  std::ifstream f(svg);
  std::stringstream ss;
  ss << f.rdbuf();
  EXPECT_NE(ss.str().find("<svg"), std::string::npos);
}

TEST(CliPlay, BadScenarioIsOneLineExit2) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck play '" + path + "' --scenario nope --seconds 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("scenario 'nope'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1);
  auto r2 = run_cli("ck play '" + path +
                    "' --scenario '{\"behaviors\": [{\"type\": \"Position On Curve\", \"inputs\": {\"Curve\": \"NoCurve\"}}], \"record\": [\"Cam_MenuLevel\"]}' --seconds 1");
  EXPECT_EQ(r2.exit_code, 2);
  EXPECT_NE(r2.err.find("no curve named 'NoCurve'"), std::string::npos) << r2.err;
}
