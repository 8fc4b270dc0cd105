// Writes the fuzz targets' seed corpus from what the project writes itself
// (never from a game file): `fuzz_make_seeds OUT_DIR DEMO_DIR` where DEMO_DIR
// is the output of `retroanim demo` (its dat, scenarios and curve spec) and
// OUT_DIR gets one folder per target (OUT_DIR/<target>/<name>). The Virtools
// seeds come from fuzz/support/fuzz_scene.h saved with the project's writer.
// Used by scripts/fuzz-seeds.sh.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <variant>
#include <vector>

#include "retroanim/ac/io/animation_io.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_writer.h"
#include "harness/ck/anim_spec.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"
#include "support/ac_texture_input.h"
#include "support/ck_mesh_chunks.h"
#include "support/fuzz_scene.h"
#include "harness/ac/gfx_samples.h"
#include "retroanim/ac/object/pixel_format.h"

#define STBIW_NO_STDIO
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace fs = std::filesystem;

namespace {

fs::path g_out;
int g_count = 0;

void write(const std::string& target, const std::string& name, const std::vector<uint8_t>& bytes) {
  const fs::path dir = g_out / target;
  fs::create_directories(dir);
  std::ofstream f(dir / name, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!f) throw retroanim::Error("cannot write " + (dir / name).string());
  ++g_count;
}

void write_text(const std::string& target, const std::string& name, const std::string& text) {
  write(target, name, std::vector<uint8_t>(text.begin(), text.end()));
}

std::vector<uint8_t> read_bytes(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) throw retroanim::Error("cannot read " + p.string());
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// Every hook type with every payload kind that packs: one seed per hook that pack_hook accepts.
template <size_t I = 0>
void hook_seeds(retroanim::ac::AnimationHook& h, int type) {
  using Data = retroanim::ac::AnimationHookData;
  if constexpr (I < std::variant_size_v<Data>) {
    h.data = std::variant_alternative_t<I, Data>{};
    try {
      retroanim::ac::io::ByteWriter w;
      retroanim::ac::io::pack_hook(w, h);
      write("anim_hook", "type" + std::to_string(type) + "_" + std::to_string(I), w.take());
    } catch (const retroanim::Error&) {
    }
    hook_seeds<I + 1>(h, type);
  }
}

void ck_seeds() {
  using namespace retroanim::ck::io;
  const retroanim::ck::Scene scene = retroanim::fuzz::make_scene();
  write("nmo_reader", "fuzz_scene.nmo", save_scene(scene));
  WriteOptions plain;
  plain.compress = false;
  write("nmo_reader", "fuzz_scene_uncompressed.nmo", save_scene(scene, plain));
  const NmoFile file = scene_to_file(scene);
  // object_chunk's selector for each object of make_scene() (see fuzz/object_chunk.cpp).
  const int selector[] = {2, 3, 3, 3, 0, 1, 4, 5};
  for (size_t i = 0; i < file.objects.size(); ++i) {
    if (!file.objects[i].chunk) continue;
    const std::vector<uint8_t> bytes = file.objects[i].chunk->serialize();
    write("state_chunk", "object" + std::to_string(i), bytes);
    if (i < sizeof selector / sizeof selector[0]) {
      std::vector<uint8_t> with(bytes.size() + 1);
      with[0] = static_cast<uint8_t>(selector[i]);
      std::copy(bytes.begin(), bytes.end(), with.begin() + 1);
      write("object_chunk", "object" + std::to_string(i), with);
    }
  }
  for (uint32_t save : {0u, 3u, 0xFu, 0x1Fu}) write("mesh_chunk", "quad_save" + std::to_string(save), retroanim::fuzz::mesh_chunk(save).serialize());
  write("material_chunk", "material", retroanim::fuzz::material_chunk().serialize());
  for (int kind : {0, 1, 2}) write("texture_chunk", "texture" + std::to_string(kind), retroanim::fuzz::texture_chunk(kind).serialize());
  {
    retroanim::io::Image img;
    img.width = 3;
    img.height = 2;
    for (int i = 0; i < 6; ++i) img.rgba.insert(img.rgba.end(), {uint8_t(40 * i), 128, 7, uint8_t(255 - i)});
    write("image", "rgba_3x2.png", retroanim::io::encode_png(img));
  }
  write_text("ck_scenario", "bezier_position_on_curve.json", R"({
  "behaviors": [
    {"name": "bp", "type": "Bezier Progression", "inputs": {"Duration": 50, "A": 0, "B": 1}},
    {"name": "poc", "type": "Position On Curve", "target": "E",
     "inputs": {"Curve": "Curve", "Progression": {"from": "bp.Value"}, "Follow": true, "Bank": false}}],
  "links": [{"from": "bp.Loop Out", "to": "bp.Loop In", "delay": 1},
            {"from": "bp.Loop Out", "to": "poc.In"}, {"from": "bp.Out", "to": "bp.In", "delay": 1}],
  "start": ["bp.In"], "record": ["E", "Child"]})");
  write_text("ck_scenario", "play_animation.json", R"({
  "behaviors": [
    {"name": "play", "type": "Play Animation 3D Entity",
     "inputs": {"Animation": "A", "Duration": 40, "Progression Curve": "linear", "Loop": true}}],
  "start": ["play.On"], "record": ["E"]})");
  write_text("ck_scenario", "play_global.json", R"({
  "behaviors": [{"name": "g", "type": "Play Global Animation", "inputs": {"Animation": "K"}}],
  "start": ["g.In"], "record": ["E"]})");
}

