// A batch tick gives what ticking each object alone gives: the same frames,
// and the same events in object order (within one object: the events it held
// before the tick, then its AnimationDone events, then its other hooks), on
// one thread or several, with objects that hold events from calls outside
// the batch's ticks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "harness/capi/retroanim_harness.h"  // the C API and its harness functions
#include "capi/capi_expect.h"

namespace {

constexpr uint32_t kSetup = 0x02000001;  // the workload's setup: 30 parts, cyclic animation 0x03000001
constexpr uint32_t kAnim = 0x03000001;
constexpr float kQuantum = 1.0f / 30.0f;

// Object i of a world: every third one plays two short link animations (each
// fires AnimationDone when left) before the cycle; all spread over the cycle.
void make_world(ra_ac_provider* p, size_t n, std::vector<ra_ac_object*>& out) {
  out.assign(n, nullptr);
  for (size_t i = 0; i < n; ++i) {
    RA_CHECK(ra_ac_object_create(p, kSetup, 0, 100 + i, &out[i]));
    uint32_t state = 0, transient = 0;
    RA_CHECK(ra_ac_object_get_state(out[i], &state, &transient));
    RA_CHECK(ra_ac_object_set_state(out[i], state, transient | 0x2));  // on a walkable surface
    if (i % 3 == 0) {
      RA_CHECK(ra_ac_object_clear_sequence(out[i]));
      RA_CHECK(ra_ac_object_append_animation(out[i], kAnim, 30.0f, 0, 2 + static_cast<int32_t>(i % 4)));
      RA_CHECK(ra_ac_object_append_animation(out[i], kAnim, -30.0f, 1, 4));
      RA_CHECK(ra_ac_object_append_animation(out[i], kAnim, 30.0f, 0, -1));
    }
    RA_CHECK(ra_ac_object_update_sequence(out[i], static_cast<double>(i % 60) / 30.0, nullptr));
    const ra_ac_frame f{{static_cast<float>(i), 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 0.0f}};
    RA_CHECK(ra_ac_object_set_frame(out[i], &f));
  }
}

bool same_event(const ra_ac_hook_event& a, const ra_ac_hook_event& b) {
  return a.object_id == b.object_id && a.type == b.type && a.direction == b.direction && a.tag == b.tag &&
         std::memcmp(a.u, b.u, sizeof a.u) == 0 && std::memcmp(a.f, b.f, sizeof a.f) == 0;
}

// Object o's events (then cleared) in a batch's order: AnimationDone before the
// other hooks of the tick, after those it held before.
void take_events(ra_ac_object* o, size_t held, std::vector<ra_ac_hook_event>& out) {
  const ra_ac_hook_event* ev = nullptr;
  size_t n = 0;
  RA_CHECK(ra_ac_object_get_events(o, &ev, &n));
  ASSERT_GE(n, held);
  out.insert(out.end(), ev, ev + held);
  for (size_t k = held; k < n; ++k)
    if (ev[k].type == 4) out.push_back(ev[k]);
  for (size_t k = held; k < n; ++k)
    if (ev[k].type != 4) out.push_back(ev[k]);
  RA_CHECK(ra_ac_object_clear_events(o));
}

// `split`: every tick over every thread (ra_ac_batch_set_min_work 0, 0);
// otherwise the pool's thresholds (45 objects: the calling thread alone).
void run(unsigned threads, bool split) {
  constexpr size_t kObjects = 45;
  ra_ac_provider* p = nullptr;
  RA_CHECK(ra_ac_provider_create_workload(0, &p));
  std::vector<ra_ac_object*> batched, alone;
  make_world(p, kObjects, batched);
  make_world(p, kObjects, alone);
  // Events held before the batch exists come out with its first tick.
  RA_CHECK(ra_ac_object_tick(batched[4], kQuantum));
  RA_CHECK(ra_ac_object_tick(alone[4], kQuantum));
  std::vector<size_t> held(kObjects, 0);
  {
    const ra_ac_hook_event* ev = nullptr;
    RA_CHECK(ra_ac_object_get_events(alone[4], &ev, &held[4]));
  }
  ra_ac_batch* b = nullptr;
  RA_CHECK(ra_ac_batch_create(batched.data(), batched.size(), threads, &b));
  if (split) {
    RA_CHECK(ra_ac_batch_set_min_work(b, 0, 0));
  }
  size_t total = 0, done_events = 0, held_events = 0;
  for (int t = 0; t < 90; ++t) {
    if (t % 2 == 1) {  // a call outside the batch's ticks on an object in it
      const size_t i = static_cast<size_t>(t) % kObjects;
      RA_CHECK(ra_ac_object_tick(batched[i], 0.2f));
      RA_CHECK(ra_ac_object_tick(alone[i], 0.2f));
      const ra_ac_hook_event* ev = nullptr;
      RA_CHECK(ra_ac_object_get_events(alone[i], &ev, &held[i]));
      held_events += held[i];
    }
    RA_CHECK(ra_ac_batch_tick(b, kQuantum));
    std::vector<ra_ac_hook_event> want;
    for (size_t i = 0; i < kObjects; ++i) {
      RA_CHECK(ra_ac_object_tick(alone[i], kQuantum));
      take_events(alone[i], held[i], want);
      held[i] = 0;
    }
    const ra_ac_hook_event* got = nullptr;
    size_t n = 0;
    RA_CHECK(ra_ac_batch_get_events(b, &got, &n));
    ASSERT_EQ(n, want.size()) << "tick " << t;
    for (size_t k = 0; k < n; ++k) {
      ASSERT_TRUE(same_event(got[k], want[k])) << "tick " << t << " event " << k << ": object " << got[k].object_id
                                               << " type " << got[k].type << ", want object " << want[k].object_id
                                               << " type " << want[k].type;
      done_events += got[k].type == 4;
    }
    total += n;
    std::vector<ra_ac_frame> frames(kObjects);
    RA_CHECK(ra_ac_batch_get_frames(b, frames.data(), frames.size()));
    for (size_t i = 0; i < kObjects; ++i) {
      ra_ac_frame f;
      RA_CHECK(ra_ac_object_get_frame(alone[i], &f));
      ASSERT_EQ(std::memcmp(&f, &frames[i], sizeof f), 0) << "tick " << t << " object " << i;
    }
    // The objects in the batch hold nothing after a tick.
    for (ra_ac_object* o : batched) {
      const ra_ac_hook_event* ev = nullptr;
      size_t left = 1;
      RA_CHECK(ra_ac_object_get_events(o, &ev, &left));
      ASSERT_EQ(left, 0u);
    }
  }
  EXPECT_GT(total, 100u);
  EXPECT_GE(done_events, kObjects / 3);  // every linked object left its links
  EXPECT_GT(held_events, 0u);
  RA_CHECK(ra_ac_batch_free(b));
  for (ra_ac_object* o : batched) RA_CHECK(ra_ac_object_free(o));
  for (ra_ac_object* o : alone) RA_CHECK(ra_ac_object_free(o));
  RA_CHECK(ra_ac_provider_free(p));
}

}  // namespace

TEST(CApiAcBatch, TickGivesEachObjectAlonesFramesAndEventsOneThread) { run(1, false); }
TEST(CApiAcBatch, TickGivesEachObjectAlonesFramesAndEventsThreeThreads) { run(3, false); }
TEST(CApiAcBatch, TickGivesEachObjectAlonesFramesAndEventsThreeThreadsSplit) { run(3, true); }
