// The input of the AC texture decoder's fuzz target (fuzz/ac_texture.cpp) and
// of its seeds (fuzz/support/make_seeds.cpp): a RenderSurface's header fields
// and pixel bytes with the palette the decoder looks indices up in, laid out
// so that every field, the palette's length included, comes from the bytes:
//   u32 format, u32 width, u32 height, u8 flags (bit 0: clipmap, bit 1: a
//   palette follows), [u16 colour count, that many u32 0xAARRGGBB colours],
//   the rest: the pixel bytes.
// All little-endian. Widths and heights are taken as they come: the decoder
// must refuse what its bytes cannot hold before it allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "retroanim/ac/object/render_surface.h"

namespace retroanim::fuzz {

struct TextureInput {
  ac::RenderSurface surface;
  std::optional<std::vector<uint32_t>> palette;
  bool clipmap = false;
};

inline std::optional<TextureInput> read_texture_input(std::span<const uint8_t> b) {
  size_t at = 0;
  auto u32 = [&](uint32_t& v) {
    if (b.size() - at < 4) return false;
    v = b[at] | uint32_t{b[at + 1]} << 8 | uint32_t{b[at + 2]} << 16 | uint32_t{b[at + 3]} << 24;
    at += 4;
    return true;
  };
  TextureInput in;
  if (!u32(in.surface.format) || !u32(in.surface.width) || !u32(in.surface.height) || at >= b.size()) return std::nullopt;
  const uint8_t flags = b[at++];
  in.clipmap = (flags & 1) != 0;
  if ((flags & 2) != 0) {
    if (b.size() - at < 2) return std::nullopt;
    const size_t n = b[at] | size_t{b[at + 1]} << 8;
    at += 2;
    if ((b.size() - at) / 4 < n) return std::nullopt;
    std::vector<uint32_t> colours(n);
    for (uint32_t& c : colours) u32(c);
    in.palette = std::move(colours);
  }
  in.surface.data.assign(b.begin() + static_cast<std::ptrdiff_t>(at), b.end());
  return in;
}

inline std::vector<uint8_t> write_texture_input(const ac::RenderSurface& s, const std::vector<uint32_t>* palette,
                                                bool clipmap) {
  std::vector<uint8_t> out;
  auto u32 = [&](uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
  };
  u32(s.format);
  u32(s.width);
  u32(s.height);
  out.push_back(static_cast<uint8_t>((clipmap ? 1 : 0) | (palette ? 2 : 0)));
  if (palette) {
    out.push_back(static_cast<uint8_t>(palette->size()));
    out.push_back(static_cast<uint8_t>(palette->size() >> 8));
    for (uint32_t c : *palette) u32(c);
  }
  out.insert(out.end(), s.data.begin(), s.data.end());
  return out;
}

}  // namespace retroanim::fuzz
