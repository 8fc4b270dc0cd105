// ac/object/degrade_info.cpp: GfxObjDegradeInfo::get_degrade: disabled and
// forced levels, the degrade distance subtracted and clamped, the switch
// distance for positive and negative scales, the last level past the end.
#include <gtest/gtest.h>

#include "retroanim/ac/object/degrade_info.h"

using namespace retroanim::ac;

namespace {

GfxObjDegradeInfo three() {
  GfxObjDegradeInfo d;
  d.degrades = {{0x01000001, 1, 0.0f, 10.0f, 20.0f}, {0x01000002, 1, 15.0f, 30.0f, 45.0f},
                {0x01000003, 1, 40.0f, 60.0f, 90.0f}};
  return d;
}

}  // namespace

TEST(DegradeInfo, ByDistance) {
  const GfxObjDegradeInfo d = three();
  DegradeSettings s;  // degrade distance 50, scale 0: switch at the ideal distances
  EXPECT_EQ(get_degrade(d, 0.0f, s), 0u);
  EXPECT_EQ(get_degrade(d, 59.9f, s), 0u);
  EXPECT_EQ(get_degrade(d, 60.0f, s), 1u);   // 60 - 50 = 10 reaches the first ideal distance
  EXPECT_EQ(get_degrade(d, -85.0f, s), 2u);  // |distance|
  EXPECT_EQ(get_degrade(d, 1000.0f, s), 2u);  // past every level: the last
  s.scale = 1.0f;                              // switch at the max distances
  EXPECT_EQ(get_degrade(d, 65.0f, s), 0u);
  EXPECT_EQ(get_degrade(d, 70.0f, s), 1u);
  s.scale = -1.0f;                             // switch at ideal + (ideal - min) * scale = min
  s.degrade_distance = 0.0f;
  EXPECT_EQ(get_degrade(d, 0.0f, s), 1u);      // 0 >= 0: level 0 passed, 0 < 15: level 1
  EXPECT_EQ(get_degrade(d, 0.0f, {false, -1, 0.0f, 0.0f}), 0u);
}

TEST(DegradeInfo, DisabledForcedAndEmpty) {
  const GfxObjDegradeInfo d = three();
  EXPECT_EQ(get_degrade(d, 500.0f, {true, -1, 50.0f, 0.0f}), 0u);
  EXPECT_EQ(get_degrade(d, 0.0f, {false, 1, 50.0f, 0.0f}), 1u);
  EXPECT_EQ(get_degrade(d, 0.0f, {false, 7, 50.0f, 0.0f}), 2u);
  EXPECT_EQ(get_degrade(GfxObjDegradeInfo{}, 0.0f), 0u);
}
