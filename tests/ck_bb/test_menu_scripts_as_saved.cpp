// The game's menu scripts run as saved (issue 19 item 1), on the real files:
// MenuLevel_Init from its Start in MenuLevel.nmo, with the game files it
// reads by name loaded into the same context (base.cmo's GameSettings,
// Levelinit.nmo's AllLevel, Gameplay.nmo's Light_Ingame), moves the camera
// around the menu curve exactly as the built-in menu-camera does, sets it as
// the active camera, and activates Ball_Stone Script, which then plays Record
// Anim one frame behind the built-in stone. The same holds on a copy of
// MenuLevel.nmo whose object ids all differ (objects are found by name).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <cstring>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "retroanim/ck/bb/bezier_progression.h"
#include "retroanim/ck/behavior_builder.h"
#include "retroanim/ck/curve.h"
#include "retroanim/ck/data_array.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/scenario.h"
#include "retroanim/ck/scene_behaviors.h"
#include "support/test_support.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;

const char* kMenuAsSaved =
    R"({"script": {"name": "MenuLevel_Init"}, "context": ["base.cmo", "Levelinit.nmo", "Gameplay.nmo"],
        "record": ["Cam_MenuLevel", "I_Ball_Stone"]})";

std::vector<ScenarioFrame> run(Scene& scene, const std::string& spec, int frames) {
  auto sc = Scenario::create(scene, spec);
  return sc->run(frames, 1000.0f / 60.0f);
}

bool same_bits(const math::Matrix& a, const math::Matrix& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// Checks the as-saved run on `scene` against the built-ins on `reference`.
void check_menu_as_saved(Scene& scene, Scene& reference) {
  const int frames = 5400;  // 90 s at 60 Hz
  auto sc = Scenario::create(scene, kMenuAsSaved);
  Behavior* bp = sc->behavior("Bezier Progression");
  ASSERT_NE(bp, nullptr);
  const Curve* curve = scene.curve("I_MenuLevel_Curve");
  ASSERT_NE(curve, nullptr);
  std::vector<ScenarioFrame> camera = run(reference, "menu-camera", frames);
  std::vector<ScenarioFrame> stone = run(reference, "stone", frames);
  sc->reset();
  std::vector<math::Vec3> pos;
  std::vector<double> wraps;
  float prev_p = -1.0f;
  for (int i = 0; i < frames; ++i) {
    ScenarioFrame f = sc->step(1000.0f / 60.0f);
    ASSERT_TRUE(f.unimplemented.empty() || f.unimplemented[0].name == "Point Particle System") << i;
    for (const BlockEvent& e : f.events) ASSERT_FALSE(e.failure) << i << ": " << e.block << " " << e.what;
    EXPECT_EQ(f.active_camera, "Cam_MenuLevel") << i;  // Set As Active Camera ran in frame 0
    math::Vec3 p = f.worlds[0].row(3);
    math::Vec3 on_curve;
    ASSERT_EQ(curve->get_pos(bp->output_float(bb::bezier_progression_pin::kValue, -1.0f), &on_curve), Status::kOk);
    ASSERT_LT(std::fabs(p.x - on_curve.x) + std::fabs(p.y - on_curve.y) + std::fabs(p.z - on_curve.z), 0.02f) << i;
    ASSERT_TRUE(same_bits(f.worlds[0], camera[static_cast<size_t>(i)].worlds[0])) << "camera, frame " << i;
    // Activated in frame 0, Ball_Stone Script starts in frame 1.
    if (i > 0) {
      ASSERT_TRUE(same_bits(f.worlds[1], stone[static_cast<size_t>(i - 1)].worlds[0])) << "stone, frame " << i;
    }
    pos.push_back(p);
    float progression = bp->output_float(bb::bezier_progression_pin::kValue, -1.0f);
    if (progression < prev_p) wraps.push_back(f.t_ms);
    prev_p = progression;
  }
  // The 44 s loop: the progression wraps twice in 90 s, just after 44 s and
  // 88 s (BP's Out -> In has delay 1, so each loop lasts 2641 or 2642
  // frames); loop 2 retraces loop 1 within one frame's travel (at most 0.25).
  ASSERT_EQ(wraps.size(), 2u);
  EXPECT_GT(wraps[0], 44000.0);
  EXPECT_LT(wraps[0], 44000.0 + 2.5 * 1000.0 / 60.0);
  EXPECT_GT(wraps[1], 88000.0);
  EXPECT_LT(wraps[1], 88000.0 + 5.0 * 1000.0 / 60.0);
  for (int i = 0; i + 2642 < frames; ++i) {
    math::Vec3 a = pos[static_cast<size_t>(i)], b = pos[static_cast<size_t>(i + 2641)];
    ASSERT_LT(std::hypot(a.x - b.x, a.z - b.z), 0.3f) << i;
  }
}

TEST(MenuScriptsAsSaved, MenuLevelInitMovesTheCameraAndStartsTheStone) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  RETROANIM_REQUIRE_BALLANCE(base, "base.cmo");
  Scene scene = io::load_scene_file(path);
  Scene reference = io::load_scene_file(path);
  check_menu_as_saved(scene, reference);
}

