// One test per building block of the menu scripts' paths (bb/script_blocks.h),
// each on a small graph built in memory: Start -> the block, its outputs
// linked to probes that record the frames in which they fire.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "retroanim/ck/behavior/bb/script_blocks.h"
#include "retroanim/ck/behavior/behavior_manager.h"
#include "retroanim/ck/behavior/data_array.h"
#include "retroanim/ck/behavior/parameter_operation.h"
#include "ck/behavior/block_rig.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::test;

using V = std::vector<uint64_t>;

TEST(LogicBlocks, OpRunsGetObjectByNameAndAddition) {
  Rig r("Op");
  r.pin(0, param_guid::kString, str("Light_Ingame"));
  r.b->input_params[1]->type = param_guid::kNone;
  Parameter& res = *r.b->output_params[0];
  res.type = param_guid::kLight;
  Parameter& dst = r.m.create_parameter("dst", param_guid::kLight, ParameterClass::kLocal);
  res.destinations.push_back(&dst);
  r.b->local_params[1]->value.set_int(static_cast<int32_t>(op_guid::kGetObjectByName.d1));
  r.b->local_params[2]->value.set_int(static_cast<int32_t>(op_guid::kGetObjectByName.d2));
  std::vector<std::pair<std::string, uint32_t>> asked;
  r.m.object_by_name = [&](const std::string& n, uint32_t cls) {
    asked.emplace_back(n, cls);
    return obj(n, 38);
  };
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  ASSERT_EQ(asked.size(), 1u);
  EXPECT_EQ(asked[0], (std::pair<std::string, uint32_t>{"Light_Ingame", 38}));
  EXPECT_EQ(res.value.object().name, "Light_Ingame");
  EXPECT_EQ(dst.value.object().name, "Light_Ingame");  // pushed to the destination

  Rig add("Op");
  add.pin(0, param_guid::kString, str("Skytexture not loaded "));
  add.pin(1, param_guid::kString, str("a.bmp"));
  add.b->output_params[0]->type = param_guid::kString;
  add.b->local_params[1]->value.set_int(static_cast<int32_t>(op_guid::kAddition.d1));
  add.b->local_params[2]->value.set_int(static_cast<int32_t>(op_guid::kAddition.d2));
  add.run(1);
  EXPECT_EQ(add.b->output_params[0]->value.string(), "Skytexture not loaded a.bmp");
  add.b->input_params[0]->type = param_guid::kFloat;  // Float + String: no such operation
  add.run(3);
  EXPECT_EQ(add.fired(0), V{0});  // Out fires all the same
  ASSERT_EQ(add.events().size(), 1u);
  EXPECT_NE(add.events()[0].find("which is not implemented"), std::string::npos) << add.events()[0];
}

TEST(LogicBlocks, TestComparesNumbersAndStrings) {
  Rig r("Test");
  r.pin(1, param_guid::kInt, int_value(0));
  r.pin(2, param_guid::kInt, int_value(0));
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_TRUE(r.fired(1).empty());
  r.pin(0, param_guid::kCompOperator, int_value(bb::comp_operator::kLess));
  r.pin(1, param_guid::kFloat, float_value(2.5f));
  r.pin(2, param_guid::kBool, int_value(7));  // a boolean compares as 1
  r.run(1);
  EXPECT_EQ(r.fired(1), V{0});
  r.pin(0, param_guid::kCompOperator, int_value(bb::comp_operator::kEqual));
  r.pin(1, param_guid::kString, str("sky"));
  r.pin(2, param_guid::kString, str("sky"));
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  r.pin(0, param_guid::kCompOperator, int_value(0));  // no operator: nothing fires
  r.run(1);
  EXPECT_TRUE(r.fired(0).empty() && r.fired(1).empty());
}

TEST(LogicBlocks, ParameterSelectorCopiesTheActiveInputsPin) {
  Rig r("Parameter Selector", 1);
  r.pin(0, param_guid::kString, str(".bmp"));
  r.pin(1, param_guid::kString, str(".jpg"));
  r.b->output_params[0]->type = param_guid::kString;
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.b->output_params[0]->value.string(), ".jpg");
}

TEST(LogicBlocks, SequencerStepsThroughItsOutputsFromReset) {
  Rig r("Sequencer", 0);  // Start -> Reset
  r.m.add_io(*r.b, "Out 2", false);
  BehaviorPrototype p;
  p.name = "probe";
  p.inputs = {"In"};
  p.function = probe_fn;
  Behavior& pr = r.m.create_building_block(p, "probe 2");
  r.m.add_sub_behavior(*r.script, pr);
  r.m.add_sub_link(*r.script, r.m.create_link(*r.b->outputs[2], *pr.inputs[0], 0));
  // Exit Reset -> In (frame 0), Out 1 -> In one frame later, Out 2 -> In one frame later.
  r.m.add_sub_link(*r.script, r.m.create_link(*r.b->outputs[0], *r.b->inputs[1], 0));
  r.m.add_sub_link(*r.script, r.m.create_link(*r.b->outputs[1], *r.b->inputs[1], 1));
  r.m.add_sub_link(*r.script, r.m.create_link(*r.b->outputs[2], *r.b->inputs[1], 1));
  r.run(4);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.fired(1), (V{0, 2}));  // wraps after the last output
  EXPECT_EQ(g_hits[&pr], (V{1, 3}));
  EXPECT_EQ(r.b->output_params[0]->value.as_int(), 1);  // Current after Out 1, Out 2, Out 1, Out 2
}