void ac_seeds(const fs::path& demo) {
  using namespace retroanim::ac::io;
  const fs::path dat_path = demo / "ac" / "demo.dat";
  const DatDatabase dat = DatDatabase::open(dat_path.string());
  // The container seeds: the demo's objects rewritten with small blocks (the
  // demo dat itself is 11 KB; small inputs keep the target fast), one of them
  // compressed, and a dat of one tiny file.
  for (uint32_t block : {64u, 256u}) {
    DatWriterOptions o;
    o.block_size = block;
    DatWriter w(o);
    bool first = true;
    for (const DatEntry& e : dat.entries()) {
      DatFileOptions fo;
      fo.compress = first;
      first = false;
      w.add(e.id, dat.read(e), fo);
    }
    write("dat_container", "demo_blocks" + std::to_string(block) + ".dat", w.build());
  }
  {
    DatWriterOptions o;
    o.block_size = 32;
    DatWriter w(o);
    w.add(0x03000001, std::vector<uint8_t>(24, 7));
    write("dat_container", "one_file.dat", w.build());
  }
  for (const DatEntry& e : dat.entries()) {
    const std::vector<uint8_t> bytes = dat.read(e);
    const uint8_t type = static_cast<uint8_t>(e.id >> 24);
    const std::string name = format_dat_id(e.id);
    if (type == 0x03) write("dat_animation", name, bytes);
    if (type == 0x02) write("dat_setup", name, bytes);
    if (type == 0x09) write("dat_motion_table", name, bytes);
    if (type == 0x01) write("dat_gfx_obj", name, bytes);
    if (type == 0x11) write("dat_degrade_info", name, bytes);
    if (type == 0x08) write("dat_surface", name, bytes);
    if (type == 0x05) write("dat_surface_texture", name, bytes);
    if (type == 0x06) write("dat_render_surface", name, bytes);
    if (type == 0x04) write("dat_palette", name, bytes);
  }
  for (int type = 0; type <= 27; ++type) {
    retroanim::ac::AnimationHook h;
    h.type = static_cast<retroanim::ac::AnimationHookType>(type);
    hook_seeds(h, type);
  }
  for (const char* s : {"demo_scenario.json", "demo_dat_scenario.json"}) {
    write("ac_scenario", s, read_bytes(demo / "ac" / s));
  }
  write("curve_spec", "ck_curve_spec.json", read_bytes(demo / "ck_curve_spec.json"));
}

