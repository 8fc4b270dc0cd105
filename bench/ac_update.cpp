// Per-tick AC animation update at server scale: 10,000 objects, each a 30-part
// setup playing a cyclic 60-frame animation with hooks at 30 Hz. One tick =
// for every object the client's chain for one 1/30 s quantum
// (CPhysicsObj::UpdateObjectInternal: CSequence::update with hooks, combine
// into the position, CPartArray::SetFrame placing the 30 parts,
// process_hooks), through a plain loop (ClientChain) and through
// ac::update_objects (prefetching). "moving:1" adds position frames and an
// omega (a walking, turning object). Baseline in the same run: the same
// objects only copying the current animation frame's 30 parts into their part
// frames (no sequence, no combine), the floor any implementation pays for
// touching the data. The kernel benchmark times the 30-part placement alone
// through each implementation (scalar = the straight port). Report: time per
// tick and the ratios. BM_AcTick_Threads: update_objects over a worker pool
// (1 or 2 threads; 10,000 and 100,000 objects; "kind" 2 = 64 different
// animations, the case where prefetching matters).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "harness/bench/workload.h"
#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/math/frame_batch.h"
#include "retroanim/worker_pool.h"

using namespace retroanim::ac;
using retroanim::math::AFrame;
using retroanim::math::Frame;

