// Unpacking and packing of GfxObj files (dat type 0x01), field for field as
// CGfxObj::Serialize reads them, with CVertexArray / CSWVertex, CPolygon and
// BSPTREE / BSPNODE / BSPLEAF / BSPPORTAL.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ac/object/gfx_obj.h"

namespace retroanim::ac::io {

// The deepest BSP tree the unpacker follows (a guard against recursion on
// damaged data; the client has none).
inline constexpr int kMaxBspDepth = 256;

// The id, then CGfxObj::Serialize: flags, surfaces, vertex array, physics
// polygons and BSP (flags & 1), sort centre, drawing polygons and BSP
// (flags & 2), degrade id (flags & 8). Throws retroanim::Error (file, object,
// byte offset) on a count beyond the bytes, a vertex index beyond the vertex
// array, a BSP polygon index beyond its polygon list, a point count the
// client cannot load (above 127), a vertex type other than 1 or a BSP deeper
// than kMaxBspDepth. `consumed`, when given, receives the bytes read.
GfxObj unpack_gfx_obj(std::span<const uint8_t> bytes, const std::string& file = "",
                      const std::string& object = "GfxObj", size_t* consumed = nullptr);
// The bytes unpack_gfx_obj reads back as `obj`; throws Error when the object
// cannot be stored (a count beyond the compressed range, a polygon whose UV
// lists do not match its points and flags, a BSP node whose children do not
// match its tag).
std::vector<uint8_t> pack_gfx_obj(const GfxObj& obj);

}  // namespace retroanim::ac::io
