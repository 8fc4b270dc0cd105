// Graphics objects the demo, the tests and the fuzz seeds build (retroanim's
// own, never the game's): a box GfxObj with normals, UVs, physics and
// drawing polygons and BSP trees; surfaces; textures; and images in each
// pixel format the client's data uses, encoded here from known RGBA pixels.
#pragma once

#include <cstdint>
#include <vector>

#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ac/object/degrade_info.h"
#include "retroanim/ac/object/gfx_obj.h"
#include "retroanim/ac/object/palette.h"
#include "retroanim/ac/object/render_surface.h"
#include "retroanim/ac/object/surface.h"
#include "retroanim/ac/object/surface_texture.h"
#include "retroanim/io/image.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac::samples {

// A box centred on `center` with half sizes `half`: 8 corners x 3 faces = 24
// vertices (each with its face's normal and one UV set), 6 quads (drawing
// polygons, face f on surface f % surfaces.size(), the top face double-sided
// (sides type 1) and the bottom one with its own back (sides type 2)), the
// same quads as physics polygons, a drawing BSP (a node over two leaves) and
// a physics BSP (one leaf), and, when degrade_id is not 0, that degrade id.
GfxObj box_gfx_obj(uint32_t id, math::Vec3 center, math::Vec3 half, std::vector<uint32_t> surfaces,
                   uint32_t degrade_id = 0);

// A solid-colour surface (0xAARRGGBB) with the given translucency.
Surface solid_surface(uint32_t id, uint32_t argb, float translucency = 0.0f);
// A textured surface (Base1Image) over `texture_id`, with an optional palette.
Surface texture_surface(uint32_t id, uint32_t texture_id, uint32_t palette_id = 0, float translucency = 0.0f);

// A w x h test picture: a 2x2 checker of four colours with an alpha ramp
// along x (alpha 255 at x = 0); with `opaque`, alpha 255 everywhere.
retroanim::io::Image test_picture(uint32_t w, uint32_t h, bool opaque = false);

// The pixel bytes of `image` in `format` (A8R8G8B8, R8G8B8, R5G6B5,
// A4R4G4B4, A8: from alpha; P8 / INDEX16: the index of each pixel's colour
// in `palette`, which must hold it), laid out as the client stores them.
// Throws retroanim::Error for another format or a colour not in the palette.
std::vector<uint8_t> encode_pixels(const retroanim::io::Image& image, uint32_t format, const std::vector<uint32_t>& palette = {});

// A RenderSurface of `image` in `format` (see encode_pixels).
RenderSurface render_surface(uint32_t id, const retroanim::io::Image& image, uint32_t format, uint32_t palette_id = 0,
                             const std::vector<uint32_t>& palette = {});

// The graphics of the demo's setup: per part a box GfxObj, its surfaces (a
// texture through each uncompressed format, a palette-indexed one, solid and
// translucent colours), their textures, images and palette, and a degrade
// table for the first part. Ids in the dat's ranges (0x01, 0x04, 0x05, 0x06,
// 0x08, 0x11).
struct GfxSet {
  std::vector<GfxObj> objects;
  std::vector<GfxObjDegradeInfo> degrades;
  std::vector<Surface> surfaces;
  std::vector<SurfaceTexture> textures;
  std::vector<RenderSurface> images;
  std::vector<Palette> palettes;
};
// `part_ids` become the objects' ids; part i is a box centred on `center[i]`
// (in the part's frame) of half size `half[i]`.
GfxSet demo_gfx(const std::vector<uint32_t>& part_ids, const std::vector<math::Vec3>& center,
                const std::vector<math::Vec3>& half);
// Adds every object of `set` to `writer`.
void add_gfx_set(ac::io::DatWriter& writer, const GfxSet& set);

}  // namespace retroanim::ac::samples