TEST(MenuScriptsAsSaved, HoldsOnACopyWithOtherObjectIds) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  RETROANIM_REQUIRE_BALLANCE(base, "base.cmo");
  namespace fs = std::filesystem;
  Scene original = io::load_scene_file(path);
  for (ObjectRecord& r : original.objects()) r.id += 7919;
  const fs::path dir = fs::path(retroanim::test::temp_dir()) / "menu_other_ids";
  fs::create_directories(dir);
  {
    std::vector<uint8_t> bytes = io::save_scene(original);
    std::ofstream f(dir / "MenuLevel.nmo", std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  for (const char* f : {"base.cmo", "Levelinit.nmo", "Gameplay.nmo"})
    fs::copy_file(fs::path(path).parent_path() / f, dir / f, fs::copy_options::overwrite_existing);
  Scene copy = io::load_scene_file((dir / "MenuLevel.nmo").string());
  const ObjectRecord* cam = copy.find("Cam_MenuLevel");
  ASSERT_NE(cam, nullptr);
  EXPECT_NE(cam->id, io::load_scene_file(path).find("Cam_MenuLevel")->id);
  Scene reference = io::load_scene_file(path);
  check_menu_as_saved(copy, reference);
}

TEST(MenuScriptsAsSaved, BallStoneScriptAsSavedIsTheStone) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene scene = io::load_scene_file(path);
  std::vector<ScenarioFrame> saved =
      run(scene, R"({"script": {"name": "Ball_Stone Script"}, "record": ["I_Ball_Stone"]})", 3600);
  std::vector<ScenarioFrame> builtin = run(scene, "stone", 3600);
  for (size_t i = 0; i < saved.size(); ++i) ASSERT_TRUE(same_bits(saved[i].worlds[0], builtin[i].worlds[0])) << i;
}

