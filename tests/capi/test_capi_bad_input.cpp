// Bad input through the C API: NULL handles, freed handles, handles of the
// wrong kind, unknown ids and names, NaN times, wrong sizes. Each returns its
// code with a one-line message in ra_last_error() and never crashes (these
// tests also run under ASan and UBSan).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "capi/dat_scenarios.h"
#include "harness/capi/retroanim_harness.h"  // the C API and its harness functions
#include "support/test_support.h"
#include "capi/capi_expect.h"

namespace {

// The call returned `code` and left a one-line message.

std::string scenario_path() { return std::string(RETROANIM_TEST_DATA_DIR) + "/ac/links.json"; }

ra_ac_provider* workload() {
  ra_ac_provider* p = nullptr;
  EXPECT_EQ(ra_ac_provider_create_workload(0, &p), RA_OK) << ra_last_error();
  return p;
}

}  // namespace

TEST(CApiBadInput, NullHandlesAreHandleErrors) {
  float v3[3] = {0, 0, 0}, m[16];
  size_t n = 0;
  ra_ac_frame f{};
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_scene_count_objects(nullptr, &n));
  EXPECT_NE(std::string(ra_last_error()).find("NULL"), std::string::npos);
  ra_ck_curve* c = nullptr;
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_scene_find_curve(nullptr, "x", &c));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_curve_get_position(nullptr, 0.5f, v3, nullptr));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_object_animation_apply_step(nullptr, 0.5f, m));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_keyed_animation_set_step(nullptr, 0.5f));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_entity_get_world_matrix(nullptr, m));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_player_step(nullptr, 16.0f, nullptr, nullptr, 0));
  ra_ac_provider* p = nullptr;
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_provider_from_dat(nullptr, &p));
  ra_ac_object* o = nullptr;
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_create(nullptr, 0, 1, 0, &o));
  EXPECT_EQ(o, nullptr);
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_tick(nullptr, 0.1f));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_get_frame(nullptr, &f));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_perform(nullptr, 1, 1.0f, nullptr));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_batch_tick(nullptr, 0.1f));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_scenario_get_provider(nullptr, &p));
  // Freeing NULL is allowed.
  EXPECT_EQ(ra_ac_object_free(nullptr), RA_OK);
  EXPECT_EQ(ra_ck_scene_close(nullptr), RA_OK);
  ra_ck_scene_free(nullptr);
}

TEST(CApiBadInput, FreedAndForeignHandlesAreDetected) {
  ra_ac_provider* p = workload();
  ra_ac_object* o = nullptr;
  ASSERT_EQ(ra_ac_object_create(p, 0x02000001, 0, 1, &o), RA_OK) << ra_last_error();
  ASSERT_EQ(ra_ac_object_free(o), RA_OK);
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_tick(o, 0.1f));
  EXPECT_NE(std::string(ra_last_error()).find("not valid"), std::string::npos);
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_free(o));  // twice
  // A new object may reuse the slot: the old handle still fails.
  ra_ac_object* o2 = nullptr;
  ASSERT_EQ(ra_ac_object_create(p, 0x02000001, 0, 2, &o2), RA_OK);
  EXPECT_NE(o2, o);
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_tick(o, 0.1f));
  EXPECT_EQ(ra_ac_object_tick(o2, 0.1f), RA_OK) << ra_last_error();
  // A handle of another kind, and values that were never handles.
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_tick(reinterpret_cast<ra_ac_object*>(p), 0.1f));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_tick(reinterpret_cast<ra_ac_object*>(uintptr_t{0x1234}), 0.1f));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_tick(reinterpret_cast<ra_ac_object*>(~uintptr_t{0}), 0.1f));
  int on_stack = 0;
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_tick(reinterpret_cast<ra_ac_object*>(&on_stack), 0.1f));
  // Freeing what another object still uses is refused.
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_provider_free(p));
  ra_ac_batch* b = nullptr;
  ASSERT_EQ(ra_ac_batch_create(&o2, 1, 1, &b), RA_OK) << ra_last_error();
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_free(o2));
  EXPECT_EQ(ra_ac_batch_free(b), RA_OK);
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_batch_tick(b, 0.1f));
  EXPECT_EQ(ra_ac_object_free(o2), RA_OK);
  EXPECT_EQ(ra_ac_provider_free(p), RA_OK);
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_provider_free(p));
}

