// Graphics samples for the demo, tests and fuzz seeds (harness/ac/gfx_samples.h).
#include "harness/ac/gfx_samples.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/error.h"

namespace retroanim::ac::samples {

namespace {

math::Vec3 add(math::Vec3 a, math::Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
math::Vec3 scale(math::Vec3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
math::Vec3 mul(math::Vec3 a, math::Vec3 b) { return {a.x * b.x, a.y * b.y, a.z * b.z}; }

struct Face {
  math::Vec3 n, u, v;  // u x v = n
};

constexpr Face kFaces[6] = {
    {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},  {{-1, 0, 0}, {0, -1, 0}, {0, 0, 1}}, {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}},
    {{0, -1, 0}, {0, 0, -1}, {1, 0, 0}}, {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},  {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}},
};

}  // namespace

GfxObj box_gfx_obj(uint32_t id, math::Vec3 center, math::Vec3 half, std::vector<uint32_t> surfaces,
                   uint32_t degrade_id) {
  if (surfaces.empty()) throw Error("box_gfx_obj: needs at least one surface");
  GfxObj g;
  g.id = id;
  g.flags = gfx_obj_flag::kHasPhysics | gfx_obj_flag::kHasDrawing | (degrade_id != 0 ? gfx_obj_flag::kHasDegrade : 0);
  g.degrade_id = degrade_id;
  g.surfaces = surfaces;
  g.sort_center = center;
  static constexpr float kCorner[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  static constexpr TexCoord kUv[4] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
  for (uint16_t f = 0; f < 6; ++f) {
    const Face& face = kFaces[f];
    Polygon p;
    p.poly_id = f;
    p.pos_surface = static_cast<uint16_t>(f % surfaces.size());
    p.neg_surface = p.pos_surface;
    for (int c = 0; c < 4; ++c) {
      GfxVertex v;
      v.vert_id = static_cast<uint16_t>(f * 4 + c);
      const math::Vec3 local = add(face.n, add(scale(face.u, kCorner[c][0]), scale(face.v, kCorner[c][1])));
      v.origin = add(center, mul(local, half));
      v.normal = face.n;
      v.uvs = {kUv[c]};
      g.vertex_array.vertices.push_back(v);
      p.vertex_ids.push_back(v.vert_id);
      p.pos_uv_indices.push_back(0);
    }
    if (f == 4) p.sides_type = sides_type::kDouble;
    if (f == 5) {
      p.sides_type = sides_type::kSeparate;
      p.neg_surface = static_cast<uint16_t>((f + 1) % surfaces.size());
      p.neg_uv_indices = p.pos_uv_indices;
    }
    g.polygons.push_back(p);
    g.physics_polygons.push_back(p);
  }
  const float radius = std::sqrt(half.x * half.x + half.y * half.y + half.z * half.z);
  const Sphere sphere{center, radius};
  BspNode root;
  root.tag = bsp_tag::kBPIN;
  root.splitting_plane = {{0, 0, 1}, -center.z};
  root.pos_child = 1;
  root.neg_child = 2;
  root.sphere = sphere;
  root.polygons = {0, 1, 2, 3, 4, 5};
  BspNode front;
  front.tag = bsp_tag::kLeaf;
  front.leaf_index = 0;
  BspNode back = front;
  back.leaf_index = 1;
  g.drawing_bsp.nodes = {root, front, back};
  BspNode leaf;
  leaf.tag = bsp_tag::kLeaf;
  leaf.solid = 1;
  leaf.sphere = sphere;
  leaf.polygons = {0, 1, 2, 3, 4, 5};
  g.physics_bsp.nodes = {leaf};
  return g;
}

Surface solid_surface(uint32_t id, uint32_t argb, float translucency) {
  Surface s;
  s.id = id;
  s.type = surface_type::kBase1Solid;
  s.color_value = argb;
  s.translucency = translucency;
  s.luminosity = 0.0f;
  s.diffuse = 1.0f;
  return s;
}

Surface texture_surface(uint32_t id, uint32_t texture_id, uint32_t palette_id, float translucency) {
  Surface s;
  s.id = id;
  s.type = surface_type::kBase1Image;
  s.orig_texture_id = texture_id;
  s.orig_palette_id = palette_id;
  s.translucency = translucency;
  s.diffuse = 1.0f;
  return s;
}

retroanim::io::Image test_picture(uint32_t w, uint32_t h, bool opaque) {
  retroanim::io::Image img;
  img.width = w;
  img.height = h;
  img.rgba.resize(size_t{w} * h * 4);
  static constexpr uint8_t kColors[4][3] = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 255, 255}};
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w; ++x) {
      const int q = (x * 2 >= w ? 1 : 0) + (y * 2 >= h ? 2 : 0);
      uint8_t* p = &img.rgba[(size_t{y} * w + x) * 4];
      p[0] = kColors[q][0];
      p[1] = kColors[q][1];
      p[2] = kColors[q][2];
      p[3] = opaque || w == 1 ? 255 : static_cast<uint8_t>(255 - (x * 255) / (w - 1));
    }
  }
  return img;
}

