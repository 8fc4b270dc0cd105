// Sampling object animations shaped like Ballance's Record Anim (4445 linear
// position / rotation / scale keys, one per frame) and composing each track's
// world matrix (SetStep's sample + compose, spec 5.3-5.4): the binary search
// of the original (baseline) against a per-caller PlaybackContext, for 64 and 1024
// tracks, played sequentially at 60 Hz (75 animation frames per second, as the
// game plays Record Anim) and at random times. Three sampling paths, all
// bit-identical: BinarySearch (sample_animation, the original's search; the
// baseline), Context (sample_animation with a PlaybackContext per track) and
// Prepared (PreparedAnimation: structure-of-arrays keys, one search for the
// tracks sharing their key times, remembered segment or O(1) guess), the
// latter with a PlaybackContext per track (PreparedContext) or without
// (PreparedGuess), and
// PreparedBatch (sample_world_batch: the tracks located one at a time, a chunk
// ahead with their records prefetched, then sampled and composed eight per
// step in AVX2 lanes, or by the scalar path where the CPU lacks AVX2;
// contexts when sequential, none when random; PreparedBatchScalar is its
// scalar path). The counter time_per_sample is the
// time per track-sample. The second argument
// is the number of distinct key sets in use: 64 (11 MB of keys, beyond the
// caches) or 4 (0.7 MB, in cache). Synchronous/PreparedBatch: the batch with
// the tracks in groups of 64 sharing a frame.
#include <chrono>
#include <cmath>
#include <memory>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "harness/bench/workload.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/anim/playback_context.h"
#include "retroanim/ck/anim/prepared_animation.h"
#include "retroanim/ck/anim/prepared_animation_batch.h"
#include "retroanim/math/batch_path.h"
#include "retroanim/math/transform_compose.h"
#include "retroanim/worker_pool.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;

constexpr int kKeys = 4445;
constexpr int kDistinct = 64;  // distinct key sets; more tracks reuse them at other times

// The workload's Record Anim (src/bench/workload.h, shared with `retroanim ck bench`).
std::unique_ptr<ObjectAnimation> make_record_anim(uint32_t seed) { return retroanim::bench::make_record_anim(seed); }

const std::vector<std::unique_ptr<ObjectAnimation>>& animations() {
  static std::vector<std::unique_ptr<ObjectAnimation>> anims = [] {
    std::vector<std::unique_ptr<ObjectAnimation>> v;
    for (int i = 0; i < kDistinct; ++i) v.push_back(make_record_anim(1000u + static_cast<uint32_t>(i)));
    return v;
  }();
  return anims;
}

const std::vector<std::unique_ptr<PreparedAnimation>>& prepared_animations() {
  static std::vector<std::unique_ptr<PreparedAnimation>> prepared = [] {
    std::vector<std::unique_ptr<PreparedAnimation>> v;
    for (const auto& a : animations()) v.push_back(std::make_unique<PreparedAnimation>(*a));
    return v;
  }();
  return prepared;
}

enum class Path { kBinarySearch, kContext, kPreparedGuess, kPreparedContext };

// One track-sample: evaluate and compose the world matrix (no parent).
template <Path kPath>
inline void sample_compose(const ObjectAnimation& anim, const PreparedAnimation& prepared, float frame,
                           PlaybackContext& context, math::Matrix& out) {
  AnimationSample s;
  if constexpr (kPath == Path::kBinarySearch) s = sample_animation(anim, frame);
  if constexpr (kPath == Path::kContext) s = sample_animation(anim, frame, &context);
  if constexpr (kPath == Path::kPreparedGuess) s = prepared.sample(frame);
  if constexpr (kPath == Path::kPreparedContext) s = prepared.sample(frame, &context);
  out = math::compose_matrix(s.position, s.scale, s.rotation);
}

// The tracks of one benchmark: each one's animation (key set i % distinct),
// output matrix and frame, which advances 1.25 frames per tick (wrapping at
// the end) when sequential or is drawn at random.
struct Tracks {
  explicit Tracks(benchmark::State& state) : count(static_cast<size_t>(state.range(0))) {
    const size_t distinct = static_cast<size_t>(state.range(1));  // key sets in use (64: 11 MB, 4: 0.7 MB)
    for (size_t i = 0; i < count; ++i) {
      anim.push_back(animations()[i % distinct].get());
      prepared.push_back(prepared_animations()[i % distinct].get());
      frame.push_back(static_cast<float>((i * 37) % kKeys));
    }
    world.resize(count);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> any(0.0f, kLength);
    random_frames.resize(1 << 16);
    for (float& f : random_frames) f = any(rng);
  }

  // Track i's frame at this tick.
  template <bool kSequential>
  float next(size_t i) {
    if constexpr (kSequential) {
      float f = frame[i] + 75.0f / 60.0f;
      if (f >= kLength) f -= kLength;
      return frame[i] = f;
    } else {
      return random_frames[r++ & 0xFFFF];
    }
  }

  // Keeps the tick's matrices from being optimised away.
  void finish_tick() {
    benchmark::DoNotOptimize(world.data());
    benchmark::ClobberMemory();
  }

  // Reports the time per track-sample.
  void report(benchmark::State& state) const {
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(count));
    state.counters["time_per_sample"] = benchmark::Counter(
        static_cast<double>(count), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  }

