// AC graphics objects (issue 29): unpacking every GfxObj of a dat against the
// dat's size, and the glTF export of a 30-part setup with textures against
// unpacking what it draws. The dats are built here by the project's writers
// (harness/ac/gfx_samples.h), never taken from a game file.
//  - BM_UnpackEveryGfxObj/N: a dat of N GfxObjs (boxes of 24 vertices, 6
//    polygons, both BSP trees, as the demo's), each read and unpacked; N = 300
//    and 3000: the target is 10x the objects in at most 11x the time (the
//    ratio of the two figures of one run).
//  - BM_ExportSetup30: export_ac of a 30-part setup whose parts' 6 surfaces
//    draw 5 textures of 128x128 (A8R8G8B8, R8G8B8, R5G6B5, A4R4G4B4, P8):
//    meshes, decoded pixels, PNG encoding; BM_ExportSetup30ToGlb adds
//    writing the .glb (to /tmp).
//  - BM_UnpackSetup30Graphics: the baseline of the same run: reading and
//    unpacking the setup and every GfxObj, Surface, SurfaceTexture,
//    RenderSurface and Palette the export reads.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <memory>
#include <string>
#include <unistd.h>

#include "export/gltf_export.h"
#include "harness/ac/gfx_samples.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/gfx_obj_io.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;

namespace {

DatDatabase gfx_dat(uint32_t count, uint64_t* bytes) {
  DatWriter w;
  *bytes = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const float f = static_cast<float>(i % 97);
    GfxObj g = samples::box_gfx_obj(0x01000000u + i, {0.01f * f, -0.02f * f, 0.5f}, {0.25f, 0.15f + 0.001f * f, 0.75f},
                                    {0x08000001u, 0x08000002u, 0x08000003u}, i % 3 == 0 ? 0x11000001u : 0u);
    const auto packed = pack_gfx_obj(g);
    *bytes += packed.size();
    add_gfx_obj(w, g);
  }
  return DatDatabase::from_bytes(w.build(), "gfx.dat");
}

void BM_UnpackEveryGfxObj(benchmark::State& state) {
  uint64_t bytes = 0;
  const DatDatabase dat = gfx_dat(static_cast<uint32_t>(state.range(0)), &bytes);
  const auto ids = dat.ids_of_type(0x01);
  for (auto _ : state) {
    uint64_t vertices = 0;
    for (uint32_t id : ids) vertices += read_gfx_obj(dat, id).vertex_array.vertices.size();
    benchmark::DoNotOptimize(vertices);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * ids.size()));
}
BENCHMARK(BM_UnpackEveryGfxObj)->Arg(300)->Arg(3000)->Unit(benchmark::kMillisecond);

constexpr uint32_t kSetupParts = 30;
constexpr uint32_t kSetupId = 0x02000001u;

struct SetupFixture {
  std::unique_ptr<DatDatabase> dat;
  samples::GfxSet gfx;
  Setup setup;

  SetupFixture() {
    setup.id = kSetupId;
    setup.flags = setup_flag::kHasParent;
    std::vector<math::Vec3> centre, half;
    for (uint32_t i = 0; i < kSetupParts; ++i) {
      setup.part_ids.push_back(0x01000001u + i);
      setup.parent_index.push_back(i == 0 ? 0xFFFFFFFFu : (i - 1) / 2);
      centre.push_back({0.0f, 0.0f, 0.1f * static_cast<float>(i)});
      half.push_back({0.1f, 0.05f, 0.2f});
    }
    AnimationFrame rest;
    for (uint32_t i = 0; i < kSetupParts; ++i) {
      math::AFrame af;
      af.origin = {0.05f * static_cast<float>(i % 5), 0.0f, 0.3f * static_cast<float>(i / 5)};
      rest.parts.push_back(af);
    }
    setup.placement_frames = {{kPlacementResting, rest}};
    gfx = samples::demo_gfx(setup.part_ids, centre, half);
    // The demo's 16x16 images made 128x128, in the same formats (the last one
    // indexed through the set's palette).
    for (RenderSurface& r : gfx.images) {
      const bool indexed = pixel_format_has_palette(r.format);
      const bool opaque = indexed || r.format == pixel_format::kR8G8B8 || r.format == pixel_format::kR5G6B5;
      r = samples::render_surface(r.id, samples::test_picture(128, 128, opaque), r.format, r.palette_id,
                                  indexed ? gfx.palettes.at(0).colors : std::vector<uint32_t>{});
    }
    DatWriter w;
    add_setup(w, setup);
    samples::add_gfx_set(w, gfx);
    dat = std::make_unique<DatDatabase>(DatDatabase::from_bytes(w.build(), "setup30.dat"));
  }
};

SetupFixture& setup_fixture() {
  static SetupFixture f;
  return f;
}

void BM_UnpackSetup30Graphics(benchmark::State& state) {
  SetupFixture& f = setup_fixture();
  for (auto _ : state) {
    uint64_t n = read_setup(*f.dat, kSetupId).num_parts();
    for (const GfxObj& g : f.gfx.objects) n += read_gfx_obj(*f.dat, g.id).vertex_array.vertices.size();
    for (const Surface& s : f.gfx.surfaces) n += read_surface(*f.dat, s.id).type;
    for (const SurfaceTexture& t : f.gfx.textures) n += read_surface_texture(*f.dat, t.id).source_levels.size();
    for (const RenderSurface& r : f.gfx.images) n += read_render_surface(*f.dat, r.id).data.size();
    for (const Palette& p : f.gfx.palettes) n += read_palette(*f.dat, p.id).colors.size();
    benchmark::DoNotOptimize(n);
  }
}
BENCHMARK(BM_UnpackSetup30Graphics)->Unit(benchmark::kMillisecond);

void BM_ExportSetup30(benchmark::State& state) {
  SetupFixture& f = setup_fixture();
  gltf::AcExportOptions o;
  o.setup_id = kSetupId;
  for (auto _ : state) {
    gltf::Asset a = gltf::export_ac(*f.dat, o);
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_ExportSetup30)->Unit(benchmark::kMillisecond);

void BM_ExportSetup30ToGlb(benchmark::State& state) {
  SetupFixture& f = setup_fixture();
  gltf::AcExportOptions o;
  o.setup_id = kSetupId;
  const std::string path = "/tmp/retroanim_bench_setup30_" + std::to_string(getpid()) + ".glb";
  for (auto _ : state) gltf::write_asset(gltf::export_ac(*f.dat, o), path);
  std::remove(path.c_str());
}
BENCHMARK(BM_ExportSetup30ToGlb)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
