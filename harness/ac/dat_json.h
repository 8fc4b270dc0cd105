// JSON views of dat contents for tools: the header, entry lists and the
// Animation, Setup and MotionTable objects. Frames use the scenario format's
// {"origin": [x, y, z], "rotation": [w, x, y, z]}; hooks are
// {"type": N, "direction": D, payload fields by name}, as a scenario file gives them.
// The CLI prints these inside one document per run (docs/CLI.md, "JSON style").
#pragma once

#include <nlohmann/json.hpp>

#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/object/degrade_info.h"
#include "retroanim/ac/object/gfx_obj.h"
#include "retroanim/ac/object/palette.h"
#include "retroanim/ac/object/render_surface.h"
#include "retroanim/ac/object/setup.h"
#include "retroanim/ac/object/surface.h"
#include "retroanim/ac/object/surface_texture.h"

namespace retroanim::ac::io {

// JSON whose objects keep the order keys were added in.
using DatJson = nlohmann::ordered_json;

// The header fields and entry counts of a dat.
DatJson dat_header_json(const DatDatabase& dat);
// A B-tree entry: id, size, compressed, version, date, iteration, offset.
DatJson dat_entry_json(const DatEntry& entry);
// A hook as {"type": N, "name": "...", "direction": D, payload...}.
DatJson animation_hook_json(const AnimationHook& hook);
// An animation: id, flags, num_parts, num_frames, pos_frames (when present), frames.
DatJson animation_json(const Animation& anim);
// A setup: every field the dat holds.
DatJson setup_json(const Setup& setup);
// A motion table in the scenario format's layout (keys as "0x%08X" strings, sorted).
DatJson motion_table_json(const MotionTable& table);

// A GfxObj: flags, surfaces, vertices (id, position, normal, uvs), polygons
// (id, sides_type, stippling, surfaces, vertices, uv indices), sort centre,
// degrade id, and the two BSP trees as node counts and root tags.
DatJson gfx_obj_json(const GfxObj& obj);
// A GfxObjDegradeInfo: its levels.
DatJson degrade_info_json(const GfxObjDegradeInfo& info);
// A Surface: type (and as loaded), colour or texture and palette, translucency, luminosity, diffuse.
DatJson surface_json(const Surface& surface);
// A SurfaceTexture: data category, type byte, levels.
DatJson surface_texture_json(const SurfaceTexture& texture);
// A RenderSurface: size, format (number and name), byte count, palette id (indexed formats); not the pixels.
DatJson render_surface_json(const RenderSurface& surface);
// A Palette: the colours as "0xAARRGGBB".
DatJson palette_json(const Palette& palette);

}  // namespace retroanim::ac::io
