// export/ac_export.cpp: a dat's animation and setup as a glTF asset (a root
// and one node per part, the animation's channels), and the exporter's
// refusals, each one line naming the dat and the id. (Root motion and the
// written file: tests/cli/test_cli_export.cpp.)
#include <gtest/gtest.h>

#include <string>

#include "export/builder.h"
#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ac/object/setup.h"
#include "retroanim/error.h"
#include "support/gltf_test_support.h"

namespace {

using namespace retroanim::gltf_test;

using namespace retroanim;
using gltf::AcExportOptions;

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

ac::Animation animation(uint32_t id, uint32_t parts, uint32_t frames) {
  ac::Animation a;
  a.id = id;
  a.num_parts = parts;
  for (uint32_t f = 0; f < frames; ++f) {
    ac::AnimationFrame frame;
    for (uint32_t p = 0; p < parts; ++p) {
      math::AFrame part;
      part.origin = {static_cast<float>(p), 0.0f, static_cast<float>(f)};
      frame.parts.push_back(part);
    }
    a.part_frames.push_back(frame);
  }
  ac::fill_part_columns(a);
  return a;
}

// mem.dat: animation 0x03000100 (2 parts, 3 frames), 0x03000200 (no frames),
// setup 0x02000001 (3 parts).
ac::io::DatDatabase test_dat() {
  ac::io::DatWriter w;
  ac::io::add_animation(w, animation(0x03000100u, 2, 3));
  ac::io::add_animation(w, animation(0x03000200u, 2, 0));
  ac::Setup s;
  s.id = 0x02000001u;
  s.part_ids = {0x01000001u, 0x01000002u, 0x01000003u};
  ac::io::add_setup(w, s);
  return ac::io::DatDatabase::from_bytes(w.build(), "mem.dat");
}

TEST(AcExport, AnAnimationIsARootWithOneChildPerPart) {
  const ac::io::DatDatabase dat = test_dat();
  AcExportOptions o;
  o.animation_id = 0x03000100u;
  const gltf::Asset a = gltf::export_ac(dat, o);
  const tinygltf::Model& m = a.model().m;
  const int root = node_named(m, "animation 0x03000100");
  ASSERT_GE(root, 0);
  EXPECT_EQ(m.scenes[0].nodes, std::vector<int>{root});
  ASSERT_EQ(m.nodes[static_cast<size_t>(root)].children.size(), 2u);
  EXPECT_GE(node_named(m, "part_0"), 0);
  EXPECT_GE(node_named(m, "part_1"), 0);
  EXPECT_EQ(node_named(m, "part_2"), -1);
  ASSERT_EQ(m.animations.size(), 1u);
  EXPECT_FALSE(m.animations[0].channels.empty());
}

TEST(AcExport, ASetupNamesTheRootAndGivesThePartCount) {
  const ac::io::DatDatabase dat = test_dat();
  AcExportOptions o;
  o.setup_id = 0x02000001u;
  const gltf::Asset a = gltf::export_ac(dat, o);
  const int root = node_named(a.model().m, "setup 0x02000001");
  ASSERT_GE(root, 0);
  EXPECT_EQ(a.model().m.nodes[static_cast<size_t>(root)].children.size(), 3u);
  EXPECT_TRUE(a.model().m.animations.empty());
}

TEST(AcExport, RefusalsNameTheDatTheOptionAndTheId) {
  const ac::io::DatDatabase dat = test_dat();
  EXPECT_EQ(error_of([&] { gltf::export_ac(dat, {}); }),
            "export: give --animation ID, --setup ID or --motion-table ID for a dat");
  AcExportOptions o;
  o.animation_id = 0x03000100u;
  o.fps = 0.0f;
  EXPECT_EQ(error_of([&] { gltf::export_ac(dat, o); }), "--fps must be a finite number > 0");
  o.fps.reset();
  o.animation_id = 0x03000999u;
  EXPECT_EQ(error_of([&] { gltf::export_ac(dat, o); }), "mem.dat: --animation 0x03000999: no such object in the dat");
  o.animation_id = 0x03000200u;
  EXPECT_EQ(error_of([&] { gltf::export_ac(dat, o); }), "mem.dat: --animation 0x03000200: the animation has zero frames");
  o.animation_id = 0x02000001u;  // a setup's id
  const std::string wrong = error_of([&] { gltf::export_ac(dat, o); });
  EXPECT_EQ(wrong.rfind("mem.dat: --animation 0x02000001: not an animation", 0), 0u) << wrong;
  EXPECT_NE(wrong.find("0x03"), std::string::npos) << wrong;
  o.animation_id = 0x03000100u;
  o.setup_id = 0x02000001u;
  EXPECT_EQ(error_of([&] { gltf::export_ac(dat, o); }), "mem.dat: animation 0x03000100 has 2 parts, setup 0x02000001 has 3");
}

}  // namespace
