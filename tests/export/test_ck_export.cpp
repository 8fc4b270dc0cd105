// export/ck_export.cpp: MenuLevel's curve exported onto get_pos's path, and
// a lone zero-length animation refused when named (a note otherwise).
#include <gtest/gtest.h>

#include <tiny_gltf.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "export/coordinates.h"
#include "export/gltf_export.h"
#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/math/transform_compose.h"
#include "support/test_support.h"
#include "support/gltf_test_support.h"

namespace retroanim {
namespace {

using namespace retroanim::gltf_test;

TEST(CkExport, MenuCurveLiesOnGetPosPath) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  gltf::CkExportOptions opt;
  opt.names = {"I_MenuLevel_Curve"};
  ck::Scene scene = ck::io::load_scene_file(path);
  const std::string out = test::temp_dir() + "/curve.gltf";
  gltf::write_asset(gltf::export_ck_scene(scene, opt), out);
  expect_curve_on_path(load(out), *scene.curve("I_MenuLevel_Curve"));
}

// ---- bad input: one error line, exit 2, nothing left in the output folder ----

TEST(CkExportErrors, ZeroLengthVirtoolsAnimationNamed) {
  // A lone object animation of length 0, named: refused; not named: a note.
  ck::Scene scene = ck::io::load_scene_file(demo_dir() + "/ck_play_demo.nmo");
  ck::ObjectAnimation* anim = scene.object_animation("Record Anim");
  ASSERT_NE(anim, nullptr);
  anim->keyframes.set_length(0.0f);
  gltf::CkExportOptions opt;
  opt.names = {"Record Anim"};
  EXPECT_THROW(gltf::export_ck_scene(scene, opt), Error);
  gltf::Asset all = gltf::export_ck_scene(scene, {});
  ASSERT_FALSE(all.notes.empty());
  EXPECT_NE(all.notes[0].find("zero frames"), std::string::npos);
}

}  // namespace
}  // namespace retroanim
