// Unpacking and packing of MotionTable files (dat type 0x09), field for field
// as CMotionTable::UnPack and MotionData::UnPack read them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ac/io/pack_primitives.h"
#include "retroanim/ac/motion/motion_table.h"

namespace retroanim::ac::io {

// MotionData::UnPack: the key (its id), num_anims, bitfield and flags bytes,
// padding to 4 bytes from the start of the file, the AnimData list, then
// velocity (flags & 1) and omega (flags & 2). Returns the key in `key`.
MotionData unpack_motion_data(ByteReader& r, uint32_t& key);
// Writes a MotionData under `key`; the flags written are the stored flags plus
// the bits of a non-zero velocity or omega. Throws Error beyond 255 animations.
void pack_motion_data(ByteWriter& w, uint32_t key, const MotionData& data);

// The id, then CMotionTable::UnPack: default style, style defaults, cycles,
// modifiers and links. A key stored twice keeps the later entry (the client's
// hash returns the one inserted last). `consumed` receives the bytes read.
MotionTable unpack_motion_table(std::span<const uint8_t> bytes, const std::string& file = "",
                                const std::string& object = "MotionTable", size_t* consumed = nullptr);
// The bytes unpack_motion_table reads back as `table`, every map written in
// ascending key order so that equal tables give equal bytes.
std::vector<uint8_t> pack_motion_table(const MotionTable& table);

}  // namespace retroanim::ac::io
