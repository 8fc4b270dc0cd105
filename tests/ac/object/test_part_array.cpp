// ac/object/part_array.cpp: CPartArray's placement frame and scaled part
// frames, checked against values derived by hand from the client's code.
#include <gtest/gtest.h>

#include <cmath>

#include "retroanim/ac/anim/anim_sequence_node.h"
#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/object/part_array.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/ac/anim/sequence.h"
#include "retroanim/ac/object/setup.h"

using namespace retroanim::ac;
using retroanim::math::AFrame;
using retroanim::math::Frame;

namespace {

// An in-memory animation store with a maker of test animations.
class Anims : public AnimationMap {
 public:
  using AnimationMap::add;
  // Adds an animation of n frames and `parts` parts; frame k's part p is at origin (k, p, 0);
  // frame k has one Sound hook (sound id 100 + k, direction Both).
  Animation& add(uint32_t id, uint32_t n, uint32_t parts = 1) {
    Animation a;
    a.id = id;
    a.num_parts = parts;
    for (uint32_t k = 0; k < n; ++k) {
      AnimationFrame f;
      for (uint32_t p = 0; p < parts; ++p) f.parts.push_back(AFrame{{float(k), float(p), 0}, 1, 0, 0, 0});
      f.hooks.push_back(AnimationHook{AnimationHookType::kSound, AnimationHookDir::kBoth, SoundHookData{100 + k}, 0});
      a.part_frames.push_back(f);
    }
    return add(std::move(a));
  }
};

}  // namespace

namespace {

retroanim::ac::Setup two_part_setup() {
  retroanim::ac::Setup st;
  st.id = 0x02000001;
  st.part_ids = {0x01000001, 0x01000002};
  AnimationFrame rest;
  rest.parts = {AFrame{{0, 0, 1}, 1, 0, 0, 0}, AFrame{{0, 0, 2}, 1, 0, 0, 0}};
  AnimationFrame zero;
  zero.parts = {AFrame{{5, 0, 0}, 1, 0, 0, 0}, AFrame{{6, 0, 0}, 1, 0, 0, 0}};
  st.placement_frames = {{0, zero}, {kPlacementResting, rest}};
  return st;
}

}  // namespace

TEST(PartArray, PlacementFrameAndScaledPartFrames) {
  retroanim::ac::Setup st = two_part_setup();
  PartArray pa(&st, nullptr);
  EXPECT_EQ(pa.sequence().placement_frame_id(), kPlacementResting);
  Frame obj({10, 0, 0}, std::sqrt(0.5f), 0, 0, std::sqrt(0.5f));  // 90 degrees about z
  pa.set_scale({2, 2, 2});
  pa.set_frame(obj);
  // part 1: (10,0,0) + Rz90 * (0,0,2*2)
  EXPECT_NEAR(pa.part_frame(1).origin.x, 10.0f, 1e-6f);
  EXPECT_NEAR(pa.part_frame(1).origin.z, 4.0f, 1e-6f);
  EXPECT_NEAR(pa.part_frame(1).qz, std::sqrt(0.5f), 1e-6f);
  EXPECT_TRUE(pa.set_placement_frame(0x1234));  // falls back to id 0
  EXPECT_EQ(pa.sequence().placement_frame_id(), 0u);
  pa.set_scale({1, 1, 1});
  pa.set_shadow_parts(true);
  pa.set_frame(Frame{});
  EXPECT_FLOAT_EQ(pa.part_frame(0).origin.x, 5.0f);
  EXPECT_EQ(pa.shadow_frames().get(1), pa.part_frame(1));
}

TEST(PartArray, UpdatePartsUsesTheSmallerPartCount) {
  Anims a;
  a.add(1, 2, 1);  // one part only
  retroanim::ac::Setup st = two_part_setup();
  st.default_animation = 1;
  PartArray pa(&st, &a);
  ASSERT_TRUE(pa.sequence().has_anims());
  pa.set_frame(Frame{});
  EXPECT_FLOAT_EQ(pa.part_frame(0).origin.x, 0.0f);  // frame 0, part 0 at (0,0,0)
  EXPECT_EQ(pa.part_frame(1), Frame{});               // untouched
}