TEST(CApiBadInput, UnknownIdsNaNTimesAndWrongSizes) {
  ra_ac_provider* p = workload();
  ra_ac_object* o = nullptr;
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_object_create(p, 0x02FFFFFF, 0, 1, &o));
  EXPECT_NE(std::string(ra_last_error()).find("0x02FFFFFF"), std::string::npos) << ra_last_error();
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_create(p, 0x02000001, 3, 1, &o));
  ASSERT_EQ(ra_ac_object_create(p, 0x02000001, 0, 1, &o), RA_OK);
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_object_append_animation(o, 0x03ABCDEF, 30.0f, 0, -1));
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_object_attach_motion_table(o, p, 0x09000001));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_append_animation(o, 0x03000001, NAN, 0, -1));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_update(o, NAN));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_update(o, INFINITY));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_advance(o, NAN));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_advance(o, -1.0));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_tick(o, NAN));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_tick(o, 0.0f));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_update_sequence(o, NAN, nullptr));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_multiply_framerate(o, NAN));
  const float bad3[3] = {0.0f, NAN, 0.0f};
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_set_velocity(o, bad3));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_set_omega(o, nullptr));
  ra_ac_frame nan_frame{{0, 0, NAN}, {1, 0, 0, 0}};
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_set_frame(o, &nan_frame));
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_perform(o, 0x45000005, 1.0f, nullptr));  // no motion table
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_set_default_state(o));
  ra_ac_motion_state ms;
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_get_motion_state(o, &ms));
  // Wrong sizes.
  std::vector<ra_ac_frame> parts(29);
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_part_frames(o, parts.data(), parts.size()));
  parts.resize(30);
  EXPECT_EQ(ra_ac_object_get_part_frames(o, parts.data(), parts.size()), RA_OK) << ra_last_error();
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_part_frames(o, nullptr, 30));
  ra_ac_batch* b = nullptr;
  ra_ac_object* twice[2] = {o, o};
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_batch_create(twice, 2, 1, &b));
  ra_ac_object* with_null[2] = {o, nullptr};
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_batch_create(with_null, 2, 1, &b));
  EXPECT_NE(std::string(ra_last_error()).find("objects[1]"), std::string::npos) << ra_last_error();
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_batch_create(nullptr, 3, 1, &b));
  ASSERT_EQ(ra_ac_batch_create(&o, 1, 2, &b), RA_OK);
  ra_ac_frame one[2];
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_batch_get_frames(b, one, 2));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_batch_tick(b, NAN));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_batch_set_min_work(b, 1000000001ull, 0));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_batch_set_min_work(b, 0, UINT64_MAX));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_batch_set_min_work(nullptr, 0, 0));
  EXPECT_EQ(ra_ac_batch_set_min_work(b, 10000, 750000), RA_OK) << ra_last_error();
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_provider_create_workload(5, &p));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_bench_run(0, 10, -1, 1, nullptr, nullptr));
  EXPECT_EQ(ra_ac_batch_free(b), RA_OK);
  EXPECT_EQ(ra_ac_object_free(o), RA_OK);
  EXPECT_EQ(ra_ac_provider_free(p), RA_OK);
}

