// Bezier Progression: entry by In and Loop In, elapsed time, value in [A, B]
// through the 2D curve, Delta, the Out / Loop Out choice, and the callback's
// choice of function (time based float / int, frame based).
#include <gtest/gtest.h>

#include "retroanim/ck/behavior/bb/bezier_progression.h"
#include "retroanim/ck/behavior/behavior_manager.h"

using namespace retroanim::ck;
namespace pin = retroanim::ck::bb::bezier_progression_pin;

namespace {

struct Loop {
  BehaviorManager m;
  Behavior* script;
  Behavior* bp;
  explicit Loop(float duration, float a = 0.0f, float b = 1.0f) {
    script = &m.create_script("S", {});
    bp = &m.create_building_block(bb::bezier_progression_prototype());
    m.add_sub_behavior(*script, *bp);
    bp->input_params[pin::kDuration]->real_source()->value.set_float(duration);
    bp->input_params[pin::kA]->real_source()->value.set_float(a);
    bp->input_params[pin::kB]->real_source()->value.set_float(b);
    m.add_sub_link(*script, m.create_link(*script->inputs[0], *bp->inputs[pin::kIn], 0));
    m.add_sub_link(*script, m.create_link(*bp->outputs[pin::kLoopOut], *bp->inputs[pin::kLoopIn], 1));
    m.add_sub_link(*script, m.create_link(*bp->outputs[pin::kOut], *bp->inputs[pin::kIn], 1));
    m.reset();
  }
  float out(int i) const { return bp->output_float(i, -1.0f); }
};

}  // namespace

TEST(BezierProgression, FirstFrameAlreadyAddsTheDelta) {
  Loop l(100.0f);
  l.m.execute(10.0f);
  EXPECT_FLOAT_EQ(l.out(pin::kElapsedTime), 10.0f);
  EXPECT_FLOAT_EQ(l.out(pin::kProgression), 0.1f);
  EXPECT_NEAR(l.out(pin::kValue), 0.1f, 1e-6f);   // default curve y = x
  EXPECT_NEAR(l.out(pin::kDelta), 0.1f, 1e-6f);   // value - GetY(0)
}

TEST(BezierProgression, ValueIsMappedToTheRangeAB) {
  Loop l(100.0f, 10.0f, 20.0f);
  l.m.execute(50.0f);
  EXPECT_NEAR(l.out(pin::kValue), 15.0f, 1e-5f);
  l.m.execute(25.0f);
  EXPECT_NEAR(l.out(pin::kValue), 17.5f, 1e-5f);
  EXPECT_NEAR(l.out(pin::kDelta), 2.5f, 1e-5f);
}

TEST(BezierProgression, ClampsAtOneThenRestartsThroughOut) {
  Loop l(100.0f);
  for (int i = 0; i < 10; ++i) l.m.execute(10.0f);  // elapsed 100: not > 100 yet, Loop Out
  EXPECT_FLOAT_EQ(l.out(pin::kProgression), 1.0f);
  l.m.execute(10.0f);  // elapsed 110 > 100: progression clamped to 1, Out
  EXPECT_FLOAT_EQ(l.out(pin::kElapsedTime), 110.0f);
  EXPECT_FLOAT_EQ(l.out(pin::kProgression), 1.0f);
  l.m.execute(10.0f);  // Out -> In (delay 1): restarts with elapsed = dt
  EXPECT_FLOAT_EQ(l.out(pin::kElapsedTime), 10.0f);
  EXPECT_FLOAT_EQ(l.out(pin::kProgression), 0.1f);
}

TEST(BezierProgression, NoCurveDoesNothing) {
  Loop l(100.0f);
  l.bp->input_params[pin::kCurve]->direct_source = nullptr;
  l.m.execute(10.0f);
  EXPECT_FLOAT_EQ(l.out(pin::kElapsedTime), 0.0f);
  EXPECT_FALSE(l.bp->is_active());
}

TEST(BezierProgression, CallbackPicksTheFunction) {
  BehaviorManager m;
  Behavior& b = m.create_building_block(bb::bezier_progression_prototype());
  b.call_callback(behavior_message::kLoad, &m);
  EXPECT_EQ(b.function, &bb::bezier_progression_time_based);
  b.version = 0x00010000;
  b.input_params[0]->type = param_guid::kInt;
  b.call_callback(behavior_message::kLoad, &m);
  EXPECT_EQ(b.function, &bb::bezier_progression_time_based_old);
  b.local_params[pin::kTimeBased]->value.set_int(0);
  b.call_callback(behavior_message::kSettingsEdited, &m);
  EXPECT_EQ(b.function, &bb::bezier_progression_frame_based);
  EXPECT_EQ(b.input_params[0]->type, param_guid::kInt);
}

TEST(BezierProgression, FrameBasedCountsFrames) {
  Loop l(100.0f);
  l.bp->local_params[pin::kTimeBased]->value.set_int(0);
  l.bp->call_callback(behavior_message::kSettingsEdited, &l.m);
  l.bp->input_params[pin::kDuration]->real_source()->value.set_int(4);
  l.m.execute(1000.0f);
  l.m.execute(1000.0f);
  EXPECT_EQ(l.bp->output_params[pin::kElapsedTime]->value.as_int(), 2);
  EXPECT_FLOAT_EQ(l.out(pin::kProgression), 0.5f);
}

TEST(BezierProgression, OldTimeBasedTruncatesTheDelta) {
  Loop l(100.0f);
  l.bp->version = 0x00010000;
  l.bp->input_params[pin::kDuration]->type = param_guid::kInt;
  l.bp->call_callback(behavior_message::kLoad, &l.m);
  l.bp->input_params[pin::kDuration]->real_source()->value.set_int(100);
  l.m.execute(16.9f);
  EXPECT_EQ(l.bp->output_params[pin::kElapsedTime]->value.as_int(), 16);
  EXPECT_FLOAT_EQ(l.out(pin::kProgression), 0.16f);
}
