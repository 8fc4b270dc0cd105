// The C API forwards to the library: the same numbers as the C++ calls, errors
// as codes with one-line messages.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/capi/retroanim_harness.h"  // the C API and its harness functions
#include "support/test_support.h"

TEST(CApi, MenuLevelCurveAndStoneAnimation) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  char err[256] = "";
  ra_ck_scene* scene = ra_ck_scene_load(path.c_str(), err, sizeof err);
  ASSERT_NE(scene, nullptr) << err;
  EXPECT_GT(ra_ck_scene_object_count(scene), 0u);

  float length = 0;
  ASSERT_EQ(ra_ck_curve_length(scene, "I_MenuLevel_Curve", &length, err, sizeof err), RA_OK) << err;
  EXPECT_NEAR(length, 595.27f, 0.01f);  // spec 3.3
  float pos[3], dir[3];
  ASSERT_EQ(ra_ck_curve_get_pos(scene, "I_MenuLevel_Curve", 0.0f, pos, dir, err, sizeof err), RA_OK) << err;
  EXPECT_NEAR(pos[0], 0.477f, 0.01f);  // the world path starts at (0.477, 40, -94.955)
  EXPECT_NEAR(pos[1], 40.0f, 0.01f);
  EXPECT_NEAR(pos[2], -94.955f, 0.01f);
  EXPECT_NEAR(std::sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]), 1.0f, 1e-5f);

  float world[16];
  ASSERT_EQ(ra_ck_object_animation_set_step(scene, "Record Anim", 0.0f, world, err, sizeof err), RA_OK) << err;
  EXPECT_NEAR(world[12], -19.664f, 1e-3f);  // key 0 position (spec 5.2)
  EXPECT_NEAR(world[13], 8.446f, 1e-3f);
  EXPECT_NEAR(world[14], -39.114f, 1e-3f);

  EXPECT_EQ(ra_ck_curve_length(scene, "No Such Curve", &length, err, sizeof err), RA_ERR_NOT_FOUND);
  EXPECT_NE(std::string(err).find("No Such Curve"), std::string::npos);
  ra_ck_scene_free(scene);
}

TEST(CApi, LoadErrorIsOneLine) {
  std::string dir = retroanim::test::temp_dir();
  std::string bad = dir + "/bad.nmo";
  std::ofstream(bad) << "not a virtools file";
  char err[256] = "";
  EXPECT_EQ(ra_ck_scene_load(bad.c_str(), err, sizeof err), nullptr);
  EXPECT_GT(std::strlen(err), 0u);
  EXPECT_EQ(std::string(err).find('\n'), std::string::npos);
  char tiny[8];
  EXPECT_EQ(ra_ck_scene_load(bad.c_str(), tiny, sizeof tiny), nullptr);
  EXPECT_EQ(std::strlen(tiny), 7u);  // truncated, NUL-terminated
  std::filesystem::remove_all(dir);
}

TEST(CApi, RunsAnAcScenario) {
  std::string dir = retroanim::test::temp_dir();
  std::string scen = dir + "/s.json";
  std::ofstream(scen) << R"({"format": "retroanim.ac.scenario/1",
    "animations": [{"id": "0x03000001", "frames": [{"parts": [{"origin": [0,0,0], "rotation": [1,0,0,0]}]},
                                                   {"parts": [{"origin": [0,0,0], "rotation": [1,0,0,0]}]}]}],
    "steps": [{"append": {"anim": "0x03000001", "framerate": 10.0, "low": 0, "high": -1}}, {"update": 0.15}]})";
  std::string out = dir + "/trace.jsonl";
  char err[256] = "";
  ASSERT_EQ(ra_ac_run_scenario(scen.c_str(), out.c_str(), err, sizeof err), RA_OK) << err;
  EXPECT_NE(retroanim::test::read_file(out).find("\"frame_number\""), std::string::npos);
  EXPECT_EQ(ra_ac_run_scenario((dir + "/missing.json").c_str(), out.c_str(), err, sizeof err), RA_ERR_INPUT);
  EXPECT_EQ(ra_ac_run_scenario(scen.c_str(), (dir + "/no/such/dir/t.jsonl").c_str(), err, sizeof err), RA_ERR_IO);
  EXPECT_NE(std::string(err).find("cannot write"), std::string::npos) << err;
  std::filesystem::remove_all(dir);
}

// Each kind of failure has its own code and the library's message.
TEST(CApi, FailuresHaveTheirOwnCodes) {
  char err[256] = "";
  EXPECT_EQ(ra_ck_scene_load(nullptr, err, sizeof err), nullptr);
  EXPECT_EQ(ra_ac_run_scenario(nullptr, "x", err, sizeof err), RA_ERR_ARGUMENT);
  EXPECT_STREQ(err, "null argument");
  EXPECT_EQ(ra_ck_curve_length(nullptr, "c", nullptr, err, sizeof err), RA_ERR_ARGUMENT);
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  ra_ck_scene* scene = ra_ck_scene_load(path.c_str(), err, sizeof err);
  ASSERT_NE(scene, nullptr) << err;
  float pos[3];
  EXPECT_EQ(ra_ck_curve_get_pos(scene, "I_MenuLevel_Curve", NAN, pos, nullptr, err, sizeof err), RA_ERR_ARGUMENT);
  EXPECT_STREQ(err, "step is not a finite number");
  EXPECT_EQ(ra_ck_curve_get_pos(scene, "No Such Curve", 0.0f, pos, nullptr, err, sizeof err), RA_ERR_NOT_FOUND);
  ra_ck_scene_free(scene);
}
