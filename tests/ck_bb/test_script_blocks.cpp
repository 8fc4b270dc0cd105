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

namespace {

using namespace retroanim;
using namespace retroanim::ck;

std::map<const Behavior*, std::vector<uint64_t>> g_hits;

int probe_fn(const BehaviorContext& ctx) {
  g_hits[ctx.behavior].push_back(ctx.manager->frame());
  ctx.behavior->activate_input(0, false);
  return behavior_return::kOk;
}

// A script with one block under test and a probe on each of its outputs.
struct Rig {
  BehaviorManager m;
  Behavior* script = nullptr;
  Behavior* b = nullptr;
  std::vector<Behavior*> probes;

  explicit Rig(const char* block, int start_input = 0) {
    g_hits.clear();
    script = &m.create_script("Script", {});
    const BehaviorPrototype* proto = find_prototype(std::string(block));
    EXPECT_NE(proto, nullptr) << block;
    b = &m.create_building_block(*proto);
    m.add_sub_behavior(*script, *b);
    if (start_input >= 0) link_start(start_input);
    BehaviorPrototype p;
    p.name = "probe";
    p.inputs = {"In"};
    p.function = probe_fn;
    for (size_t i = 0; i < b->outputs.size(); ++i) {
      Behavior& pr = m.create_building_block(p, "probe " + std::to_string(i));
      m.add_sub_behavior(*script, pr);
      m.add_sub_link(*script, m.create_link(*b->outputs[i], *pr.inputs[0], 0));
      probes.push_back(&pr);
    }
  }
  void link_start(int input) { m.add_sub_link(*script, m.create_link(*script->inputs[0], *b->inputs[input], 0)); }
  // The frames in which output i fired.
  std::vector<uint64_t> fired(int i) const {
    auto it = g_hits.find(probes[static_cast<size_t>(i)]);
    return it == g_hits.end() ? std::vector<uint64_t>{} : it->second;
  }
  // Pin pos reads a new local holding `v` (the pin takes type t).
  Parameter& pin(int pos, Guid t, const ParameterValue& v) {
    Parameter& l = m.create_parameter(b->input_params[pos]->name, t, ParameterClass::kLocal);
    l.value = v;
    b->input_params[pos]->type = t;
    b->input_params[pos]->direct_source = &l;
    return l;
  }
  void target(const ObjectRef& ref) {
    Parameter& t = m.create_parameter("Target", b->target_param->type, ParameterClass::kLocal);
    t.value.set_object(ref);
    b->target_param->direct_source = &t;
  }
  void run(int frames, float dt = 20.0f) {
    g_hits.clear();
    m.reset();
    for (int i = 0; i < frames; ++i) m.execute(dt);
  }
  std::vector<std::string> events() const {
    std::vector<std::string> out;
    for (const BlockEvent& e : m.events()) out.push_back((e.failure ? "FAIL " : "") + e.what);
    return out;
  }
};

ParameterValue str(const std::string& s) {
  ParameterValue v;
  v.set_string(s);
  return v;
}

ObjectRef obj(const std::string& name, uint32_t cls, ObjectId id = 5) {
  ObjectRef r;
  r.name = name;
  r.class_id = cls;
  r.id = id;
  return r;
}

using V = std::vector<uint64_t>;

TEST(ScriptBlocks, SetAsActiveCameraKeepsTheCamera) {
  Rig r("Set As Active Camera");
  r.target(obj("Cam", 35));
  r.run(2);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.m.active_camera().name, "Cam");
  Rig none("Set As Active Camera");
  none.run(2);
  EXPECT_TRUE(none.fired(0).empty());
  EXPECT_TRUE(none.m.active_camera().null());
  ASSERT_EQ(none.events().size(), 1u);  // once, not every frame
  EXPECT_EQ(none.events()[0], "FAIL returned CKBR_OWNERERROR (no target object): its outputs do not fire");
}

TEST(ScriptBlocks, ActivateScriptStartsTheOtherScriptNextFrame) {
  Rig r("Activate Script");
  Behavior& other = r.m.create_behavior("Other");
  other.flags = behavior_flag::kScript | behavior_flag::kTopmost;
  r.m.add_io(other, "Start", true);
  BehaviorPrototype p;
  p.name = "probe";
  p.inputs = {"In"};
  p.function = probe_fn;
  Behavior& pr = r.m.create_building_block(p, "other probe");
  r.m.add_sub_behavior(other, pr);
  r.m.add_sub_link(other, r.m.create_link(*other.inputs[0], *pr.inputs[0], 0));
  ObjectRef ref = obj("Other", class_id::kBehavior);
  ref.script = &other;
  ParameterValue v;
  v.set_object(ref);
  r.pin(1, param_guid::kScript, v);
  r.run(3);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(g_hits[&pr], V{1});  // CKBEHAVIOR_ACTIVATENEXTFRAME with a reset: Start fires in frame 1
  EXPECT_EQ(r.events(), std::vector<std::string>{"activate script 'Other' (reset)"});
  EXPECT_EQ(r.m.scripts().size(), 2u);
}