// The data arrays the menu script reads, loaded from the files (CKDataArray::Load).
TEST(MenuScriptsAsSaved, DataArraysOfTheGameFiles) {
  RETROANIM_REQUIRE_BALLANCE(menu, "MenuLevel.nmo");
  RETROANIM_REQUIRE_BALLANCE(levelinit, "Levelinit.nmo");
  RETROANIM_REQUIRE_BALLANCE(base, "base.cmo");
  auto array_in = [](const Scene& s, BehaviorManager& m, const LoadedBehaviors& l, const char* name) {
    const ObjectRecord* rec = s.find(name, class_id::kDataArray);
    EXPECT_NE(rec, nullptr) << name;
    auto it = rec ? l.data_arrays.find(rec->file_index) : l.data_arrays.end();
    (void)m;
    return it == l.data_arrays.end() ? nullptr : it->second;
  };
  BehaviorManager m;
  Scene ms = io::load_scene_file(menu);
  LoadedBehaviors ml = load_behaviors(ms, m);
  const DataArray* sky = array_in(ms, m, ml, "MenuSky");
  ASSERT_NE(sky, nullptr);
  ASSERT_EQ(sky->columns.size(), 5u);
  ASSERT_EQ(sky->rows.size(), 1u);
  EXPECT_EQ(sky->columns[0].name, "Back");
  EXPECT_EQ(sky->columns[4].name, "Down");
  EXPECT_EQ(sky->columns[0].type, ArrayColumnType::kParameter);
  EXPECT_EQ(sky->columns[0].parameter_type, param_guid::kMaterial);
  ASSERT_NE(sky->rows[0][0].parameter, nullptr);
  EXPECT_EQ(sky->rows[0][0].parameter->value.object().name, "MSky_Back");
  EXPECT_EQ(sky->rows[0][4].parameter->value.object().name, "MSky_Down");

  Scene ls = io::load_scene_file(levelinit);
  LoadedBehaviors ll = load_behaviors(ls, m);
  const DataArray* all = array_in(ls, m, ll, "AllLevel");
  ASSERT_NE(all, nullptr);
  ASSERT_EQ(all->rows.size(), 13u);
  ASSERT_EQ(all->columns.size(), 8u);
  EXPECT_EQ(all->columns[3].name, "Sky");
  EXPECT_EQ(all->element(0, 0)->text, "Level_01.nmo");
  EXPECT_EQ(all->element(4, 3)->text, "Sky_C");  // the menu's sky (row = Pin 0 = 4)
  EXPECT_EQ(all->element(12, 1)->text, "Ball_Stone");
  EXPECT_EQ(all->element(12, 6)->int_value, 1300);

  Scene bs = io::load_scene_file(base);
  LoadedBehaviors bl = load_behaviors(bs, m);
  const DataArray* gs = array_in(bs, m, bl, "GameSettings");
  ASSERT_NE(gs, nullptr);
  ASSERT_EQ(gs->columns.size(), 15u);
  EXPECT_EQ(gs->columns[8].name, "Fullversion?");
  EXPECT_EQ(gs->columns[13].name, "LowMemory");
  EXPECT_EQ(gs->columns[13].parameter_type, param_guid::kBool);
  EXPECT_EQ(gs->element(0, 8)->int_value, 0);
  ASSERT_NE(gs->element(0, 13)->parameter, nullptr);
  EXPECT_EQ(gs->element(0, 13)->parameter->value.as_int(), 0);  // not low memory: "sky\"
  EXPECT_EQ(gs->element(0, 2)->text, "Software\\Ballance\\");
}

TEST(MenuScriptsAsSaved, AMissingContextFileIsOneLineError) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene scene = io::load_scene_file(path);
  try {
    Scenario::create(scene, R"({"script": {"name": "MenuLevel_Init"}, "context": ["nope.cmo"], "record": []})");
    FAIL() << "no error";
  } catch (const Error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("scenario 'spec': context: no file '"), std::string::npos) << what;
    EXPECT_NE(what.find("nope.cmo'"), std::string::npos) << what;
  }
}

TEST(MenuScriptsAsSaved, CliJsonReportsTheActiveCameraAndEvents) {
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

namespace {

// The parameter operations (class 4) of the game files are read and built;
// those of the implemented kinds run (docs/FIDELITY.md lists the kinds per file).
TEST(MenuScriptsAsSaved, ParameterOperationsOfTheGameFiles) {
  RETROANIM_REQUIRE_BALLANCE(menu, "Menu.nmo");
  RETROANIM_REQUIRE_BALLANCE(base, "base.cmo");
  BehaviorManager m;
  Scene ms = io::load_scene_file(menu);
  LoadedBehaviors ml = load_behaviors(ms, m);
  EXPECT_EQ(ml.operations.size(), 24u);
  int implemented = 0, ran = 0;
  for (const auto& [index, op] : ml.operations) {
    ASSERT_NE(op->out, nullptr) << op->name;
    EXPECT_EQ(op->out->operation, op);
    if (!op->function) continue;
    ++implemented;
    if (op->do_operation()) ++ran;
  }
  EXPECT_EQ(implemented, 23);  // all but one integer operation (67641171:6499077a)
  EXPECT_EQ(ran, implemented);
  Scene bs = io::load_scene_file(base);
  LoadedBehaviors bl = load_behaviors(bs, m);
  EXPECT_EQ(bl.operations.size(), 14u);
  for (const auto& [index, op] : bl.operations) {
    EXPECT_NE(op->function, nullptr) << op->name << " " << guid_text(op->operation);
    if (op->operation == op_guid::kGetName && op->in1->real_source() &&
        op->in1->real_source()->value.kind() == ValueKind::kObject && op->do_operation()) {
      EXPECT_EQ(op->out->value.string(), op->in1->real_source()->value.object().name);
    }
  }
}

}  // namespace
