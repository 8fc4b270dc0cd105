// ac/object/setup.cpp: Setup::find_placement_frame, the lookup part of
// CPartArray::SetPlacementFrame (0x5193D0).
#include <gtest/gtest.h>

#include "retroanim/ac/object/setup.h"

namespace {

using retroanim::ac::AnimationFrame;

// A placement frame told apart by its one part's origin x.
AnimationFrame frame_at(float x) {
  AnimationFrame f;
  retroanim::math::AFrame part;
  part.origin = {x, 0, 0};
  f.parts.push_back(part);
  return f;
}

TEST(SetupPlacementFrame, PlacementFrameById) {
  retroanim::ac::Setup s;
  s.placement_frames = {{0, frame_at(0)}, {0x65, frame_at(1)}, {0x66, frame_at(2)}};
  uint32_t found = 0xDEAD;
  const AnimationFrame* f = s.find_placement_frame(0x66, &found);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f, &s.placement_frames[2].second);  // the setup's own frame, not a copy
  EXPECT_EQ(found, 0x66u);
  EXPECT_EQ(s.find_placement_frame(0x65, nullptr), &s.placement_frames[1].second);  // found_id is optional
}

TEST(SetupPlacementFrame, MissingIdFallsBackToTheDefaultPlacement) {
  retroanim::ac::Setup s;
  s.placement_frames = {{0x65, frame_at(1)}, {0, frame_at(0)}};
  uint32_t found = 0xDEAD;
  EXPECT_EQ(s.find_placement_frame(0x70, &found), &s.placement_frames[1].second);
  EXPECT_EQ(found, 0u);
}

TEST(SetupPlacementFrame, FirstEntryOfAnIdWins) {
  retroanim::ac::Setup s;
  s.placement_frames = {{0x65, frame_at(1)}, {0x65, frame_at(2)}};
  EXPECT_EQ(s.find_placement_frame(0x65, nullptr), &s.placement_frames[0].second);
}

TEST(SetupPlacementFrame, NoMatchAndNoDefaultIsNull) {
  retroanim::ac::Setup s;
  uint32_t found = 0xDEAD;
  EXPECT_EQ(s.find_placement_frame(0x65, &found), nullptr);
  EXPECT_EQ(found, 0u);
  s.placement_frames = {{0x66, frame_at(2)}};
  found = 0xDEAD;
  EXPECT_EQ(s.find_placement_frame(0x65, &found), nullptr);
  EXPECT_EQ(found, 0u);
}

}  // namespace