TEST(ScriptBlocks, OpRunsGetObjectByNameAndAddition) {
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

TEST(ScriptBlocks, TestComparesNumbersAndStrings) {
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

TEST(ScriptBlocks, ParameterSelectorCopiesTheActiveInputsPin) {
  Rig r("Parameter Selector", 1);
  r.pin(0, param_guid::kString, str(".bmp"));
  r.pin(1, param_guid::kString, str(".jpg"));
  r.b->output_params[0]->type = param_guid::kString;
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.b->output_params[0]->value.string(), ".jpg");
}

TEST(ScriptBlocks, SequencerStepsThroughItsOutputsFromReset) {
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

TEST(ScriptBlocks, CreateStringJoinsFormattedPins) {
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

TEST(ScriptBlocks, SwitchOnMessageWaitsWithoutMessages) {
  Rig r("Switch On Message");
  r.run(5);
  EXPECT_TRUE(r.fired(0).empty() && r.fired(1).empty());
  EXPECT_TRUE(r.b->is_active());  // CKBR_ACTIVATENEXTFRAME: still waiting
  EXPECT_EQ(r.events(), std::vector<std::string>{"waiting for messages of types 0, 0"});
}

TEST(ScriptBlocks, RandomUsesTheMsvcSequence) {
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

TEST(ScriptBlocks, DelayerWaitsItsTime) {
  Rig r("Delayer");
  r.pin(0, param_guid::kTime, float_value(50.0f));
  r.run(5, 20.0f);
  EXPECT_EQ(r.fired(0), V{2});  // 20, 40, 60 ms
  EXPECT_EQ(r.b->output_params[0]->value.as_float(), 60.0f);
}

TEST(ScriptBlocks, GetCellAndGetRowReadTheArray) {
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

TEST(ScriptBlocks, AddToGroupNeedsAGroup) {
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

TEST(ScriptBlocks, ObjectCreateMakesANamedObject) {
  Rig r("Object Create");
  r.pin(0, param_guid::kClassId, int_value(static_cast<int32_t>(class_id::kTexture)));
  r.pin(1, param_guid::kString, str("Sky_C_Back"));
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  const ObjectRef& o = r.b->output_params[0]->value.object();
  EXPECT_EQ(o.name, "Sky_C_Back");
  EXPECT_EQ(o.class_id, class_id::kTexture);
  EXPECT_EQ(o.id, BehaviorManager::kFirstCreatedId);
}

TEST(ScriptBlocks, TextureLoadTakesTheErrorPath) {
  Rig r("Texture Load");
  r.target(obj("Sky_C_Back", class_id::kTexture));
  r.pin(0, param_guid::kString, str("Textures\\sky\\Sky_C_Back.bmp"));
  r.run(1);
  EXPECT_TRUE(r.fired(0).empty());
  EXPECT_EQ(r.fired(1), V{0});
  ASSERT_EQ(r.events().size(), 1u);
  EXPECT_NE(r.events()[0].find("Textures\\sky\\Sky_C_Back.bmp"), std::string::npos);
}

TEST(ScriptBlocks, SetLightColorAndSetFogAreEvents) {
  Rig r("Set Light Color");
  r.target(obj("Light_Ingame", class_id::kLight));
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.events(), std::vector<std::string>{"light 'Light_Ingame' color (1, 1, 1, 1)"});
  Rig fog("Set Fog");
  fog.pin(0, param_guid::kInt, int_value(3));
  fog.run(1);
  EXPECT_EQ(fog.fired(0), V{0});
  EXPECT_EQ(fog.events()[0].rfind("fog mode 3 start 0 end 0 density 0", 0), 0u) << fog.events()[0];
}

TEST(ScriptBlocks, SetTextureFiresOutBeforeCheckingTheMaterial) {
  Rig r("Set Texture");
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_NE(r.events()[0].find("CKBR_OWNERERROR"), std::string::npos);
}

TEST(ScriptBlocks, ChangeTextureVideoFormatFailsWithoutARenderer) {
  Rig r("Change Texture Video Format");
  r.target(obj("Sky_C_Back", class_id::kTexture));
  r.pin(0, param_guid::kInt, int_value(1));
  r.run(1);
  EXPECT_EQ(r.fired(1), V{0});
  r.pin(0, param_guid::kInt, int_value(14));
  r.run(1);
  EXPECT_EQ(r.fired(1), V{0});
  EXPECT_NE(r.events().back().find("CKBR_PARAMETERERROR"), std::string::npos);
}

TEST(ScriptBlocks, WavePlayerEndsNextFrameWithoutASoundDevice) {
  Rig r("Wave Player");
  r.target(obj("Menu_atmo", class_id::kWaveSound));
  r.run(3);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.fired(1), V{1});
  EXPECT_EQ(r.events(), std::vector<std::string>{"play sound 'Menu_atmo' (fade in 0 ms)"});
  r.pin(2, param_guid::kBool, int_value(1));  // looped: it never ends
  r.run(3);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_TRUE(r.fired(1).empty());
}

TEST(ScriptBlocks, TtSkyStaysOnUntilOff) {
  Rig r("TT Sky");
  r.m.add_sub_link(*r.script, r.m.create_link(*r.b->outputs[0], *r.b->inputs[1], 3));
  r.run(6);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.fired(1), V{3});
  EXPECT_FALSE(r.b->is_active());
  EXPECT_EQ(r.events().back(), "sky off");
}

// On fires Exit On and the block runs on (emitting) until Off; Freeze fires
// Exit Freeze and leaves it running; each is an event naming the emitter.
TEST(ScriptBlocks, PointParticleSystemEmitsUntilOff) {
  Rig r("Point Particle System");
  r.b->owner = obj("Flame", class_id::k3dEntity);
  r.m.add_sub_link(*r.script, r.m.create_link(*r.b->outputs[0], *r.b->inputs[2], 2));  // Exit On -> Freeze
  r.m.add_sub_link(*r.script, r.m.create_link(*r.b->outputs[2], *r.b->inputs[1], 2));  // Exit Freeze -> Off
  r.run(3);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.fired(2), V{2});
  EXPECT_TRUE(r.fired(1).empty());
  EXPECT_TRUE(r.b->is_active());  // emitting
  r.run(6);
  EXPECT_EQ(r.fired(1), V{4});
  EXPECT_FALSE(r.b->is_active());
  EXPECT_EQ(r.events(), (std::vector<std::string>{"particles on (emitter 'Flame')",
                                                  "particles freeze toggled (emitter 'Flame')",
                                                  "particles off (emitter 'Flame')"}));
  EXPECT_TRUE(r.m.unimplemented().empty());
}

TEST(ScriptBlocks, TtDebugPrintsItsText) {
  Rig r("TT_Debug");
  r.pin(0, param_guid::kString, str("Skytexture not loaded x"));
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.events(), std::vector<std::string>{"debug: Skytexture not loaded x"});
}

TEST(ScriptBlocks, EveryBlockIsRegisteredUnderItsGuid) {
  for (Guid g : {bb::kOpGuid, bb::kTestGuid, bb::kParameterSelectorGuid, bb::kSequencerGuid, bb::kCreateStringGuid,
                 bb::kSwitchOnMessageGuid, bb::kRandomGuid, bb::kDelayerGuid, bb::kGetCellGuid, bb::kGetRowGuid,
                 bb::kAddToGroupGuid, bb::kActivateScriptGuid, bb::kObjectCreateGuid, bb::kTextureLoadGuid,
                 bb::kSetAsActiveCameraGuid, bb::kSetLightColorGuid, bb::kSetTextureGuid,
                 bb::kChangeTextureVideoFormatGuid, bb::kSetFogGuid, bb::kWavePlayerGuid, bb::kTtSkyGuid,
                 bb::kTtDebugGuid, bb::kPointParticleSystemGuid}) {
    const BehaviorPrototype* p = find_prototype(g);
    ASSERT_NE(p, nullptr) << guid_text(g);
    EXPECT_NE(p->function, nullptr) << p->name;
  }
}

}  // namespace

namespace {

// A parameter operation feeding a block's pin runs when the block reads it
// (CKParameterIn::GetValue -> CKParameterOut::Update -> DoOperation).
TEST(ParameterOperations, AnOperationOutputIsComputedWhenAPinReadsIt) {
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

TEST(ParameterOperations, TheCommonOperationsOfTheGameFiles) {
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
TEST(ParameterOperations, OutputDestinationsPushOn) {
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
