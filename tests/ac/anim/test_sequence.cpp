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
#include "support/ac_anim_store.h"

using namespace retroanim::ac;
using retroanim::math::AFrame;
using retroanim::math::Frame;
using namespace retroanim::ac::test;

namespace {

constexpr double kEps = 0.00019999999;

class Sink : public AnimHookSink {
 public:
  void add_anim_hook(const AnimationHook& h) override { hooks.push_back(&h); }
  std::vector<const AnimationHook*> hooks;
};

// Makes `s` play animation 1 of `a` as a link, then animation 2 as its cycle
// (whole, 10 fps each), handing the hooks to `sink`.
void play_link_then_cycle(Sequence& s, Sink& sink, const Anims& a) {
  s.set_object(&sink);
  s.set_animation_provider(&a);
  s.append_animation(AnimData{1, 0, -1, 10.0f});
  s.append_animation(AnimData{2, 0, -1, 10.0f});
}

}  // namespace

TEST(Sequence, AppendDropsMissingAnimationsAndEmptyUpdateOnlyMoves) {
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

TEST(Sequence, AppendMakesTheNewNodeFirstCyclicAndKeepsCurrent) {
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

TEST(Sequence, RemoveLinkAnimationsRemovesUpToN) {
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

TEST(Sequence, RemoveCyclicMovesCurrentToTheLinkEnd) {
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

TEST(Sequence, HooksByDirectionAndAnimationDone) {
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

TEST(Sequence, GuardStopsEndlessAdvancing) {
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

TEST(Sequence, PlacementFrameWhenNoAnimation) {
  AnimationFrame placement;
  placement.parts.push_back(AFrame{});
  Sequence s;
  s.set_placement_frame(&placement, 0x65);
  EXPECT_EQ(s.get_curr_animframe(), &placement);
  EXPECT_EQ(s.placement_frame_id(), 0x65u);
  s.clear();
  EXPECT_EQ(s.get_curr_animframe(), nullptr);
}

TEST(Sequence, NegativeQuantumAdvancesToThePreviousNodeOrTheTail) {
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

TEST(Sequence, CurrentFrameNumberIsTheFloorAndThePlacementFrameShowsWhenNoNodeIsCurrent) {
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