TEST(LogicBlocks, CreateStringJoinsFormattedPins) {
  Rig r("Create String");
  r.pin(0, param_guid::kString, str("-"));
  for (const char* n : {"Pin 1", "Pin 2", "Pin 3"}) {
    ParameterIn& pin = r.m.create_parameter_in(n, param_guid::kString);
    pin.owner = r.b;
    r.b->input_params.push_back(&pin);
    Parameter& fmt = r.m.create_parameter(n, param_guid::kString, ParameterClass::kLocal);
    fmt.value.set_string("%s");
    fmt.is_setting = true;
    r.b->local_params.push_back(&fmt);
  }
  r.pin(1, param_guid::kString, str("Textures\\"));
  r.pin(2, param_guid::kInt, int_value(7));
  r.b->local_params[1]->value.set_string("%03d");
  r.pin(3, param_guid::kString, str("x"));
  r.b->local_params[2]->value.set_string("%s%s");  // two conversions: the text as it is
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.b->output_params[0]->value.string(), "Textures\\-007-x");
  EXPECT_EQ(bb::format_int("%n", 3), "3");
  EXPECT_EQ(bb::format_text("%-4s", "ab"), "ab  ");
  EXPECT_EQ(bb::format_text("[%s]", "ab"), "ab");  // a format not ending in 's' gives the text (as the source)
  EXPECT_EQ(bb::format_float("%.2f", 1.5f), "1.50");
}

TEST(LogicBlocks, SwitchOnMessageWaitsWithoutMessages) {
  Rig r("Switch On Message");
  r.run(5);
  EXPECT_TRUE(r.fired(0).empty() && r.fired(1).empty());
  EXPECT_TRUE(r.b->is_active());  // CKBR_ACTIVATENEXTFRAME: still waiting
  EXPECT_EQ(r.events(), std::vector<std::string>{"waiting for messages of types 0, 0"});
}

TEST(LogicBlocks, RandomUsesTheMsvcSequence) {
  Rig r("Random");
  r.pin(0, param_guid::kTime, float_value(1000.0f));
  r.pin(1, param_guid::kTime, float_value(10000.0f));
  r.b->output_params[0]->type = param_guid::kTime;
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  // srand(1): the first rand() is 41.
  float expected = 1000.0f + 41.0f * (10000.0f - 1000.0f) / 32767.0f;
  EXPECT_EQ(r.b->output_params[0]->value.as_float(), expected);
  BehaviorManager m;
  m.reset();
  EXPECT_EQ(m.rand(), 41);
  EXPECT_EQ(m.rand(), 18467);
  EXPECT_EQ(m.rand(), 6334);
}

TEST(LogicBlocks, DelayerWaitsItsTime) {
  Rig r("Delayer");
  r.pin(0, param_guid::kTime, float_value(50.0f));
  r.run(5, 20.0f);
  EXPECT_EQ(r.fired(0), V{2});  // 20, 40, 60 ms
  EXPECT_EQ(r.b->output_params[0]->value.as_float(), 60.0f);
}

TEST(LogicBlocks, GetCellAndGetRowReadTheArray) {
  Rig r("Get Cell");
  DataArray& a = r.m.create_data_array();
  a.name = "GameSettings";
  a.columns = {{"Fullversion?", ArrayColumnType::kInt, {}}, {"Sky", ArrayColumnType::kString, {}}};
  a.rows.resize(1);
  a.rows[0].resize(2);
  a.rows[0][0].int_value = 1;
  a.rows[0][1].text = "Sky_C";
  ObjectRef ref = obj("GameSettings", class_id::kDataArray);
  ref.data_array = &a;
  r.target(ref);
  r.pin(1, param_guid::kInt, int_value(0));
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.b->output_params[0]->value.as_int(), 1);
  r.pin(1, param_guid::kInt, int_value(1));
  r.b->output_params[0]->type = param_guid::kString;
  r.run(1);
  EXPECT_EQ(r.b->output_params[0]->value.string(), "Sky_C");
  r.pin(0, param_guid::kInt, int_value(3));
  r.run(1);
  EXPECT_EQ(r.fired(1), V{0});  // no row 3: Not Found
  Rig none("Get Cell");
  none.run(1);
  EXPECT_TRUE(none.fired(0).empty() && none.fired(1).empty());
  EXPECT_EQ(none.events().size(), 1u);

  Rig row("Get Row");
  Parameter& p = row.m.create_parameter("Back", param_guid::kMaterial, ParameterClass::kOut);
  p.value.set_object(obj("MSky_Back", class_id::kMaterial));
  DataArray& sky = row.m.create_data_array();
  sky.columns = {{"Back", ArrayColumnType::kParameter, param_guid::kMaterial}};
  sky.rows.resize(1);
  sky.rows[0].resize(1);
  sky.rows[0][0].parameter = &p;
  ObjectRef sref = obj("MenuSky", class_id::kDataArray);
  sref.data_array = &sky;
  row.target(sref);
  Parameter& out = row.m.create_parameter("Back", param_guid::kMaterial, ParameterClass::kOut);
  row.b->output_params.push_back(&out);
  row.run(1);
  EXPECT_EQ(row.fired(0), V{0});
  EXPECT_EQ(out.value.object().name, "MSky_Back");
}

TEST(LogicBlocks, AddToGroupNeedsAGroup) {
  Rig r("Add To Group");
  ParameterValue g;
  g.set_object(obj("All_MenuLevel", class_id::kGroup));
  r.pin(0, param_guid::kGroup, g);
  r.target(obj("Sky_C_Back", class_id::kTexture));
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.events(), std::vector<std::string>{"add 'Sky_C_Back' to group 'All_MenuLevel'"});
  Rig none("Add To Group");
  none.run(1);
  EXPECT_TRUE(none.fired(0).empty());
  EXPECT_NE(none.events()[0].find("CKBR_PARAMETERERROR"), std::string::npos);
}

}  // namespace

