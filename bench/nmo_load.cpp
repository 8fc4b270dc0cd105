// Loading MenuLevel.nmo from memory (target <= 5 ms on one core). Baseline in
// the same run: the unavoidable part, i.e. the CRC and the zlib inflation of its
// two sections into buffers. Also the container alone (read_nmo) and saving.
#include <benchmark/benchmark.h>

#include <zlib.h>

#include <cstring>
#include <filesystem>

#include "retroanim/ck/io/nmo_file.h"
#include "retroanim/ck/io/scene_io.h"

namespace {

std::string menulevel_path() {
  if (const char* d = std::getenv("RETROANIM_BALLANCE_DIR")) return std::string(d) + "/MenuLevel.nmo";
  return std::string(RETROANIM_SHARED_DIR) + "/data/ballance/MenuLevel.nmo";
}

const std::vector<uint8_t>* file_bytes() {
  static std::vector<uint8_t> bytes = [] {
    std::string p = menulevel_path();
    if (!std::filesystem::exists(p)) return std::vector<uint8_t>{};
    return retroanim::ck::io::read_file_bytes(p);
  }();
  return bytes.empty() ? nullptr : &bytes;
}

// The file's bytes, or null after marking `state` skipped when the file is absent.
const std::vector<uint8_t>* file_bytes_or_skip(benchmark::State& state) {
  const auto* b = file_bytes();
  if (!b) state.SkipWithError("MenuLevel.nmo not found (set RETROANIM_BALLANCE_DIR)");
  return b;
}

// Baseline: CRC + inflate of Hdr1 and data (what any reader must do).
void BM_Baseline_CrcAndInflate(benchmark::State& state) {
  const auto* b = file_bytes_or_skip(state);
  if (!b) return;
  uint32_t h[14];
  std::memcpy(h, b->data() + 8, sizeof h);
  uint32_t hdr1_pack = h[5], data_pack = h[6], data_unpack = h[7], hdr1_unpack = h[13];
  std::vector<uint8_t> hdr1(hdr1_unpack), data(data_unpack);
  for (auto _ : state) {
    uint32_t crc = retroanim::ck::io::compute_crc(std::span(*b).subspan(64, hdr1_pack + data_pack), 0);
    uLongf n1 = hdr1_unpack, n2 = data_unpack;
    uncompress(hdr1.data(), &n1, b->data() + 64, hdr1_pack);
    uncompress(data.data(), &n2, b->data() + 64 + hdr1_pack, data_pack);
    benchmark::DoNotOptimize(crc);
    benchmark::DoNotOptimize(data.data());
  }
}
BENCHMARK(BM_Baseline_CrcAndInflate)->Unit(benchmark::kMillisecond);

void BM_ReadContainer(benchmark::State& state) {
  const auto* b = file_bytes_or_skip(state);
  if (!b) return;
  for (auto _ : state) {
    auto f = retroanim::ck::io::read_nmo(*b, "MenuLevel.nmo");
    benchmark::DoNotOptimize(f.objects.data());
  }
}
BENCHMARK(BM_ReadContainer)->Unit(benchmark::kMillisecond);

void BM_LoadScene(benchmark::State& state) {
  const auto* b = file_bytes_or_skip(state);
  if (!b) return;
  for (auto _ : state) {
    auto s = retroanim::ck::io::load_scene(*b, "MenuLevel.nmo");
    benchmark::DoNotOptimize(s.objects().data());
  }
}
BENCHMARK(BM_LoadScene)->Unit(benchmark::kMillisecond);

void BM_SaveScene(benchmark::State& state) {
  const auto* b = file_bytes_or_skip(state);
  if (!b) return;
  auto s = retroanim::ck::io::load_scene(*b, "MenuLevel.nmo");
  for (auto _ : state) {
    auto out = retroanim::ck::io::save_scene(s);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_SaveScene)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
