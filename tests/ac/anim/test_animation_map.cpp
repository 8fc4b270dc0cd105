// AnimationMap: the in-memory AnimationProvider.
#include <gtest/gtest.h>

#include <cstring>

#include "retroanim/ac/anim/animation_map.h"

using namespace retroanim::ac;
using retroanim::math::AFrame;

namespace {

Animation two_frames(uint32_t id, float x) {
  Animation a;
  a.id = id;
  a.num_parts = 2;
  for (int f = 0; f < 2; ++f) {
    AnimationFrame fr;
    fr.parts = {AFrame{{x, float(f), 0}, 1, 0, 0, 0}, AFrame{{0, 0, x}, 0.6f, 0.8f, 0, 0}};
    a.part_frames.push_back(fr);
  }
  return a;
}

}  // namespace

TEST(AnimationMap, AddFillsThePartColumnsAndLooksUpById) {
  AnimationMap m;
  EXPECT_EQ(m.get_animation(5), nullptr);
  m.add(two_frames(5, 1.5f));
  ASSERT_TRUE(m.contains(5));
  EXPECT_EQ(m.size(), 1u);
  const Animation* a = m.get_animation(5);
  ASSERT_NE(a, nullptr);
  for (const AnimationFrame& f : a->part_frames) {
    ASSERT_EQ(f.part_columns.size(), f.parts.size());
    for (size_t i = 0; i < f.parts.size(); ++i) {
      const AFrame got = f.part_columns.get_aframe(i);
      EXPECT_EQ(std::memcmp(&got, &f.parts[i], sizeof got), 0);
    }
  }
  EXPECT_EQ(m.get_animation(6), nullptr);
}

TEST(AnimationMap, SameIdReplacesAndOtherAnimationsStayInPlace) {
  AnimationMap m;
  const Animation* first = &m.add(two_frames(1, 1.0f));
  m.add(two_frames(2, 2.0f));
  for (uint32_t id = 10; id < 200; ++id) m.add(two_frames(id, 0.0f));  // rehashes
  EXPECT_EQ(m.get_animation(1), first);
  m.add(two_frames(2, 9.0f));
  EXPECT_EQ(m.size(), 192u);
  EXPECT_EQ(m.get_animation(2)->part_frames[0].parts[0].origin.x, 9.0f);
  EXPECT_EQ(m.get_animation(2)->part_frames[0].part_columns.get_aframe(0).origin.x, 9.0f);
}
