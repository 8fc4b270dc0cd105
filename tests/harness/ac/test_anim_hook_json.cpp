// harness/ac/anim_hook_json.cpp: a hook's payload as JSON fields, in the
// order the dat stores them, ids through the caller's conversion, and a
// frame as {"origin", "rotation"}.
#include <gtest/gtest.h>

#include <string>

#include "harness/ac/anim_hook_json.h"
#include "io/hex.h"

namespace {

using namespace retroanim::ac;
using Json = nlohmann::ordered_json;

Json id_as_number(uint32_t id) { return id; }
Json id_as_hex(uint32_t id) { return retroanim::io::hex(id, 8); }

std::string payload(const AnimationHookData& data, HookIdJson ids = id_as_number) {
  Json j = Json::object();
  add_hook_payload_json(j, data, ids);
  return j.dump();
}

TEST(AnimHookJson, FieldsInTheDatsOrder) {
  EXPECT_EQ(payload(AttackHookData{-2, 0.5f, 1.5f, 2.5f, 3.5f, 0.25f, 2.0f}),
            R"({"part_index":-2,"left_x":0.5,"left_y":1.5,"right_x":2.5,"right_y":3.5,"radius":0.25,"height":2.0})");
  EXPECT_EQ(payload(PartRampHookData{3, 0.0f, 1.0f, 0.5f}), R"({"part_index":3,"start":0.0,"end":1.0,"time":0.5})");
  EXPECT_EQ(payload(SoundTweakedHookData{7, 0.5f, 1.0f, 0.75f}),
            R"({"sound_id":7,"probability":0.5,"priority":1.0,"volume":0.75})");
  EXPECT_EQ(payload(SetOmegaHookData{{0.0f, -1.0f, 2.5f}}), R"({"axis":[0.0,-1.0,2.5]})");
  EXPECT_EQ(payload(TextureVelocityPartHookData{4, 0.5f, -0.25f}), R"({"part_index":4,"u_speed":0.5,"v_speed":-0.25})");
  EXPECT_EQ(payload(SwitchHookData{-1}), R"({"value":-1})");
}

TEST(AnimHookJson, IdsGoThroughTheConversionAndOtherNumbersDoNot) {
  EXPECT_EQ(payload(SoundHookData{0x0A000001u}, id_as_hex), R"({"sound_id":"0x0A000001"})");
  EXPECT_EQ(payload(ReplaceObjectHookData{2, 0x01000123u}, id_as_hex), R"({"part_index":2,"part_id":"0x01000123"})");
  EXPECT_EQ(payload(CallPESHookData{0x33000002u, 1.5f}, id_as_hex), R"({"pes_id":"0x33000002","pause":1.5})");
  EXPECT_EQ(payload(SoundTableHookData{0x11}, id_as_hex), R"({"sound_type":17})");  // a type, not an id
  EXPECT_EQ(payload(EmitterHookData{5}, id_as_hex), R"({"emitter_id":5})");
}

TEST(AnimHookJson, CreateParticleNestsItsOffsetFrame) {
  CreateParticleHookData d;
  d.emitter_info_id = 0x32000001u;
  d.part_index = 1;
  d.emitter_id = 9;
  d.offset.origin = {1, 2, 3};
  d.offset.qw = 0.5f, d.offset.qx = 0.5f, d.offset.qy = -0.5f, d.offset.qz = 0.5f;
  EXPECT_EQ(payload(d, id_as_hex),
            R"({"emitter_info_id":"0x32000001","part_index":1,)"
            R"("offset":{"origin":[1.0,2.0,3.0],"rotation":[0.5,0.5,-0.5,0.5]},"emitter_id":9})");
}

TEST(AnimHookJson, NoPayloadAddsNothingAndKeepsWhatIsThere) {
  Json j = {{"type", "NoOp"}};
  add_hook_payload_json(j, NoHookData{}, id_as_number);
  EXPECT_EQ(j.dump(), R"({"type":"NoOp"})");
  add_hook_payload_json(j, ScaleHookData{2.0f, 0.5f}, id_as_number);
  EXPECT_EQ(j.dump(), R"({"type":"NoOp","end":2.0,"time":0.5})");
}

TEST(AnimHookJson, FramesAreOriginThenRotationWxyz) {
  retroanim::math::AFrame a;
  a.origin = {1.5f, -2, 0};
  a.qw = 0.6f;  // not exact in binary: the JSON holds the float's double value
  a.qz = 0.8f;
  const Json j = transform_json(a);
  ASSERT_EQ(j["origin"].size(), 3u);
  EXPECT_EQ(j["origin"][0].get<double>(), 1.5);
  EXPECT_EQ(j["origin"][1].get<double>(), -2.0);
  EXPECT_EQ(j["rotation"][0].get<double>(), static_cast<double>(0.6f));
  EXPECT_EQ(j["rotation"][3].get<double>(), static_cast<double>(0.8f));
  EXPECT_EQ(j.begin().key(), "origin");
  const retroanim::math::Frame f({4, 5, 6}, 1, 0, 0, 0);
  EXPECT_EQ(transform_json(f).dump(), R"({"origin":[4.0,5.0,6.0],"rotation":[1.0,0.0,0.0,0.0]})");
}

}  // namespace
