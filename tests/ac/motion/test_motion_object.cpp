// ac/motion/motion_object.cpp: hooks flattened into the C API's plain events
// and rebuilt from them (flatten_hook, hook_from_event), and a MotionObject
// with and without its motion table.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/motion/motion_object.h"
#include "retroanim/ac/object/setup.h"
#include "support/ac_fixtures.h"

namespace {

using namespace retroanim::ac;
using namespace retroanim::ac::test;

void expect_same_hook(const AnimationHook& got, const AnimationHook& want) {
  EXPECT_EQ(got.type, want.type);
  EXPECT_EQ(got.direction, want.direction);
  EXPECT_EQ(got.tag, want.tag);
  EXPECT_TRUE(got.data == want.data) << "payload of " << hook_type_name(want.type);
}

TEST(MotionObjectHooks, FlattenPutsThePayloadInTheDocumentedFields) {
  AnimationHook attack = hook(AnimationHookType::kAttack, AnimationHookDir::kForward,
                              AttackHookData{-3, 1.5f, 2.5f, 3.5f, 4.5f, 0.25f, 2.0f});
  attack.tag = 9;
  const HookEvent a = flatten_hook(attack, 77);
  EXPECT_EQ(a.object_id, 77u);
  EXPECT_EQ(a.type, 3u);
  EXPECT_EQ(a.direction, 1);
  EXPECT_EQ(a.tag, 9u);
  EXPECT_EQ(a.u[0], 0xFFFFFFFDu);  // part index -3, as int32 bits
  const float want_f[7] = {1.5f, 2.5f, 3.5f, 4.5f, 0.25f, 2.0f, 0.0f};
  for (int i = 0; i < 7; ++i) EXPECT_EQ(a.f[i], want_f[i]) << i;

  CreateParticleHookData cp;
  cp.emitter_info_id = 0x32000001u;
  cp.part_index = 4;
  cp.emitter_id = 12;
  cp.offset.origin = {1, 2, 3};
  cp.offset.qw = 0.5f, cp.offset.qx = -0.5f, cp.offset.qy = 0.5f, cp.offset.qz = -0.5f;
  const HookEvent p = flatten_hook(hook(AnimationHookType::kCreateParticle, AnimationHookDir::kBoth, cp), 1);
  EXPECT_EQ(p.u[0], 0x32000001u);
  EXPECT_EQ(p.u[1], 4u);
  EXPECT_EQ(p.u[2], 12u);
  const float want_p[7] = {1, 2, 3, 0.5f, -0.5f, 0.5f, -0.5f};  // origin, then w, x, y, z
  for (int i = 0; i < 7; ++i) EXPECT_EQ(p.f[i], want_p[i]) << i;

  const HookEvent s = flatten_hook(
      hook(AnimationHookType::kSoundTweaked, AnimationHookDir::kBackward, SoundTweakedHookData{0x0A000002u, 0.5f, 1.0f, 0.75f}),
      2);
  EXPECT_EQ(s.direction, -1);
  EXPECT_EQ(s.u[0], 0x0A000002u);
  EXPECT_EQ(s.f[0], 0.5f);
  EXPECT_EQ(s.f[1], 1.0f);
  EXPECT_EQ(s.f[2], 0.75f);

  const HookEvent done = flatten_hook(anim_done_hook(), 3);
  EXPECT_EQ(done.type, 4u);
  EXPECT_EQ(done.direction, -2);
  for (uint32_t v : done.u) EXPECT_EQ(v, 0u);
  for (float v : done.f) EXPECT_EQ(v, 0.0f);
}

TEST(MotionObjectHooks, EveryTypeRoundTripsThroughItsEvent) {
  const std::vector<AnimationHook> hooks = {
      hook(AnimationHookType::kNoOp, AnimationHookDir::kBoth, NoHookData{}),
      hook(AnimationHookType::kSound, AnimationHookDir::kForward, SoundHookData{0x0A000001u}),
      hook(AnimationHookType::kSoundTable, AnimationHookDir::kForward, SoundTableHookData{0x11}),
      hook(AnimationHookType::kAttack, AnimationHookDir::kBoth, AttackHookData{2, 1, 2, 3, 4, 5, 6}),
      hook(AnimationHookType::kReplaceObject, AnimationHookDir::kBoth, ReplaceObjectHookData{3, 0x01000007u}),
      hook(AnimationHookType::kEthereal, AnimationHookDir::kBoth, SwitchHookData{-1}),
      hook(AnimationHookType::kTransparentPart, AnimationHookDir::kBoth, PartRampHookData{1, 0.0f, 1.0f, 2.0f}),
      hook(AnimationHookType::kLuminous, AnimationHookDir::kBoth, RampHookData{0.25f, 0.5f, 0.75f}),
      hook(AnimationHookType::kLuminousPart, AnimationHookDir::kBoth, PartRampHookData{2, 1.0f, 0.0f, 3.0f}),
      hook(AnimationHookType::kDiffuse, AnimationHookDir::kBoth, RampHookData{1, 2, 3}),
      hook(AnimationHookType::kDiffusePart, AnimationHookDir::kBackward, PartRampHookData{5, 3, 2, 1}),
      hook(AnimationHookType::kScale, AnimationHookDir::kBoth, ScaleHookData{2.0f, 0.5f}),
      hook(AnimationHookType::kCreateParticle, AnimationHookDir::kBoth, CreateParticleHookData{1, 2, {}, 3}),
      hook(AnimationHookType::kDestroyParticle, AnimationHookDir::kBoth, EmitterHookData{4}),
      hook(AnimationHookType::kStopParticle, AnimationHookDir::kBoth, EmitterHookData{5}),
      hook(AnimationHookType::kNoDraw, AnimationHookDir::kBoth, SwitchHookData{1}),
      hook(AnimationHookType::kDefaultScript, AnimationHookDir::kBoth, NoHookData{}),
      hook(AnimationHookType::kDefaultScriptPart, AnimationHookDir::kBoth, PartIndexHookData{6}),
      hook(AnimationHookType::kCallPES, AnimationHookDir::kBoth, CallPESHookData{0x33000001u, 1.5f}),
      hook(AnimationHookType::kTransparent, AnimationHookDir::kBoth, RampHookData{0, 1, 2}),
      hook(AnimationHookType::kSoundTweaked, AnimationHookDir::kBoth, SoundTweakedHookData{7, 0.1f, 0.2f, 0.3f}),
      hook(AnimationHookType::kSetOmega, AnimationHookDir::kBoth, SetOmegaHookData{{0, 0, 1.5f}}),
      hook(AnimationHookType::kTextureVelocity, AnimationHookDir::kBoth, TextureVelocityHookData{0.5f, -0.5f}),
      hook(AnimationHookType::kTextureVelocityPart, AnimationHookDir::kBoth, TextureVelocityPartHookData{8, 1, 2}),
      hook(AnimationHookType::kSetLight, AnimationHookDir::kBoth, SwitchHookData{0}),
      hook(AnimationHookType::kCreateBlockingParticle, AnimationHookDir::kForward,
           CreateParticleHookData{9, 10, {{1, 2, 3}, 1, 0, 0, 0}, 11}),
  };
  uint32_t tag = 1;
  for (AnimationHook h : hooks) {
    h.tag = tag++;
    expect_same_hook(hook_from_event(flatten_hook(h, 5)), h);
  }
  expect_same_hook(hook_from_event(flatten_hook(anim_done_hook(), 5)), anim_done_hook());
}

TEST(MotionObjectHooks, ATypeAboveTwentySixGetsNoPayload) {
  HookEvent e;
  e.type = 40;
  e.direction = 1;
  e.tag = 3;
  e.u[0] = 123;
  e.f[0] = 4.0f;
  const AnimationHook h = hook_from_event(e);
  EXPECT_EQ(static_cast<uint32_t>(h.type), 40u);
  EXPECT_EQ(h.direction, AnimationHookDir::kForward);
  EXPECT_EQ(h.tag, 3u);
  EXPECT_TRUE(std::holds_alternative<NoHookData>(h.data));
}

// One part; animation aReady: four frames at the origin, a Sound hook (id 7,
// both directions) on frame 1.
struct OnePart {
  Setup setup;
  AnimationMap anims;
  OnePart() {
    setup.id = 0x02000001u;
    setup.part_ids = {0x01000001u};
    Animation a;
    a.id = aReady;
    a.num_parts = 1;
    a.part_frames.resize(4);
    for (AnimationFrame& f : a.part_frames) f.parts.resize(1);
    a.part_frames[1].hooks.push_back(hook(AnimationHookType::kSound, AnimationHookDir::kBoth, SoundHookData{7}));
    anims.add(a);
  }
};

TEST(MotionObject, WithoutAMotionTableThereIsNoManagerAndNoMotion) {
  OnePart p;
  MotionObject o(&p.setup, &p.anims, 42);
  EXPECT_EQ(o.id(), 42u);
  EXPECT_EQ(o.manager(), nullptr);
  EXPECT_FALSE(o.set_default_state());
  EXPECT_EQ(o.perform_movement(MovementStruct{MovementType::kInterpretedCommand, kWalk, 1.0f}),
            MotionError::kNoAnimationTable);
  ASSERT_NE(o.physics().part_array(), nullptr);
  EXPECT_TRUE(o.events().empty());
}

TEST(MotionObject, TheDefaultStatePlaysTheCycleAndItsHooksBecomeEvents) {
  OnePart p;
  MotionObject o(&p.setup, &p.anims, 42);
  o.attach_motion_table(one_cycle_table(kTestTableId, aReady));
  ASSERT_NE(o.manager(), nullptr);
  ASSERT_TRUE(o.set_default_state());
  o.advance(2.5 / 30.0);  // frames 0 -> 2.5 at 30 fps: past frame 1 once
  ASSERT_EQ(o.events().size(), 1u);
  const HookEvent& e = o.events()[0];
  EXPECT_EQ(e.object_id, 42u);
  EXPECT_EQ(e.type, static_cast<uint32_t>(AnimationHookType::kSound));
  EXPECT_EQ(e.u[0], 7u);
  o.clear_events();
  EXPECT_TRUE(o.events().empty());
}

// create_interp: needs a motion table, one per object, keeps its table; each
// MotionDone the manager reports is recorded, then reaches the interpreter.
TEST(MotionObject, AnInterpreterGetsEveryMotionDone) {
  OnePart p;
  MotionObject o(&p.setup, &p.anims, 42);
  EXPECT_FALSE(o.create_interp(std::nullopt));  // no motion table yet
  EXPECT_EQ(o.interp(), nullptr);
  ASSERT_TRUE(o.attach_motion_table(one_cycle_table(kTestTableId, aReady)));
  FixedWeenie w;
  w.run_rate = 1.25f;
  ASSERT_TRUE(o.create_interp(w));
  ASSERT_NE(o.interp(), nullptr);
  ASSERT_NE(o.weenie(), nullptr);
  EXPECT_EQ(o.weenie()->run_rate, 1.25f);
  EXPECT_EQ(o.interp()->weenie(), o.weenie());
  EXPECT_EQ(o.physics().movement_sink(), o.interp());
  EXPECT_FALSE(o.create_interp(std::nullopt));  // one per object
  EXPECT_FALSE(o.attach_motion_table(one_cycle_table(kTestTableId, aReady)));  // the table stays
  // enter_default_state queues [Ready]; the object has no gravity, so its
  // LeaveGround does nothing. One update completes the default state's
  // motions: each MotionDone is recorded, then pops the interpreter's queue.
  o.interp()->enter_default_state();
  ASSERT_EQ(o.interp()->pending_motions.size(), 1u);
  EXPECT_EQ(o.interp()->pending_motions.front().motion, kReady);
  o.advance(1.0 / 30.0);
  EXPECT_FALSE(o.done().empty());
  EXPECT_TRUE(o.interp()->pending_motions.empty());
}

TEST(MotionObject, WithoutAWeenieTheInterpreterHasNone) {
  OnePart p;
  MotionObject o(&p.setup, &p.anims, 1);
  ASSERT_TRUE(o.attach_motion_table(one_cycle_table(kTestTableId, aReady)));
  ASSERT_TRUE(o.create_interp(std::nullopt));
  EXPECT_EQ(o.weenie(), nullptr);
  EXPECT_EQ(o.interp()->weenie(), nullptr);
}

}  // namespace
