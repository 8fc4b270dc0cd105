// RenderSurface (dat type 0x06): one image: width, height, pixel format, the
// pixel bytes and, for indexed formats, a Palette (0x04) id. Plain data; the
// dat form is ac/io/render_surface_io.h.
#pragma once

#include <cstdint>
#include <vector>

#include "retroanim/ac/object/pixel_format.h"

namespace retroanim::ac {

// RenderSurface, as RenderSurface::Serialize (0x4444E0) reads it.
struct RenderSurface {
  uint32_t id = 0;
  uint32_t data_category = 0;  // DBObj::m_dataCategory (the dword after the id)
  uint32_t width = 0;
  uint32_t height = 0;
  uint32_t format = 0;
  std::vector<uint8_t> data;  // imageSize bytes
  uint32_t palette_id = 0;    // P8 and INDEX16 only
};

}  // namespace retroanim::ac
