// Unpacking and packing of Surface (0x08) files, field for field as
// CSurface::Serialize (0x5365F0) reads them (after DBObj::Serialize's id). The unpacker
// throws retroanim::Error naming the file, the object and the byte offset on
// a count or size beyond the bytes; `consumed`, when given, receives the bytes read.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ac/object/surface.h"

namespace retroanim::ac::io {

// CSurface::Serialize (no id): type, texture and palette ids (type & 6) or
// the colour, translucency, luminosity, diffuse. Surface::id stays 0.
Surface unpack_surface(std::span<const uint8_t> bytes, const std::string& file = "",
                       const std::string& object = "Surface", size_t* consumed = nullptr);
std::vector<uint8_t> pack_surface(const Surface& surface);

}  // namespace retroanim::ac::io
