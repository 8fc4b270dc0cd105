// ck/behavior/behavior.cpp, a behaviour's pins as a building block reads and
// writes them (CKBehavior::ActivateInput/Output, GetInputParameterValue,
// Get/SetOutputParameterValue, the locals, GetTarget), on pins wired here.
// (Scheduling through the manager: test_behavior_manager.cpp.)
#include <gtest/gtest.h>

#include <memory>

#include "retroanim/ck/anim/curve2d.h"
#include "retroanim/ck/behavior/behavior.h"
#include "retroanim/ck/behavior/parameter.h"

namespace {

using namespace retroanim::ck;
using retroanim::StatusCode;
using retroanim::math::Vec3;

TEST(Behavior, IosActivateByPositionAndIgnoreOtherPositions) {
  BehaviorIO in0, in1, out0;
  out0.flags = behavior_io_flag::kOut;
  Behavior b;
  b.inputs = {&in0, &in1, nullptr};
  b.outputs = {&out0};
  b.activate_input(1);
  EXPECT_FALSE(b.is_input_active(0));
  EXPECT_TRUE(b.is_input_active(1));
  EXPECT_TRUE(in1.active());
  b.activate_input(1, false);
  EXPECT_FALSE(b.is_input_active(1));
  b.activate_output(0);
  EXPECT_TRUE(b.is_output_active(0));
  EXPECT_TRUE(out0.active());
  b.activate_input(2);   // an empty slot
  b.activate_input(7);   // past the end
  b.activate_output(-1);
  EXPECT_FALSE(b.is_input_active(2));
  EXPECT_FALSE(b.is_input_active(7));
  EXPECT_FALSE(b.is_output_active(-1));
}

TEST(Behavior, InputsReadTheirSourcesValueOrTheFallback) {
  Parameter number, vec, text, curve;
  number.value.set_float(2.5f);
  vec.value.set_vector({1, 2, 3});
  text.value.set_string("Cam_MenuLevel");
  curve.value.set_curve2d(std::make_shared<Curve2d>());
  ParameterIn p_number, p_vec, p_text, p_curve, p_unconnected;
  p_number.direct_source = &number;
  p_number.type = param_guid::kFloat;
  p_vec.direct_source = &vec;
  p_text.direct_source = &text;
  p_curve.direct_source = &curve;
  Behavior b;
  b.input_params = {&p_number, &p_vec, &p_text, &p_curve, &p_unconnected, nullptr};
  EXPECT_EQ(b.input_float(0, -1.0f), 2.5f);
  EXPECT_EQ(b.input_vector(1, {}), (Vec3{1, 2, 3}));
  EXPECT_EQ(b.input_float(1, -1.0f), 1.0f);  // the first four bytes of the vector
  EXPECT_EQ(b.input_string(2), "Cam_MenuLevel");
  EXPECT_EQ(b.input_string(0), "");  // not a string
  EXPECT_NE(b.input_curve2d(3), nullptr);
  EXPECT_EQ(b.input_curve2d(0), nullptr);
  EXPECT_EQ(b.input_float(2, -1.0f), -1.0f);  // a string holds no bytes
  EXPECT_EQ(b.input_float(4, -1.0f), -1.0f);  // no source
  EXPECT_EQ(b.input_int(5, 42), 42);          // an empty slot
  EXPECT_EQ(b.input_float(9, -1.0f), -1.0f);  // past the end
  EXPECT_EQ(b.input_source(0), &number);
  EXPECT_EQ(b.input_source(4), nullptr);
  EXPECT_EQ(b.input_type(0), param_guid::kFloat);
  EXPECT_EQ(b.input_type(5), Guid{});
  float buf = 0;
  EXPECT_EQ(b.get_input_value(4, &buf, sizeof buf).code(), StatusCode::kNotFound);
  EXPECT_STREQ(b.get_input_value(4, &buf, sizeof buf).message(), "no input parameter (or no source) at that position");
}

TEST(Behavior, InputObjectsAreNullForAnEmptyReference) {
  Parameter named, empty;
  ObjectRef ref;
  ref.id = 12;
  ref.name = "Stone";
  named.value.set_object(ref);
  empty.value.set_object(ObjectRef{});
  ParameterIn a, b_in;
  a.direct_source = &named;
  b_in.direct_source = &empty;
  Behavior b;
  b.input_params = {&a, &b_in};
  ASSERT_NE(b.input_object(0), nullptr);
  EXPECT_EQ(b.input_object(0)->name, "Stone");
  EXPECT_EQ(b.input_object(1), nullptr);
}

TEST(Behavior, OutputsAndLocalsWriteThroughTheirParameters) {
  Parameter out, dest, local;
  out.klass = ParameterClass::kOut;
  out.destinations = {&dest};
  Behavior b;
  b.output_params = {&out, nullptr};
  b.local_params = {&local};
  EXPECT_EQ(b.output_float(0, -1.0f), -1.0f);  // no bytes yet
  b.set_output_float(0, 0.75f);
  EXPECT_EQ(b.output_float(0, -1.0f), 0.75f);
  EXPECT_EQ(dest.value.as_float(), 0.75f);  // pushed to the destination
  b.set_output_int(0, 9);
  EXPECT_EQ(dest.value.as_int(), 9);
  b.set_output_string(0, "Light_Ingame");
  EXPECT_EQ(dest.value.string(), "Light_Ingame");
  b.set_output_float(1, 1.0f);  // an empty slot: nothing happens
  b.set_output_float(5, 1.0f);
  EXPECT_EQ(b.output_param(0), &out);
  EXPECT_EQ(b.output_param(1), nullptr);
  b.set_local_float(0, 3.0f);
  EXPECT_EQ(b.local_float(0, 0.0f), 3.0f);
  EXPECT_EQ(b.local_int(3, 8), 8);
  b.set_local_vector(0, {4, 5, 6});
  EXPECT_EQ(b.local_vector(0, {}), (Vec3{4, 5, 6}));
}

TEST(Behavior, TheTargetIsTheOwnerUnlessTargetable) {
  Behavior b;
  EXPECT_EQ(b.target(), nullptr);  // no owner
  b.owner.id = 5;
  b.owner.name = "Cam";
  ASSERT_NE(b.target(), nullptr);
  EXPECT_EQ(b.target()->name, "Cam");
  // Targetable: the target pin's source, whatever the owner.
  Parameter t;
  ObjectRef other;
  other.id = 6;
  other.name = "Ball";
  t.value.set_object(other);
  ParameterIn pin;
  pin.direct_source = &t;
  b.flags |= behavior_flag::kTargetable;
  b.target_param = &pin;
  ASSERT_NE(b.target(), nullptr);
  EXPECT_EQ(b.target()->name, "Ball");
  pin.direct_source = nullptr;
  EXPECT_EQ(b.target(), nullptr);  // a targetable behaviour without a target has none
}

}  // namespace