TEST(CApiBadInput, BadFilesAndScenarios) {
  const std::string dir = retroanim::test::temp_dir();
  ra_ac_scenario* s = nullptr;
  EXPECT_FAILS(RA_ERR_INPUT, ra_ac_scenario_load((dir + "/missing.json").c_str(), &s));
  EXPECT_EQ(s, nullptr);
  std::ofstream(dir + "/bad.json") << R"({"format": "retroanim.ac.scenario/1", "steps": [{"update": -1}]})";
  EXPECT_FAILS(RA_ERR_INPUT, ra_ac_scenario_load((dir + "/bad.json").c_str(), &s));
  EXPECT_NE(std::string(ra_last_error()).find("steps[0].update"), std::string::npos) << ra_last_error();
  ra_ac_dat* d = nullptr;
  EXPECT_FAILS(RA_ERR_INPUT, ra_ac_dat_open((dir + "/missing.dat").c_str(), &d));
  const unsigned char junk[16] = {1, 2, 3};
  EXPECT_FAILS(RA_ERR_INPUT, ra_ac_dat_open_memory(junk, sizeof junk, "junk", &d));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_dat_open_memory(nullptr, 5, "x", &d));
  ra_ck_scene* sc = nullptr;
  EXPECT_FAILS(RA_ERR_INPUT, ra_ck_scene_open_memory(junk, sizeof junk, "junk.nmo", &sc));
  EXPECT_NE(std::string(ra_last_error()).find("junk.nmo"), std::string::npos) << ra_last_error();
  EXPECT_FAILS(RA_ERR_INPUT, ra_ck_scene_open((dir + "/missing.nmo").c_str(), &sc));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_scene_open(nullptr, &sc));
  int frames = 0;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_frame_count(NAN, 16.0, &frames));
  EXPECT_FAILS(RA_ERR_INPUT, ra_ck_frame_count(1e12, 0.001, &frames));  // too many frames
  // A scenario's provider belongs to it; unknown hook tags.
  ASSERT_EQ(ra_ac_scenario_load(scenario_path().c_str(), &s), RA_OK) << ra_last_error();
  ra_ac_provider* p = nullptr;
  ASSERT_EQ(ra_ac_scenario_get_provider(s, &p), RA_OK);
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_provider_free(p));
  const char* json = nullptr;
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_scenario_get_hook_json(s, 0, &json));
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_scenario_get_hook_json(s, 100000, &json));
  ra_ac_object* o = nullptr;
  ASSERT_EQ(ra_ac_object_create(p, 0, 1, 0, &o), RA_OK);
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_scenario_free(s));
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_scenario_attach_motion_table(s, o));  // links.json has none
  EXPECT_EQ(ra_ac_object_free(o), RA_OK);
  EXPECT_EQ(ra_ac_scenario_free(s), RA_OK);
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_create(p, 0, 1, 0, &o));  // freed with its scenario
  std::filesystem::remove_all(dir);
}

TEST(CApiBadInput, SceneHandlesDieWithTheirScene) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  ra_ck_scene* scene = nullptr;
  ASSERT_EQ(ra_ck_scene_open(path.c_str(), &scene), RA_OK) << ra_last_error();
  ra_ck_curve* curve = nullptr;
  ASSERT_EQ(ra_ck_scene_find_curve(scene, "I_MenuLevel_Curve", &curve), RA_OK) << ra_last_error();
  ra_ck_curve* again = nullptr;
  ASSERT_EQ(ra_ck_scene_find_curve(scene, "I_MenuLevel_Curve", &again), RA_OK);
  EXPECT_EQ(curve, again);
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ck_scene_find_curve(scene, "No Such Curve", &again));
  EXPECT_EQ(again, nullptr);
  ra_ck_object_animation* anim = nullptr;
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ck_scene_find_object_animation(scene, "I_MenuLevel_Curve", &anim));
  float pos[3];
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_curve_get_position(curve, NAN, pos, nullptr));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_curve_get_position(curve, 0.5f, nullptr, nullptr));
  ra_ck_curve_point pt;
  size_t points = 0;
  ASSERT_EQ(ra_ck_curve_count_points(curve, &points), RA_OK);
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_curve_get_point(curve, points, &pt));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_entity_get_world_matrix(reinterpret_cast<ra_ck_entity*>(curve), nullptr));
  ra_ck_player* player = nullptr;
  EXPECT_FAILS(RA_ERR_INPUT, ra_ck_player_create(scene, "no-such-scenario", &player));
  EXPECT_FAILS(RA_ERR_INPUT, ra_ck_player_create(scene, "{\"behaviors\": 3", &player));
  ASSERT_EQ(ra_ck_player_create(scene, "menu-camera", &player), RA_OK) << ra_last_error();
  const char* line = nullptr;
  EXPECT_FAILS(RA_ERR_STATE, ra_ck_player_get_frame_json(player, &line));  // no frame yet
  size_t recorded = 0;
  ASSERT_EQ(ra_ck_player_count_recorded(player, &recorded), RA_OK);
  ASSERT_GT(recorded, 0u);
  std::vector<float> worlds(16 * recorded);
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_player_step(player, NAN, nullptr, worlds.data(), worlds.size()));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_player_step(player, 16.0f, nullptr, worlds.data(), worlds.size() - 1));
  const char* name = nullptr;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_player_get_recorded_name(player, recorded, &name));
  ASSERT_EQ(ra_ck_player_step(player, 16.0f, nullptr, worlds.data(), worlds.size()), RA_OK) << ra_last_error();
  ASSERT_EQ(ra_ck_player_get_frame_json(player, &line), RA_OK);
  EXPECT_NE(std::string(line).find("\"t_ms\""), std::string::npos) << line;
  EXPECT_FAILS(RA_ERR_STATE, ra_ck_scene_close(scene));  // the player still uses it
  EXPECT_EQ(ra_ck_player_free(player), RA_OK);
  EXPECT_EQ(ra_ck_scene_close(scene), RA_OK);
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_curve_get_position(curve, 0.5f, pos, nullptr));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_scene_find_curve(scene, "I_MenuLevel_Curve", &curve));
  EXPECT_EQ(ra_ck_scene_object_count(scene), 0u);
}

