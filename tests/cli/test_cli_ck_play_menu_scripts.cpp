// `retroanim ck play` on the game's menu scripts as saved (issue 19 item 1):
// alone in a directory one warning names what is missing, the acceptance
// command follows the menu curve, and --json reports the active camera and
// the blocks' events.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <cstring>
#include <deque>
#include <fstream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "retroanim/ck/behavior/bb/bezier_progression.h"
#include "retroanim/ck/behavior/behavior_builder.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/behavior/data_array.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "harness/ck/scenario.h"
#include "retroanim/ck/behavior/scene_behaviors.h"
#include "support/ck_behavior_fixtures.h"
#include "support/test_support.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;

// The acceptance run of issue 19, exactly.
const char* kAcceptance = R"({"script":{"name":"MenuLevel_Init"},"record":["Cam_MenuLevel"]})";

std::vector<ScenarioFrame> run(Scene& scene, const std::string& spec, int frames) {
  auto sc = Scenario::create(scene, spec);
  return sc->run(frames, 1000.0f / 60.0f);
}

// The positions (world row 3) of `entity` in `ck play --json` output, one per line.
std::vector<math::Vec3> positions(const std::string& json_lines, const std::string& entity) {
  std::vector<math::Vec3> out;
  std::istringstream in(json_lines);
  for (std::string line; std::getline(in, line);) {
    auto w = nlohmann::json::parse(line)["entities"][entity]["world"][3];
    out.push_back({w[0].get<float>(), w[1].get<float>(), w[2].get<float>()});
  }
  return out;
}

bool same_bits(const math::Matrix& a, const math::Matrix& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// MenuLevel.nmo with its object ids shuffled, saved by the writer in a
// directory with copies of the three game files it reads by name.
std::string shuffled_copy(const std::string& path, const std::vector<std::string>& beside) {
  Scene original = io::load_scene_file(path);
  std::vector<ObjectId> ids;
  for (const ObjectRecord& r : original.objects()) ids.push_back(r.id);
  std::mt19937 rng(19);
  std::shuffle(ids.begin(), ids.end(), rng);
  for (size_t i = 0; i < ids.size(); ++i) original.objects()[i].id = ids[i] + 100;  // none keeps its id
  return retroanim::test::write_beside(io::save_scene(original), "MenuLevel.nmo", beside);
}

// The acceptance command, exactly, on MenuLevel.nmo alone in a directory: the
// one warning names the objects it lacks and the files that normally supply
// them; the script stops at the first Get Cell, and the camera stays put.
TEST(CliCkPlayMenuScripts, AloneInADirectoryOneWarningNamesWhatIsMissing) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  const std::string alone = shuffled_copy(path, {});
  auto r = retroanim::test::run_cli("ck play '" + alone + "' --scenario '" + kAcceptance + "' --seconds 2 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> warnings;
  std::istringstream err(r.err);
  for (std::string line; std::getline(err, line);)
    if (line.find("gets objects by name") != std::string::npos) warnings.push_back(line);
  ASSERT_EQ(warnings.size(), 1u) << r.err;
  EXPECT_EQ(warnings[0],
            "retroanim: warning: script 'MenuLevel_Init' gets objects by name that MenuLevel.nmo lacks and no "
            "base.cmo beside it (or in its parent directory) supplies: 'AllLevel' (DataArray, normally in "
            "Levelinit.nmo), 'GameSettings' (DataArray, normally in base.cmo), 'Light_Ingame' (Light, normally "
            "in Gameplay.nmo); the blocks reading them fail, as in the engine without those files (a spec's "
            "\"context\" names the files)");
  EXPECT_EQ(r.err.find("note:"), std::string::npos) << r.err;
  std::vector<math::Vec3> pos = positions(r.out, "Cam_MenuLevel");
  EXPECT_EQ(pos.size(), 120u);
  for (const math::Vec3& p : pos) {
    EXPECT_EQ(p.x, 0.0f);
    EXPECT_EQ(p.z, -95.0f);
  }
  // Ball_Stone Script gets nothing by name: alone, it plays as on the data set, silently.
  Scene scene = io::load_scene_file(alone);
  Scene reference = io::load_scene_file(path);
  auto stone = Scenario::create(scene, R"({"script":{"name":"Ball_Stone Script"},"record":["I_Ball_Stone"]})");
  EXPECT_TRUE(stone->warnings().empty());
  EXPECT_TRUE(stone->notes().empty());
  std::vector<ScenarioFrame> a = stone->run(600, 1000.0f / 60.0f), b = run(reference, "stone", 600);
  for (size_t i = 0; i < a.size(); ++i) ASSERT_TRUE(same_bits(a[i].worlds[0], b[i].worlds[0])) << i;
}

// The distance from `p` to the polyline through `pts` (closed).
float distance_to(const std::vector<math::Vec3>& pts, math::Vec3 p) {
  float best = 1e30f;
  for (size_t i = 0; i < pts.size(); ++i) {
    math::Vec3 a = pts[i], b = pts[(i + 1) % pts.size()];
    math::Vec3 ab{b.x - a.x, b.y - a.y, b.z - a.z}, ap{p.x - a.x, p.y - a.y, p.z - a.z};
    float len2 = ab.x * ab.x + ab.y * ab.y + ab.z * ab.z;
    float t = len2 > 0 ? std::clamp((ap.x * ab.x + ap.y * ab.y + ap.z * ab.z) / len2, 0.0f, 1.0f) : 0.0f;
    math::Vec3 d{ap.x - t * ab.x, ap.y - t * ab.y, ap.z - t * ab.z};
    best = std::min(best, std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z));
  }
  return best;
}

