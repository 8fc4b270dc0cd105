// A texture's pixels as the client finds them in a dat (retroanim's own,
// standing for ImgTex::Load and CSurface's palette choice): a SurfaceTexture
// (0x05) to its largest RenderSurface (0x06) level, the palette (0x04) an
// indexed image needs, decoded to RGBA (ac/object/render_surface_image.h).
// Images are read and decoded only when asked for.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "retroanim/ac/io/dat_database.h"
#include "retroanim/io/image.h"

namespace retroanim::ac::io {

struct TextureImage {
  // The pixels, or nullopt when the dat cannot give them: `missing` says why
  // in one line ("... not in the dat", "pixel format ... is not decoded").
  std::optional<retroanim::io::Image> image;
  std::string missing;
  uint32_t render_surface_id = 0;  // the level decoded (0 when none was found)
  uint32_t format = 0;             // its pixel format
};

// The image of texture `texture_id`: a SurfaceTexture's first (largest)
// level, or a RenderSurface id given directly. For P8 and INDEX16 images the
// palette is `palette_id` when nonzero (a surface's own palette,
// CSurface::base1pal), else the image's; `clipmap` makes palette indices
// below 8 transparent. Missing objects and formats not decoded are reported
// in `missing`; a malformed object or pixel data throws retroanim::Error
// naming dat, object and what is wrong.
TextureImage load_texture_image(const DatDatabase& dat, uint32_t texture_id, uint32_t palette_id, bool clipmap);

}  // namespace retroanim::ac::io
