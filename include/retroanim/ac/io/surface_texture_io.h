// Unpacking and packing of SurfaceTexture (0x05) files, field for field as
// ImgTex::Serialize (0x53F580) reads them (after DBObj::Serialize's id). The unpacker
// throws retroanim::Error naming the file, the object and the byte offset on
// a count or size beyond the bytes; `consumed`, when given, receives the bytes read.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ac/object/surface_texture.h"

namespace retroanim::ac::io {

// ImgTex::Serialize: id, data category, the texture type byte, the level
// count and the RenderSurface ids.
SurfaceTexture unpack_surface_texture(std::span<const uint8_t> bytes, const std::string& file = "",
                                      const std::string& object = "SurfaceTexture", size_t* consumed = nullptr);
std::vector<uint8_t> pack_surface_texture(const SurfaceTexture& texture);

}  // namespace retroanim::ac::io
