// ac/object/physics_obj.cpp: CPhysicsObj's update quanta, AnimationDone
// reaching the motion handler, and the offset on walkable ground and in the
// air, checked against values derived by hand from the client's code.
#include <gtest/gtest.h>

#include <cmath>

#include "retroanim/ac/anim/anim_sequence_node.h"
#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/object/part_array.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/ac/anim/sequence.h"
#include "retroanim/ac/object/setup.h"
#include "support/ac_anim_store.h"
#include "ac/object/two_part_setup.h"

using namespace retroanim::ac;
using retroanim::math::AFrame;
using namespace retroanim::ac::test;

namespace {

class Motion : public MotionHandler {
 public:
  void animation_done(bool success) override { done += success ? 1 : 0; }
  void use_time() override { ++uses; }
  int done = 0, uses = 0;
};

}  // namespace

TEST(PhysicsObj, UpdateObjectSplitsQuanta) {
  Anims a;
  a.add(1, 100);
  retroanim::ac::Setup st = two_part_setup();
  st.default_animation = 1;
  PhysicsObj obj;
  obj.set_setup(&st, &a);
  obj.part_array()->sequence().multiply_cyclic_animation_framerate(1.0f / 30.0f);  // 1 frame per second
  const Sequence& s = obj.part_array()->sequence();
  obj.update_object(0.5);  // 0.2 + 0.2 + 0.1 (> 1/30)
  EXPECT_NEAR(s.frame_number(), 0.5, 1e-6);
  EXPECT_NEAR(obj.update_time, 0.5, 1e-12);
  obj.update_object(0.91);  // 0.2 + 0.2, remainder 0.01 < 1/30 kept for later
  EXPECT_NEAR(s.frame_number(), 0.9, 1e-6);
  EXPECT_NEAR(obj.update_time, 0.9, 1e-12);
  obj.update_object(0.92);  // 0.02 <= 0.2: one quantum, however small
  EXPECT_NEAR(s.frame_number(), 0.92, 1e-6);
  obj.update_object(3.0);  // 2.08 > 2: skipped
  EXPECT_NEAR(s.frame_number(), 0.92, 1e-6);
  EXPECT_EQ(obj.update_time, 3.0);
  obj.update_object(3.0001);  // <= 0.0002: skipped
  EXPECT_EQ(obj.update_time, 3.0001);
  obj.state |= physics_state_flag::kHidden;  // no-animate
  obj.update_object(3.1);
  EXPECT_NEAR(s.frame_number(), 0.92, 1e-6);
  obj.state = physics_state_flag::kFrozen;
  obj.update_object(3.2);
  EXPECT_EQ(obj.transient_state & transient_state_flag::kActive, 0u);
}

TEST(PhysicsObj, AnimationDoneReachesTheMotionHandlerAndPartsFollow) {
  Anims a;
  a.add(1, 2, 2);
  a.add(2, 2, 2);
  retroanim::ac::Setup st = two_part_setup();
  PhysicsObj obj;
  obj.set_setup(&st, &a);
  Motion m;
  obj.part_array()->set_motion_handler(&m);
  EXPECT_EQ(obj.part_array()->motion_handler(), &m);
  obj.part_array()->sequence().append_animation(AnimData{1, 0, -1, 10.0f});
  obj.part_array()->sequence().append_animation(AnimData{2, 0, -1, 10.0f});
  obj.update_object(0.15);
  EXPECT_EQ(m.done, 0);
  EXPECT_EQ(m.uses, 1);
  obj.update_object(0.3);  // leaves the link
  EXPECT_EQ(m.done, 1);
  EXPECT_TRUE(obj.pending_hooks().empty());
  // 0.15 s in float (0.15000000596): 3.0000001 frames -> the link ends 1.0000001 frames
  // early, so the cycle stands just past frame 1 and the parts show its frame 1.
  EXPECT_NEAR(obj.part_array()->sequence().frame_number(), 1.0000001, 1e-6);
  EXPECT_FLOAT_EQ(obj.part_array()->part_frame(1).origin.y, 1.0f);
  EXPECT_FLOAT_EQ(obj.part_array()->part_frame(1).origin.x, 1.0f);
}

TEST(PhysicsObj, OffsetScaledOnWalkableAndZeroedInTheAir) {
  Anims a;
  Animation& an = a.add(1, 2, 2);
  an.flags = animation_flag::kHasPosFrames;
  an.pos_frames.assign(2, AFrame{{0, 1, 0}, 1, 0, 0, 0});
  retroanim::ac::Setup st = two_part_setup();
  st.spheres.push_back(Sphere{{0, 0, 0}, 1});
  st.default_animation = 1;
  PhysicsObj obj;
  obj.set_setup(&st, &a);
  obj.scale = 2.0f;
  obj.update_object(0.05);  // 1.5 frames: pos frame 0 crossed
  EXPECT_FLOAT_EQ(obj.frame().origin.y, 0.0f);  // not on a walkable: zeroed
  obj.transient_state |= transient_state_flag::kOnWalkable;
  obj.update_object(0.15);  // 0.1 s, 3 more frames: frames 1 (crossing), wrap combines frame 0, then frame 0 crossing
  EXPECT_FLOAT_EQ(obj.frame().origin.y, 6.0f);  // 3 pos frames of 1, scaled by 2
}

