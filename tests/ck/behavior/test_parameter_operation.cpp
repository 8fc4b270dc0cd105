// ck/behavior/parameter_operation.cpp: an operation's output computed when a
// pin reads it, the common operations of the game files, and output
// destinations pushed on.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "retroanim/ck/behavior/bb/script_blocks.h"
#include "retroanim/ck/behavior/behavior_manager.h"
#include "retroanim/ck/behavior/data_array.h"
#include "retroanim/ck/behavior/parameter_operation.h"
#include "ck/behavior/block_rig.h"

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::test;

namespace {

// A parameter operation feeding a block's pin runs when the block reads it
// (CKParameterIn::GetValue -> CKParameterOut::Update -> DoOperation).
TEST(ParameterOperation, AnOperationOutputIsComputedWhenAPinReadsIt) {
  Rig r("TT_Debug");
  ParameterIn& in1 = r.m.create_parameter_in("p1", param_guid::kInt);
  ParameterIn& in2 = r.m.create_parameter_in("p2", param_guid::kNone);
  Parameter& count = r.m.create_parameter("count", param_guid::kInt, ParameterClass::kLocal);
  count.value.set_int(42);
  in1.direct_source = &count;
  Parameter& text = r.m.create_parameter("text", param_guid::kString, ParameterClass::kOut);
  ParameterOperation& op = r.m.create_operation();
  op.operation = op_guid::kConvert;
  op.in1 = &in1;
  op.in2 = &in2;
  op.out = &text;
  text.operation = &op;
  op.update();
  ASSERT_NE(op.function, nullptr);
  r.b->input_params[0]->direct_source = &text;
  r.run(1);
  EXPECT_EQ(r.events(), std::vector<std::string>{"debug: 42"});
  count.value.set_int(-7);  // read again: computed again
  r.run(1);
  EXPECT_EQ(r.events(), std::vector<std::string>{"debug: -7"});
  // Without a function the output takes in1's value (DoOperation).
  ParameterOperation& unknown = r.m.create_operation();
  unknown.operation = Guid{1, 2};
  unknown.in1 = &in1;
  Parameter& o2 = r.m.create_parameter("o2", param_guid::kInt, ParameterClass::kOut);
  unknown.out = &o2;
  unknown.update();
  EXPECT_EQ(unknown.function, nullptr);
  EXPECT_FALSE(unknown.do_operation());
  EXPECT_EQ(o2.value.as_int(), -7);
}

TEST(ParameterOperation, TheCommonOperationsOfTheGameFiles) {
  BehaviorManager m;
  auto run_op = [&](Guid opg, Guid res, Guid t1, const ParameterValue& v1) {
    ParameterIn& a = m.create_parameter_in("a", t1);
    ParameterIn& b = m.create_parameter_in("b", param_guid::kNone);
    Parameter& src = m.create_parameter("src", t1, ParameterClass::kLocal);
    src.value = v1;
    a.direct_source = &src;
    Parameter& out = m.create_parameter("out", res, ParameterClass::kOut);
    ParameterOperation& op = m.create_operation();
    op.operation = opg;
    op.in1 = &a;
    op.in2 = &b;
    op.out = &out;
    op.update();
    EXPECT_NE(op.function, nullptr);
    EXPECT_TRUE(op.do_operation());
    return out.value;
  };
  using namespace param_guid;
  EXPECT_EQ(run_op(op_guid::kConvert, kString, kInt, int_value(12)).string(), "12");
  EXPECT_EQ(run_op(op_guid::kConvert, kString, kBool, int_value(1)).string(), "TRUE");
  EXPECT_EQ(run_op(op_guid::kConvert, kString, kTime, float_value(63500.0f)).string(), "1m 3s 500ms");
  EXPECT_EQ(run_op(op_guid::kConvert, kFloat, kInt, int_value(3)).as_float(), 3.0f);
  EXPECT_EQ(run_op(op_guid::kConvert, kInt, kString, str("17 levels")).as_int(), 17);
  ParameterValue o;
  o.set_object(obj("Level_01", class_id::kGroup));
  EXPECT_EQ(run_op(op_guid::kGetName, kString, kGroup, o).string(), "Level_01");
  EXPECT_EQ(run_op(op_guid::kGetLength, kInt, kString, str("Ballance")).as_int(), 8);
}

// A ParameterOut whose destination is another output pushes on (CKParameterOut::CopyValue -> DataChanged).
TEST(ParameterOperation, OutputDestinationsPushOn) {
  BehaviorManager m;
  Parameter& a = m.create_parameter("a", param_guid::kFloat, ParameterClass::kOut);
  Parameter& b = m.create_parameter("b", param_guid::kFloat, ParameterClass::kOut);
  Parameter& c = m.create_parameter("c", param_guid::kFloat, ParameterClass::kLocal);
  a.destinations.push_back(&b);
  b.destinations.push_back(&c);
  b.destinations.push_back(&a);  // a cycle (bad data) ends
  float v = 2.5f;
  a.set_bytes(&v, sizeof v);
  EXPECT_EQ(b.value.as_float(), 2.5f);
  EXPECT_EQ(c.value.as_float(), 2.5f);
}

}  // namespace
