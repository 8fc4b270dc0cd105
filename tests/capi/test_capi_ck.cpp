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

TEST(CApiCk, MenuLevelCurveAndStoneAnimation) {
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