TEST(CApiBadInput, DatsMotionTablesAndHookEvents) {
  const std::string dir = retroanim::test::temp_dir();
  retroanim::capi_test::write_dat_scenarios(dir);
  ra_ac_dat* d = nullptr;
  ASSERT_EQ(ra_ac_dat_open((dir + "/capi_hooks.dat").c_str(), &d), RA_OK) << ra_last_error();
  ra_ac_provider* p = nullptr;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_provider_from_dat(d, nullptr));
  ASSERT_EQ(ra_ac_provider_from_dat(d, &p), RA_OK) << ra_last_error();
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_dat_free(d));  // the provider still uses it
  ra_ac_object* o = nullptr;
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_object_create(p, 0x02000001, 0, 1, &o));  // the dat has no setup
  ASSERT_EQ(ra_ac_object_create(p, 0, 2, 1, &o), RA_OK) << ra_last_error();
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_object_attach_motion_table(o, p, 0x09000999));
  EXPECT_NE(std::string(ra_last_error()).find("0x09000999"), std::string::npos) << ra_last_error();
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_attach_motion_table(o, nullptr, 0x09000100));
  ASSERT_EQ(ra_ac_object_attach_motion_table(o, p, 0x09000100), RA_OK) << ra_last_error();
  ASSERT_EQ(ra_ac_object_set_default_state(o), RA_OK) << ra_last_error();
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_perform(o, 0x45000005, NAN, nullptr));
  uint32_t werror = 0;
  ASSERT_EQ(ra_ac_object_perform(o, 0x6500000D, 1.0f, &werror), RA_OK) << ra_last_error();
  ra_ac_motion_state ms;
  ASSERT_EQ(ra_ac_object_get_motion_state(o, &ms), RA_OK);
  ASSERT_EQ(ms.modifier_count, 1u);
  uint32_t ids[2];
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_modifiers(o, ids, 2));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_modifiers(o, nullptr, 1));
  ra_ac_pending_motion pending[1];
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_get_pending(o, pending, ms.pending_count + 1));
  const uint32_t* done = nullptr;
  size_t n = 0;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_take_done(o, nullptr, &n));
  EXPECT_EQ(ra_ac_object_take_done(o, &done, &n), RA_OK);
  // Hook events as JSON: NULL pointers, and any type (an unknown one has no payload).
  const char* json = nullptr;
  ra_ac_hook_event ev{};
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_hook_event_get_json(nullptr, &json));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_hook_event_get_json(&ev, nullptr));
  ev.type = 3;
  ev.direction = 1;
  ev.u[0] = 0xFFFFFFFFu;  // part index -1 (int32)
  ev.f[4] = 1.5f;
  ASSERT_EQ(ra_ac_hook_event_get_json(&ev, &json), RA_OK) << ra_last_error();
  EXPECT_STREQ(json, "{\"type\":3,\"direction\":1,\"part_index\":-1,\"left_x\":0.0,\"left_y\":0.0,"
                     "\"right_x\":0.0,\"right_y\":0.0,\"radius\":1.5,\"height\":0.0}");
  ev.type = 1000;
  ev.direction = 77;
  ASSERT_EQ(ra_ac_hook_event_get_json(&ev, &json), RA_OK) << ra_last_error();
  EXPECT_STREQ(json, "{\"type\":1000,\"direction\":77}");
  ev.type = 13;
  ev.f[0] = NAN;
  ASSERT_EQ(ra_ac_hook_event_get_json(&ev, &json), RA_OK) << ra_last_error();
  EXPECT_NE(std::string(json).find("\"origin\":[null,"), std::string::npos) << json;
  EXPECT_EQ(ra_ac_object_free(o), RA_OK);
  EXPECT_EQ(ra_ac_provider_free(p), RA_OK);
  EXPECT_EQ(ra_ac_dat_free(d), RA_OK);
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_provider_from_dat(d, &p));  // freed
  std::filesystem::remove_all(dir);
}

