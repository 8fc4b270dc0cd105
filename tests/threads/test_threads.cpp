// The parallel tick (issue 18): the worker pool, ac::update_objects and
// ck::sample_world_batch over it giving the same results and the same hooks
// for every thread count, and shared data (dat, scene curve, animations) read
// by many threads at once. Also run under ThreadSanitizer (scripts/build.sh tsan).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <tuple>
#include <vector>

#include "harness/bench/workload.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/prepared_animation_batch.h"
#include "retroanim/math/transform_compose.h"
#include "retroanim/worker_pool.h"
#include "support/test_support.h"

using namespace retroanim;
using bench::AcWorkload;

namespace {

// ---- the pool ----

TEST(WorkerPool, RunsEveryTaskOnceForAnyCount) {
  for (unsigned threads : {1u, 2u, 3u, 4u}) {
    WorkerPool pool(threads);
    EXPECT_EQ(pool.size(), threads);
    for (size_t count : {0u, 1u, 2u, 7u, 100u}) {
      std::vector<std::atomic<int>> hits(count);
      for (int rep = 0; rep < 3; ++rep) pool.run(count, [&](size_t i) { hits[i].fetch_add(1); });
      for (size_t i = 0; i < count; ++i) EXPECT_EQ(hits[i].load(), 3) << threads << " threads, task " << i;
    }
  }
}

// Back-to-back runs (workers spinning), runs after a pause (workers asleep,
// woken or left out when the caller finishes first) and runs of one task.
TEST(WorkerPool, ManyShortRunsSpinningAndSleeping) {
  for (unsigned threads : {2u, 3u}) {
    WorkerPool pool(threads);
    std::vector<std::atomic<int>> hits(16);
    std::vector<int> expected(16, 0);
    for (int run = 0; run < 3000; ++run) {
      if (run % 500 == 499) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      const size_t count = 1 + static_cast<size_t>(run % 16);
      pool.run(count, [&](size_t i) { hits[i].fetch_add(1, std::memory_order_relaxed); });
      for (size_t i = 0; i < count; ++i) ++expected[i];
    }
    for (size_t i = 0; i < hits.size(); ++i) EXPECT_EQ(hits[i].load(), expected[i]) << threads << " threads, task " << i;
  }
}

TEST(WorkerPool, RethrowsATasksException) {
  WorkerPool pool(3);
  EXPECT_THROW(pool.run(10, [](size_t i) { if (i == 7) throw std::runtime_error("task 7"); }), std::runtime_error);
  std::atomic<int> n{0};
  pool.run(10, [&](size_t) { ++n; });  // still usable
  EXPECT_EQ(n.load(), 10);
}

TEST(WorkerPool, ChunksAreContiguousAndCoverEverything) {
  for (size_t n : {0u, 1u, 5u, 10000u, 10001u})
    for (size_t parts : {1u, 2u, 3u, 4u, 7u}) {
      size_t next = 0;
      for (size_t k = 0; k < parts; ++k) {
        const auto [a, b] = WorkerPool::chunk(n, parts, k);
        EXPECT_EQ(a, next);
        EXPECT_LE(b - a, n / parts + 1);
        next = b;
      }
      EXPECT_EQ(next, n);
    }
}

// The threshold: how many threads a loop of given work uses.
TEST(WorkerPool, ThreadsForFollowsMinWork) {
  WorkerPool pool(4);
  EXPECT_EQ(pool.min_work(), WorkerPool::default_min_work());
  EXPECT_EQ(pool.min_work_idle(), WorkerPool::default_min_work_idle());
  pool.set_min_work(std::chrono::microseconds(40));  // both
  EXPECT_EQ(pool.min_work_idle(), std::chrono::microseconds(40));
  EXPECT_EQ(pool.threads_for(100, 150.0), 1u);    // 15 us: below two threads' 80 us
  EXPECT_EQ(pool.threads_for(533, 150.0), 1u);    // 79.95 us
  EXPECT_EQ(pool.threads_for(534, 150.0), 2u);    // 80.1 us
  EXPECT_EQ(pool.threads_for(1000, 150.0), 3u);   // 150 us: 3.75 threads' worth
  EXPECT_EQ(pool.threads_for(100000, 150.0), 4u);  // capped at the pool's size
  EXPECT_EQ(pool.threads_for(0, 150.0), 1u);
  EXPECT_EQ(pool.threads_for(1000, std::nan("")), 1u);
  pool.set_min_work(std::chrono::nanoseconds(0));  // always split
  EXPECT_EQ(pool.threads_for(1, 150.0), 4u);
  EXPECT_EQ(pool.threads_for(0, 0.0), 4u);
  pool.set_min_work(std::chrono::nanoseconds(-5));  // counts as 0
  EXPECT_EQ(pool.min_work().count(), 0);
  WorkerPool single(1);
  single.set_min_work(std::chrono::nanoseconds(0));
  EXPECT_EQ(single.threads_for(1000000, 1000.0), 1u);
}

// Back to back and after a pause: two thresholds, and idle() tells which
// applies.
TEST(WorkerPool, IdleChoosesTheThreshold) {
  WorkerPool pool(2);
  EXPECT_LT(WorkerPool::default_min_work(), WorkerPool::default_min_work_idle());
  pool.set_min_work(std::chrono::microseconds(10), std::chrono::microseconds(500));
  EXPECT_EQ(pool.min_work(), std::chrono::microseconds(10));
  EXPECT_EQ(pool.min_work_idle(), std::chrono::microseconds(500));
  EXPECT_EQ(pool.threads_for(1000, 100.0, false), 2u);  // 100 us: 10 threads' worth, capped
  EXPECT_EQ(pool.threads_for(1000, 100.0, true), 1u);   // below 2 x 500 us
  EXPECT_EQ(pool.threads_for(10000, 100.0, true), 2u);  // 1 ms
  EXPECT_TRUE(pool.idle());  // no run yet
  EXPECT_EQ(pool.threads_for(1000, 100.0), 1u);
  // Right after a run (on the calling thread alone or split) the next one
  // comes back to back, unless this thread was held up for longer than
  // back_to_back(): at least one of many tries sees it.
  int back_to_back = 0;
  for (int i = 0; i < 200; ++i) {
    pool.run(1, [](size_t) {}, 1);
    back_to_back += !pool.idle();
    pool.run(4, [](size_t) {});
    back_to_back += !pool.idle();
  }
  EXPECT_GT(back_to_back, 0);
  std::this_thread::sleep_for(WorkerPool::back_to_back() + std::chrono::milliseconds(1));
  EXPECT_TRUE(pool.idle());
  pool.set_min_work(std::chrono::nanoseconds(-1), std::chrono::nanoseconds(-2));
  EXPECT_EQ(pool.min_work().count(), 0);
  EXPECT_EQ(pool.min_work_idle().count(), 0);
}

// run(count, task, threads) lets at most `threads` threads take part; with 1
// every task runs on the calling thread.
TEST(WorkerPool, RunCappedToFewerThreads) {
  WorkerPool pool(3);
  const std::thread::id caller = std::this_thread::get_id();
  for (int rep = 0; rep < 200; ++rep) {
    std::vector<std::thread::id> ran(24);
    pool.run(ran.size(), [&](size_t i) { ran[i] = std::this_thread::get_id(); }, 1);
    for (const auto& id : ran) ASSERT_EQ(id, caller) << "run " << rep;
    pool.run(ran.size(), [&](size_t i) {
      ran[i] = std::this_thread::get_id();
      std::this_thread::yield();
    }, 2);
    std::vector<std::thread::id> distinct(ran);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    ASSERT_LE(distinct.size(), 2u) << "run " << rep;
  }
  std::atomic<int> n{0};
  pool.run(10, [&](size_t) { ++n; }, 0);  // 0: every thread
  EXPECT_EQ(n.load(), 10);
}

// ---- ac: the same frames and hooks for every thread count ----

uint64_t checksum(const bench::AcWorld& w) {
  return bench::ac_checksum(std::span<const ac::PhysicsObj* const>(w.list.data(), w.list.size()));
}

// The pools' thresholds the tests run with: every tick split over every
// thread (0), the default (the tests' small worlds then run on the calling
// thread) and never split.
const std::chrono::nanoseconds kMinWorks[] = {std::chrono::nanoseconds(0), WorkerPool::default_min_work(),
                                              std::chrono::seconds(1)};

// Ticks a fresh world `ticks` times: through the plain loop (threads = -1)
// or a pool of `threads` with `min_work`.
uint64_t ticked_checksum(AcWorkload kind, size_t objects, int ticks, int threads,
                         std::chrono::nanoseconds min_work = std::chrono::nanoseconds(0)) {
  auto w = bench::make_ac_world(objects, kind);
  if (threads < 0) {
    for (int t = 0; t < ticks; ++t)
      for (ac::PhysicsObj* o : w->list) o->update_object_internal(1.0f / 30.0f);
  } else {
    WorkerPool pool(static_cast<unsigned>(threads));
    pool.set_min_work(min_work);
    for (int t = 0; t < ticks; ++t) ac::update_objects(w->list, 1.0f / 30.0f, &pool);
  }
  return checksum(*w);
}

TEST(ParallelTick, ChecksumsAreTheSameForEveryThreadCount) {
  for (AcWorkload kind : {AcWorkload::kCyclic, AcWorkload::kMany, AcWorkload::kMoving}) {
    const uint64_t plain = ticked_checksum(kind, 301, 45, -1);
    for (int threads = 1; threads <= 4; ++threads)
      EXPECT_EQ(ticked_checksum(kind, 301, 45, threads), plain) << static_cast<int>(kind) << ", " << threads << " threads";
  }
}

// The largest item count whose estimated work (items x item_ns) stays
// below two threads' default min_work (back to back): the default runs it on
// the calling thread.
size_t below_default_threshold(double item_ns) {
  return static_cast<size_t>(std::ceil(2.0 * static_cast<double>(WorkerPool::default_min_work().count()) / item_ns)) - 1;
}

// The threshold path (the tick on the calling thread alone, hooks deferred
// all the same) and the split give the same frames, for every thread count,
// on both sides of the default threshold.
TEST(ParallelTick, ThresholdPathGivesTheSameFrames) {
  const size_t below = below_default_threshold(ac::kUpdateObjectCostNs), above = 3 * below;
  for (size_t objects : {below, above}) {
    const uint64_t plain = ticked_checksum(AcWorkload::kMany, objects, 12, -1);
    for (int threads = 1; threads <= 4; ++threads)
      for (auto min_work : kMinWorks) {
        WorkerPool probe(static_cast<unsigned>(threads));
        probe.set_min_work(min_work);
        const unsigned uses = probe.threads_for(objects, ac::kUpdateObjectCostNs);
        EXPECT_EQ(ticked_checksum(AcWorkload::kMany, objects, 12, threads, min_work), plain)
            << objects << " objects, " << threads << " threads, min_work " << min_work.count() << " ns (uses " << uses
            << ")";
      }
  }
  // Both paths are taken by the cases above.
  WorkerPool two(2);
  EXPECT_EQ(two.threads_for(below, ac::kUpdateObjectCostNs, false), 1u);
  EXPECT_EQ(two.threads_for(below + 1, ac::kUpdateObjectCostNs, false), 2u);
  EXPECT_EQ(two.threads_for(above, ac::kUpdateObjectCostNs, false), 2u);
}

TEST(ParallelTick, CliChecksumIsTheSameForEveryThreadCount) {
  std::string first;
  for (int threads = 1; threads <= 4; ++threads) {
    auto r = test::run_cli("ac bench --objects 257 --ticks 31 --threads " + std::to_string(threads) + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto at = r.out.find("\"checksum\": \"0x");
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string sum = r.out.substr(at + 13, 18);
    if (threads == 1) first = sum;
    EXPECT_EQ(sum, first) << threads << " threads";
    EXPECT_NE(r.out.find("{\"format\": \"retroanim.ac.bench/1\", \"workload\": \"cyclic\", \"objects\": 257, "
                         "\"ticks\": 31, \"threads\": " + std::to_string(threads) + ", \"ms_per_tick\": "),
              std::string::npos)
        << r.out;
  }
}

// Records every hook it executes: which object, which hook, on which thread.
class RecordingExecutor : public ac::HookExecutor {
 public:
  void execute(ac::PhysicsObj& obj, const ac::AnimationHook& hook) override {
    seen.emplace_back(&obj, &hook);
    if (std::this_thread::get_id() != caller) ++off_thread;
  }
  std::vector<std::pair<const ac::PhysicsObj*, const ac::AnimationHook*>> seen;
  std::thread::id caller = std::this_thread::get_id();
  int off_thread = 0;
};

// The hooks of `ticks` ticks, as object indices and hook addresses.
std::vector<std::pair<size_t, const ac::AnimationHook*>> hooks_of(
    bench::AcWorld& w, int ticks, int threads, std::chrono::nanoseconds min_work = std::chrono::nanoseconds(0)) {
  RecordingExecutor rec;
  for (ac::PhysicsObj* o : w.list) o->set_hook_executor(&rec);
  if (threads < 0) {
    for (int t = 0; t < ticks; ++t)
      for (ac::PhysicsObj* o : w.list) o->update_object_internal(1.0f / 30.0f);
  } else {
    WorkerPool pool(static_cast<unsigned>(threads));
    pool.set_min_work(min_work);
    for (int t = 0; t < ticks; ++t) ac::update_objects(w.list, 1.0f / 30.0f, &pool);
  }
  EXPECT_EQ(rec.off_thread, 0) << "hooks run on the calling thread";
  std::vector<std::pair<size_t, const ac::AnimationHook*>> out;
  for (auto [obj, hook] : rec.seen) {
    size_t i = 0;
    while (w.list[i] != obj) ++i;
    out.emplace_back(i, hook);
  }
  for (ac::PhysicsObj* o : w.list) o->set_hook_executor(&w.executor);
  return out;
}

TEST(ParallelTick, HooksAreHandedOverInObjectOrderForAnyThreadCount) {
  auto plain_world = bench::make_ac_world(97, AcWorkload::kMany);
  const auto plain = hooks_of(*plain_world, 12, -1);
  ASSERT_GT(plain.size(), 97u);
  for (size_t k = 1; k < plain.size() / 12; ++k) ASSERT_LE(plain[k - 1].first, plain[k].first);  // first tick in order
  for (int threads = 1; threads <= 4; ++threads)
    for (auto min_work : kMinWorks) {
      auto w = bench::make_ac_world(97, AcWorkload::kMany);
      const auto got = hooks_of(*w, 12, threads, min_work);
      ASSERT_EQ(got.size(), plain.size()) << threads << " threads";
      for (size_t k = 0; k < got.size(); ++k) {
        EXPECT_EQ(got[k].first, plain[k].first) << threads << " threads, hook " << k;
        // The hooks come from one shared AnimationMap in both worlds: compare by place in the animation.
        EXPECT_EQ(got[k].second->type, plain[k].second->type);
      }
    }
}

TEST(ParallelTick, NoPoolIsThePlainLoopAndEmptyListsAreFine) {
  auto w = bench::make_ac_world(10, AcWorkload::kCyclic);
  WorkerPool pool(2);
  ac::update_objects({}, 1.0f / 30.0f, &pool);
  ac::update_objects(w->list, 1.0f / 30.0f, nullptr);
  EXPECT_EQ(checksum(*w), ticked_checksum(AcWorkload::kCyclic, 10, 1, -1));
}

// Objects whose animations come from one dat (DatAnimationProvider, its
// cache filled from many threads) tick as those of an AnimationMap.
TEST(ParallelTick, ObjectsSharingOneDatProvider) {
  auto ref = bench::make_ac_world(200, AcWorkload::kMany);
  ac::io::DatWriter writer;
  for (uint32_t k = 0; k < bench::kAcManyAnimations; ++k) {
    ac::Animation a = *ref->anims.get_animation(0x03000001 + k);
    a.pos_frames.clear();  // unused without kHasPosFrames; a dat holds none then
    ac::io::add_animation(writer, a, {k % 2 == 0});
  }
  const auto dat = ac::io::DatDatabase::from_bytes(writer.build(), "threads.dat");
  ac::io::DatAnimationProvider provider(dat);
  auto w = bench::make_ac_world(200, AcWorkload::kMany);
  for (size_t i = 0; i < w->list.size(); ++i) {
    ac::PhysicsObj& o = *w->list[i];
    const math::Frame f = o.frame();
    o.set_setup(&w->setups[i % w->setups.size()], &provider);
    o.set_hook_executor(&w->executor);
    o.part_array()->sequence().update(static_cast<double>(i % bench::kAcFrames) / 30.0, nullptr);
    o.set_frame(f);
  }
  WorkerPool pool(4);
  pool.set_min_work(std::chrono::nanoseconds(0));  // 200 objects: split all the same
  for (int t = 0; t < 20; ++t) {
    ac::update_objects(w->list, 1.0f / 30.0f, &pool);
    for (ac::PhysicsObj* o : ref->list) o->update_object_internal(1.0f / 30.0f);
  }
  EXPECT_EQ(checksum(*w), checksum(*ref));
}

// ---- ac bench --dat: a user's own objects from a dat ----

constexpr uint32_t kDatSetup = 0x02000007, kDatTable = 0x09000007;
constexpr uint32_t kIntro = 0x03000070, kLoop = 0x03000071;
constexpr uint32_t kNonCombatStyle = 0x8000003Du, kReadyMotion = 0x41000003u;

// A dat from the dat writer: a 4-part Setup with a sphere and its default
// motion table, whose default state plays a link (kIntro, 7 frames) then a
// cycle (kLoop, 23 frames, position frames), both with hooks.
std::string write_bench_dat() {
  ac::io::DatWriter writer;
  for (uint32_t id : {kIntro, kLoop}) {
    ac::Animation a;
    a.id = id;
    a.num_parts = 4;
    const uint32_t frames = id == kIntro ? 7 : 23;
    if (id == kLoop) a.flags = ac::animation_flag::kHasPosFrames;
    for (uint32_t f = 0; f < frames; ++f) {
      ac::AnimationFrame af;
      for (uint32_t p = 0; p < 4; ++p) {
        const float ang = 0.07f * static_cast<float>(f + 3 * p) + (id == kIntro ? 0.5f : 0.0f);
        af.parts.push_back(math::AFrame{{0.2f * p, 0.03f * f, 0.4f}, std::cos(ang), std::sin(ang) * 0.36f,
                                        std::sin(ang) * 0.48f, std::sin(ang) * 0.8f});
      }
      if (f % 5 == 1)
        af.hooks.push_back(ac::AnimationHook{ac::AnimationHookType::kSound, ac::AnimationHookDir::kForward,
                                             ac::SoundHookData{f}, 0});
      a.part_frames.push_back(af);
      if (id == kLoop) a.pos_frames.push_back(math::AFrame{{0.0f, 0.05f, 0.0f}, 1.0f, 0.0f, 0.0f, 0.0f});
    }
    ac::io::add_animation(writer, a, {id == kLoop});
  }
  ac::MotionTable t;
  t.id = kDatTable;
  t.default_style = kNonCombatStyle;
  t.style_defaults[kNonCombatStyle] = kReadyMotion;
  ac::MotionData ready;
  ready.anims.push_back(ac::AnimData{kIntro, 0, -1, 30.0f});
  ready.anims.push_back(ac::AnimData{kLoop, 0, -1, 30.0f});
  ready.omega = {0.0f, 0.0f, 0.4f};
  t.cycles[ac::MotionTable::make_key(kNonCombatStyle, kReadyMotion)] = ready;
  ac::io::add_motion_table(writer, t);
  ac::Setup s;
  s.id = kDatSetup;
  s.part_ids = {0x01000001, 0x01000002, 0x01000003, 0x01000004};
  s.spheres.push_back(ac::Sphere{{0.0f, 0.0f, 0.5f}, 0.5f});
  s.default_motion_table = kDatTable;
  ac::io::add_setup(writer, s);
  const std::string path = test::temp_dir() + "/bench.dat";
  writer.write_file(path);
  return path;
}

uint64_t dat_checksum(const bench::AcDatWorld& w) {
  return bench::ac_checksum(std::span<const ac::PhysicsObj* const>(w.list.data(), w.list.size()));
}

std::string hex16(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

TEST(DatBench, ObjectsFromADatTickTheSameForEveryThreadCount) {
  const std::string dat = write_bench_dat();
  constexpr size_t kObjects = 150;
  constexpr int kTicks = 40;
  auto plain = bench::make_ac_dat_world(dat, kDatSetup, kDatTable, kObjects);
  ASSERT_EQ(plain->list.size(), kObjects);
  ASSERT_TRUE(plain->has_table);
  EXPECT_EQ(plain->setup.num_parts(), 4u);
  const uint64_t before = dat_checksum(*plain);
  for (int t = 0; t < kTicks; ++t)
    for (ac::PhysicsObj* o : plain->list) o->update_object_internal(1.0f / 30.0f);
  const uint64_t expected = dat_checksum(*plain);
  EXPECT_NE(expected, before);  // the objects moved
  EXPECT_GT(plain->executor.count, 0u);
  // The link played out and its AnimationDone reached every object's manager.
  for (const auto& d : plain->objects) EXPECT_TRUE(d->manager.pending().empty());
  for (unsigned threads : {1u, 2u, 3u}) {
    auto w = bench::make_ac_dat_world(dat, kDatSetup, 0, kObjects);  // 0: the Setup's default table
    WorkerPool pool(threads);
    pool.set_min_work(std::chrono::nanoseconds(0));
    for (int t = 0; t < kTicks; ++t) ac::update_objects(w->list, 1.0f / 30.0f, &pool);
    EXPECT_EQ(dat_checksum(*w), expected) << threads << " threads";
    EXPECT_EQ(w->executor.count, plain->executor.count) << threads << " threads";
  }
  // The CLI: the same checksum (JSON and text), for every thread count.
  for (int threads = 1; threads <= 3; ++threads) {
    auto r = test::run_cli("ac bench --dat " + dat + " --setup 0x02000007 --motion-table 0x09000007 --objects 150" +
                           " --ticks 40 --json --threads " + std::to_string(threads));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("{\"format\": \"retroanim.ac.bench/1\", \"workload\": \"dat\", \"dat\": \""),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\"setup\": \"0x02000007\", \"motion_table\": \"0x09000007\", \"objects\": 150, "
                         "\"ticks\": 40, \"threads\": " +
                         std::to_string(threads) + ", \"ms_per_tick\": "),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\"checksum\": \"" + hex16(expected) + "\", \"threads_used\": "), std::string::npos) << r.out;
  }
  auto r = test::run_cli("ac bench --dat " + dat + " --setup 33554439 --objects 150 --ticks 40");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("setup 0x02000007 (4 parts), motion table 0x09000007, 150 objects"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("checksum: " + hex16(expected) + "\n"), std::string::npos) << r.out;
}

