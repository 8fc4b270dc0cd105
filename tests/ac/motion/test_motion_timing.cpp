// Motion timing: the predicted queue, cycle start and length, and hook times
// checked against the same motion played by a real CSequence in 1 ms steps.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/motion/motion_timing.h"
#include "retroanim/ac/motion/motion_sequence.h"
#include "retroanim/ac/motion/motion_table_logic.h"
#include "retroanim/ac/anim/sequence.h"
#include "support/ac_fixtures.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::test;

namespace {

// An animation of `frames` one-part frames, with an attack hook (forward) on
// every frame and a sound hook (both directions) on frame 1.
Animation hooked(uint32_t id, int frames) {
  Animation a;
  a.id = id;
  a.num_parts = 1;
  for (int i = 0; i < frames; ++i) {
    AnimationFrame f;
    f.parts.resize(1);
    AttackHookData d;
    d.part_index = i;
    f.hooks.push_back(hook(AnimationHookType::kAttack, AnimationHookDir::kForward, d));
    if (i == 1) f.hooks.push_back(hook(AnimationHookType::kSound, AnimationHookDir::kBoth, SoundHookData{7}));
    a.part_frames.push_back(f);
  }
  return a;
}

AnimationMap test_animations() {
  AnimationMap m;
  const uint32_t ids[] = {aReady, aWalk, aTurn, aRun, aCombatReady, aMagicReady, aReadyToWalk, aReadyToTurn,
                          aWave1, aWave2, aToCombat, aWalkToReady, aCombatToNonCombat, aToMagic, aReadyToRun,
                          aBow, aRunToReady, aWalkToRun};
  int n = 2;
  for (uint32_t id : ids) m.add(hooked(id, n++ % 5 + 2));
  return m;
}

struct Collector : AnimHookSink {
  std::vector<const AnimationHook*> hooks;
  void add_anim_hook(const AnimationHook& h) override { hooks.push_back(&h); }
};

// Plays the case and checks every predicted hook arrives, in order, in the
// update whose time span holds its predicted time.
void check_case(uint32_t style, uint32_t substate, float substate_speed, uint32_t motion, float speed) {
  SCOPED_TRACE(::testing::Message() << std::hex << "motion " << motion << " from " << substate << std::dec
                                    << " at speed " << speed);
  const MotionTable table = make_test_table();
  const AnimationMap anims = test_animations();
  const MotionTiming timing = motion_timing(table, anims, style, substate, substate_speed, motion, speed);
  ASSERT_TRUE(timing.performed);
  Sequence seq;
  seq.set_animation_provider(&anims);
  Collector sink;
  seq.set_object(&sink);
  SequenceMotionTarget target(seq);
  MotionState state;
  state.style = style;
  state.substate = substate;
  state.substate_mod = substate_speed;
  add_motion(target, table.find_cycle(MotionTable::make_key(style, substate)), substate_speed);
  uint32_t num_anims = 0;
  ASSERT_TRUE(do_object_motion(table, motion, state, target, speed, num_anims));
  const double dt = 0.001;
  const double end = timing.cycle_start + timing.cycle_length;
  std::size_t next = 0;
  int steps = static_cast<int>(std::ceil(end / dt)) + 2;
  for (int s = 1; s <= steps && next < timing.hooks.size(); ++s) {
    sink.hooks.clear();
    seq.update(dt, nullptr);
    const double t = s * dt;
    for (const AnimationHook* h : sink.hooks) {
      if (next >= timing.hooks.size()) break;
      const TimedHook& p = timing.hooks[next];
      EXPECT_EQ(h->type, p.hook.type) << "hook " << next;
      EXPECT_EQ(h->direction, p.hook.direction) << "hook " << next;
      EXPECT_GT(p.time, t - dt - 1e-9) << "hook " << next;
      EXPECT_LE(p.time, t + 1e-9) << "hook " << next;
      ++next;
    }
  }
  EXPECT_EQ(next, timing.hooks.size());
}

}  // namespace

TEST(MotionTiming, WalkFromReady) {
  const MotionTable table = make_test_table();
  const AnimationMap anims = test_animations();
  const MotionTiming t = motion_timing(table, anims, kNonCombat, kReady, 1.0f, kWalk, 1.0f);
  ASSERT_TRUE(t.performed);
  ASSERT_EQ(t.animations.size(), 2u);
  EXPECT_EQ(t.animations[0].anim_id, aReadyToWalk);
  EXPECT_FALSE(t.animations[0].cyclic);
  EXPECT_EQ(t.animations[1].anim_id, aWalk);
  EXPECT_TRUE(t.animations[1].cyclic);
  const int link_frames = static_cast<int>(anims.get_animation(aReadyToWalk)->num_frames());
  const int walk_frames = static_cast<int>(anims.get_animation(aWalk)->num_frames());
  EXPECT_EQ(t.animations[0].high_frame, link_frames - 1);
  EXPECT_DOUBLE_EQ(t.cycle_start, link_frames / 30.0);
  EXPECT_DOUBLE_EQ(t.cycle_length, walk_frames / 30.0);
  // The link's attacks of frames 0..n-2 (the last frame's do not fire), then AnimationDone at its end.
  EXPECT_DOUBLE_EQ(t.hooks[0].time, 1.0 / 30.0);
  EXPECT_EQ(t.hooks[0].hook.type, AnimationHookType::kAttack);
  check_case(kNonCombat, kReady, 1.0f, kWalk, 1.0f);
}

TEST(MotionTiming, CasesPlayAsPredicted) {
  check_case(kNonCombat, kReady, 1.0f, kWalk, 2.0f);
  check_case(kNonCombat, kReady, 1.0f, kWave, 1.0f);
  check_case(kNonCombat, kWalk, 1.0f, kRun, 1.5f);
  check_case(kNonCombat, kWalk, 1.0f, kReady, 1.0f);
  check_case(kNonCombat, kReady, 1.0f, kCombat, 1.0f);
  check_case(kNonCombat, kReady, 1.0f, kWalk, -1.0f);  // backward
  check_case(kNonCombat, kReady, 1.0f, kTurn, 1.0f);
}

TEST(MotionTiming, RefusedMotion) {
  const MotionTable table = make_test_table();
  const AnimationMap anims = test_animations();
  EXPECT_FALSE(motion_timing(table, anims, kNonCombat, kReady, 1.0f, kUnknown, 1.0f).performed);
}
