// The game's menu scripts run as saved (issue 19 item 1), on the real files:
// MenuLevel_Init from its Start in MenuLevel.nmo, with the game files it
// reads by name loaded into the same context (base.cmo's GameSettings,
// Levelinit.nmo's AllLevel, Gameplay.nmo's Light_Ingame), moves the camera
// around the menu curve exactly as the built-in menu-camera does, sets it as
// the active camera, and activates Ball_Stone Script, which then plays Record
// Anim one frame behind the built-in stone. Without a "context" key the same
// files are found beside MenuLevel.nmo (base.cmo and its MainLoading list)
// and the run is the same; alone in a directory, one warning names the
// objects it lacks and the files that normally supply them. The same holds
// on a copy of MenuLevel.nmo whose object ids are shuffled (objects are found
// by name).
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

const char* kMenuAsSaved =
    R"({"script": {"name": "MenuLevel_Init"}, "context": ["base.cmo", "Levelinit.nmo", "Gameplay.nmo"],
        "record": ["Cam_MenuLevel", "I_Ball_Stone"]})";
// The same without "context": the game files are found beside the played file.
const char* kMenuFindsItsFiles = R"({"script": {"name": "MenuLevel_Init"}, "record": ["Cam_MenuLevel", "I_Ball_Stone"]})";
// The acceptance run of issue 19, exactly.
const char* kAcceptance = R"({"script":{"name":"MenuLevel_Init"},"record":["Cam_MenuLevel"]})";
// The menu camera as the built-in was before it ran the script as saved: the
// two blocks alone, started by the scenario (the reference trace).
const char* kInjectedStart =
    R"({"script": {"name": "MenuLevel_Init", "behaviors": ["Bezier Progression", "Position On Curve"],
                   "start": ["Bezier Progression.In"]}, "context": [], "record": ["Cam_MenuLevel"]})";

std::vector<ScenarioFrame> run(Scene& scene, const std::string& spec, int frames) {
  auto sc = Scenario::create(scene, spec);
  return sc->run(frames, 1000.0f / 60.0f);
}