// Object animation specs (`ck anim --spec`), written by write_anim_spec: the
// composition's animation and one of each TCB / Bezier kind, with every
// Bezier mode on some side and stored tangents.
void anim_spec_seeds() {
  namespace ck = retroanim::ck;
  const ck::Scene scene = retroanim::fuzz::make_scene();
  if (const ck::ObjectAnimation* a = scene.object_animation("A")) {
    // make_scene leaves its scale controller with the default (position) class id; a spec
    // names each slot's class, so the copy says scale.
    ck::ObjectAnimation copy = *a;
    if (copy.keyframes.scale) copy.keyframes.scale->type = ck::controller_type::kLinearScale;
    write_text("anim_spec", "scene_A.json", ck::io::write_anim_spec(copy));
  }
  ck::ObjectAnimation anim;
  anim.name = "kinds";
  std::vector<ck::BezierPositionKey> bez;
  const uint32_t modes[] = {1, 2, 4, 8, 0x10, 0x20, 0x21};
  for (int i = 0; i < 7; ++i) {
    ck::BezierPositionKey k;
    k.time = 5.0f * static_cast<float>(i);
    k.value = {static_cast<float>(i), static_cast<float>(i * i) * 0.5f, -1.0f};
    k.flags = modes[i] | (modes[(i + 3) % 7] << 16);
    k.in_tangent = {0.5f, -1.0f, 0.25f};
    k.out_tangent = {-0.5f, 1.0f, 2.0f};
    bez.push_back(k);
  }
  ck::VectorController pos;
  pos.type = ck::controller_type::kBezierPosition;
  pos.keys = bez;
  anim.keyframes.position = pos;
  std::vector<ck::TcbRotationKey> rot;
  const float deg[] = {0, 10, 170, 200};
  for (int i = 0; i < 4; ++i) {
    const float h = deg[i] * 3.14159265f / 360.0f;
    rot.push_back({static_cast<float>(i) * 10.0f, {0, 0, std::sin(h), std::cos(h)}, 0.25f * static_cast<float>(i - 1),
                   0.1f, -0.2f, 0.3f, 0.4f});
  }
  ck::QuatController qc;
  qc.type = ck::controller_type::kTcbRotation;
  qc.keys = rot;
  anim.keyframes.rotation = qc;
  std::vector<ck::TcbPositionKey> scl;
  for (int i = 0; i < 3; ++i)
    scl.push_back({static_cast<float>(i) * 15.0f, {1.0f + static_cast<float>(i), 1.0f, 2.0f}, 0, 0.5f, 0, -0.5f, 0.25f});
  ck::VectorController sc;
  sc.type = ck::controller_type::kTcbScale;
  sc.keys = scl;
  anim.keyframes.scale = sc;
  ck::QuatController axis;
  axis.type = ck::controller_type::kLinearScaleAxis;
  axis.keys = std::vector<ck::RotationKey>{{0.0f, {0, 0, 0, 1}}, {30.0f, {0, 0.6f, 0, 0.8f}}};
  anim.keyframes.scale_axis = axis;
  anim.keyframes.set_length(30.0f);
  anim.flags = 0;
  write_text("anim_spec", "kinds.json", ck::io::write_anim_spec(anim));
}

