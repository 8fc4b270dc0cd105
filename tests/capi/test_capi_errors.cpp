// capi/capi_errors.cpp: the C API's errors: one code per kind of failure and
// the library's one-line message.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/capi/retroanim_harness.h"  // the C API and its harness functions
#include "support/test_support.h"

TEST(CApiErrors, LoadErrorIsOneLine) {
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

// Each kind of failure has its own code and the library's message.
TEST(CApiErrors, FailuresHaveTheirOwnCodes) {
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
