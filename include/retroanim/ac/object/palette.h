// Palette (dat type 0x04): the ARGB colours indexed images (P8, INDEX16)
// look up. Plain data; the dat form is ac/io/palette_io.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace retroanim::ac {

// Palette, as Palette::UnPack (0x53E310) reads it (after the id).
struct Palette {
  uint32_t id = 0;
  std::vector<uint32_t> colors;  // 0xAARRGGBB
};

// The most colours a Palette holds: the client unpacks into the 2048 entries
// it allocates (and widens 256-colour palettes to 2048 at load).
inline constexpr uint32_t kMaxPaletteColors = 2048;

// The colours as the running client holds them, Palette::InitLoad (0x53E060):
// a 256-colour palette widened to 2048 entries, each colour repeated 8 times
// (entry i is colour i / 8); any other palette as stored. ImgTex::CopyIntoData
// indexes this array with a P8 or INDEX16 pixel.
std::vector<uint32_t> loaded_palette_colors(const Palette& palette);

}  // namespace retroanim::ac
