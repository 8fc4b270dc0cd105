// harness/capi/ck_player.cpp: a behaviour scenario played frame by frame
// through the harness's C functions (the library side of `ck play`), on a
// file of one entity written here.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "harness/capi/retroanim_harness.h"
#include "retroanim/ck/io/scene_io.h"
#include "support/ck_behavior_fixtures.h"
#include "support/test_support.h"

namespace {

// A Bezier Progression over one second, looping, recording the entity Cam.
const char* kSpec = R"({"behaviors": [{"name": "bp", "type": "Bezier Progression",
                          "inputs": {"Duration": 1000, "Progression Curve": "linear"}}],
                        "links": [{"from": "bp.Loop Out", "to": "bp.Loop In", "delay": 1}],
                        "start": ["bp.In"], "record": ["Cam"]})";

struct CamFile {
  ra_ck_scene* scene = nullptr;
  CamFile() {
    const std::string path = retroanim::test::temp_dir() + "/cam.nmo";
    const std::vector<uint8_t> bytes = retroanim::ck::io::save_scene(retroanim::test::one_entity_scene());
    std::FILE* f = std::fopen(path.c_str(), "wb");
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
    char err[256] = "";
    scene = ra_ck_scene_load(path.c_str(), err, sizeof err);
    EXPECT_NE(scene, nullptr) << err;
  }
  ~CamFile() { ra_ck_scene_free(scene); }
};

TEST(HarnessCkPlayer, StepsRecordTheEntitiesAndTheTime) {
  CamFile file;
  ra_ck_player* p = nullptr;
  ASSERT_EQ(ra_ck_player_create(file.scene, kSpec, &p), RA_OK) << ra_last_error();
  size_t n = 0;
  ASSERT_EQ(ra_ck_player_count_recorded(p, &n), RA_OK);
  ASSERT_EQ(n, 1u);
  const char* name = nullptr;
  ASSERT_EQ(ra_ck_player_get_recorded_name(p, 0, &name), RA_OK);
  EXPECT_STREQ(name, "Cam");
  EXPECT_EQ(ra_ck_player_get_recorded_name(p, 1, &name), RA_ERR_ARGUMENT);
  float world[16];
  double t = 0;
  ASSERT_EQ(ra_ck_player_step(p, 100.0f, &t, world, 16), RA_OK) << ra_last_error();
  EXPECT_DOUBLE_EQ(t, 100.0);
  const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  EXPECT_EQ(std::memcmp(world, identity, sizeof world), 0);
  const char* json = nullptr;
  ASSERT_EQ(ra_ck_player_get_frame_json(p, &json), RA_OK);
  EXPECT_STREQ(json, R"({"format": "retroanim.ck.play/1", "t_ms": 100, "entities": {"Cam": {"world": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]}}})");
  ASSERT_EQ(ra_ck_player_step(p, 50.0f, &t, nullptr, 0), RA_ERR_ARGUMENT);  // no room for the matrix
  ASSERT_EQ(ra_ck_player_step(p, 50.0f, &t, world, 16), RA_OK);
  EXPECT_DOUBLE_EQ(t, 150.0);
  size_t unimplemented = 7;
  EXPECT_EQ(ra_ck_player_count_unimplemented(p, &unimplemented), RA_OK);
  EXPECT_EQ(unimplemented, 0u);
  ASSERT_EQ(ra_ck_player_reset(p), RA_OK);
  ASSERT_EQ(ra_ck_player_step(p, 100.0f, &t, world, 16), RA_OK);
  EXPECT_DOUBLE_EQ(t, 100.0);  // the reset started the clock again
  EXPECT_EQ(ra_ck_player_free(p), RA_OK);
}

TEST(HarnessCkPlayer, BadStepsAndScenariosAreRefused) {
  CamFile file;
  ra_ck_player* p = nullptr;
  ASSERT_EQ(ra_ck_player_create(file.scene, kSpec, &p), RA_OK);
  float world[16];
  EXPECT_EQ(ra_ck_player_step(p, 0.0f, nullptr, world, 16), RA_ERR_ARGUMENT);
  EXPECT_EQ(ra_ck_player_step(p, -1.0f, nullptr, world, 16), RA_ERR_ARGUMENT);
  EXPECT_EQ(ra_ck_player_free(p), RA_OK);
  ra_ck_player* q = reinterpret_cast<ra_ck_player*>(1);
  EXPECT_NE(ra_ck_player_create(file.scene, "no-such-scenario", &q), RA_OK);
  EXPECT_EQ(q, nullptr);
  EXPECT_NE(std::string(ra_last_error()).find("neither a built-in"), std::string::npos) << ra_last_error();
  EXPECT_EQ(ra_ck_player_create(nullptr, kSpec, &q), RA_ERR_HANDLE);
}

TEST(HarnessCkPlayer, FrameCountOfADuration) {
  int frames = 0;
  ASSERT_EQ(ra_ck_frame_count(90.0, 1000.0 / 60.0, &frames), RA_OK);
  EXPECT_EQ(frames, 5400);
  EXPECT_NE(ra_ck_frame_count(1.0, 0.0, &frames), RA_OK);
  EXPECT_EQ(ra_ck_frame_count(1.0, 16.0, nullptr), RA_ERR_ARGUMENT);
}

}  // namespace
