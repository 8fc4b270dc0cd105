// The behaviour runtime: link delays (0 = same frame, n = n frames later),
// CKBR_ACTIVATENEXTFRAME, input/output activation, parameter sources (an
// output feeding an input), shared pins, ParameterOut destinations, the reset
// callback and the deterministic order of execution.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "retroanim/ck/behavior/behavior_manager.h"

using namespace retroanim::ck;

namespace {

// A log of (frame, behaviour name) executions shared by the test blocks.
std::vector<std::string>* g_log = nullptr;

// Logs "name@time", deactivates input 0 and activates output 0.
int relay(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  if (g_log) g_log->push_back(b.name + "@" + std::to_string(static_cast<int>(ctx.time_ms)));
  b.activate_input(0, false);
  b.activate_output(0, true);
  return behavior_return::kOk;
}

// Logs and keeps running every frame, counting in local 0.
int ticker(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  if (g_log) g_log->push_back(b.name + "@" + std::to_string(static_cast<int>(ctx.time_ms)));
  b.activate_input(0, false);
  b.set_local_float(0, b.local_float(0, 0.0f) + 1.0f);
  return behavior_return::kActivateNextFrame;
}

// Copies input parameter 0 to output parameter 0 (times 2).
int doubler(const BehaviorContext& ctx) {
  Behavior& b = *ctx.behavior;
  b.activate_input(0, false);
  b.set_output_float(0, 2.0f * b.input_float(0, -1.0f));
  b.activate_output(0, true);
  return behavior_return::kOk;
}

int reset_count = 0;
int count_resets(const BehaviorContext& ctx) {
  if (ctx.callback_message == behavior_message::kReset) ++reset_count;
  return 0;
}

BehaviorPrototype proto(const char* name, BehaviorFunction fn) {
  BehaviorPrototype p;
  p.name = name;
  p.inputs = {"In"};
  p.outputs = {"Out"};
  p.input_params = {{"X", param_guid::kFloat, float_value(0.0f), false}};
  p.output_params = {{"Y", param_guid::kFloat, float_value(0.0f), false}};
  p.locals = {{"n", param_guid::kFloat, float_value(0.0f), false}};
  p.function = fn;
  p.callback = count_resets;
  return p;
}

struct BehaviorScheduling : ::testing::Test {
  std::vector<std::string> log;
  BehaviorManager m;
  Behavior* script = nullptr;
  void SetUp() override {
    g_log = &log;
    reset_count = 0;
    script = &m.create_script("Script", {});
  }
  void TearDown() override { g_log = nullptr; }
  Behavior& add(const char* name, BehaviorFunction fn) {
    Behavior& b = m.create_building_block(proto(name, fn), name);
    m.add_sub_behavior(*script, b);
    return b;
  }
  void link(BehaviorIO& from, BehaviorIO& to, int16_t delay) { m.add_sub_link(*script, m.create_link(from, to, delay)); }
};

}  // namespace

TEST_F(BehaviorScheduling, DelayZeroRunsInTheSameFrameAndDelayNLater) {
  Behavior& a = add("A", relay);
  Behavior& b = add("B", relay);
  Behavior& c = add("C", relay);
  link(*script->inputs[0], *a.inputs[0], 0);
  link(*a.outputs[0], *b.inputs[0], 0);
  link(*b.outputs[0], *c.inputs[0], 2);
  m.reset();
  for (int i = 0; i < 4; ++i) m.execute(10.0f);
  // A and B in frame 0 (t=0); C two frames later (t=20).
  EXPECT_EQ(log, (std::vector<std::string>{"A@0", "B@0", "C@20"}));
}

TEST_F(BehaviorScheduling, DelayOneLoopRunsOncePerFrame) {
  Behavior& a = add("A", relay);
  link(*script->inputs[0], *a.inputs[0], 0);
  link(*a.outputs[0], *a.inputs[0], 1);
  m.reset();
  for (int i = 0; i < 3; ++i) m.execute(16.0f);
  EXPECT_EQ(log, (std::vector<std::string>{"A@0", "A@16", "A@32"}));
}

TEST_F(BehaviorScheduling, ActivateNextFrameKeepsTheBlockRunning) {
  Behavior& t = add("T", ticker);
  link(*script->inputs[0], *t.inputs[0], 0);
  m.reset();
  for (int i = 0; i < 5; ++i) m.execute(1.0f);
  EXPECT_EQ(t.local_float(0, 0.0f), 5.0f);
  EXPECT_TRUE(t.is_active());
  EXPECT_TRUE(script->is_active());
}

