// Dat reader speed: a 50,000-entry dat made by the writer (5,000 animations,
// the rest opaque files), opened through mmap; 100,000 random id lookups, and
// unpacking every animation. Baselines in the same run: the same lookups in a
// sorted in-memory id vector (std::lower_bound) and a memcpy of the same bytes.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <unistd.h>

#include "retroanim/ac/io/animation_io.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "support/ac_fixtures.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;

namespace {

constexpr uint32_t kEntries = 50000;
constexpr uint32_t kAnimations = 5000;
constexpr size_t kLookups = 100000;

Animation make_animation(uint32_t id) {
  Animation a;
  a.id = id;
  a.num_parts = 17;
  for (uint32_t f = 0; f < 30; ++f) {
    AnimationFrame fr;
    for (uint32_t p = 0; p < a.num_parts; ++p) {
      math::AFrame af;
      af.origin = {0.01f * p, 0.02f * f, 0.5f};
      af.qw = 0.8f;
      af.qx = 0.6f;
      fr.parts.push_back(af);
    }
    if (f % 10 == 0) fr.hooks.push_back(ac::test::sound_table_hook());
    a.part_frames.push_back(fr);
  }
  return a;
}

struct Fixture {
  std::string path;
  std::unique_ptr<DatDatabase> dat;
  std::vector<uint32_t> ids;      // every id in the dat, sorted
  std::vector<uint32_t> queries;  // kLookups random ids present in the dat
  uint64_t animation_bytes = 0;

  Fixture() {
    DatWriter w;
    for (uint32_t i = 0; i < kAnimations; ++i) add_animation(w, make_animation(0x03000000 + i), {i % 2 == 0});
    std::mt19937 rng(1);
    for (uint32_t i = 0; i < kEntries - kAnimations; ++i) {
      std::vector<uint8_t> blob(200 + rng() % 1800);
      for (auto& b : blob) b = static_cast<uint8_t>(rng());
      w.add(0x06000000 + i * 3, std::move(blob));
    }
    path = "/tmp/retroanim_bench_dat_" + std::to_string(getpid()) + ".dat";
    w.write_file(path);
    dat = std::make_unique<DatDatabase>(DatDatabase::open(path));
    for (const DatEntry& e : dat->entries()) ids.push_back(e.id);
    for (size_t i = 0; i < kLookups; ++i) queries.push_back(ids[rng() % ids.size()]);
    for (uint32_t id : dat->ids_of_type(0x03)) animation_bytes += dat->read(id).size();
  }
  ~Fixture() { std::remove(path.c_str()); }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

void BM_DatLookup100k(benchmark::State& state) {
  Fixture& f = fixture();
  for (auto _ : state) {
    uint64_t sum = 0;
    for (uint32_t id : f.queries) sum += f.dat->find(id)->offset;
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kLookups));
}
BENCHMARK(BM_DatLookup100k)->Unit(benchmark::kMillisecond);

// Baseline: the same lookups in a sorted id vector already in memory.
void BM_BaselineSortedVectorLookup100k(benchmark::State& state) {
  Fixture& f = fixture();
  for (auto _ : state) {
    uint64_t sum = 0;
    for (uint32_t id : f.queries) sum += static_cast<uint64_t>(std::lower_bound(f.ids.begin(), f.ids.end(), id) - f.ids.begin());
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kLookups));
}
BENCHMARK(BM_BaselineSortedVectorLookup100k)->Unit(benchmark::kMillisecond);

void BM_DatReadAndUnpackAllAnimations(benchmark::State& state) {
  Fixture& f = fixture();
  const auto anim_ids = f.dat->ids_of_type(0x03);
  for (auto _ : state) {
    uint64_t frames = 0;
    for (uint32_t id : anim_ids) frames += read_animation(*f.dat, id).num_frames();
    benchmark::DoNotOptimize(frames);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * f.animation_bytes));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * anim_ids.size()));
}
BENCHMARK(BM_DatReadAndUnpackAllAnimations)->Unit(benchmark::kMillisecond);

void BM_UnpackAllAnimationsFromMemory(benchmark::State& state) {
  Fixture& f = fixture();
  std::vector<std::vector<uint8_t>> blobs;
  for (uint32_t id : f.dat->ids_of_type(0x03)) blobs.push_back(f.dat->read(id));
  for (auto _ : state) {
    uint64_t frames = 0;
    for (const auto& b : blobs) frames += unpack_animation(b).num_frames();
    benchmark::DoNotOptimize(frames);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * f.animation_bytes));
}
BENCHMARK(BM_UnpackAllAnimationsFromMemory)->Unit(benchmark::kMillisecond);

// Baseline: copying the same number of bytes.
void BM_BaselineMemcpyAnimationBytes(benchmark::State& state) {
  Fixture& f = fixture();
  std::vector<uint8_t> src(f.animation_bytes, 1), dst(f.animation_bytes);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), src.size());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * f.animation_bytes));
}
BENCHMARK(BM_BaselineMemcpyAnimationBytes)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
