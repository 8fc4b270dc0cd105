// Typed access to the objects of a dat: Animation (0x03), Setup (0x02) and
// MotionTable (0x09) read by id, and objects added to a DatWriter. Serving
// them, cached, to the runtime: dat_content.h.
#pragma once

#include <cstdint>

#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_content.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/object/setup.h"

namespace retroanim::ac::io {

// The Animation with this id; throws Error when it is missing or malformed.
Animation read_animation(const DatDatabase& dat, uint32_t id);
// The Setup with this id; throws Error when it is missing or malformed.
Setup read_setup(const DatDatabase& dat, uint32_t id);
// The MotionTable with this id; throws Error when it is missing or malformed.
MotionTable read_motion_table(const DatDatabase& dat, uint32_t id);

// Packs `anim` and adds it under anim.id.
void add_animation(DatWriter& writer, const Animation& anim, DatFileOptions options = {});
// Packs `setup` and adds it under setup.id.
void add_setup(DatWriter& writer, const Setup& setup, DatFileOptions options = {});
// Packs `table` and adds it under table.id.
void add_motion_table(DatWriter& writer, const MotionTable& table, DatFileOptions options = {});

}  // namespace retroanim::ac::io