// The acceptance command, exactly, on the data set and on the shuffled copy
// beside its game files: every frame's camera lies on the menu curve (within
// 0.02) and the path repeats with the 44 s period; the note names the files.
TEST(CliCkPlayMenuScripts, TheAcceptanceCommandFollowsTheMenuCurve) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  RETROANIM_REQUIRE_BALLANCE(base, "base.cmo");
  Scene scene = io::load_scene_file(path);
  const Curve* curve = scene.curve("I_MenuLevel_Curve");
  ASSERT_NE(curve, nullptr);
  std::vector<math::Vec3> samples(20000);
  for (size_t i = 0; i < samples.size(); ++i)
    ASSERT_EQ(curve->get_pos(static_cast<float>(i) / static_cast<float>(samples.size()), &samples[i]), Status::kOk);
  for (const std::string& file : {path, shuffled_copy(path, retroanim::test::kMenuContextFiles)}) {
    auto r = retroanim::test::run_cli("ck play '" + file + "' --scenario '" + kAcceptance + "' --seconds 90 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("'GameSettings' from base.cmo"), std::string::npos) << r.err;
    std::vector<math::Vec3> pos = positions(r.out, "Cam_MenuLevel");
    ASSERT_EQ(pos.size(), 5400u);
    for (size_t i = 0; i < pos.size(); ++i) ASSERT_LT(distance_to(samples, pos[i]), 0.02f) << file << " frame " << i;
    EXPECT_GT(std::hypot(pos[0].x - pos[1320].x, pos[0].z - pos[1320].z), 100.0f);  // half a loop: across the curve
    for (size_t i = 0; i + 2642 < pos.size(); ++i)  // 44 s = 2640 frames (+1 or 2 for the Out -> In delay)
      ASSERT_LT(std::hypot(pos[i].x - pos[i + 2641].x, pos[i].z - pos[i + 2641].z), 0.3f) << i;
  }
}

TEST(CliCkPlayMenuScripts, CliJsonReportsTheActiveCameraAndEvents) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  RETROANIM_REQUIRE_BALLANCE(base, "base.cmo");
  auto r = retroanim::test::run_cli(
      "ck play '" + path +
      "' --scenario '{\"script\":{\"name\":\"MenuLevel_Init\"},\"context\":[\"base.cmo\",\"Levelinit.nmo\","
      "\"Gameplay.nmo\"],\"record\":[\"Cam_MenuLevel\"]}' --seconds 1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  std::string line;
  int n = 0;
  bool sky = false, fog = false;
  while (std::getline(in, line)) {
    auto j = nlohmann::json::parse(line);
    ++n;
    EXPECT_EQ(j["active_camera"], "Cam_MenuLevel");
    if (j.contains("events"))
      for (const auto& e : j["events"]) {
        std::string w = e["what"];
        sky = sky || w.rfind("sky on", 0) == 0;
        fog = fog || w.rfind("fog mode 3", 0) == 0;
      }
  }
  EXPECT_EQ(n, 60);
  EXPECT_TRUE(sky);
  EXPECT_TRUE(fog);
}

}  // namespace

