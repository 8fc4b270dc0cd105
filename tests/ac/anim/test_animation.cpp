// ac/anim/animation.cpp: fill_part_columns (the parts copied field by field)
// and check_animation (frame and part counts).
#include <gtest/gtest.h>

#include "retroanim/ac/anim/animation.h"

namespace {

using retroanim::ac::Animation;
using retroanim::ac::AnimationFrame;
using retroanim::math::AFrame;

// `frames` frames of `parts` parts; part p of frame f at origin (f, p, 0.5).
Animation make(uint32_t parts, uint32_t frames) {
  Animation a;
  a.id = 0x03000001;
  a.num_parts = parts;
  for (uint32_t f = 0; f < frames; ++f) {
    AnimationFrame frame;
    for (uint32_t p = 0; p < parts; ++p) {
      AFrame af;
      af.origin = {static_cast<float>(f), static_cast<float>(p), 0.5f};
      af.qw = 0.6f;
      af.qz = 0.8f;
      frame.parts.push_back(af);
    }
    a.part_frames.push_back(frame);
  }
  return a;
}

TEST(Animation, FillPartColumnsCopiesEveryPartOfEveryFrame) {
  Animation a = make(3, 2);
  retroanim::ac::fill_part_columns(a);
  for (uint32_t f = 0; f < 2; ++f) {
    const AnimationFrame& frame = a.part_frames[f];
    ASSERT_EQ(frame.part_columns.size(), 3u) << f;
    for (uint32_t p = 0; p < 3; ++p) EXPECT_EQ(frame.part_columns.get_aframe(p), frame.parts[p]) << f << "," << p;
  }
}

TEST(Animation, FillPartColumnsFollowsThePartCountOfEachFrame) {
  Animation a = make(3, 1);
  retroanim::ac::fill_part_columns(a);
  a.part_frames[0].parts.resize(1);  // fewer parts: the columns shrink with them
  retroanim::ac::fill_part_columns(a);
  EXPECT_EQ(a.part_frames[0].part_columns.size(), 1u);
  EXPECT_EQ(a.part_frames[0].part_columns.get_aframe(0), a.part_frames[0].parts[0]);
}

TEST(Animation, CheckAcceptsConsistentCountsWithOrWithoutPosFrames) {
  Animation a = make(2, 3);
  EXPECT_EQ(retroanim::ac::check_animation(a), "");
  a.pos_frames.resize(3);
  EXPECT_EQ(retroanim::ac::check_animation(a), "");
  EXPECT_EQ(retroanim::ac::check_animation(Animation{}), "");  // no frames at all
}

TEST(Animation, CheckNamesAPosFrameCountThatIsNotTheFrameCount) {
  Animation a = make(2, 3);
  a.pos_frames.resize(2);
  EXPECT_EQ(retroanim::ac::check_animation(a), "has 2 pos frames for 3 frames");
}

TEST(Animation, CheckNamesTheFirstFrameWithTheWrongPartCount) {
  Animation a = make(2, 3);
  a.part_frames[1].parts.resize(1);
  a.part_frames[2].parts.resize(5);
  EXPECT_EQ(retroanim::ac::check_animation(a), "frame 1 has 1 parts, expected 2");
}

}  // namespace
