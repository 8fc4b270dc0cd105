// SurfaceTexture (dat type 0x05, the client's ImgTex): the RenderSurface ids
// of one texture's levels. Plain data; the dat form is ac/io/surface_texture_io.h.
#pragma once

#include <cstdint>
#include <vector>

namespace retroanim::ac {

// ImgTex (SurfaceTexture), as ImgTex::Serialize (0x53F580) reads it.
struct SurfaceTexture {
  uint32_t id = 0;
  uint32_t data_category = 0;
  uint8_t texture_type = 2;             // the byte the client writes as 2 and skips on reading
  std::vector<uint32_t> source_levels;  // RenderSurface (0x06) ids, the largest first
};

}  // namespace retroanim::ac
