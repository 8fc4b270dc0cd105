// `retroanim ck play`: JSON lines per frame, the SVG, and one-line errors with exit 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/io/scene.h"
#include "support/test_support.h"

using retroanim::test::run_cli;

TEST(CliCkPlay, MenuCameraJsonLines) {
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
  EXPECT_NE(retroanim::test::read_file(svg).find("<svg"), std::string::npos);
}

TEST(CliCkPlay, BadScenarioIsOneLineExit2) {
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

TEST(CliCkPlay, MalformedScenarioJsonNamesTheSourceAndTheByte) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  const std::string spec = retroanim::test::temp_dir() + "/bad.json";
  std::ofstream(spec) << R"({"behaviors": [})";
  auto r = run_cli("ck play '" + path + "' --scenario '" + spec + "' --seconds 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("retroanim: " + spec + ": at byte 16: malformed JSON", 0), 0u) << r.err;
  auto inline_json = run_cli("ck play '" + path + "' --scenario '{\"behaviors\": [}' --seconds 1");
  EXPECT_EQ(inline_json.exit_code, 2);
  EXPECT_EQ(inline_json.err.rfind("retroanim: --scenario: at byte 16: malformed JSON", 0), 0u) << inline_json.err;
}

namespace {

// The JSON lines of `path`, parsed.
std::vector<nlohmann::json> read_json_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<nlohmann::json> out;
  std::string line;
  while (std::getline(in, line)) out.push_back(nlohmann::json::parse(line));
  return out;
}

// Row 3 (the position) of a recorded world matrix.
retroanim::math::Vec3 position_of(const nlohmann::json& world) {
  return {world[3][0].get<float>(), world[3][1].get<float>(), world[3][2].get<float>()};
}

}  // namespace

// `retroanim demo` saves its composition and its three scripts with the .nmo
// writer, runs each script as saved on the file loaded back, and writes
// trajectories and a picture. Checked here against the saved file, read again
// by the test: the camera stays on I_MenuLevel_Curve (y = 40), and the stone's
// world position at each frame is Record Anim's SetStep at the step Play
// Animation 3D Entity computes (step 0 on the On frame, then += dt / 10000 in
// float, wrapping past 1); the UFO arms follow UFO_Animation's SetStep at the
// step Play Global Animation computes (4 s loop).
TEST(CliCkPlay, DemoPlaysBothScenariosFromTheWrittenFile) {
  using retroanim::math::Vec3;
  const std::string out = retroanim::test::temp_dir();
  auto r = run_cli("demo --out '" + out + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("ck_play_demo.nmo"), std::string::npos) << r.out;
  std::ifstream svg(out + "/ck_play.svg");
  std::stringstream ss;
  ss << svg.rdbuf();
  EXPECT_NE(ss.str().find("<svg"), std::string::npos);
  // The scripts live in the file: no scenario specs beside it.
  EXPECT_FALSE(std::ifstream(out + "/ck_play_menu_camera_scenario.json").good());
  EXPECT_FALSE(std::ifstream(out + "/ck_play_stone_scenario.json").good());
  auto blocks = run_cli("ck play '" + out + "/ck_play_demo.nmo' --list-blocks");
  ASSERT_EQ(blocks.exit_code, 0) << blocks.err;
  EXPECT_NE(blocks.out.find("4 kinds, 4 blocks; 4 kinds implemented, 0 not"), std::string::npos) << blocks.out;

  retroanim::ck::Scene scene = retroanim::ck::io::load_scene_file(out + "/ck_play_demo.nmo");
  const retroanim::ck::Curve* curve = scene.curve("I_MenuLevel_Curve");
  ASSERT_NE(curve, nullptr);
  ASSERT_EQ(curve->control_point_count(), 4);
  ASSERT_NE(scene.entity("Cam_MenuLevel"), nullptr);
  retroanim::ck::ObjectAnimation* anim = scene.object_animation("Record Anim");
  retroanim::ck::Entity3d* stone = scene.entity("I_Ball_Stone");
  ASSERT_NE(anim, nullptr);
  ASSERT_NE(stone, nullptr);
  ASSERT_EQ(anim->entity, stone);

  // Camera: every frame lies on the curve. 20,000 samples of a ~600-unit
  // loop are 0.03 apart, so the nearest sample is within 0.02 of any point on it.
  std::vector<Vec3> samples;
  for (int i = 0; i <= 20000; ++i) {
    Vec3 p;
    ASSERT_EQ(curve->get_pos(static_cast<float>(i) / 20000.0f, &p), retroanim::Status::kOk);
    samples.push_back(p);
  }
  auto cam = read_json_lines(out + "/ck_play_menu_camera.jsonl");
  ASSERT_EQ(cam.size(), 3000u);
  for (size_t i = 0; i < cam.size(); i += 7) {
    Vec3 p = position_of(cam[i]["entities"]["Cam_MenuLevel"]["world"]);
    EXPECT_NEAR(p.y, 40.0f, 1e-3f) << "frame " << i;
    float best = 1e30f;
    for (const Vec3& s : samples) best = std::min(best, retroanim::math::square_magnitude(s - p));
    EXPECT_LT(best, 0.02f * 0.02f) << "frame " << i;
  }

  // Stone: SetStep at the BB's step, frame by frame.
  auto stone_frames = read_json_lines(out + "/ck_play_stone.jsonl");
  ASSERT_EQ(stone_frames.size(), 3000u);
  const float dt = 1000.0f / 60.0f;
  float step = 0.0f;
  int wraps = 0;
  for (size_t i = 0; i < stone_frames.size(); ++i) {
    if (i > 0) {
      step += dt / 10000.0f;
      if (step > 1.0f) {
        step -= static_cast<float>(static_cast<int>(step));
        ++wraps;
      }
    }
    retroanim::ck::set_step(*anim, step);
    Vec3 want = stone->world_matrix().row(3);
    Vec3 got = position_of(stone_frames[i]["entities"]["I_Ball_Stone"]["world"]);
    ASSERT_NEAR(got.x, want.x, 1e-5f) << "frame " << i;
    ASSERT_NEAR(got.y, want.y, 1e-5f) << "frame " << i;
    ASSERT_NEAR(got.z, want.z, 1e-5f) << "frame " << i;
  }
  EXPECT_EQ(wraps, 4);  // 50 s of a 10 s loop

  // UFO: the arms' world matrices are the keyed animation's SetStep at the BB's step.
  retroanim::ck::KeyedAnimation* ufo = scene.keyed_animation("UFO_Animation");
  ASSERT_NE(ufo, nullptr);
  ASSERT_EQ(ufo->animations.size(), 4u);
  auto ufo_frames = read_json_lines(out + "/ck_play_ufo.jsonl");
  ASSERT_EQ(ufo_frames.size(), 240u);
  step = 0.0f;
  for (size_t i = 0; i < ufo_frames.size(); ++i) {
    if (i > 0) {
      step += dt / 4000.0f;
      if (step > 1.0f) step -= static_cast<float>(static_cast<int>(step));
    }
    retroanim::ck::set_step(*ufo, step);
    for (const char* arm : {"UFO_Arm_1", "UFO_Arm_2", "UFO_Arm_3"}) {
      Vec3 want = scene.entity(arm)->world_matrix().row(3);
      Vec3 got = position_of(ufo_frames[i]["entities"][arm]["world"]);
      ASSERT_NEAR(got.x, want.x, 1e-5f) << arm << " frame " << i;
      ASSERT_NEAR(got.z, want.z, 1e-5f) << arm << " frame " << i;
    }
  }

  // `ck play` on the demo's file running its script as saved (the command
  // docs/formats/ck-scenario.md shows) prints the demo's first second line for line.
  auto again = run_cli("ck play '" + out +
                       "/ck_play_demo.nmo' --scenario '{\"script\":{\"name\":\"MenuLevel_Init\"},"
                       "\"record\":[\"Cam_MenuLevel\"]}' --seconds 1 --json");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  std::istringstream lines(again.out);
  std::string line;
  size_t n = 0;
  while (std::getline(lines, line)) {
    ASSERT_LT(n, cam.size());
    EXPECT_EQ(nlohmann::json::parse(line), cam[n]) << "frame " << n;
    ++n;
  }
  EXPECT_EQ(n, 60u);
}

