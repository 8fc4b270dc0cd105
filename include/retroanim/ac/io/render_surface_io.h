// Unpacking and packing of RenderSurface (0x06) files, field for field as
// RenderSurface::Serialize (0x4444E0) reads them (after DBObj::Serialize's id). The unpacker
// throws retroanim::Error naming the file, the object and the byte offset on
// a count or size beyond the bytes; `consumed`, when given, receives the bytes read.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ac/object/render_surface.h"

namespace retroanim::ac::io {

// RenderSurface::Serialize: id, data category, width, height, format, image
// size, the pixel bytes, the palette id (P8 and INDEX16). An uncompressed
// format's image size must be width * height * bits per pixel / 8 (as the
// client requires; computed without the client's 32-bit wrap), checked
// before the pixel bytes are copied.
RenderSurface unpack_render_surface(std::span<const uint8_t> bytes, const std::string& file = "",
                                    const std::string& object = "RenderSurface", size_t* consumed = nullptr);
// Throws Error when the pixel bytes do not have the size the format needs.
std::vector<uint8_t> pack_render_surface(const RenderSurface& surface);

// The image size RenderSurface::Serialize requires for an uncompressed
// format (width * height * bits per pixel / 8, in 64 bits), or nullopt when
// the format is compressed (JPEG) and any size is accepted.
std::optional<uint64_t> render_surface_expected_size(uint32_t width, uint32_t height, uint32_t format);

}  // namespace retroanim::ac::io
