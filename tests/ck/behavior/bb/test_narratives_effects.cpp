// ck/behavior/bb/narratives_effects.cpp: one test per narrative or effect
// block of the menu scripts' paths, each on a small graph built in memory:
// Start -> the block, its outputs linked to probes that record the frames in
// which they fire.
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

TEST(NarrativeAndEffectBlocks, SetAsActiveCameraKeepsTheCamera) {
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

TEST(NarrativeAndEffectBlocks, ActivateScriptStartsTheOtherScriptNextFrame) {
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

TEST(NarrativeAndEffectBlocks, ObjectCreateMakesANamedObject) {
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

TEST(NarrativeAndEffectBlocks, TextureLoadTakesTheErrorPath) {
  Rig r("Texture Load");
  r.target(obj("Sky_C_Back", class_id::kTexture));
  r.pin(0, param_guid::kString, str("Textures\\sky\\Sky_C_Back.bmp"));
  r.run(1);
  EXPECT_TRUE(r.fired(0).empty());
  EXPECT_EQ(r.fired(1), V{0});
  ASSERT_EQ(r.events().size(), 1u);
  EXPECT_NE(r.events()[0].find("Textures\\sky\\Sky_C_Back.bmp"), std::string::npos);
}

TEST(NarrativeAndEffectBlocks, SetLightColorAndSetFogAreEvents) {
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

TEST(NarrativeAndEffectBlocks, SetTextureFiresOutBeforeCheckingTheMaterial) {
  Rig r("Set Texture");
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_NE(r.events()[0].find("CKBR_OWNERERROR"), std::string::npos);
}

TEST(NarrativeAndEffectBlocks, ChangeTextureVideoFormatFailsWithoutARenderer) {
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

TEST(NarrativeAndEffectBlocks, WavePlayerEndsNextFrameWithoutASoundDevice) {
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

TEST(NarrativeAndEffectBlocks, TtSkyStaysOnUntilOff) {
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
TEST(NarrativeAndEffectBlocks, PointParticleSystemEmitsUntilOff) {
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

TEST(NarrativeAndEffectBlocks, TtDebugPrintsItsText) {
  Rig r("TT_Debug");
  r.pin(0, param_guid::kString, str("Skytexture not loaded x"));
  r.run(1);
  EXPECT_EQ(r.fired(0), V{0});
  EXPECT_EQ(r.events(), std::vector<std::string>{"debug: Skytexture not loaded x"});
}

}  // namespace

