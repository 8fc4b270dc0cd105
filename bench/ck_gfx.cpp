// MenuLevel.nmo's graphics (issue 28), paired in one run: loading with
// meshes, materials and textures against the same load without them (the
// baseline: ReadOptions::load_graphics = false, what the loader read before
// it had meshes); images are decoded only by the export. The export of the
// loaded scene with its meshes (the game's texture folder is not among the
// test files, so its images are missing) and with stand-in images: a
// 128 x 128 24-bit BMP for every texture name the file holds, written to a
// temporary folder.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "export/gltf_export.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/io/texture_files.h"

namespace {

namespace fs = std::filesystem;
using namespace retroanim;

std::string menulevel_path() {
  if (const char* d = std::getenv("RETROANIM_BALLANCE_DIR")) return std::string(d) + "/MenuLevel.nmo";
  return std::string(RETROANIM_SHARED_DIR) + "/data/ballance/MenuLevel.nmo";
}

const std::vector<uint8_t>* file_bytes(benchmark::State& state) {
  static const std::vector<uint8_t> bytes = [] {
    const std::string p = menulevel_path();
    return fs::exists(p) ? ck::io::read_file_bytes(p) : std::vector<uint8_t>{};
  }();
  if (bytes.empty()) {
    state.SkipWithError("MenuLevel.nmo not found (set RETROANIM_BALLANCE_DIR)");
    return nullptr;
  }
  return &bytes;
}

void put32(std::ofstream& f, uint32_t v) {
  const char b[4] = {static_cast<char>(v), static_cast<char>(v >> 8), static_cast<char>(v >> 16), static_cast<char>(v >> 24)};
  f.write(b, 4);
}

// Removes a folder when the program ends.
struct RemovedAtExit {
  fs::path dir;
  ~RemovedAtExit() {
    std::error_code ec;
    if (!dir.empty()) fs::remove_all(dir, ec);
  }
};

// A folder with a 128 x 128 BMP (a gradient) under every external image name
// of `scene` (removed when the program ends).
const std::string& stand_in_textures(const ck::Scene& scene) {
  static RemovedAtExit cleanup;
  static const std::string dir = [&] {
    const fs::path d = fs::temp_directory_path() / ("retroanim-bench-textures-" + std::to_string(::getpid()));
    fs::create_directories(d);
    cleanup.dir = d;
    std::set<std::string> names;
    for (const ck::ObjectRecord& r : scene.objects()) {
      if (!r.texture) continue;
      const ck::io::TextureImageSource src = ck::io::resolve_texture(*r.texture, {});
      if (src.kind != ck::io::TextureImageSource::Kind::kMissing || src.file_name.empty()) continue;
      std::string base = src.file_name.substr(src.file_name.find_last_of("/\\") + 1);
      names.insert(base);
    }
    const uint32_t w = 128, h = 128, row = w * 3;
    for (const std::string& n : names) {
      std::ofstream f(d / n, std::ios::binary);
      f.write("BM", 2);
      put32(f, 54 + row * h);
      put32(f, 0);
      put32(f, 54);
      put32(f, 40);
      put32(f, w);
      put32(f, h);
      f.write("\x01\x00\x18\x00", 4);
      for (int i = 0; i < 6; ++i) put32(f, i == 1 ? row * h : 0);
      for (uint32_t y = 0; y < h; ++y)
        for (uint32_t x = 0; x < w; ++x) {
          const char px[3] = {static_cast<char>(x * 2), static_cast<char>(y * 2), static_cast<char>((x ^ y) & 0xFF)};
          f.write(px, 3);
        }
    }
    return d.string();
  }();
  return dir;
}

void BM_Load_WithoutGraphics(benchmark::State& state) {
  const auto* b = file_bytes(state);
  if (!b) return;
  ck::io::ReadOptions o;
  o.load_graphics = false;
  for (auto _ : state) {
    auto s = ck::io::load_scene(*b, "MenuLevel.nmo", o);
    benchmark::DoNotOptimize(s.objects().data());
  }
}
BENCHMARK(BM_Load_WithoutGraphics)->Unit(benchmark::kMillisecond);

void BM_Load_WithGraphics(benchmark::State& state) {
  const auto* b = file_bytes(state);
  if (!b) return;
  for (auto _ : state) {
    auto s = ck::io::load_scene(*b, "MenuLevel.nmo");
    benchmark::DoNotOptimize(s.objects().data());
  }
}
BENCHMARK(BM_Load_WithGraphics)->Unit(benchmark::kMillisecond);

// export_ck_scene and the .glb written, on a loaded scene; arg 0: the game's
// images missing (the test files), 1: the stand-in BMPs found and embedded as PNG.
void BM_Export(benchmark::State& state) {
  const auto* b = file_bytes(state);
  if (!b) return;
  ck::Scene scene = ck::io::load_scene(*b, menulevel_path());
  gltf::CkExportOptions opt;
  if (state.range(0) == 1) opt.texture_dirs = {stand_in_textures(scene)};
  const std::string out = (fs::temp_directory_path() / ("retroanim-bench-" + std::to_string(::getpid()) + ".glb")).string();
  size_t missing = 0;
  for (auto _ : state) {
    gltf::Asset a = gltf::export_ck_scene(scene, opt);
    gltf::write_asset(a, out);
    missing = a.warnings.size();
  }
  state.counters["missing_images"] = static_cast<double>(missing);
  fs::remove(out);
}
BENCHMARK(BM_Export)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The export's two halves, images missing: building the asset
// (export_ck_scene) and writing it (write_asset, the .glb in /tmp).
void BM_ExportBuild(benchmark::State& state) {
  const auto* b = file_bytes(state);
  if (!b) return;
  ck::Scene scene = ck::io::load_scene(*b, menulevel_path());
  for (auto _ : state) {
    gltf::Asset a = gltf::export_ck_scene(scene, {});
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_ExportBuild)->Unit(benchmark::kMillisecond);

void BM_ExportWrite(benchmark::State& state) {
  const auto* b = file_bytes(state);
  if (!b) return;
  ck::Scene scene = ck::io::load_scene(*b, menulevel_path());
  const gltf::Asset a = gltf::export_ck_scene(scene, {});
  const std::string out = (fs::temp_directory_path() / ("retroanim-bench-w" + std::to_string(::getpid()) + ".glb")).string();
  for (auto _ : state) gltf::write_asset(a, out);
  fs::remove(out);
}
BENCHMARK(BM_ExportWrite)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