  static constexpr float kLength = static_cast<float>(kKeys);
  size_t count;
  std::vector<const ObjectAnimation*> anim;
  std::vector<const PreparedAnimation*> prepared;
  std::vector<math::Matrix> world;
  std::vector<float> frame, random_frames;
  size_t r = 0;
};

// One track-sample at a time.
template <Path kPath, bool kSequential>
void BM_Anim(benchmark::State& state) {
  Tracks t(state);
  std::vector<PlaybackContext> contexts(t.count);
  for (auto _ : state) {
    for (size_t i = 0; i < t.count; ++i)
      sample_compose<kPath>(*t.anim[i], *t.prepared[i], t.next<kSequential>(i), contexts[i], t.world[i]);
    t.finish_tick();
  }
  t.report(state);
}

// The same tracks and frames, all sampled by one sample_world_batch call per
// tick (with a PlaybackContext per track when sequential, none when random).
template <bool kSequential, math::BatchPath kBatch>
void BM_Batch(benchmark::State& state) {
  Tracks t(state);
  std::vector<PlaybackContext> contexts(kSequential ? t.count : 0);
  for (auto _ : state) {
    for (size_t i = 0; i < t.count; ++i) t.frame[i] = t.next<kSequential>(i);
    sample_world_batch(t.prepared, t.frame, contexts, t.world, kBatch);
    t.finish_tick();
  }
  t.report(state);
}

// The batch with the tracks in groups of 64 (one per key set) that share a
// frame: many animations played in step, as a level's animations or a
// skeleton's tracks are, so that every group reads its 64 key sets at one
// key index (where the key records' cache colouring matters).
void BM_BatchSynchronous(benchmark::State& state) {
  Tracks t(state);
  for (size_t i = 0; i < t.count; ++i) t.frame[i] = static_cast<float>(((i / 64) * 37 * 64) % kKeys);
  std::vector<PlaybackContext> contexts(t.count);
  for (auto _ : state) {
    for (size_t i = 0; i < t.count; ++i) t.frame[i] = t.next<true>(i);
    sample_world_batch(t.prepared, t.frame, contexts, t.world);
    t.finish_tick();
  }
  t.report(state);
}

// The batch over a worker pool (arguments: tracks, threads), sequential with
// contexts over the 64 key sets: the ck scaling target (4,096 tracks, 1 vs 2).
// The pool splits every tick (min_work 0); bench_threads' CkBatch/Paired
// also times the pool's default threshold.
void BM_BatchThreads(benchmark::State& state) {
  const auto tracks = retroanim::bench::make_ck_tracks(static_cast<size_t>(state.range(0)));
  retroanim::WorkerPool pool(static_cast<unsigned>(state.range(1)));
  pool.set_min_work(std::chrono::nanoseconds(0));
  for (auto _ : state) {
    tracks->advance();
    sample_world_batch(tracks->track, tracks->times, tracks->contexts, tracks->out, &pool);
    benchmark::DoNotOptimize(tracks->out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

}  // namespace

BENCHMARK(BM_BatchThreads)->Name("Sequential/PreparedBatchThreads")->ArgNames({"tracks", "threads"})
    ->ArgsProduct({{4096}, {1, 2}})->UseRealTime();
BENCHMARK(BM_Anim<Path::kBinarySearch, true>)->Name("Sequential/BinarySearch")->Args({64, 64})->Args({1024, 64})->Args({1024, 4});
BENCHMARK(BM_Anim<Path::kContext, true>)->Name("Sequential/Context")->Args({64, 64})->Args({1024, 64})->Args({1024, 4});
BENCHMARK(BM_Anim<Path::kPreparedContext, true>)->Name("Sequential/PreparedContext")->Args({64, 64})->Args({1024, 64})->Args({1024, 4});
BENCHMARK(BM_Batch<true, math::BatchPath::kScalar>)->Name("Sequential/PreparedBatchScalar")->Args({64, 64})->Args({1024, 64})->Args({1024, 4});
BENCHMARK(BM_Batch<true, math::BatchPath::kAvx2>)->Name("Sequential/PreparedBatch")->Args({64, 64})->Args({1024, 64})->Args({1024, 4});
BENCHMARK(BM_BatchSynchronous)->Name("Synchronous/PreparedBatch")->Args({64, 64})->Args({1024, 64});
BENCHMARK(BM_Anim<Path::kBinarySearch, false>)->Name("Random/BinarySearch")->Args({64, 64})->Args({1024, 64})->Args({1024, 4});
BENCHMARK(BM_Anim<Path::kContext, false>)->Name("Random/Context")->Args({64, 64})->Args({1024, 64})->Args({1024, 4});
BENCHMARK(BM_Anim<Path::kPreparedGuess, false>)->Name("Random/PreparedGuess")->Args({64, 64})->Args({1024, 64})->Args({1024, 4});
BENCHMARK(BM_Anim<Path::kPreparedContext, false>)->Name("Random/PreparedContext")->Args({64, 64})->Args({1024, 64})->Args({1024, 4});

BENCHMARK(BM_Batch<false, math::BatchPath::kScalar>)->Name("Random/PreparedBatchScalar")->Args({64, 64})->Args({1024, 64})->Args({1024, 4});
BENCHMARK(BM_Batch<false, math::BatchPath::kAvx2>)->Name("Random/PreparedBatch")->Args({64, 64})->Args({1024, 64})->Args({1024, 4});

BENCHMARK_MAIN();
