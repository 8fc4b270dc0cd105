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
#include "retroanim/ac/object/setup.h"

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

}  // namespace retroanim::ac::io