TEST(DatBench, BadOptionsAndMissingObjectsAreOneLineErrors) {
  const std::string dat = write_bench_dat();
  auto r = test::run_cli("ac bench --dat " + dat + " --setup 0x02000099");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bench.dat: entry 0x02000099"), std::string::npos) << r.err;
  r = test::run_cli("ac bench --dat " + dat + " --setup 0x02000007 --motion-table 0x09000099");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("entry 0x09000099"), std::string::npos) << r.err;
  r = test::run_cli("ac bench --dat " + dat + " --setup 0x03000070");  // an animation, not a Setup
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("0x03000070"), std::string::npos) << r.err;
  r = test::run_cli("ac bench --dat " + dat + " --setup banana");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--setup: 'banana' is not a 32-bit id"), std::string::npos) << r.err;
  r = test::run_cli("ac bench --dat " + dat);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--dat: needs --setup"), std::string::npos) << r.err;
  r = test::run_cli("ac bench --setup 0x02000007");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("need --dat"), std::string::npos) << r.err;
  r = test::run_cli("ac bench --dat " + dat + " --setup 0x02000007 --workload many");
  EXPECT_EQ(r.exit_code, 1);
  r = test::run_cli("ac bench --dat " + test::temp_dir() + "/no-such.dat --setup 0x02000007");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

