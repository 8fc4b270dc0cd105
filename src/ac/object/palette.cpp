// Palette (include/retroanim/ac/object/palette.h).
#include "retroanim/ac/object/palette.h"

namespace retroanim::ac {

// Palette::InitLoad (0x53E060), run-time branch: 256 colours become 2048.
std::vector<uint32_t> loaded_palette_colors(const Palette& palette) {
  if (palette.colors.size() != 256) return palette.colors;
  std::vector<uint32_t> out(2048);
  for (size_t i = 0; i < out.size(); ++i) out[i] = palette.colors[i / 8];
  return out;
}

}  // namespace retroanim::ac