bool same_bits(const math::Matrix& a, const math::Matrix& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// Checks the as-saved run (`spec`) on `scene` against the camera started by
// the scenario and the built-in stone on `reference`.
void check_menu_as_saved(Scene& scene, Scene& reference, const char* spec = kMenuAsSaved) {
  const int frames = 5400;  // 90 s at 60 Hz
  auto sc = Scenario::create(scene, spec);
  Behavior* bp = sc->behavior("Bezier Progression");
  ASSERT_NE(bp, nullptr);
  const Curve* curve = scene.curve("I_MenuLevel_Curve");
  ASSERT_NE(curve, nullptr);
  std::vector<ScenarioFrame> camera = run(reference, kInjectedStart, frames);
  std::vector<ScenarioFrame> stone = run(reference, "stone", frames);
  sc->reset();
  std::vector<math::Vec3> pos;
  std::vector<double> wraps;
  float prev_p = -1.0f;
  for (int i = 0; i < frames; ++i) {
    ScenarioFrame f = sc->step(1000.0f / 60.0f);
    ASSERT_TRUE(f.unimplemented.empty()) << i << ": " << f.unimplemented[0].name;
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

// Without "context" the run finds base.cmo, Levelinit.nmo and Gameplay.nmo
// beside MenuLevel.nmo and is the same, bit for bit; the note says which
// file supplied which object.
TEST(MenuScriptsAsSaved, WithoutContextTheGameFilesBesideItAreFound) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  RETROANIM_REQUIRE_BALLANCE(base, "base.cmo");
  Scene scene = io::load_scene_file(path);
  Scene reference = io::load_scene_file(path);
  check_menu_as_saved(scene, reference, kMenuFindsItsFiles);
  auto sc = Scenario::create(scene, kMenuFindsItsFiles);
  ASSERT_EQ(sc->notes().size(), 1u);
  EXPECT_TRUE(sc->warnings().empty());
  const std::string& note = sc->notes()[0];
  for (const char* s : {"'GameSettings' from base.cmo", "'AllLevel' from Levelinit.nmo", "'Light_Ingame' from Gameplay.nmo"})
    EXPECT_NE(note.find(s), std::string::npos) << note;
  // "context": [] keeps the file alone; a spec's own context is used as given.
  EXPECT_TRUE(Scenario::create(scene, R"({"script": {"name": "MenuLevel_Init"}, "context": [], "record": []})")->notes().empty());
  EXPECT_TRUE(Scenario::create(scene, kMenuAsSaved)->notes().empty());
  // Ball_Stone Script gets nothing by name: nothing is loaded beside it.
  EXPECT_TRUE(Scenario::create(scene, "stone")->notes().empty());
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

TEST(MenuScriptsAsSaved, HoldsOnACopyWithOtherObjectIds) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  RETROANIM_REQUIRE_BALLANCE(base, "base.cmo");
  Scene copy = io::load_scene_file(shuffled_copy(path, retroanim::test::kMenuContextFiles));
  Scene reference = io::load_scene_file(path);
  int same = 0;
  for (const ObjectRecord& r : copy.objects())
    if (const ObjectRecord* o = reference.find(r.name, r.class_id)) same += o->id == r.id ? 1 : 0;
  EXPECT_LT(same, 5);
  EXPECT_NE(copy.find("Cam_MenuLevel")->id, reference.find("Cam_MenuLevel")->id);
  check_menu_as_saved(copy, reference, kMenuFindsItsFiles);
  // Ball_Stone Script as saved follows Record Anim on the copy as on the original.
  const char* stone = R"({"script":{"name":"Ball_Stone Script"},"record":["I_Ball_Stone"]})";
  std::vector<ScenarioFrame> a = run(copy, stone, 3600), b = run(reference, "stone", 3600);
  for (size_t i = 0; i < a.size(); ++i) ASSERT_TRUE(same_bits(a[i].worlds[0], b[i].worlds[0])) << i;
}

// The install layout: Ballance/base.cmo, Ballance/3D Entities/*.nmo (the
// folder base.cmo's MainLoading names); the played file is found in the
// list and keeps its place, the files the copy lacks are named as not found.
TEST(MenuScriptsAsSaved, TheInstallLayoutIsFollowed) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  RETROANIM_REQUIRE_BALLANCE(base, "base.cmo");
  namespace fs = std::filesystem;
  const fs::path root = fs::path(retroanim::test::temp_dir()) / "Ballance";
  fs::create_directories(root / "3D Entities");
  fs::copy_file(base, root / "base.cmo");
  for (const char* f : {"MenuLevel.nmo", "Levelinit.nmo", "Gameplay.nmo"})
    fs::copy_file(fs::path(path).parent_path() / f, root / "3D Entities" / f);
  Scene scene = io::load_scene_file((root / "3D Entities" / "MenuLevel.nmo").string());
  Scene reference = io::load_scene_file(path);
  auto sc = Scenario::create(scene, kAcceptance);
  ASSERT_EQ(sc->notes().size(), 1u);
  EXPECT_TRUE(sc->warnings().empty());
  EXPECT_NE(sc->notes()[0].find(": base.cmo, Gameplay.nmo, Levelinit.nmo (not found: Language.nmo, Sound.nmo, "
                                "Menu.nmo, AnimTrafo.nmo, Camera.nmo, Balls.nmo, Intro.nmo)"),
            std::string::npos)
      << sc->notes()[0];
  std::vector<ScenarioFrame> a = sc->run(600, 1000.0f / 60.0f), b = run(reference, kInjectedStart, 600);
  for (size_t i = 0; i < a.size(); ++i) ASSERT_TRUE(same_bits(a[i].worlds[0], b[i].worlds[0])) << i;
}

// A base.cmo beside the file that is not a Virtools file: skipped with a
// warning naming it (the played file still plays), then the missing names.
TEST(MenuScriptsAsSaved, ABrokenGameFileBesideItIsSkippedWithAWarning) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  const std::string copy = shuffled_copy(path, {});
  std::ofstream(std::filesystem::path(copy).parent_path() / "base.cmo") << "not a Virtools file";
  Scene scene = io::load_scene_file(copy);
  auto sc = Scenario::create(scene, kAcceptance);
  ASSERT_EQ(sc->warnings().size(), 2u);
  EXPECT_EQ(sc->warnings()[0].rfind("game file skipped: ", 0), 0u) << sc->warnings()[0];
  EXPECT_NE(sc->warnings()[0].find("base.cmo"), std::string::npos) << sc->warnings()[0];
  EXPECT_NE(sc->warnings()[1].find("'GameSettings' (DataArray, normally in base.cmo)"), std::string::npos)
      << sc->warnings()[1];
  EXPECT_TRUE(sc->notes().empty());
  EXPECT_EQ(sc->run(10, 1000.0f / 60.0f).size(), 10u);
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
  // The array `name` of the file at `path`, loaded (and kept) with its behaviours.
  BehaviorManager m;
  std::deque<Scene> scenes;
  std::deque<LoadedBehaviors> loaded;
  auto array_in = [&](const std::string& path, const char* name) -> const DataArray* {
    const Scene& s = scenes.emplace_back(io::load_scene_file(path));
    const LoadedBehaviors& l = loaded.emplace_back(load_behaviors(s, m));
    const ObjectRecord* rec = s.find(name, class_id::kDataArray);
    EXPECT_NE(rec, nullptr) << name;
    auto it = rec ? l.data_arrays.find(rec->file_index) : l.data_arrays.end();
    return it == l.data_arrays.end() ? nullptr : it->second;
  };
  const DataArray* sky = array_in(menu, "MenuSky");
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

  const DataArray* all = array_in(levelinit, "AllLevel");
  ASSERT_NE(all, nullptr);
  ASSERT_EQ(all->rows.size(), 13u);
  ASSERT_EQ(all->columns.size(), 8u);
  EXPECT_EQ(all->columns[3].name, "Sky");
  EXPECT_EQ(all->element(0, 0)->text, "Level_01.nmo");
  EXPECT_EQ(all->element(4, 3)->text, "Sky_C");  // the menu's sky (row = Pin 0 = 4)
  EXPECT_EQ(all->element(12, 1)->text, "Ball_Stone");
  EXPECT_EQ(all->element(12, 6)->int_value, 1300);

  const DataArray* gs = array_in(base, "GameSettings");
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
