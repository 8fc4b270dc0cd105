// AnimSequenceNode, CSequence, CPartArray and the CPhysicsObj animation chain,
// checked against values derived by hand from the client's code.
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
using retroanim::math::Vec3;

namespace {

constexpr double kEps = 0.00019999999;

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

class Sink : public AnimHookSink {
 public:
  void add_anim_hook(const AnimationHook& h) override { hooks.push_back(&h); }
  std::vector<const AnimationHook*> hooks;
};

AnimSequenceNode node(const Anims& a, uint32_t id, int32_t low, int32_t high, float fr = 30.0f) {
  return AnimSequenceNode(AnimData{id, low, high, fr}, &a);
}

// Makes `s` play animation 1 of `a` as a link, then animation 2 as its cycle
// (whole, 10 fps each), handing the hooks to `sink`.
void play_link_then_cycle(Sequence& s, Sink& sink, const Anims& a) {
  s.set_object(&sink);
  s.set_animation_provider(&a);
  s.append_animation(AnimData{1, 0, -1, 10.0f});
  s.append_animation(AnimData{2, 0, -1, 10.0f});
}

}  // namespace

TEST(AcAnimSequenceNode, SetAnimationIdClampsLikeTheClient) {
  Anims a;
  a.add(1, 6);
  auto n = node(a, 1, 0, -1);
  EXPECT_EQ(n.low_frame, 0);
  EXPECT_EQ(n.high_frame, 5);  // high -1 = last frame
  n = node(a, 1, -1, -1);      // negative low compared unsigned: huge -> last frame
  EXPECT_EQ(n.low_frame, 5);
  EXPECT_EQ(n.high_frame, 5);
  n = node(a, 1, -1, 2);  // low 5 > high 2 -> high = low
  EXPECT_EQ(n.low_frame, 5);
  EXPECT_EQ(n.high_frame, 5);
  n = node(a, 1, 2, 10);  // high past the end -> last frame
  EXPECT_EQ(n.low_frame, 2);
  EXPECT_EQ(n.high_frame, 5);
  n = node(a, 1, 3, 1);  // high below low -> low
  EXPECT_EQ(n.high_frame, 3);
  n = node(a, 7, 3, 1);  // missing animation: no anim, range untouched
  EXPECT_FALSE(n.has_anim());
  EXPECT_EQ(n.low_frame, 3);
  EXPECT_EQ(n.high_frame, 1);
}

TEST(AcAnimSequenceNode, StartingAndEndingFramesUseTheEpsilon) {
  Anims a;
  a.add(1, 6);
  auto n = node(a, 1, 1, 3, 30.0f);
  EXPECT_EQ(n.get_starting_frame(), 1.0);
  EXPECT_EQ(n.get_ending_frame(), 4.0 - kEps);
  n.framerate = -30.0f;
  EXPECT_EQ(n.get_starting_frame(), 4.0 - kEps);
  EXPECT_EQ(n.get_ending_frame(), 1.0);
  n.framerate = 0.0f;  // zero counts as forward
  EXPECT_EQ(n.get_starting_frame(), 1.0);
}

TEST(AcAnimSequenceNode, MultiplyFramerateSwapsOnNegative) {
  Anims a;
  a.add(1, 6);
  auto n = node(a, 1, 1, 3, 30.0f);
  n.multiply_framerate(0.5f);
  EXPECT_EQ(n.framerate, 15.0f);
  EXPECT_EQ(n.low_frame, 1);
  n.multiply_framerate(-2.0f);
  EXPECT_EQ(n.framerate, -30.0f);
  EXPECT_EQ(n.low_frame, 3);
  EXPECT_EQ(n.high_frame, 1);
}

TEST(AcAnimSequenceNode, FrameLookupsAreBoundsChecked) {
  Anims a;
  Animation& an = a.add(1, 3);
  an.flags = animation_flag::kHasPosFrames;
  an.pos_frames.assign(3, AFrame{});
  an.pos_frames[2].origin = {7, 0, 0};
  auto n = node(a, 1, 0, -1);
  EXPECT_EQ(n.get_part_frame(2), &an.part_frames[2]);
  EXPECT_EQ(n.get_part_frame(3), nullptr);
  EXPECT_EQ(n.get_part_frame(-1), nullptr);
  EXPECT_EQ(n.get_pos_frame(2.999), &an.pos_frames[2]);
  EXPECT_EQ(n.get_pos_frame(-0.5), nullptr);
  EXPECT_EQ(frame_index(-0.5), -1);
  EXPECT_EQ(frame_index(std::nan("")), INT32_MIN);
}

