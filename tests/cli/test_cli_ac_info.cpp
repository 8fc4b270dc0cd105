// `retroanim ac info`: header, ids of a type, unpacked objects, JSON, errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "retroanim/ac/io/dat_objects.h"
#include "support/ac_fixtures.h"
#include "support/test_support.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;
using retroanim::ac::test::anim_id;

namespace {

std::string write_sample_dat() {
  DatWriter w;
  Animation a;
  a.id = anim_id(0x514);
  a.num_parts = 2;
  for (int f = 0; f < 3; ++f) {
    AnimationFrame fr;
    fr.parts.resize(2);
    if (f == 0) fr.hooks.push_back(retroanim::ac::test::sound_table_hook());
    a.part_frames.push_back(fr);
  }
  add_animation(w, a, {true});
  add_motion_table(w, retroanim::ac::test::one_cycle_table(0x09000202, anim_id(0x514)));
  ac::Setup s;
  s.id = 0x02000001;
  s.part_ids = {0x01000001, 0x01000002};
  s.default_motion_table = 0x09000202;
  add_setup(w, s);
  const std::string path = retroanim::test::temp_dir() + "/sample.dat";
  w.write_file(path);
  return path;
}

}  // namespace

TEST(CliAcInfo, HeaderTypesAndObjects) {
  const std::string dat = write_sample_dat();
  auto r = retroanim::test::run_cli("ac info " + dat);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("block size: 1024"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 setups, 1 animations, 1 motion tables"), std::string::npos) << r.out;

  r = retroanim::test::run_cli("ac info " + dat + " --type anim");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("0x03000514"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("0x09000202"), std::string::npos) << r.out;

  r = retroanim::test::run_cli("ac info " + dat + " --id 0x03000514");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Animation 0x03000514: 2 parts, 3 frames"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("frame 0: SoundTable forward sound_type=17"), std::string::npos) << r.out;

  r = retroanim::test::run_cli("ac info " + dat + " --id 0x03000514 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "retroanim.ac.info/1");
  EXPECT_EQ(j["animation"]["frame_count"], 3);
  EXPECT_EQ(j["animation"]["frames"][0]["hooks"][0]["type"], 2);
  EXPECT_EQ(j["animation"]["frames"][0]["hooks"][0]["direction"], 1);

  r = retroanim::test::run_cli("ac info " + dat + " --id 0x09000202");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("default style 0x8000003D"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cycle 0x003D0003 (NonCombat/Ready): 0x03000514[0..-1]@30"), std::string::npos) << r.out;

  r = retroanim::test::run_cli("ac info " + dat + " --id 0x02000001 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["setup"]["part_count"], 2);
  EXPECT_EQ(j["setup"]["default_motion_table"], "0x09000202");

  r = retroanim::test::run_cli("ac info " + dat + " --type mtable --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["type"], "mtable");
  EXPECT_EQ(j["entries"][0]["id"], "0x09000202");

  // The motion table's JSON names its motion ids (the client's command names).
  r = retroanim::test::run_cli("ac info " + dat + " --id 0x09000202 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["motion_table"]["default_style"], "0x8000003D");
  EXPECT_EQ(j["motion_names"]["0x8000003D"], "NonCombat");
  EXPECT_EQ(j["motion_names"]["0x003D0003"], "NonCombat/Ready");
}

TEST(CliAcInfo, ErrorsAreOneLineWithExitCode2) {
  const std::string dat = write_sample_dat();
  auto r = retroanim::test::run_cli("ac info " + dat + " --id 0x03000999");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("entry 0x03000999"), std::string::npos) << r.err;
  r = retroanim::test::run_cli("ac info " + dat + " --type bogus");
  EXPECT_EQ(r.exit_code, 2);
  r = retroanim::test::run_cli("ac info /nonexistent/file.dat");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot open"), std::string::npos) << r.err;
}
