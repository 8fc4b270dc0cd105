// Typed access to the objects of a dat: Animation (0x03), Setup (0x02),
// MotionTable (0x09), GfxObj (0x01), GfxObjDegradeInfo (0x11), Surface
// (0x08), SurfaceTexture (0x05), RenderSurface (0x06) and Palette (0x04) read by id, and objects added to a DatWriter. Serving
// them, cached, to the runtime: dat_content.h.
#pragma once

#include <cstdint>

#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_content.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/object/degrade_info.h"
#include "retroanim/ac/object/gfx_obj.h"
#include "retroanim/ac/object/palette.h"
#include "retroanim/ac/object/render_surface.h"
#include "retroanim/ac/object/surface.h"
#include "retroanim/ac/object/surface_texture.h"
#include "retroanim/ac/object/setup.h"

namespace retroanim::ac::io {

// The Animation with this id; throws Error when it is missing or malformed.
Animation read_animation(const DatDatabase& dat, uint32_t id);
// The Setup with this id; throws Error when it is missing or malformed.
Setup read_setup(const DatDatabase& dat, uint32_t id);
// The MotionTable with this id; throws Error when it is missing or malformed.
MotionTable read_motion_table(const DatDatabase& dat, uint32_t id);
// The GfxObj with this id; throws Error when it is missing or malformed.
GfxObj read_gfx_obj(const DatDatabase& dat, uint32_t id);
// The GfxObj the client draws for `id` at close range: when it has a degrade
// table (GfxObjDegradeInfo) in the dat, that table's close-range level
// (kCloseRangeDegrade) if the dat holds it, else the object itself. Throws
// Error when `id` is missing or an object read is malformed.
GfxObj read_drawn_gfx_obj(const DatDatabase& dat, uint32_t id);
// The GfxObjDegradeInfo with this id; throws Error when it is missing or malformed.
GfxObjDegradeInfo read_degrade_info(const DatDatabase& dat, uint32_t id);
// The Surface with this id (its id field set from the entry: a Surface
// stores none); throws Error when it is missing or malformed.
Surface read_surface(const DatDatabase& dat, uint32_t id);
// The SurfaceTexture with this id; throws Error when it is missing or malformed.
SurfaceTexture read_surface_texture(const DatDatabase& dat, uint32_t id);
// The RenderSurface with this id; throws Error when it is missing or malformed.
RenderSurface read_render_surface(const DatDatabase& dat, uint32_t id);
// The Palette with this id; throws Error when it is missing or malformed.
Palette read_palette(const DatDatabase& dat, uint32_t id);

// Packs `anim` and adds it under anim.id.
void add_animation(DatWriter& writer, const Animation& anim, DatFileOptions options = {});
// Packs `setup` and adds it under setup.id.
void add_setup(DatWriter& writer, const Setup& setup, DatFileOptions options = {});
// Packs `table` and adds it under table.id.
void add_motion_table(DatWriter& writer, const MotionTable& table, DatFileOptions options = {});
// Packs `obj` and adds it under obj.id.
void add_gfx_obj(DatWriter& writer, const GfxObj& obj, DatFileOptions options = {});
// Packs `info` and adds it under info.id.
void add_degrade_info(DatWriter& writer, const GfxObjDegradeInfo& info, DatFileOptions options = {});
// Packs `surface` and adds it under surface.id.
void add_surface(DatWriter& writer, const Surface& surface, DatFileOptions options = {});
// Packs `texture` and adds it under texture.id.
void add_surface_texture(DatWriter& writer, const SurfaceTexture& texture, DatFileOptions options = {});
// Packs `surface` and adds it under surface.id.
void add_render_surface(DatWriter& writer, const RenderSurface& surface, DatFileOptions options = {});
// Packs `palette` and adds it under palette.id.
void add_palette(DatWriter& writer, const Palette& palette, DatFileOptions options = {});

}  // namespace retroanim::ac::io