TEST_F(BehaviorScheduling, BlockReturningOkStopsAndTheScriptGoesIdle) {
  Behavior& a = add("A", relay);
  link(*script->inputs[0], *a.inputs[0], 0);
  m.reset();
  m.execute(1.0f);
  EXPECT_FALSE(a.is_active());
  EXPECT_FALSE(script->is_active());
  m.execute(1.0f);
  EXPECT_EQ(log.size(), 1u);
}

TEST_F(BehaviorScheduling, OutputParameterFeedsAnInputAndSharedPins) {
  Behavior& a = add("A", doubler);
  Behavior& b = add("B", doubler);
  a.input_params[0]->real_source()->value.set_float(3.0f);
  b.input_params[0]->direct_source = a.output_params[0];  // B.X <- A.Y
  Behavior& c = add("C", doubler);
  c.input_params[0]->shared_source = b.input_params[0];   // C.X shares B.X's source
  link(*script->inputs[0], *a.inputs[0], 0);
  link(*a.outputs[0], *b.inputs[0], 0);
  link(*b.outputs[0], *c.inputs[0], 0);
  m.reset();
  m.execute(1.0f);
  EXPECT_EQ(a.output_float(0, 0), 6.0f);
  EXPECT_EQ(b.output_float(0, 0), 12.0f);
  EXPECT_EQ(c.output_float(0, 0), 12.0f);
}

TEST_F(BehaviorScheduling, OutputDestinationsReceiveEachValue) {
  Behavior& a = add("A", doubler);
  a.input_params[0]->real_source()->value.set_float(2.0f);
  Parameter& dst = m.create_parameter("dst", param_guid::kFloat, ParameterClass::kParameter);
  a.output_params[0]->destinations.push_back(&dst);
  link(*script->inputs[0], *a.inputs[0], 0);
  m.reset();
  m.execute(1.0f);
  EXPECT_EQ(dst.value.as_float(), 4.0f);
}

TEST_F(BehaviorScheduling, ResetCallsTheCallbackOfEveryBlockAndRestoresDelays) {
  Behavior& a = add("A", relay);
  add("B", relay);
  BehaviorLink& l = m.create_link(*a.outputs[0], *a.inputs[0], 3);
  m.add_sub_link(*script, l);
  link(*script->inputs[0], *a.inputs[0], 0);
  m.reset();
  EXPECT_EQ(reset_count, 2);
  m.execute(1.0f);
  m.execute(1.0f);
  EXPECT_EQ(l.delay, 2 - 1);  // fired in frame 0, counted down twice: 3 -> 2 -> 1
  m.reset();
  EXPECT_EQ(l.delay, 3);
  EXPECT_EQ(reset_count, 4);
  EXPECT_EQ(m.time_ms(), 0.0);
}

TEST_F(BehaviorScheduling, SameFrameOrderFollowsPriorityThenListOrder) {
  Behavior& s = add("S", relay);
  Behavior& lo = add("Lo", relay);
  Behavior& hi = add("Hi", relay);
  hi.priority = 5;
  link(*script->inputs[0], *s.inputs[0], 0);
  link(*s.outputs[0], *lo.inputs[0], 0);
  link(*s.outputs[0], *hi.inputs[0], 0);
  m.reset();
  m.execute(1.0f);
  // Both become queued after S; the higher priority runs first.
  EXPECT_EQ(log, (std::vector<std::string>{"S@0", "Hi@0", "Lo@0"}));
}

TEST_F(BehaviorScheduling, InfiniteSameFrameLoopStopsAtTheIterationLimit) {
  Behavior& a = add("A", relay);
  link(*script->inputs[0], *a.inputs[0], 0);
  link(*a.outputs[0], *a.inputs[0], 0);
  m.max_iterations = 10;
  m.reset();
  m.execute(1.0f);
  EXPECT_EQ(log.size(), 11u);  // iterations 0..10, then the graph stops for this frame
}

TEST(BehaviorManagerValues, ValueBytesAreCopiedAsTheEngineCopiesThem) {
  ParameterValue v;
  v.set_int(5000);
  float f = -1.0f;
  ASSERT_TRUE(v.copy_to(&f, sizeof f));
  int32_t back = 0;
  std::memcpy(&back, &f, 4);
  EXPECT_EQ(back, 5000);  // raw bytes, not a conversion
  ParameterValue empty;
  float untouched = 7.0f;
  EXPECT_FALSE(empty.copy_to(&untouched, sizeof untouched));
  EXPECT_EQ(untouched, 7.0f);
}

TEST(BehaviorManagerValues, SharedPinCycleEndsWithoutASource) {
  BehaviorManager m;
  ParameterIn& a = m.create_parameter_in("a", param_guid::kFloat);
  ParameterIn& b = m.create_parameter_in("b", param_guid::kFloat);
  a.shared_source = &b;
  b.shared_source = &a;
  EXPECT_EQ(a.real_source(), nullptr);
}
