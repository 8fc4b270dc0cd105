// harness/ac/dat_json.cpp: the JSON views `ac info` prints: a dat's header
// and entry counts, hooks, animations, setups and motion tables.
#include <gtest/gtest.h>

#include <vector>

#include "harness/ac/dat_json.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/dat_writer.h"
#include "support/ac_fixtures.h"

namespace {

using namespace retroanim::ac;
using namespace retroanim::ac::io;
using namespace retroanim::ac::test;

Animation two_frames(uint32_t id, bool pos_frames) {
  Animation a;
  a.id = id;
  a.num_parts = 1;
  a.part_frames.resize(2);
  for (AnimationFrame& f : a.part_frames) f.parts.resize(1);
  a.part_frames[1].hooks.push_back(sound_table_hook());
  if (pos_frames) {
    a.flags = animation_flag::kHasPosFrames;
    a.pos_frames.resize(2);
  }
  fill_part_columns(a);
  return a;
}

TEST(DatJson, HeaderCountsEntriesByType) {
  DatWriter w;
  add_animation(w, two_frames(0x03000001u, false));
  DatFileOptions compressed;
  compressed.compress = true;
  add_animation(w, two_frames(0x03000002u, true), compressed);
  retroanim::ac::Setup s;
  s.id = 0x02000001u;
  s.part_ids = {0x01000001u};
  add_setup(w, s);
  add_motion_table(w, one_cycle_table(kTestTableId, 0x03000001u));
  const DatDatabase dat = DatDatabase::from_bytes(w.build(), "four.dat");
  const DatJson h = dat_header_json(dat);
  EXPECT_EQ(h.begin().key(), "file");
  EXPECT_EQ(h["file"], "four.dat");
  EXPECT_EQ(h["entry_count"], 4u);
  EXPECT_EQ(h["animation_count"], 2u);
  EXPECT_EQ(h["setup_count"], 1u);
  EXPECT_EQ(h["motion_table_count"], 1u);
  EXPECT_EQ(h["file_size"], h["header_file_size"]);
  EXPECT_EQ(h["compressed_entry_count"], 1u);  // the animation asked for zlib (its zero frames compress)
  EXPECT_TRUE(dat.find(0x03000002u)->compressed());
  const DatJson e = dat_entry_json(dat.entries()[0]);
  EXPECT_EQ(e.begin().key(), "id");
  EXPECT_TRUE(e.contains("offset"));
}

TEST(DatJson, HooksHaveTypeNameDirectionAndTheirPayloadWithIdsInHex) {
  EXPECT_EQ(animation_hook_json(sound_table_hook()).dump(),
            R"({"type":2,"name":"SoundTable","direction":1,"sound_type":17})");
  EXPECT_EQ(animation_hook_json(hook(AnimationHookType::kSound, AnimationHookDir::kBackward, SoundHookData{0x0A000001u}))
                .dump(),
            R"({"type":1,"name":"Sound","direction":-1,"sound_id":"0x0A000001"})");
  EXPECT_EQ(animation_hook_json(anim_done_hook()).dump(), R"({"type":4,"name":"AnimationDone","direction":-2})");
}

TEST(DatJson, AnAnimationListsPosFramesOnlyWhenItHasThem) {
  const DatJson plain = animation_json(two_frames(0x03000001u, false));
  EXPECT_EQ(plain["id"], "0x03000001");
  EXPECT_EQ(plain["part_count"], 1u);
  EXPECT_EQ(plain["frame_count"], 2u);
  EXPECT_FALSE(plain.contains("pos_frames"));
  ASSERT_EQ(plain["frames"].size(), 2u);
  EXPECT_EQ(plain["frames"][0]["hooks"].dump(), "[]");
  EXPECT_EQ(plain["frames"][1]["hooks"][0]["name"], "SoundTable");
  EXPECT_EQ(plain["frames"][0]["parts"][0].dump(), R"({"origin":[0.0,0.0,0.0],"rotation":[1.0,0.0,0.0,0.0]})");
  const DatJson moving = animation_json(two_frames(0x03000002u, true));
  EXPECT_EQ(moving["pos_frames"].size(), 2u);
}

TEST(DatJson, ASetupListsParentsAndScalesOnlyWhenStored) {
  retroanim::ac::Setup s;
  s.id = 0x02000001u;
  s.part_ids = {0x01000001u, 0x01000002u};
  DatJson j = setup_json(s);
  EXPECT_EQ(j["parts"].dump(), R"(["0x01000001","0x01000002"])");
  EXPECT_FALSE(j.contains("parents"));
  EXPECT_FALSE(j.contains("default_scale"));
  EXPECT_EQ(j["default_animation"], "0x00000000");
  s.parent_index = {0xFFFFFFFFu, 0};
  s.default_scale = {{1, 1, 1}, {2, 2, 2}};
  j = setup_json(s);
  EXPECT_EQ(j["parents"].dump(), "[-1,0]");  // no parent is -1
  EXPECT_EQ(j["default_scale"][1].dump(), "[2.0,2.0,2.0]");
}

TEST(DatJson, AMotionTableHasItsKeysInHexInOrder) {
  MotionTable t = one_cycle_table(kTestTableId, 0x03000001u);
  t.cycles[MotionTable::make_key(kCombat, kReady)] = md({0x03000010u});
  MotionData with_velocity = md({0x03000002u}, {0, 1, 0});
  with_velocity.flags = motion_data_flags::kHasVelocity;
  t.modifiers[kJump] = with_velocity;
  const DatJson j = motion_table_json(t);
  EXPECT_EQ(j["id"], "0x09000001");
  EXPECT_EQ(j["default_style"], "0x8000003D");
  EXPECT_EQ(j["style_defaults"].dump(), R"({"0x8000003D":"0x41000003"})");
  // Combat (0x3C) sorts before NonCombat (0x3D).
  std::vector<std::string> keys;
  for (auto it = j["cycles"].begin(); it != j["cycles"].end(); ++it) keys.push_back(it.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"0x003C0003", "0x003D0003"}));
  EXPECT_EQ(j["cycles"]["0x003D0003"].dump(),
            R"({"anims":[{"anim":"0x03000001","low":0,"high":-1,"framerate":30.0}],"bitfield":0})");
  EXPECT_EQ(j["modifiers"]["0x2500003B"]["velocity"].dump(), "[0.0,1.0,0.0]");
  EXPECT_FALSE(j["modifiers"]["0x2500003B"].contains("omega"));
}

}  // namespace