TEST(AcSequence, AppendDropsMissingAnimationsAndEmptyUpdateOnlyMoves) {
  Anims a;
  Sequence s;
  s.set_animation_provider(&a);
  s.append_animation(AnimData{0x03000009, 0, -1, 30.0f});  // missing: dropped
  EXPECT_FALSE(s.has_anims());
  s.set_velocity({1, 0, 0});
  Frame f;
  s.update(0.5, &f);
  EXPECT_FLOAT_EQ(f.origin.x, 0.5f);
  s.update(0.5, nullptr);  // no offset frame: nothing to do, no crash
  EXPECT_EQ(s.get_curr_animframe(), nullptr);
  Sequence no_provider;
  no_provider.append_animation(AnimData{1, 0, -1, 30.0f});
  EXPECT_FALSE(no_provider.has_anims());
}

TEST(AcSequence, AppendMakesTheNewNodeFirstCyclicAndKeepsCurrent) {
  Anims a;
  a.add(1, 2);
  a.add(2, 3);
  Sequence s;
  s.set_animation_provider(&a);
  s.append_animation(AnimData{1, 0, -1, -10.0f});
  EXPECT_EQ(s.curr_anim_index(), 0);
  EXPECT_EQ(s.frame_number(), 2.0 - kEps);  // backward starts at high + 1 - eps
  s.append_animation(AnimData{2, 0, -1, 10.0f});
  EXPECT_EQ(s.first_cyclic_index(), 1);
  EXPECT_EQ(s.curr_anim_index(), 0);
}

TEST(AcSequence, RemoveLinkAnimationsRemovesUpToN) {
  Anims a;
  a.add(1, 2);
  a.add(2, 2);
  a.add(3, 2);
  Sequence s;
  s.set_animation_provider(&a);
  for (uint32_t id : {1u, 2u, 3u}) s.append_animation(AnimData{id, 0, -1, 10.0f});
  s.update(0.05, nullptr);  // inside node 1
  s.remove_link_animations(1);  // removes node 2 (just before the cycle), current stays node 1
  ASSERT_EQ(s.nodes().size(), 2u);
  EXPECT_EQ(s.nodes()[0].anim_id, 1u);
  EXPECT_EQ(s.curr_anim_index(), 0);
  EXPECT_DOUBLE_EQ(s.frame_number(), 0.5);
  s.remove_link_animations(5);  // removes node 1, the current one: the cycle becomes current at its start
  ASSERT_EQ(s.nodes().size(), 1u);
  EXPECT_EQ(s.curr_anim()->anim_id, 3u);
  EXPECT_EQ(s.frame_number(), 0.0);
}

TEST(AcSequence, RemoveCyclicMovesCurrentToTheLinkEnd) {
  Anims a;
  a.add(1, 2);
  a.add(2, 3);
  Sequence s;
  s.set_animation_provider(&a);
  s.append_animation(AnimData{1, 0, -1, 10.0f});
  s.append_animation(AnimData{2, 0, -1, 10.0f});
  s.update(0.25, nullptr);  // into the cycle (link kept until remove_played_links: removed now)
  ASSERT_EQ(s.nodes().size(), 1u);
  s.append_animation(AnimData{1, 0, -1, 10.0f});  // old cycle becomes a link
  s.remove_link_animations(0);
  EXPECT_EQ(s.curr_anim()->anim_id, 2u);
  s.remove_cyclic_anims();  // removes node 1 (not current)
  ASSERT_EQ(s.nodes().size(), 1u);
  EXPECT_EQ(s.first_cyclic_index(), 0);
  s.remove_cyclic_anims();  // removes the current one: no node before, frame 0
  EXPECT_FALSE(s.has_anims());
  EXPECT_EQ(s.curr_anim(), nullptr);
  EXPECT_EQ(s.frame_number(), 0.0);
}

