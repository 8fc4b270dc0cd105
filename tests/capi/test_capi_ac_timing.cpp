// Motion timing through the C API (capi_ac_timing.cpp): on a dat's motion
// table (tests/capi/dat_scenarios.h: links with hooks of every type) and on
// an object's attached table, the result is the library's ac::motion_timing
// field by field (the hooks as events); refusals and bad arguments.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "capi/dat_scenarios.h"
#include "harness/ac/scenario.h"
#include "harness/capi/retroanim_harness.h"  // the C API and its harness functions
#include "retroanim/ac/motion/motion_object.h"
#include "retroanim/ac/motion/motion_timing.h"
#include "support/test_support.h"
#include "capi/capi_expect.h"

namespace {

constexpr uint32_t kTable = 0x09000100u;
constexpr uint32_t kNonCombat = 0x8000003Du, kReady = 0x41000003u, kWalk = 0x45000005u, kAction = 0x10000051u;

// The C API's result equals `want`.
void expect_same(ra_ac_motion_timing* t, const retroanim::ac::MotionTiming& want) {
  ra_ac_timing_summary s;
  RA_CHECK(ra_ac_motion_timing_get_summary(t, &s));
  EXPECT_EQ(s.performed, want.performed ? 1 : 0);
  ASSERT_EQ(s.animation_count, want.animations.size());
  ASSERT_EQ(s.hook_count, want.hooks.size());
  EXPECT_EQ(s.cycle_start, want.cycle_start);
  EXPECT_EQ(s.cycle_length, want.cycle_length);
  std::vector<ra_ac_timed_animation> anims(s.animation_count);
  RA_CHECK(ra_ac_motion_timing_get_animations(t, anims.data(), anims.size()));
  for (size_t i = 0; i < anims.size(); ++i) {
    const auto& w = want.animations[i];
    EXPECT_EQ(anims[i].anim_id, w.anim_id);
    EXPECT_EQ(anims[i].low_frame, w.low_frame);
    EXPECT_EQ(anims[i].high_frame, w.high_frame);
    EXPECT_EQ(anims[i].framerate, w.framerate);
    EXPECT_EQ(anims[i].cyclic, w.cyclic ? 1 : 0);
    EXPECT_EQ(anims[i].start, w.start);
    EXPECT_EQ(anims[i].duration, w.duration);
  }
  std::vector<ra_ac_timed_hook> hooks(s.hook_count);
  RA_CHECK(ra_ac_motion_timing_get_hooks(t, hooks.data(), hooks.size()));
  for (size_t i = 0; i < hooks.size(); ++i) {
    const auto& w = want.hooks[i];
    EXPECT_EQ(hooks[i].time, w.time);
    EXPECT_EQ(hooks[i].animation, w.animation);
    EXPECT_EQ(hooks[i].frame, w.frame);
    const retroanim::ac::HookEvent e = retroanim::ac::flatten_hook(w.hook, 0);
    EXPECT_EQ(0, std::memcmp(&hooks[i].hook, &e, sizeof e)) << "hook " << i;
  }
}

struct DatWorld {
  std::string dir;
  ra_ac_dat* dat = nullptr;
  ra_ac_provider* provider = nullptr;
  std::shared_ptr<retroanim::ac::AnimationProvider> cpp;  // the same dat through the harness
  const retroanim::ac::MotionTableProvider* tables = nullptr;
  ~DatWorld() {
    ra_ac_provider_free(provider);
    ra_ac_dat_free(dat);
    if (!dir.empty()) std::filesystem::remove_all(dir);
  }
};

void open_world(DatWorld& w) {
  w.dir = retroanim::test::temp_dir();
  retroanim::capi_test::write_dat_scenarios(w.dir);
  const std::string path = w.dir + "/capi_hooks.dat";
  RA_CHECK(ra_ac_dat_open(path.c_str(), &w.dat));
  RA_CHECK(ra_ac_provider_from_dat(w.dat, &w.provider));
  retroanim::ac::ScenarioReader reader(path);
  w.cpp = retroanim::ac::open_scenario_dat(path, reader);
  w.tables = dynamic_cast<const retroanim::ac::MotionTableProvider*>(w.cpp.get());
  ASSERT_NE(w.tables, nullptr);
}

}  // namespace