// ---- ck: the same matrices and contexts for every thread count ----

TEST(ParallelBatch, ChecksumsAreTheSameForEveryThreadCount) {
  for (bool with_contexts : {true, false}) {
    uint64_t first = 0;
    for (int threads = 0; threads <= 4; ++threads)  // 0 = no pool
      for (auto min_work : kMinWorks) {
        auto t = bench::make_ck_tracks(1000, 8);
        std::vector<ck::PlaybackContext> none;
        WorkerPool pool(threads == 0 ? 1u : static_cast<unsigned>(threads));
        pool.set_min_work(min_work);
        for (int tick = 0; tick < 20; ++tick) {
          t->advance();
          std::span<ck::PlaybackContext> ctx = with_contexts ? std::span<ck::PlaybackContext>(t->contexts) : none;
          ck::sample_world_batch(t->track, t->times, ctx, t->out, threads == 0 ? nullptr : &pool);
        }
        const uint64_t sum = bench::ck_checksum(t->out);
        if (threads == 0 && min_work == kMinWorks[0]) first = sum;
        EXPECT_EQ(sum, first) << threads << " threads, contexts " << with_contexts << ", min_work "
                              << min_work.count() << " ns";
      }
  }
}

// Both sides of the default threshold (the calling thread alone, then
// split), the same matrices and contexts as without a pool.
TEST(ParallelBatch, ThresholdPathGivesTheSameMatricesAndContexts) {
  const size_t below = below_default_threshold(ck::kSampleWorldCostNs);
  for (size_t n : {below, 3 * below}) {
    auto ref = bench::make_ck_tracks(n, 8);
    auto t = bench::make_ck_tracks(n, 8);
    WorkerPool pool(2);
    pool.set_min_work(WorkerPool::default_min_work());  // both: the same path every tick
    EXPECT_EQ(pool.threads_for(n, ck::kSampleWorldCostNs), n == below ? 1u : 2u);
    for (int tick = 0; tick < 10; ++tick) {
      ref->advance();
      ck::sample_world_batch(ref->track, ref->times, ref->contexts, ref->out, nullptr);
      t->advance();
      ck::sample_world_batch(t->track, t->times, t->contexts, t->out, &pool);
    }
    EXPECT_EQ(bench::ck_checksum(t->out), bench::ck_checksum(ref->out)) << n << " tracks";
    size_t same = 0;
    for (size_t i = 0; i < n; ++i) same += t->contexts[i].segment == ref->contexts[i].segment;
    EXPECT_EQ(same, n) << n << " tracks";
  }
}