std::vector<uint8_t> encode_pixels(const retroanim::io::Image& image, uint32_t format, const std::vector<uint32_t>& palette) {
  std::vector<uint8_t> out;
  const size_t n = size_t{image.width} * image.height;
  auto index_of = [&](const uint8_t* p) -> uint32_t {
    const uint32_t argb = uint32_t{p[3]} << 24 | uint32_t{p[0]} << 16 | uint32_t{p[1]} << 8 | p[2];
    auto it = std::find(palette.begin(), palette.end(), argb);
    if (it == palette.end()) throw Error("encode_pixels: colour not in the palette");
    return static_cast<uint32_t>(it - palette.begin());
  };
  for (size_t i = 0; i < n; ++i) {
    const uint8_t* p = &image.rgba[i * 4];
    const uint8_t r = p[0], g = p[1], b = p[2], a = p[3];
    switch (format) {
      case pixel_format::kA8R8G8B8:
        out.insert(out.end(), {b, g, r, a});
        break;
      case pixel_format::kR8G8B8:
        out.insert(out.end(), {b, g, r});
        break;
      case pixel_format::kR5G6B5: {
        const auto v = static_cast<uint16_t>((r >> 3) << 11 | (g >> 2) << 5 | (b >> 3));
        out.insert(out.end(), {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8)});
        break;
      }
      case pixel_format::kA4R4G4B4: {
        const auto v = static_cast<uint16_t>((a >> 4) << 12 | (r >> 4) << 8 | (g >> 4) << 4 | (b >> 4));
        out.insert(out.end(), {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8)});
        break;
      }
      case pixel_format::kA8:
        out.push_back(a);
        break;
      case pixel_format::kP8: {
        const uint32_t k = index_of(p);
        if (k > 0xFF) throw Error("encode_pixels: P8 index beyond 255");
        out.push_back(static_cast<uint8_t>(k));
        break;
      }
      case pixel_format::kIndex16: {
        const uint32_t k = index_of(p);
        if (k > 0xFFFF) throw Error("encode_pixels: INDEX16 index beyond 65535");
        out.insert(out.end(), {static_cast<uint8_t>(k), static_cast<uint8_t>(k >> 8)});
        break;
      }
      default:
        throw Error("encode_pixels: format " + std::to_string(format) + " is not encoded here");
    }
  }
  return out;
}

RenderSurface render_surface(uint32_t id, const retroanim::io::Image& image, uint32_t format, uint32_t palette_id,
                             const std::vector<uint32_t>& palette) {
  RenderSurface s;
  s.id = id;
  s.data_category = 0;
  s.width = image.width;
  s.height = image.height;
  s.format = format;
  s.data = encode_pixels(image, format, palette);
  s.palette_id = pixel_format_has_palette(format) ? palette_id : 0;
  return s;
}

GfxSet demo_gfx(const std::vector<uint32_t>& part_ids, const std::vector<math::Vec3>& center,
                const std::vector<math::Vec3>& half) {
  if (center.size() != part_ids.size() || half.size() != part_ids.size()) throw Error("demo_gfx: one centre and size per part");
  GfxSet set;
  // Images: the test picture through each uncompressed format, and an indexed one.
  const uint32_t formats[] = {pixel_format::kA8R8G8B8, pixel_format::kR8G8B8, pixel_format::kR5G6B5,
                              pixel_format::kA4R4G4B4};
  uint32_t next_image = 0x06000001, next_texture = 0x05000001, next_surface = 0x08000001;
  std::vector<uint32_t> textured;
  for (uint32_t format : formats) {
    const bool opaque = format == pixel_format::kR8G8B8 || format == pixel_format::kR5G6B5;
    set.images.push_back(render_surface(next_image, test_picture(16, 16, opaque), format));
    SurfaceTexture t;
    t.id = next_texture++;
    t.source_levels = {next_image++};
    set.textures.push_back(t);
    set.surfaces.push_back(texture_surface(next_surface, t.id));
    textured.push_back(next_surface++);
  }
  Palette pal;
  pal.id = 0x04000001;
  pal.colors = {0xFFFF0000u, 0xFF00FF00u, 0xFF0000FFu, 0xFFFFFFFFu};
  set.palettes.push_back(pal);
  set.images.push_back(render_surface(next_image, test_picture(8, 8, true), pixel_format::kP8, pal.id, pal.colors));
  SurfaceTexture pt;
  pt.id = next_texture++;
  pt.source_levels = {next_image++};
  set.textures.push_back(pt);
  set.surfaces.push_back(texture_surface(next_surface, pt.id, pal.id));
  textured.push_back(next_surface++);
  set.surfaces.push_back(solid_surface(next_surface, 0xFFC08040u));
  const uint32_t solid = next_surface++;
  set.surfaces.push_back(solid_surface(next_surface, 0xFF4080C0u, 0.5f));
  const uint32_t translucent = next_surface++;
  for (size_t i = 0; i < part_ids.size(); ++i) {
    std::vector<uint32_t> surfs = {textured[i % textured.size()], solid, textured[(i + 1) % textured.size()],
                                   translucent, textured[(i + 2) % textured.size()], solid};
    const uint32_t degrade = i == 0 ? 0x11000001u : 0u;
    set.objects.push_back(box_gfx_obj(part_ids[i], center[i], half[i], surfs, degrade));
  }
  if (!part_ids.empty()) {
    GfxObjDegradeInfo d;
    d.id = 0x11000001;
    d.degrades.push_back({part_ids[0], 1, 0.0f, 0.0f, 25.0f});
    set.degrades.push_back(d);
  }
  return set;
}

void add_gfx_set(ac::io::DatWriter& writer, const GfxSet& set) {
  for (const GfxObj& g : set.objects) ac::io::add_gfx_obj(writer, g);
  for (const GfxObjDegradeInfo& d : set.degrades) ac::io::add_degrade_info(writer, d);
  for (const Surface& s : set.surfaces) ac::io::add_surface(writer, s);
  for (const SurfaceTexture& t : set.textures) ac::io::add_surface_texture(writer, t);
  for (const RenderSurface& r : set.images) ac::io::add_render_surface(writer, r, {true});
  for (const Palette& p : set.palettes) ac::io::add_palette(writer, p);
}

}  // namespace retroanim::ac::samples
