// Unpacking and packing of Palette (0x04) files, field for field as
// Palette::UnPack (0x53E310) reads them (after DBObj::Serialize's id). The unpacker
// throws retroanim::Error naming the file, the object and the byte offset on
// a count or size beyond the bytes; `consumed`, when given, receives the bytes read.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ac/object/palette.h"

namespace retroanim::ac::io {

// The id, then Palette::UnPack: count (at most kMaxPaletteColors) and the colours.
Palette unpack_palette(std::span<const uint8_t> bytes, const std::string& file = "",
                       const std::string& object = "Palette", size_t* consumed = nullptr);
std::vector<uint8_t> pack_palette(const Palette& palette);

}  // namespace retroanim::ac::io