// The AC texture decoder's seeds (fuzz/support/ac_texture_input.h): one image
// in each pixel format decode_render_surface knows, encoded here from a known
// picture (harness/ac/gfx_samples.h), the DXT blocks and the JPEG file built
// here too; the indexed ones with their palette, with and without clipmap.
void texture_seeds() {
  namespace ac = retroanim::ac;
  namespace pf = ac::pixel_format;
  using retroanim::fuzz::write_texture_input;
  const retroanim::io::Image picture = ac::samples::test_picture(8, 4);
  const retroanim::io::Image opaque = ac::samples::test_picture(8, 4, true);
  for (uint32_t f : {pf::kA8R8G8B8, pf::kR8G8B8, pf::kR5G6B5, pf::kA4R4G4B4, pf::kA8}) {
    const ac::RenderSurface s = ac::samples::render_surface(0x06000001, picture, f);
    write("ac_texture", std::string(ac::pixel_format_name(f)), write_texture_input(s, nullptr, false));
  }
  // The formats the samples do not encode: their bytes (any bytes are pixels).
  for (uint32_t f : {pf::kX8R8G8B8, pf::kX1R5G5B5, pf::kA1R5G5B5, uint32_t{242}, pf::kCustomLscapeR8G8B8,
                     pf::kCustomLscapeAlpha}) {
    ac::RenderSurface s;
    s.format = f;
    s.width = 4;
    s.height = 2;
    for (uint32_t i = 0; i < 8 * ac::pixel_format_desc(f).bits_per_pixel / 8; ++i)
      s.data.push_back(static_cast<uint8_t>(i * 37 + 11));
    write("ac_texture", "format" + std::to_string(f), write_texture_input(s, nullptr, false));
  }
  const std::vector<uint32_t> pal = {0xFFFF0000u, 0xFF00FF00u, 0xFF0000FFu, 0xFFFFFFFFu};
  const retroanim::io::Image indexed = ac::samples::test_picture(4, 4, true);
  for (uint32_t f : {pf::kP8, pf::kIndex16}) {
    const ac::RenderSurface s = ac::samples::render_surface(0x06000002, indexed, f, 0x04000001, pal);
    write("ac_texture", std::string(ac::pixel_format_name(f)), write_texture_input(s, &pal, false));
    write("ac_texture", std::string(ac::pixel_format_name(f)) + "_clipmap", write_texture_input(s, &pal, true));
  }
  // DXT: an 8x4 image (two blocks) whose colour blocks are red over blue
  // (four-colour mode), then blue over red (three-colour mode, DXT1's
  // transparent index); DXT3 / DXT5 put an explicit / interpolated alpha
  // block before each.
  const std::vector<uint8_t> colour[2] = {{0x00, 0xF8, 0x1F, 0x00, 0xE4, 0xE4, 0xE4, 0xE4},
                                          {0x1F, 0x00, 0x00, 0xF8, 0x1B, 0x6C, 0xB1, 0xC6}};
  const std::vector<uint8_t> alpha3 = {0xFF, 0xEE, 0xDD, 0xCC, 0x10, 0x32, 0x54, 0x76};
  const std::vector<uint8_t> alpha5 = {0xFF, 0x20, 0x88, 0x46, 0x12, 0x49, 0x92, 0x24};
  for (uint32_t f : {pf::kDxt1, pf::kDxt2, pf::kDxt3, pf::kDxt4, pf::kDxt5}) {
    ac::RenderSurface s;
    s.format = f;
    s.width = 8;
    s.height = 4;
    for (const auto& c : colour) {
      if (f == pf::kDxt2 || f == pf::kDxt3) s.data.insert(s.data.end(), alpha3.begin(), alpha3.end());
      if (f == pf::kDxt4 || f == pf::kDxt5) s.data.insert(s.data.end(), alpha5.begin(), alpha5.end());
      s.data.insert(s.data.end(), c.begin(), c.end());
    }
    write("ac_texture", std::string(ac::pixel_format_name(f)), write_texture_input(s, nullptr, false));
    // An odd size (partial blocks at the edges): 6 x 3 still takes two blocks.
    s.width = 6;
    s.height = 3;
    write("ac_texture", std::string(ac::pixel_format_name(f)) + "_6x3", write_texture_input(s, nullptr, false));
  }
  // JPEG: the client keeps the file as it is (CUSTOM_RAW_JPEG); baseline, 8x8.
  std::vector<uint8_t> jpeg;
  const retroanim::io::Image small = ac::samples::test_picture(8, 8, true);
  stbi_write_jpg_to_func(
      [](void* ctx, void* data, int size) {
        auto* out = static_cast<std::vector<uint8_t>*>(ctx);
        out->insert(out->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
      },
      &jpeg, 8, 8, 4, small.rgba.data(), 90);
  if (jpeg.empty()) throw retroanim::Error("the JPEG seed did not encode");
  ac::RenderSurface s;
  s.format = pf::kCustomRawJpeg;
  s.width = 8;
  s.height = 8;
  s.data = jpeg;
  write("ac_texture", "CUSTOM_RAW_JPEG", write_texture_input(s, nullptr, false));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: fuzz_make_seeds OUT_DIR DEMO_DIR (DEMO_DIR: the output of `retroanim demo`)\n");
    return 1;
  }
  g_out = argv[1];
  try {
    ck_seeds();
    anim_spec_seeds();
    ac_seeds(argv[2]);
    texture_seeds();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz_make_seeds: %s\n", e.what());
    return 2;
  }
  std::printf("fuzz_make_seeds: %d seeds in %s\n", g_count, g_out.string().c_str());
  return 0;
}