TEST(CApiAcTiming, DatTableGivesTheLibrarysTiming) {
  DatWorld w;
  open_world(w);
  if (HasFatalFailure()) return;
  const retroanim::ac::MotionTable table = w.tables->get_motion_table(kTable);
  const struct {
    uint32_t motion;
    float speed;
  } cases[] = {{kWalk, 1.0f}, {kWalk, 2.0f}, {kAction, 1.5f}, {kReady, 1.0f}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.motion);
    ra_ac_motion_timing* t = nullptr;
    RA_CHECK(ra_ac_motion_timing_create(w.provider, kTable, kNonCombat, kReady, 1.0f, c.motion, c.speed, &t));
    const retroanim::ac::MotionTiming want =
        retroanim::ac::motion_timing(table, *w.cpp, kNonCombat, kReady, 1.0f, c.motion, c.speed);
    expect_same(t, want);
    RA_CHECK(ra_ac_motion_timing_free(t));
  }
  // The action's link holds every hook type but AnimationDone: they come out as events.
  ra_ac_motion_timing* t = nullptr;
  RA_CHECK(ra_ac_motion_timing_create(w.provider, kTable, kNonCombat, kReady, 1.0f, kAction, 1.0f, &t));
  ra_ac_timing_summary s;
  RA_CHECK(ra_ac_motion_timing_get_summary(t, &s));
  EXPECT_EQ(s.performed, 1);
  EXPECT_GT(s.hook_count, 10u);
  RA_CHECK(ra_ac_motion_timing_free(t));
  // A motion the table cannot perform is a result, not an error.
  RA_CHECK(ra_ac_motion_timing_create(w.provider, kTable, kNonCombat, kReady, 1.0f, 0x10000999u, 1.0f, &t));
  RA_CHECK(ra_ac_motion_timing_get_summary(t, &s));
  EXPECT_EQ(s.performed, 0);
  EXPECT_EQ(s.animation_count, 0u);
  RA_CHECK(ra_ac_motion_timing_get_animations(t, nullptr, 0));
  RA_CHECK(ra_ac_motion_timing_get_hooks(t, nullptr, 0));
  RA_CHECK(ra_ac_motion_timing_free(t));
}

TEST(CApiAcTiming, ObjectTableGivesTheSameAsTheDatTable) {
  DatWorld w;
  open_world(w);
  if (HasFatalFailure()) return;
  ra_ac_object* obj = nullptr;
  RA_CHECK(ra_ac_object_create(w.provider, 0, 1, 1, &obj));
  RA_CHECK(ra_ac_object_attach_motion_table(obj, w.provider, kTable));
  ra_ac_motion_timing* t = nullptr;
  RA_CHECK(ra_ac_object_motion_timing(obj, kNonCombat, kReady, 1.0f, kWalk, 1.25f, &t));
  expect_same(t, retroanim::ac::motion_timing(w.tables->get_motion_table(kTable), *w.cpp, kNonCombat, kReady, 1.0f,
                                              kWalk, 1.25f));
  RA_CHECK(ra_ac_motion_timing_free(t));
  RA_CHECK(ra_ac_object_free(obj));
}

TEST(CApiAcTiming, BadArguments) {
  DatWorld w;
  open_world(w);
  if (HasFatalFailure()) return;
  ra_ac_motion_timing* t = nullptr;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_motion_timing_create(w.provider, kTable, kNonCombat, kReady, 1.0f, kWalk, 1.0f, nullptr));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_motion_timing_create(nullptr, kTable, kNonCombat, kReady, 1.0f, kWalk, 1.0f, &t));
  EXPECT_EQ(t, nullptr);
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_motion_timing_create(w.provider, kTable, kNonCombat, kReady, NAN, kWalk, 1.0f, &t));
  EXPECT_FAILS(RA_ERR_ARGUMENT,
               ra_ac_motion_timing_create(w.provider, kTable, kNonCombat, kReady, 1.0f, kWalk, INFINITY, &t));
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_motion_timing_create(w.provider, 0x09000FFFu, kNonCombat, kReady, 1.0f, kWalk, 1.0f, &t));
  // A provider without motion tables (the benchmark workload's).
  ra_ac_provider* workload = nullptr;
  RA_CHECK(ra_ac_provider_create_workload(0, &workload));
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_motion_timing_create(workload, kTable, kNonCombat, kReady, 1.0f, kWalk, 1.0f, &t));
  // An object without a table.
  ra_ac_object* obj = nullptr;
  RA_CHECK(ra_ac_object_create(workload, 0, 1, 1, &obj));
  EXPECT_FAILS(RA_ERR_STATE, ra_ac_object_motion_timing(obj, kNonCombat, kReady, 1.0f, kWalk, 1.0f, &t));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_object_motion_timing(obj, kNonCombat, kReady, 1.0f, kWalk, 1.0f, nullptr));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_object_motion_timing(nullptr, kNonCombat, kReady, 1.0f, kWalk, 1.0f, &t));
  RA_CHECK(ra_ac_object_free(obj));
  RA_CHECK(ra_ac_provider_free(workload));
  // Reading a result back: sizes, NULL, handles of another kind, freed handles.
  RA_CHECK(ra_ac_motion_timing_create(w.provider, kTable, kNonCombat, kReady, 1.0f, kWalk, 1.0f, &t));
  ra_ac_timing_summary s;
  RA_CHECK(ra_ac_motion_timing_get_summary(t, &s));
  ASSERT_GT(s.animation_count, 0u);
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_motion_timing_get_summary(t, nullptr));
  std::vector<ra_ac_timed_animation> anims(s.animation_count + 1);
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_motion_timing_get_animations(t, anims.data(), anims.size()));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_motion_timing_get_animations(t, nullptr, s.animation_count));
  std::vector<ra_ac_timed_hook> hooks(s.hook_count + 1);
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_motion_timing_get_hooks(t, hooks.data(), hooks.size()));
  EXPECT_FAILS(RA_ERR_HANDLE,
               ra_ac_motion_timing_get_summary(reinterpret_cast<ra_ac_motion_timing*>(w.provider), &s));
  RA_CHECK(ra_ac_motion_timing_free(t));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_motion_timing_get_summary(t, &s));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_motion_timing_free(t));
  RA_CHECK(ra_ac_motion_timing_free(nullptr));
}
