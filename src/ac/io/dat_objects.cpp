// Typed dat access: DBObj loading by id (the client's DBCache::GetObj path,
// reduced to: look up, read, unpack, check the object's own id).
#include "retroanim/ac/io/dat_objects.h"

#include "retroanim/ac/io/animation_io.h"
#include "retroanim/ac/io/degrade_info_io.h"
#include "retroanim/ac/io/gfx_obj_io.h"
#include "retroanim/ac/io/motion_table_io.h"
#include "retroanim/ac/io/palette_io.h"
#include "retroanim/ac/io/render_surface_io.h"
#include "retroanim/ac/io/setup_io.h"
#include "retroanim/ac/io/surface_io.h"
#include "retroanim/ac/io/surface_texture_io.h"
#include "retroanim/error.h"

namespace retroanim::ac::io {

namespace {

// Reads the bytes of `id`, checking that its type byte is `type`.
std::vector<uint8_t> read_typed(const DatDatabase& dat, uint32_t id, DatType type, const char* kind) {
  if (dat_type_byte(id) != static_cast<uint8_t>(type)) {
    throw Error(describe_error(dat.name(), std::string(kind) + " " + format_dat_id(id), std::nullopt,
                               "id is not of type " + format_dat_id(dat_type_base(type)).substr(0, 4)));
  }
  return dat.read(id);
}

template <typename T>
void check_id(const DatDatabase& dat, const T& obj, uint32_t id, const char* kind) {
  if (obj.id != id) {
    throw Error(describe_error(dat.name(), std::string(kind) + " " + format_dat_id(id), 0,
                               "object holds id " + format_dat_id(obj.id)));
  }
}

// One typed object of the dat: its entry's bytes unpacked by `unpack` (every
// unpacker takes bytes, file, object name and the consumed-count pointer),
// and the id it holds checked against the one asked for.
template <class T>
T read_object(const DatDatabase& dat, uint32_t id, DatType type, const char* kind,
              T (*unpack)(std::span<const uint8_t>, const std::string&, const std::string&, size_t*)) {
  auto bytes = read_typed(dat, id, type, kind);
  T obj = unpack(bytes, dat.name(), std::string(kind) + " " + format_dat_id(id), nullptr);
  check_id(dat, obj, id, kind);
  return obj;
}

}  // namespace

Animation read_animation(const DatDatabase& dat, uint32_t id) {
  return read_object(dat, id, DatType::kAnimation, "Animation", unpack_animation);
}

Setup read_setup(const DatDatabase& dat, uint32_t id) {
  return read_object(dat, id, DatType::kSetup, "Setup", unpack_setup);
}

MotionTable read_motion_table(const DatDatabase& dat, uint32_t id) {
  return read_object(dat, id, DatType::kMotionTable, "MotionTable", unpack_motion_table);
}

GfxObj read_gfx_obj(const DatDatabase& dat, uint32_t id) {
  return read_object(dat, id, DatType::kGfxObj, "GfxObj", unpack_gfx_obj);
}

// (retroanim's own) The choice CPhysicsPart::UpdateViewerDistance makes at close range, without a viewer.
GfxObj read_drawn_gfx_obj(const DatDatabase& dat, uint32_t id) {
  GfxObj g = read_gfx_obj(dat, id);
  const auto holds = [&](uint32_t want, DatType type) {
    return dat_type_byte(want) == static_cast<uint8_t>(type) && dat.find(want);
  };
  if ((g.flags & gfx_obj_flag::kHasDegrade) != 0 && holds(g.degrade_id, DatType::kDegradeInfo)) {
    const GfxObjDegradeInfo info = read_degrade_info(dat, g.degrade_id);
    if (!info.degrades.empty()) {
      const uint32_t level = info.degrades[kCloseRangeDegrade].gfx_obj_id;
      if (level != id && holds(level, DatType::kGfxObj)) return read_gfx_obj(dat, level);
    }
  }
  return g;
}

GfxObjDegradeInfo read_degrade_info(const DatDatabase& dat, uint32_t id) {
  return read_object(dat, id, DatType::kDegradeInfo, "GfxObjDegradeInfo", unpack_degrade_info);
}

Surface read_surface(const DatDatabase& dat, uint32_t id) {
  // A Surface does not store its id: it takes the entry's.
  auto bytes = read_typed(dat, id, DatType::kSurface, "Surface");
  Surface s = unpack_surface(bytes, dat.name(), "Surface " + format_dat_id(id));
  s.id = id;
  return s;
}

SurfaceTexture read_surface_texture(const DatDatabase& dat, uint32_t id) {
  return read_object(dat, id, DatType::kSurfaceTexture, "SurfaceTexture", unpack_surface_texture);
}

RenderSurface read_render_surface(const DatDatabase& dat, uint32_t id) {
  return read_object(dat, id, DatType::kRenderSurface, "RenderSurface", unpack_render_surface);
}

Palette read_palette(const DatDatabase& dat, uint32_t id) {
  return read_object(dat, id, DatType::kPalette, "Palette", unpack_palette);
}

void add_animation(DatWriter& writer, const Animation& anim, DatFileOptions options) {
  writer.add(anim.id, pack_animation(anim), options);
}

void add_setup(DatWriter& writer, const Setup& setup, DatFileOptions options) {
  writer.add(setup.id, pack_setup(setup), options);
}

void add_motion_table(DatWriter& writer, const MotionTable& table, DatFileOptions options) {
  writer.add(table.id, pack_motion_table(table), options);
}

void add_gfx_obj(DatWriter& writer, const GfxObj& obj, DatFileOptions options) {
  writer.add(obj.id, pack_gfx_obj(obj), options);
}

void add_degrade_info(DatWriter& writer, const GfxObjDegradeInfo& info, DatFileOptions options) {
  writer.add(info.id, pack_degrade_info(info), options);
}

void add_surface(DatWriter& writer, const Surface& surface, DatFileOptions options) {
  writer.add(surface.id, pack_surface(surface), options);
}

void add_surface_texture(DatWriter& writer, const SurfaceTexture& texture, DatFileOptions options) {
  writer.add(texture.id, pack_surface_texture(texture), options);
}

void add_render_surface(DatWriter& writer, const RenderSurface& surface, DatFileOptions options) {
  writer.add(surface.id, pack_render_surface(surface), options);
}

void add_palette(DatWriter& writer, const Palette& palette, DatFileOptions options) {
  writer.add(palette.id, pack_palette(palette), options);
}

}  // namespace retroanim::ac::io