// Bad scenarios through the CLI, on a file the test writes (one entity
// "Cam"): each gets one line on stderr naming the culprit, and exit 2.
TEST(CliCkPlay, BadScenarioSpecsNameTheCulpritExit2) {
  retroanim::ck::Scene s;
  retroanim::ck::ObjectRecord r;
  r.class_id = retroanim::ck::class_id::k3dEntity;
  r.name = "Cam";
  retroanim::ck::ObjectRecord& rec = s.add_record(r);
  s.adopt_entity(rec, std::make_unique<retroanim::ck::Entity3d>());
  s.reindex();
  const std::string file = retroanim::test::temp_dir() + "/cam.nmo";
  {
    std::vector<uint8_t> bytes = retroanim::ck::io::save_scene(s);
    std::ofstream f(file, std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  struct Case {
    const char* spec;
    const char* expect;
  } cases[] = {
      // a missing object: curve, target, recorded entity
      {R"({"behaviors": [{"type": "Position On Curve", "target": "Cam", "inputs": {"Curve": "NoCurve"}}], "record": ["Cam"]})",
       "no curve named 'NoCurve'"},
      {R"({"behaviors": [{"type": "Position On Curve", "target": "Ghost"}], "record": ["Cam"]})", "no 3D entity named 'Ghost'"},
      {R"({"behaviors": [], "record": ["Nobody"]})", "no 3D entity named 'Nobody'"},
      // a missing BB, a missing pin
      {R"({"behaviors": [{"type": "Teleport"}], "record": ["Cam"]})", "unknown building block 'Teleport'"},
      {R"({"behaviors": [{"type": "Bezier Progression", "inputs": {"Speed": 1}}], "record": ["Cam"]})",
       "no input parameter named 'Speed'"},
      {R"({"behaviors": [{"name": "b", "type": "Bezier Progression"}], "start": ["b.Go"], "record": ["Cam"]})",
       "has no input named 'Go'"},
      // wrong types
      {R"({"behaviors": [{"type": "Bezier Progression", "inputs": {"Duration": "long"}}], "record": ["Cam"]})",
       "inputs.Duration: expected a number"},
      {R"({"behaviors": [{"type": "Play Animation 3D Entity", "inputs": {"Animation": "Cam"}}], "record": ["Cam"]})",
       "no object animation named 'Cam'"},
  };
  for (const Case& c : cases) {
    std::string spec = c.spec;
    auto res = run_cli("ck play '" + file + "' --scenario '" + spec + "' --seconds 1");
    EXPECT_EQ(res.exit_code, 2) << spec;
    EXPECT_NE(res.err.find(c.expect), std::string::npos) << spec << "\n" << res.err;
    EXPECT_EQ(res.err.find('\n'), res.err.size() - 1) << res.err;
  }
}
