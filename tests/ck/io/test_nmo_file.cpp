// Every Ballance file loads: header facts, CRC, the object table, every chunk,
// class names; MenuLevel.nmo's class counts (taken from an independent scan of
// the object table), and the objects the animation runtime needs, by name.
#include <gtest/gtest.h>

#include <map>

#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/nmo_file.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"
#include "support/test_support.h"

using namespace retroanim;
using namespace retroanim::ck;

namespace {

const char* kFiles[] = {"AnimTrafo.nmo", "Balls.nmo",     "Gameplay.nmo",  "Intro.nmo",
                        "Levelinit.nmo", "Menu.nmo",      "MenuLevel.nmo", "Sound.nmo",
                        "base.cmo",      "PH/PE_Balloon.nmo", "PH/P_Modul_18.nmo"};

}  // namespace

TEST(NmoFile, EveryBallanceFileLoadsWithItsCrcAndObjectTable) {
  int loaded = 0;
  for (const char* rel : kFiles) {
    auto path = retroanim::test::ballance_file(rel);
    if (!path) continue;
    SCOPED_TRACE(rel);
    io::NmoFile f = io::read_nmo_file(*path);
    EXPECT_EQ(f.header.file_version, 8u);
    EXPECT_EQ(f.header.ck_version, 0x26052005u);
    EXPECT_EQ(f.computed_crc, f.header.crc);
    EXPECT_EQ(f.objects.size(), f.header.object_count);
    EXPECT_EQ(f.managers.size(), f.header.manager_count);
    for (const auto& o : f.objects) {
      EXPECT_NE(io::find_class(o.class_id), nullptr) << "unknown class " << o.class_id << " for " << o.name;
      ASSERT_TRUE(o.chunk.has_value()) << o.name;
      EXPECT_TRUE(io::is_child_class_of(o.class_id, o.chunk->class_id)) << o.name;  // the class that saved last
      EXPECT_EQ(o.chunk->chunk_version, 7u);
    }
    Scene s = io::load_scene_file(*path);
    EXPECT_EQ(s.objects().size(), f.header.object_count);
    ++loaded;
  }
  if (loaded == 0) GTEST_SKIP() << "no Ballance files (set RETROANIM_BALLANCE_DIR or provide ../shared/data/ballance)";
}

TEST(NmoFile, MenuLevelClassCountsAndNames) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  io::NmoFile f = io::read_nmo_file(path);
  std::map<uint32_t, int> counts;
  for (const auto& o : f.objects) ++counts[o.class_id];
  // From a separate scan of the Hdr1 object table.
  std::map<uint32_t, int> expected = {{2, 354}, {3, 35},  {6, 73},  {8, 62}, {9, 184}, {15, 2}, {23, 2},
                                      {25, 2},  {30, 61}, {31, 34}, {32, 31}, {33, 9}, {35, 1},  {36, 4},
                                      {41, 30}, {43, 1},  {45, 460}, {46, 9}, {52, 1}};
  EXPECT_EQ(counts, expected);
  EXPECT_EQ(f.objects.size(), 1355u);
  EXPECT_EQ(f.plugins.size(), 3u);
  ASSERT_EQ(f.trailing.size(), 399u);  // the Virtools 3.5 thumbnail record
  Scene s = io::build_scene(std::move(f), path);
  const ObjectRecord* curve = s.find("I_MenuLevel_Curve");
  ASSERT_NE(curve, nullptr);
  EXPECT_EQ(curve->class_id, class_id::kCurve);
  EXPECT_EQ(io::class_name(curve->class_id), "Curve");
  for (const char* n : {"I_MenuLevel_Curve_Point0000", "I_MenuLevel_Curve_Point0001",
                        "I_MenuLevel_Curve_Point0002", "I_MenuLevel_Curve_Point0003"}) {
    const ObjectRecord* p = s.find(n, class_id::kCurvePoint);
    ASSERT_NE(p, nullptr) << n;
    ASSERT_NE(p->entity, nullptr);
    // Each point's parent is the curve (entity flag 0x20000 in the chunk).
    EXPECT_EQ(p->entity->parent(), curve->entity) << n;
  }
  EXPECT_NE(s.find("Record Anim", class_id::kObjectAnimation), nullptr);
  EXPECT_NE(s.find("Kamera02", class_id::kObjectAnimation), nullptr);
  const ObjectRecord* stone = s.find("I_Ball_Stone", class_id::k3dEntity);
  ASSERT_NE(stone, nullptr);
  EXPECT_EQ(stone->class_id, 41u);  // a 3dObject
  ASSERT_NE(stone->entity, nullptr);
  EXPECT_EQ(stone->entity->parent(), nullptr);
  math::Vec3 p = stone->entity->world_matrix().row(3);
  EXPECT_NEAR(p.x, -19.664f, 1e-3f);
  EXPECT_NEAR(p.y, 8.446f, 1e-3f);
  EXPECT_NEAR(p.z, -39.114f, 1e-3f);
  // Inheritance lookups: a curve is a 3D entity, a behaviour is not.
  EXPECT_TRUE(io::is_child_class_of(class_id::kCurve, class_id::k3dEntity));
  EXPECT_TRUE(io::is_child_class_of(35, 34));
  EXPECT_FALSE(io::is_child_class_of(8, class_id::k3dEntity));
  EXPECT_EQ(s.all_of_class(class_id::k3dEntity).size(), 9u + 1u + 4u + 30u + 1u);
}

TEST(NmoFile, CrcMismatchIsAnErrorUnlessIgnored) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  std::vector<uint8_t> bytes = io::read_file_bytes(path);
  bytes[8] ^= 0x01;  // the CRC field itself
  EXPECT_THROW(io::read_nmo(bytes, "MenuLevel.nmo"), Error);
  io::ReadOptions opts;
  opts.ignore_crc = true;
  io::NmoFile f = io::read_nmo(bytes, "MenuLevel.nmo", opts);
  EXPECT_NE(f.computed_crc, f.header.crc);
  EXPECT_EQ(f.objects.size(), 1355u);
}
