// What a second thread costs and gains (issue 34): the worker pool's
// hand-over, the parallel loops against one thread in the same run, and the
// floors that say what the machine allows.
//
// - Pool/HandOver: one run of `threads` empty tasks, back to back (the
//   workers spinning) or after a 2 ms pause (the workers asleep: a kernel
//   wake-up). Manual time: the run() call only.
// - Pool/Work: a run of `us` microseconds of one-thread work (a dependent
//   integer chain: no memory, no shared execution units to speak of) split in
//   8 tasks, on 1 and 2 threads alternated in one benchmark, awake or asleep:
//   the break-even point of the hand-over, from which WorkerPool's
//   default_min_work() is chosen. Counters: one_us, two_us (medians per run),
//   speedup = one_us / two_us.
// - AcTick/Paired, CkBatch/Paired: the library's loops on one thread, on two
//   threads forced (min_work 0) and on two threads with the default
//   threshold, alternated in rounds of 8 ticks in one benchmark (counters: medians
//   per tick in microseconds, and ratios to one thread); PairedAsleep: the
//   same with a 2 ms pause before each tick (a 30-60 Hz loop's workers asleep).
// - CkFloor/Paired: for the ck batch's sizes, in one benchmark, alternated:
//   the batch on 1 and 2 threads (forced split), the batch's memory traffic
//   without its arithmetic (a gather floor: each track's time, context, key
//   times and the two key records the batch reads, and its 64-byte matrix
//   written, in the batch's order and split) on 1 and 2 threads, a streaming
//   read/write over as many bytes on 1 and 2 threads, and the batch over a
//   single key set (178 KB of keys, in cache: the arithmetic's own scaling).
// - Core/Throughput, Core/Latency: AVX2 multiply-adds on independent
//   accumulators (bound by the core's vector units) and a dependent chain of
//   divisions (bound by latency), 1 and 2 threads alternated: two vCPUs on
//   two cores scale both by 2; two vCPUs on one core's two hardware threads
//   scale the first by about 1.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include "harness/bench/workload.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/ck/anim/prepared_animation.h"
#include "retroanim/ck/anim/prepared_animation_batch.h"
#include "retroanim/worker_pool.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define BENCH_AVX2 1
#endif

