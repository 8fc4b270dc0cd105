// The pixel formats of RenderSurface images as PixelFormatDesc::SetFormat
// describes them (flags, bits per pixel). Decoding to RGBA: render_surface_image.h.
#pragma once

#include <cstdint>

namespace retroanim::ac {

// PixelFormatID values the client's data uses (Direct3D's D3DFORMAT and the client's own).
namespace pixel_format {
inline constexpr uint32_t kR8G8B8 = 20;
inline constexpr uint32_t kA8R8G8B8 = 21;
inline constexpr uint32_t kX8R8G8B8 = 22;
inline constexpr uint32_t kR5G6B5 = 23;
inline constexpr uint32_t kX1R5G5B5 = 24;
inline constexpr uint32_t kA1R5G5B5 = 25;
inline constexpr uint32_t kA4R4G4B4 = 26;
inline constexpr uint32_t kA8 = 28;
inline constexpr uint32_t kP8 = 41;
inline constexpr uint32_t kIndex16 = 101;
inline constexpr uint32_t kCustomLscapeR8G8B8 = 243;
inline constexpr uint32_t kCustomLscapeAlpha = 244;
inline constexpr uint32_t kCustomRawJpeg = 500;
inline constexpr uint32_t kDxt1 = 0x31545844;  // 'DXT1'
inline constexpr uint32_t kDxt2 = 0x32545844;
inline constexpr uint32_t kDxt3 = 0x33545844;
inline constexpr uint32_t kDxt4 = 0x34545844;
inline constexpr uint32_t kDxt5 = 0x35545844;
}  // namespace pixel_format

// PixelFormatDesc::flags bits.
namespace pixel_format_flag {
inline constexpr uint32_t kRgb = 0x1;
inline constexpr uint32_t kAlpha = 0x2;
inline constexpr uint32_t kFourCC = 0x4;
inline constexpr uint32_t kCompressed = 0x10;  // no size check (JPEG)
inline constexpr uint32_t kPaletteIndexed = 0x40;
}  // namespace pixel_format_flag

// What PixelFormatDesc::SetFormat fills in that retroanim uses.
struct PixelFormatDesc {
  uint32_t format = 0;
  uint32_t flags = 0;
  uint32_t bits_per_pixel = 0;
  bool known = false;  // SetFormat's result
};

// PixelFormatDesc::SetFormat (0x43D0F0): flags and bits per pixel of a format
// (flags 0 and 0 bits, not known, for a format it does not list).
PixelFormatDesc pixel_format_desc(uint32_t format);
// A short name ("A8R8G8B8", "DXT1", "JPEG", ...) or "" for an unknown format.
const char* pixel_format_name(uint32_t format);
// Whether a RenderSurface of this format stores a palette id (P8, INDEX16).
inline bool pixel_format_has_palette(uint32_t format) {
  return format == pixel_format::kP8 || format == pixel_format::kIndex16;
}

}  // namespace retroanim::ac