namespace {

constexpr int kObjects = 10000;  // the server-scale count
constexpr uint32_t kParts = 30;
constexpr uint32_t kFrames = 60;

// The workload (src/bench/workload.h, shared with `retroanim ac bench`).
struct World {
  std::unique_ptr<retroanim::bench::AcWorld> w;
  std::vector<std::unique_ptr<PhysicsObj>>& objects;
  retroanim::bench::CountingExecutor& executor;
  retroanim::bench::AcWorld& get() { return *w; }
  World(int count, retroanim::bench::AcWorkload kind)
      : w(retroanim::bench::make_ac_world(static_cast<size_t>(count), kind)), objects(w->objects), executor(w->executor) {}
  const AnimationMap& anims() const { return w->anims; }
};

World& world(int count = kObjects, int kind = 0) {
  static std::unordered_map<int, std::unique_ptr<World>> worlds;
  auto& w = worlds[count * 4 + kind];
  if (!w) {
    const auto k = kind == 1 ? retroanim::bench::AcWorkload::kMoving
                   : kind == 2 ? retroanim::bench::AcWorkload::kMany
                               : retroanim::bench::AcWorkload::kCyclic;
    w = std::make_unique<World>(count, k);
  }
  return *w;
}

// After the timed loop: keeps the hooks' count alive and reports the part
// frames per second of `count` objects.
void report_part_frames(benchmark::State& state, World& w, int count) {
  benchmark::DoNotOptimize(w.executor.count);
  state.counters["part_frames_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * count * kParts, benchmark::Counter::kIsRate);
}

void BM_AcTick_ClientChain(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  World& w = world(count, static_cast<int>(state.range(1)));
  const float quantum = 1.0f / 30.0f;
  for (auto _ : state) {
    for (auto& o : w.objects) o->update_object_internal(quantum);
    benchmark::ClobberMemory();
  }
  report_part_frames(state, w, count);
}
// Arguments: object count; 0 = the workload (a cyclic animation with
// hooks), 1 = also position frames and turning, 2 = 64 different animations.
BENCHMARK(BM_AcTick_ClientChain)
    ->ArgNames({"objects", "moving"})
    ->ArgsProduct({{kObjects, 1000}, {0, 1}})
    ->Args({100000, 0})
    ->Unit(benchmark::kMillisecond);

// The same chain through ac::update_objects, which prefetches the objects a
// few places ahead (same results, same order).
void BM_AcTick_UpdateObjects(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  World& w = world(count, static_cast<int>(state.range(1)));
  std::vector<PhysicsObj*> list;
  for (auto& o : w.objects) list.push_back(o.get());
  const float quantum = 1.0f / 30.0f;
  for (auto _ : state) {
    update_objects(list, quantum);
    benchmark::ClobberMemory();
  }
  report_part_frames(state, w, count);
}
BENCHMARK(BM_AcTick_UpdateObjects)
    ->ArgNames({"objects", "moving"})
    ->ArgsProduct({{kObjects, 1000}, {0, 1}})
    ->Unit(benchmark::kMillisecond);

// update_objects over a WorkerPool of `threads` threads (1 = the pool's
// deferred-hook path on the calling thread alone), for the scaling targets:
// 1 vs 2 threads at 10,000 objects, 10,000 vs 100,000 objects. kind: 0 cyclic,
// 1 moving, 2 many animations. The pool splits every tick (min_work 0);
// bench_threads' AcTick/Paired also times the pool's default threshold.
void BM_AcTick_Threads(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  World& w = world(count, static_cast<int>(state.range(2)));
  retroanim::WorkerPool pool(static_cast<unsigned>(state.range(1)));
  pool.set_min_work(std::chrono::nanoseconds(0));
  const float quantum = 1.0f / 30.0f;
  for (auto _ : state) {
    update_objects(w.get().list, quantum, &pool);
    benchmark::ClobberMemory();
  }
  report_part_frames(state, w, count);
}
BENCHMARK(BM_AcTick_Threads)
    ->ArgNames({"objects", "threads", "kind"})
    ->ArgsProduct({{kObjects}, {1, 2}, {0, 1, 2}})
    ->Args({100000, 1, 0})
    ->Args({100000, 2, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The copy-only baseline's pass: every object's current animation frame's
// parts copied into `out` field by field (no sequence, no combine).
void copy_current_parts(World& w, std::vector<retroanim::math::FrameArray>& out) {
  using FA = retroanim::math::FrameArray;
  size_t k = 0;
  for (auto& o : w.objects) {
    const AnimationFrame* af = o->part_array()->sequence().get_curr_animframe();
    FA& dst = out[k++];
    float* f[7] = {dst.field(FA::Field::kQw), dst.field(FA::Field::kQx), dst.field(FA::Field::kQy), dst.field(FA::Field::kQz),
                   dst.field(FA::Field::kOx), dst.field(FA::Field::kOy), dst.field(FA::Field::kOz)};
    for (uint32_t p = 0; p < kParts; ++p) {
      const AFrame& src = af->parts[p];
      f[0][p] = src.qw;
      f[1][p] = src.qx;
      f[2][p] = src.qy;
      f[3][p] = src.qz;
      f[4][p] = src.origin.x;
      f[5][p] = src.origin.y;
      f[6][p] = src.origin.z;
    }
  }
}

void BM_AcTick_BaselineCopyParts(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  World& w = world(count, static_cast<int>(state.range(1)));
  std::vector<retroanim::math::FrameArray> out(static_cast<size_t>(count));
  for (auto& a : out) a.resize(kParts);
  for (auto _ : state) {
    copy_current_parts(w, out);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_AcTick_BaselineCopyParts)
    ->ArgNames({"objects", "moving"})
    ->ArgsProduct({{kObjects, 1000}, {0}})
    ->Unit(benchmark::kMillisecond);

// The single-thread headroom in one number: each iteration runs ticks of the
// client chain (as ClientChain), then copy-only passes (as
// BaselineCopyParts) over the same objects, and times each; "ratio" is the
// chain's time per tick over the baseline's per pass. The first tick and
// the first pass after each switch are not timed, so that each side is
// measured in its own steady cache state, as in its own benchmark; the
// sides alternate every few milliseconds, so both see the same machine
// state, and the ratio holds still where the two separate benchmarks drift
// apart on a noisy VM. The reported time is the chain's per tick.
void BM_AcTick_ChainOverBaseline(benchmark::State& state) {
  const int count = static_cast<int>(state.range(0));
  World& w = world(count, 0);
  std::vector<retroanim::math::FrameArray> out(static_cast<size_t>(count));
  for (auto& a : out) a.resize(kParts);
  using Clock = std::chrono::steady_clock;
  constexpr int kTimed = 3;  // timed ticks (and passes) per side and iteration
  const float quantum = 1.0f / 30.0f;
  auto tick = [&] {
    for (auto& o : w.objects) o->update_object_internal(quantum);
    benchmark::ClobberMemory();
  };
  auto copy = [&] {
    copy_current_parts(w, out);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  };
  double chain_s = 0.0, baseline_s = 0.0;
  for (auto _ : state) {
    tick();
    const auto t0 = Clock::now();
    for (int k = 0; k < kTimed; ++k) tick();
    const auto t1 = Clock::now();
    copy();
    const auto t2 = Clock::now();
    for (int k = 0; k < kTimed; ++k) copy();
    const auto t3 = Clock::now();
    const double c = std::chrono::duration<double>(t1 - t0).count() / kTimed;
    chain_s += c;
    baseline_s += std::chrono::duration<double>(t3 - t2).count() / kTimed;
    state.SetIterationTime(c);
  }
  state.counters["baseline_ms"] = baseline_s * 1e3 / static_cast<double>(state.iterations());
  state.counters["ratio"] = baseline_s > 0.0 ? chain_s / baseline_s : 0.0;
}
BENCHMARK(BM_AcTick_ChainOverBaseline)
    ->ArgNames({"objects"})
    ->Arg(kObjects)
    ->Arg(1000)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

// The part-placement kernel alone (CPartArray::UpdateParts for one 30-part
// object, data in cache), through each implementation of the batch combine:
// the scalar port is the baseline the vector paths are compared against.
void BM_UpdatePartsKernel(benchmark::State& state) {
  using retroanim::math::BatchPath;
  const auto path = static_cast<BatchPath>(state.range(0));
  const bool columns = state.range(1) != 0;
  if (!retroanim::math::batch_path_available(path)) {
    state.SkipWithError("path not available on this CPU");
    return;
  }
  World& w = world();
  const Animation& a = *w.anims().get_animation(0x03000001);
  retroanim::math::FrameArray out;
  out.resize(kParts);
  Frame f1({1.0f, 2.0f, 3.0f}, 0.9f, 0.1f, 0.2f, 0.3f);
  f1.set_rotate(0.9f, 0.1f, 0.2f, 0.3f);
  size_t k = 0;
  for (auto _ : state) {
    const AnimationFrame& af = a.part_frames[k++ % kFrames];
    if (columns)
      retroanim::math::combine_scaled_batch(f1, af.part_columns, kParts, {1.0f, 1.0f, 1.0f}, out, path);
    else
      retroanim::math::combine_scaled_batch(f1, af.parts.data(), kParts, {1.0f, 1.0f, 1.0f}, out, path);
    benchmark::DoNotOptimize(out.field(retroanim::math::FrameArray::Field::kQw));
    benchmark::ClobberMemory();
  }
  state.counters["ns_per_part"] = benchmark::Counter(
      static_cast<double>(kParts), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
// Arguments: the path (0 scalar, 1 AVX2, 2 AVX-512); the parts' layout
// (0 = AFrames as in the dat, transposed in registers; 1 = the animation
// frame's field-by-field copy, what UpdateParts uses).
BENCHMARK(BM_UpdatePartsKernel)->ArgNames({"path", "columns"})->ArgsProduct({{0, 1, 2}, {0, 1}});

}  // namespace

// RETROANIM_BATCH_PATH=scalar|avx2|avx512 runs the whole chain through that
// path of the part kernel (default: the best this CPU has), e.g. the AVX2
// figures on an AVX-512 machine; the path used is printed in the context.
int main(int argc, char** argv) {
  using retroanim::math::BatchPath;
  if (const char* env = std::getenv("RETROANIM_BATCH_PATH")) {
    const std::string want = env;
    if (want != "scalar" && want != "avx2" && want != "avx512") {
      std::fprintf(stderr, "bench_ac_update: RETROANIM_BATCH_PATH=%s: expected scalar, avx2 or avx512\n", env);
      return 2;
    }
    const BatchPath p = want == "scalar" ? BatchPath::kScalar : want == "avx2" ? BatchPath::kAvx2 : BatchPath::kAvx512;
    if (retroanim::math::set_default_combine_path(p) != p)
      std::fprintf(stderr, "bench_ac_update: RETROANIM_BATCH_PATH=%s is not available on this CPU; using scalar\n", env);
  }
  const BatchPath used = retroanim::math::default_combine_path();
  benchmark::AddCustomContext("part_kernel_path", used == BatchPath::kAvx512 ? "avx512"
                                                  : used == BatchPath::kAvx2 ? "avx2"
                                                                             : "scalar");
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