TEST(AcSequence, HooksByDirectionAndAnimationDone) {
  Anims a;
  Animation& l = a.add(1, 2);
  l.part_frames[0].hooks[0].direction = AnimationHookDir::kBackward;  // never fires forward
  a.add(2, 2);
  Sequence s;
  Sink sink;
  play_link_then_cycle(s, sink, a);
  s.update(0.35, nullptr);
  // link: frame 0 (backward only: skipped), leave -> AnimationDone; cycle: frame 0 -> Sound 100
  ASSERT_EQ(sink.hooks.size(), 2u);
  EXPECT_EQ(sink.hooks[0]->type, AnimationHookType::kAnimationDone);
  EXPECT_EQ(sink.hooks[1]->type, AnimationHookType::kSound);
  EXPECT_EQ(std::get<SoundHookData>(sink.hooks[1]->data).sound_id, 100u);
  EXPECT_DOUBLE_EQ(s.frame_number(), 1.5);
}

TEST(AcSequence, GuardStopsEndlessAdvancing) {
  // A negative multiplier swaps low and high; played backward the node then
  // never reaches its end (the client would loop forever). The guard returns.
  Anims a;
  a.add(1, 4);
  Sequence s;
  s.set_animation_provider(&a);
  s.append_animation(AnimData{1, 0, -1, 10.0f});
  s.multiply_cyclic_animation_framerate(-1.0f);
  s.update(0.1, nullptr);
  EXPECT_TRUE(s.has_anims());
}

TEST(AcSequence, PlacementFrameWhenNoAnimation) {
  AnimationFrame placement;
  placement.parts.push_back(AFrame{});
  Sequence s;
  s.set_placement_frame(&placement, 0x65);
  EXPECT_EQ(s.get_curr_animframe(), &placement);
  EXPECT_EQ(s.placement_frame_id(), 0x65u);
  s.clear();
  EXPECT_EQ(s.get_curr_animframe(), nullptr);
}

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

class Motion : public MotionHandler {
 public:
  void animation_done(bool success) override { done += success ? 1 : 0; }
  void use_time() override { ++uses; }
  int done = 0, uses = 0;
};

}  // namespace

TEST(AcPartArray, PlacementFrameAndScaledPartFrames) {
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

TEST(AcPartArray, UpdatePartsUsesTheSmallerPartCount) {
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

TEST(AcPhysicsObj, UpdateObjectSplitsQuanta) {
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

TEST(AcPhysicsObj, AnimationDoneReachesTheMotionHandlerAndPartsFollow) {
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

TEST(AcPhysicsObj, OffsetScaledOnWalkableAndZeroedInTheAir) {
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

TEST(AcSequence, NegativeQuantumAdvancesToThePreviousNodeOrTheTail) {
  // Hand-derived: from frame 0 of the link, -0.05 s at 10 fps reaches -0.5 <
  // low: time_left -0.05, AnimationDone (the link is at the head), physics of
  // one frame with the quantum's sign (x -= 0.1), wrap to the tail at its
  // ending frame 3 - 0.0002, then -0.5 frames more; remove_played_links drops the link.
  Anims a;
  a.add(1, 2);
  a.add(2, 3);
  Sequence s;
  Sink sink;
  play_link_then_cycle(s, sink, a);
  s.set_velocity({1, 0, 0});
  Frame f;
  s.update(-0.05, &f);
  EXPECT_NEAR(f.origin.x, -0.1f, 1e-7f);
  EXPECT_NEAR(s.frame_number(), 2.5 - kEps, 1e-12);
  ASSERT_NE(s.curr_anim(), nullptr);
  EXPECT_EQ(s.curr_anim()->anim_id, 2u);
  EXPECT_EQ(s.nodes().size(), 1u);
  ASSERT_EQ(sink.hooks.size(), 1u);
  EXPECT_EQ(sink.hooks[0]->type, AnimationHookType::kAnimationDone);
}

TEST(AcSequence, CurrentFrameNumberIsTheFloorAndThePlacementFrameShowsWhenNoNodeIsCurrent) {
  Anims a;
  a.add(1, 4);
  Sequence s;
  s.set_animation_provider(&a);
  AnimationFrame placement;
  placement.parts.push_back(AFrame{{7, 8, 9}, 1, 0, 0, 0});
  s.set_placement_frame(&placement, 0x65);
  EXPECT_EQ(s.placement_frame(), &placement);
  EXPECT_EQ(s.placement_frame_id(), 0x65u);
  EXPECT_EQ(s.get_curr_animframe(), &placement);  // no node yet
  s.append_animation(AnimData{1, 0, -1, 10.0f});
  s.update(0.25, nullptr);  // frame number 2.5
  EXPECT_DOUBLE_EQ(s.frame_number(), 2.5);
  EXPECT_EQ(s.get_curr_frame_number(), 2);
  EXPECT_NE(s.get_curr_animframe(), &placement);
}