namespace {

using retroanim::WorkerPool;
using Clock = std::chrono::steady_clock;

double us_since(Clock::time_point t0) { return std::chrono::duration<double, std::micro>(Clock::now() - t0).count(); }

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// A pool of `threads` threads splitting every loop (min_work 0).
std::unique_ptr<WorkerPool> forced_pool(unsigned threads) {
  auto p = std::make_unique<WorkerPool>(threads);
  p->set_min_work(std::chrono::nanoseconds{0});
  return p;
}

// ---- the pool's hand-over ----

void BM_PoolHandOver(benchmark::State& state) {
  const auto threads = static_cast<unsigned>(state.range(0));
  const bool asleep = state.range(1) != 0;
  WorkerPool pool(threads);
  std::vector<double> runs;
  for (auto _ : state) {
    if (asleep) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const auto t0 = Clock::now();
    pool.run(threads, [](size_t) {});
    const double us = us_since(t0);
    state.SetIterationTime(us * 1e-6);
    runs.push_back(us);
  }
  state.counters["median_us"] = median(runs);
}
BENCHMARK(BM_PoolHandOver)->Name("Pool/HandOver")->ArgNames({"threads", "asleep"})
    ->ArgsProduct({{1, 2}, {0, 1}})->UseManualTime()->Iterations(2000);

// About `iters` steps of a dependent integer chain.
uint64_t chain(uint64_t x, uint64_t iters) {
  for (uint64_t i = 0; i < iters; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
  return x;
}

// Steps of chain() per microsecond on this thread (measured once).
double chain_steps_per_us() {
  static const double rate = [] {
    const uint64_t n = 20'000'000;
    const auto t0 = Clock::now();
    benchmark::DoNotOptimize(chain(1, n));
    return static_cast<double>(n) / us_since(t0);
  }();
  return rate;
}

void BM_PoolWork(benchmark::State& state) {
  const double work_us = static_cast<double>(state.range(0));
  const bool asleep = state.range(1) != 0;
  const auto one = forced_pool(1), two = forced_pool(2);
  constexpr size_t kTasks = 8;
  const auto steps = static_cast<uint64_t>(work_us * chain_steps_per_us() / kTasks);
  std::vector<uint64_t> sink(kTasks * 8);
  std::vector<double> t1, t2;
  auto run = [&](WorkerPool& p) {
    if (asleep) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const auto t0 = Clock::now();
    p.run(kTasks, [&](size_t k) { sink[k * 8] = chain(k + sink[k * 8], steps); });
    return us_since(t0);
  };
  for (auto _ : state) {
    t1.push_back(run(*one));
    t2.push_back(run(*two));
  }
  benchmark::DoNotOptimize(sink.data());
  state.counters["one_us"] = median(t1);
  state.counters["two_us"] = median(t2);
  state.counters["speedup"] = median(t1) / median(t2);
}
BENCHMARK(BM_PoolWork)->Name("Pool/Work")->ArgNames({"us", "asleep"})
    ->ArgsProduct({{2, 5, 10, 20, 40, 80, 160}, {0, 1}})->Iterations(300);
BENCHMARK(BM_PoolWork)->Name("Pool/Work")->ArgNames({"us", "asleep"})
    ->ArgsProduct({{320, 640, 1280, 2560}, {1}})->Iterations(100);

// How late a worker starts its first task after the caller opens a run, back
// to back or after a 2 ms pause: the caller's task waits (up to 20 ms) for
// the worker's to start. Counters: median and 90th percentile in us.
void BM_PoolWake(benchmark::State& state) {
  const bool asleep = state.range(0) != 0;
  const auto two = forced_pool(2);
  std::vector<double> late;
  for (auto _ : state) {
    if (asleep) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    std::atomic<bool> started{false};
    Clock::time_point t0{}, t1{};
    two->run(2, [&](size_t k) {
      if (k == 1) {
        t1 = Clock::now();
        started.store(true, std::memory_order_release);
        return;
      }
      t0 = Clock::now();
      const auto end = t0 + std::chrono::milliseconds(20);
      while (!started.load(std::memory_order_acquire) && Clock::now() < end) {
      }
    });
    if (started.load()) late.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  std::sort(late.begin(), late.end());
  state.counters["median_us"] = median(late);
  state.counters["p90_us"] = late.empty() ? 0.0 : late[late.size() * 9 / 10];
  state.counters["missed"] = static_cast<double>(state.iterations()) - static_cast<double>(late.size());
}
BENCHMARK(BM_PoolWake)->Name("Pool/Wake")->ArgName("asleep")->Arg(0)->Arg(1)->Iterations(300);

// ---- the loops, paired ----

// Ticks of `fn` per pool, alternated in rounds; counters: medians and ratios.
// `asleep`: a 2 ms pause before each tick (a 30-60 Hz tick loop: the
// workers have gone to sleep when the tick starts).
template <class Tick>
void paired(benchmark::State& state, const Tick& tick, bool asleep = false) {
  const auto one = forced_pool(1), two = forced_pool(2);
  WorkerPool chosen(2);  // the default threshold
  std::vector<double> t1, t2, ta;
  auto timed = [&](WorkerPool& p) {
    if (asleep) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const auto t0 = Clock::now();
    tick(p);
    return us_since(t0);
  };
  // Rounds of kRound ticks per pool, not single ticks: a tick split over two
  // threads leaves half the items in the worker's cache, and the next tick on
  // the caller alone would pay for bringing them back (a cost no tick loop
  // that keeps its pool pays but once). The median per tick skips the first
  // tick of each round.
  constexpr int kRound = 8;
  for (auto _ : state) {
    for (int r = 0; r < kRound; ++r) t1.push_back(timed(*one));
    for (int r = 0; r < kRound; ++r) t2.push_back(timed(*two));
    for (int r = 0; r < kRound; ++r) ta.push_back(timed(chosen));
  }
  const double m1 = median(t1), m2 = median(t2), ma = median(ta);
  state.counters["one_us"] = m1;
  state.counters["two_split_us"] = m2;
  state.counters["two_default_us"] = ma;
  state.counters["split_speedup"] = m1 / m2;
  state.counters["default_speedup"] = m1 / ma;
}

template <bool kAsleep>
void BM_AcPaired(benchmark::State& state) {
  auto w = retroanim::bench::make_ac_world(static_cast<size_t>(state.range(0)), retroanim::bench::AcWorkload::kCyclic);
  paired(
      state,
      [&](WorkerPool& p) {
        retroanim::ac::update_objects(w->list, 1.0f / 30.0f, &p);
        benchmark::ClobberMemory();
      },
      kAsleep);
}
BENCHMARK(BM_AcPaired<false>)->Name("AcTick/Paired")->ArgName("objects")->Arg(100)->Arg(1000)->Arg(3000)->Arg(10000)
    ->MinTime(0.5);
BENCHMARK(BM_AcPaired<true>)->Name("AcTick/PairedAsleep")->ArgName("objects")->Arg(1000)->Arg(10000)->Iterations(8);

template <bool kAsleep>
void BM_CkPaired(benchmark::State& state) {
  auto t = retroanim::bench::make_ck_tracks(static_cast<size_t>(state.range(0)));
  paired(
      state,
      [&](WorkerPool& p) {
        t->advance();
        retroanim::ck::sample_world_batch(t->track, t->times, t->contexts, t->out, &p);
        benchmark::DoNotOptimize(t->out.data());
        benchmark::ClobberMemory();
      },
      kAsleep);
}
BENCHMARK(BM_CkPaired<false>)->Name("CkBatch/Paired")->ArgName("tracks")->Arg(256)->Arg(1024)->Arg(4096)->Arg(16384)
    ->Arg(65536)->MinTime(0.5);
BENCHMARK(BM_CkPaired<true>)->Name("CkBatch/PairedAsleep")->ArgName("tracks")->Arg(4096)->Arg(16384)->Iterations(8);

// ---- ck: the floors ----

// The batch's split (sample_world_batch over a pool: blocks of 32 tracks,
// four tasks per thread), for the floor kernels.
template <class Range>
void split_like_the_batch(WorkerPool& pool, size_t n, const Range& range) {
  constexpr size_t kBlock = 32;
  const size_t blocks = (n + kBlock - 1) / kBlock;
  const size_t parts = std::min<size_t>(pool.size() * 4, blocks);
  pool.run(parts, [&](size_t k) {
    const auto [b0, b1] = WorkerPool::chunk(blocks, parts, k);
    const size_t first = b0 * kBlock;
    range(first, std::min(b1 * kBlock, n));
  });
}

// The batch's memory traffic for tracks [first, last) without its
// arithmetic: for Record Anim-shaped tracks (a key per frame, key k at time
// k) the segment of time t is key floor(t) + 1, so each track reads its time,
// its context and its two key times and 20 record floats where the batch
// reads them, writes its context's segment and 16 floats of matrix.
void gather_floor(retroanim::bench::CkTracks& t, size_t first, size_t last) {
  for (size_t i = first; i < last; ++i) {
    const retroanim::ck::KeyGroup* g = t.track[i]->position_rotation_scale();
    const float time = t.times[i];
    auto hi = static_cast<uint32_t>(time) + 1;
    if (hi >= g->times.size()) hi = static_cast<uint32_t>(g->times.size()) - 1;
    uint32_t& seg = t.contexts[i].segment[0];
    const float* rec = g->records() + (hi - 1) * retroanim::ck::PreparedAnimation::kPrsRecord;
    const float f = (time - g->times[hi - 1]) + static_cast<float>(seg & 1u);
    seg = hi;
    float* m = &t.out[i].m[0][0];
    for (int k = 0; k < 16; ++k) m[k] = rec[k] + rec[k + 4] * f;
  }
}

// A streaming read and write over as many bytes as the batch moves per track
// (192 read: key times, records, time, context; 64 written), split as the batch.
struct StreamBuffers {
  explicit StreamBuffers(size_t tracks) : src(tracks * 48, 1.0f), dst(tracks * 16) {}
  void range(size_t first, size_t last) {
    const float* s = src.data() + first * 48;
    float* d = dst.data() + first * 16;
    for (size_t i = 0; i < last - first; ++i, s += 48, d += 16)
      for (int k = 0; k < 16; ++k) d[k] = s[k] + s[k + 16] + s[k + 32];
  }
  std::vector<float> src, dst;
};

void BM_CkFloor(benchmark::State& state) {
  const auto n = static_cast<size_t>(state.range(0));
  auto t = retroanim::bench::make_ck_tracks(n);
  auto cached = retroanim::bench::make_ck_tracks(n, 1);
  StreamBuffers stream(n);
  const auto one = forced_pool(1), two = forced_pool(2);
  enum { kBatch1, kBatch2, kGather1, kGather2, kStream1, kStream2, kCached1, kCached2, kCases };
  std::vector<double> times[kCases];
  auto timed = [&](int which, auto&& fn) {
    const auto t0 = Clock::now();
    fn();
    benchmark::ClobberMemory();
    times[which].push_back(us_since(t0));
  };
  auto batch = [](retroanim::bench::CkTracks& x, WorkerPool& p) {
    x.advance();
    retroanim::ck::sample_world_batch(x.track, x.times, x.contexts, x.out, &p);
  };
  for (auto _ : state) {
    timed(kBatch1, [&] { batch(*t, *one); });
    timed(kBatch2, [&] { batch(*t, *two); });
    timed(kGather1, [&] { t->advance(); split_like_the_batch(*one, n, [&](size_t a, size_t b) { gather_floor(*t, a, b); }); });
    timed(kGather2, [&] { t->advance(); split_like_the_batch(*two, n, [&](size_t a, size_t b) { gather_floor(*t, a, b); }); });
    timed(kStream1, [&] { split_like_the_batch(*one, n, [&](size_t a, size_t b) { stream.range(a, b); }); });
    timed(kStream2, [&] { split_like_the_batch(*two, n, [&](size_t a, size_t b) { stream.range(a, b); }); });
    timed(kCached1, [&] { batch(*cached, *one); });
    timed(kCached2, [&] { batch(*cached, *two); });
  }
  benchmark::DoNotOptimize(stream.dst.data());
  double m[kCases];
  for (int k = 0; k < kCases; ++k) m[k] = median(times[k]);
  state.counters["batch1_us"] = m[kBatch1];
  state.counters["batch2_us"] = m[kBatch2];
  state.counters["batch_x"] = m[kBatch1] / m[kBatch2];
  state.counters["gather1_us"] = m[kGather1];
  state.counters["gather2_us"] = m[kGather2];
  state.counters["gather_x"] = m[kGather1] / m[kGather2];
  state.counters["stream1_us"] = m[kStream1];
  state.counters["stream2_us"] = m[kStream2];
  state.counters["stream_x"] = m[kStream1] / m[kStream2];
  state.counters["cached1_us"] = m[kCached1];
  state.counters["cached2_us"] = m[kCached2];
  state.counters["cached_x"] = m[kCached1] / m[kCached2];
  // The batch's two-thread time over the gather floor's (1 = at the floor).
  state.counters["batch2_over_gather2"] = m[kBatch2] / m[kGather2];
}
BENCHMARK(BM_CkFloor)->Name("CkFloor/Paired")->ArgName("tracks")->Arg(4096)->Arg(16384)->Arg(65536)->MinTime(0.5);

// ---- the cores ----

#if BENCH_AVX2
__attribute__((target("avx2,fma"))) float throughput_kernel(uint64_t iters) {
  __m256 a[8];
  for (int k = 0; k < 8; ++k) a[k] = _mm256_set1_ps(1.0f + 0.01f * static_cast<float>(k));
  const __m256 m = _mm256_set1_ps(0.999999f), c = _mm256_set1_ps(1e-7f);
  for (uint64_t i = 0; i < iters; ++i)
    for (int k = 0; k < 8; ++k) a[k] = _mm256_fmadd_ps(a[k], m, c);
  __m256 s = a[0];
  for (int k = 1; k < 8; ++k) s = _mm256_add_ps(s, a[k]);
  return _mm256_cvtss_f32(s);
}
#else
float throughput_kernel(uint64_t iters) {
  float a[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  for (uint64_t i = 0; i < iters; ++i)
    for (float& x : a) x = x * 0.999999f + 1e-7f;
  return a[0] + a[7];
}
#endif

double latency_kernel(uint64_t iters) {
  double x = 1.0;
  for (uint64_t i = 0; i < iters; ++i) x = 1.0 / (x + 1.0);
  return x;
}

template <bool kThroughput>
void BM_Core(benchmark::State& state) {
  const auto one = forced_pool(1), two = forced_pool(2);
  constexpr uint64_t kIters = 1'000'000;  // per task; two tasks per run
  std::vector<double> t1, t2, sink(16);
  auto timed = [&](WorkerPool& p) {
    const auto t0 = Clock::now();
    p.run(2, [&](size_t k) {
      sink[k * 8] = kThroughput ? static_cast<double>(throughput_kernel(kIters)) : latency_kernel(kIters);
    });
    return us_since(t0);
  };
  for (auto _ : state) {
    t1.push_back(timed(*one));
    t2.push_back(timed(*two));
  }
  benchmark::DoNotOptimize(sink.data());
  state.counters["one_us"] = median(t1);
  state.counters["two_us"] = median(t2);
  state.counters["speedup"] = median(t1) / median(t2);
}
BENCHMARK(BM_Core<true>)->Name("Core/Throughput")->Iterations(200);
BENCHMARK(BM_Core<false>)->Name("Core/Latency")->Iterations(100);

}  // namespace

BENCHMARK_MAIN();
