// `retroanim ac info`: header, ids of a type, unpacked objects, JSON, errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "retroanim/ac/io/dat_objects.h"
#include "support/test_support.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;

namespace {

std::string write_sample_dat() {
  DatWriter w;
  Animation a;
  a.id = 0x03000514;
  a.num_parts = 2;
  for (int f = 0; f < 3; ++f) {
    AnimationFrame fr;
    fr.parts.resize(2);
    if (f == 0) {
      AnimationHook h;
      h.type = AnimationHookType::kSoundTable;
      h.direction = AnimationHookDir::kForward;
      h.data = SoundTableHookData{0x11};
      fr.hooks.push_back(h);
    }
    a.part_frames.push_back(fr);
  }
  add_animation(w, a, {true});
  MotionTable t;
  t.id = 0x09000202;
  t.default_style = 0x8000003D;
  t.style_defaults[0x8000003D] = 0x41000003;
  MotionData ready;
  ready.anims.push_back(AnimData{0x03000514, 0, -1, 30.0f});
  t.cycles[MotionTable::make_key(0x8000003D, 0x41000003)] = ready;
  add_motion_table(w, t);
  ac::Setup s;
  s.id = 0x02000001;
  s.part_ids = {0x01000001, 0x01000002};
  s.default_motion_table = 0x09000202;
  add_setup(w, s);
  const std::string path = test::temp_dir() + "/sample.dat";
  w.write_file(path);
  return path;
}

}  // namespace

TEST(DatCli, HeaderTypesAndObjects) {
  const std::string dat = write_sample_dat();
  auto r = test::run_cli("ac info " + dat);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("block size: 1024"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 setups, 1 animations, 1 motion tables"), std::string::npos) << r.out;

  r = test::run_cli("ac info " + dat + " --type anim");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("0x03000514"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("0x09000202"), std::string::npos) << r.out;

  r = test::run_cli("ac info " + dat + " --id 0x03000514");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Animation 0x03000514: 2 parts, 3 frames"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("frame 0: SoundTable forward sound_type=17"), std::string::npos) << r.out;

  r = test::run_cli("ac info " + dat + " --id 0x03000514 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["num_frames"], 3);
  EXPECT_EQ(j["frames"][0]["hooks"][0]["type"], 2);
  EXPECT_EQ(j["frames"][0]["hooks"][0]["direction"], 1);

  r = test::run_cli("ac info " + dat + " --id 0x09000202");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("default style 0x8000003D"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cycle 0x003D0003: 0x03000514[0..-1]@30"), std::string::npos) << r.out;

  r = test::run_cli("ac info " + dat + " --id 0x02000001 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["num_parts"], 2);
  EXPECT_EQ(j["default_motion_table"], "0x09000202");

  r = test::run_cli("ac info " + dat + " --type mtable --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["entries"][0]["id"], "0x09000202");
}

TEST(DatCli, ErrorsAreOneLineWithExitCode2) {
  const std::string dat = write_sample_dat();
  auto r = test::run_cli("ac info " + dat + " --id 0x03000999");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("entry 0x03000999"), std::string::npos) << r.err;
  r = test::run_cli("ac info " + dat + " --type bogus");
  EXPECT_EQ(r.exit_code, 2);
  r = test::run_cli("ac info /nonexistent/file.dat");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot open"), std::string::npos) << r.err;
}
