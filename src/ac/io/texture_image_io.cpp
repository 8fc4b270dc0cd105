// A texture's pixels from a dat (retroanim/ac/io/texture_image_io.h).
#include "retroanim/ac/io/texture_image_io.h"

#include <vector>

#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/object/palette.h"
#include "retroanim/ac/object/render_surface_image.h"

namespace retroanim::ac::io {

namespace {

bool holds(const DatDatabase& dat, uint32_t id, DatType type) {
  return dat_type_byte(id) == static_cast<uint8_t>(type) && dat.find(id);
}

std::string where(const DatDatabase& dat, const char* kind, uint32_t id) {
  return dat.name() + ": " + kind + " " + format_dat_id(id);
}

}  // namespace

// (retroanim's own) ImgTex's level choice and CSurface's palette, without a renderer.
TextureImage load_texture_image(const DatDatabase& dat, uint32_t texture_id, uint32_t palette_id, bool clipmap) {
  TextureImage out;
  uint32_t level = texture_id;
  if (dat_type_byte(texture_id) != static_cast<uint8_t>(DatType::kRenderSurface)) {
    if (!holds(dat, texture_id, DatType::kSurfaceTexture)) {
      out.missing = where(dat, "SurfaceTexture", texture_id) + ": not in the dat";
      return out;
    }
    const SurfaceTexture t = read_surface_texture(dat, texture_id);
    level = t.source_levels.empty() ? 0 : t.source_levels[0];
    if (!holds(dat, level, DatType::kRenderSurface)) {
      out.missing = where(dat, "SurfaceTexture", texture_id) + ": its image " + format_dat_id(level) +
                    " is not in the dat";
      return out;
    }
  } else if (!dat.find(texture_id)) {
    out.missing = where(dat, "RenderSurface", texture_id) + ": not in the dat";
    return out;
  }
  const RenderSurface rs = read_render_surface(dat, level);
  out.render_surface_id = level;
  out.format = rs.format;
  if (!render_surface_format_decodable(rs.format)) {
    const char* name = pixel_format_name(rs.format);
    out.missing = where(dat, "RenderSurface", level) + ": pixel format " +
                  (name[0] ? std::string(name) : std::to_string(rs.format)) + " is not decoded";
    return out;
  }
  std::vector<uint32_t> colors;
  if (pixel_format_has_palette(rs.format)) {
    const uint32_t pid = palette_id != 0 ? palette_id : rs.palette_id;
    if (holds(dat, pid, DatType::kPalette)) colors = loaded_palette_colors(read_palette(dat, pid));
    if (colors.empty()) {
      out.missing = where(dat, "RenderSurface", level) + ": its palette " + format_dat_id(pid) + " is not in the dat";
      return out;
    }
  }
  out.image = decode_render_surface(rs, &colors, clipmap, where(dat, "RenderSurface", level));
  return out;
}

}  // namespace retroanim::ac::io