// Values that are odd but not errors (the library's own rules apply: frame
// ranges clamped as the client clamps them, zero or huge rates and times):
// each call returns a code, under ASan and UBSan without a report.
TEST(CApiBadInput, OddValuesDoNotCrash) {
  ra_ac_provider* p = workload();
  ra_ac_object* o = nullptr;
  ASSERT_EQ(ra_ac_object_create(p, 0x02000001, 0, 1, &o), RA_OK) << ra_last_error();
  const int32_t ranges[][2] = {{5, 2}, {1000, -1}, {0, 1000}, {-7, -9}, {INT32_MIN, INT32_MAX}, {59, 59}};
  const float rates[] = {30.0f, -30.0f, 0.0f, 1e30f, -1e-30f};
  for (const auto& r : ranges) {
    for (float rate : rates) {
      SCOPED_TRACE(std::to_string(r[0]) + ".." + std::to_string(r[1]) + " at " + std::to_string(rate));
      ASSERT_EQ(ra_ac_object_clear_sequence(o), RA_OK);
      ASSERT_EQ(ra_ac_object_append_animation(o, 0x03000001, rate, r[0], r[1]), RA_OK) << ra_last_error();
      ASSERT_EQ(ra_ac_object_append_animation(o, 0x03000001, 30.0f, 0, -1), RA_OK) << ra_last_error();
      ASSERT_EQ(ra_ac_object_tick(o, 0.2f), RA_OK) << ra_last_error();
      ASSERT_EQ(ra_ac_object_advance(o, 0.7), RA_OK) << ra_last_error();
      ra_ac_sequence_state st;
      ASSERT_EQ(ra_ac_object_get_sequence_state(o, &st), RA_OK);
    }
  }
  // Huge times and rates (each a fraction of a second: the sequence's own limits).
  EXPECT_EQ(ra_ac_object_advance(o, 1e6), RA_OK) << ra_last_error();
  EXPECT_EQ(ra_ac_object_update_sequence(o, 1e300, nullptr), RA_OK) << ra_last_error();
  EXPECT_EQ(ra_ac_object_multiply_framerate(o, 1e30f), RA_OK) << ra_last_error();
  EXPECT_EQ(ra_ac_object_tick(o, 3e38f), RA_OK) << ra_last_error();
  ra_ac_frame zero{{1e30f, -1e30f, 0.0f}, {0.0f, 0.0f, 0.0f, 0.0f}};
  EXPECT_EQ(ra_ac_object_set_frame(o, &zero), RA_OK) << ra_last_error();
  EXPECT_EQ(ra_ac_object_update(o, 1e300), RA_OK) << ra_last_error();
  EXPECT_EQ(ra_ac_object_update(o, -1e300), RA_OK) << ra_last_error();
  EXPECT_EQ(ra_ac_object_tick(o, 0.1f), RA_OK) << ra_last_error();
  const ra_ac_hook_event* ev = nullptr;
  size_t n = 0;
  EXPECT_EQ(ra_ac_object_get_events(o, &ev, &n), RA_OK);
  EXPECT_EQ(ra_ac_object_clear_events(o), RA_OK);
  // An empty batch.
  ra_ac_batch* b = nullptr;
  ASSERT_EQ(ra_ac_batch_create(nullptr, 0, 2, &b), RA_OK) << ra_last_error();
  EXPECT_EQ(ra_ac_batch_tick(b, 0.1f), RA_OK);
  EXPECT_EQ(ra_ac_batch_get_events(b, &ev, &n), RA_OK);
  EXPECT_EQ(n, 0u);
  EXPECT_EQ(ra_ac_batch_get_frames(b, nullptr, 0), RA_OK);
  uint64_t sum = 0;
  EXPECT_EQ(ra_ac_batch_checksum(b, &sum), RA_OK);
  EXPECT_EQ(ra_ac_batch_free(b), RA_OK);
  double ms = -1;
  EXPECT_EQ(ra_ac_bench_run(0, 0, 3, 1, &ms, &sum), RA_OK) << ra_last_error();
  EXPECT_EQ(ra_ac_object_free(o), RA_OK);
  EXPECT_EQ(ra_ac_provider_free(p), RA_OK);
}

// The last error is per thread.
TEST(CApiBadInput, LastErrorIsPerThread) {
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_tick(nullptr, 0.1f));
  std::string other;
  std::thread t([&] {
    ra_ac_provider* p = nullptr;
    ra_ac_provider_create_workload(9, &p);
    other = ra_last_error();
  });
  t.join();
  EXPECT_NE(other.find("workload kind 9"), std::string::npos) << other;
  EXPECT_NE(std::string(ra_last_error()).find("object handle is NULL"), std::string::npos) << ra_last_error();
}