TEST(ParallelBatch, OneAnimationSampledFromManyThreads) {
  auto t = bench::make_ck_tracks(4, 1);
  const ck::ObjectAnimation& anim = *t->animations[0];
  std::vector<math::Matrix> expect(500);
  for (size_t i = 0; i < expect.size(); ++i) {
    const auto s = ck::sample_animation(anim, static_cast<float>(i) * 7.3f);
    expect[i] = math::compose_matrix(s.position, s.scale, s.rotation);
  }
  std::atomic<int> bad{0};
  std::vector<std::thread> threads;
  for (int k = 0; k < 4; ++k)
    threads.emplace_back([&] {
      ck::PlaybackContext ctx;
      for (size_t i = 0; i < expect.size(); ++i) {
        const auto s = t->prepared[0]->sample(static_cast<float>(i) * 7.3f, &ctx);
        const math::Matrix m = math::compose_matrix(s.position, s.scale, s.rotation);
        if (std::memcmp(&m, &expect[i], sizeof m) != 0) ++bad;
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(bad.load(), 0);
}

// ---- a loaded scene's curve, lazily updated, evaluated from many threads ----

TEST(SharedScene, CurveEvaluatedFromManyThreadsWhileDirty) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  const ck::Scene reference = ck::io::load_scene_file(path);
  const ck::Curve* ref_curve = reference.curve("I_MenuLevel_Curve");
  ASSERT_NE(ref_curve, nullptr);
  std::vector<math::Vec3> expect(200);
  for (size_t i = 0; i < expect.size(); ++i)
    ASSERT_TRUE(ref_curve->get_pos(static_cast<float>(i) / 199.0f, &expect[i]).ok());
  for (int round = 0; round < 3; ++round) {
    const ck::Scene scene = ck::io::load_scene_file(path);
    const ck::Curve* curve = scene.curve("I_MenuLevel_Curve");
    ASSERT_FALSE(curve->is_up_to_date());  // the first evaluation runs Update, on some thread
    std::atomic<int> bad{0};
    std::vector<std::thread> threads;
    for (int k = 0; k < 4; ++k)
      threads.emplace_back([&] {
        for (size_t i = 0; i < expect.size(); ++i) {
          math::Vec3 p;
          if (!curve->get_pos(static_cast<float>(i) / 199.0f, &p).ok() || std::memcmp(&p, &expect[i], sizeof p) != 0)
            ++bad;
        }
        if (curve->get_length() != ref_curve->get_length()) ++bad;
      });
    for (auto& th : threads) th.join();
    EXPECT_EQ(bad.load(), 0);
  }
}

}  // namespace
