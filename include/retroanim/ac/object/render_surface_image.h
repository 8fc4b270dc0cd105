// Asheron's Call images decoded to RGBA: a RenderSurface's pixels as the
// client's texture holds them after ImgTex::CopyIntoData (palette lookups,
// clipmap transparency) and Direct3D's format conversion. DXT1 to DXT5 by
// retroanim's own block decoder (the arithmetic of libsquish's, which the
// tests check it against), JPEG through the foundation's stb_image.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "retroanim/ac/object/render_surface.h"
#include "retroanim/io/image.h"

namespace retroanim::ac {

// Whether decode_render_surface decodes this pixel format.
bool render_surface_format_decodable(uint32_t format);

// The RGBA image of `surface` (rows from the top, as stored). Formats:
// A8R8G8B8, X8R8G8B8, R8G8B8 (and the landscape R8G8B8, B8G8R8), R5G6B5,
// X1R5G5B5, A1R5G5B5, A4R4G4B4 (channels widened by bit replication), A8 and
// the landscape alpha (black with that alpha, as Direct3D samples A8), P8 and
// INDEX16 through `palette` (the colours as loaded, loaded_palette_colors;
// with `clipmap` indices below 8 are transparent black), DXT1 to DXT5
// (DXT2 and DXT4 as DXT3 and DXT5, premultiplied alpha kept) and JPEG (the
// image's own size). The size is checked (io::image_size_problem) and the
// bytes against what the format needs before any pixel is allocated.
// Throws retroanim::Error "WHERE: WHAT" for an unknown format, too few
// bytes, a missing palette or a palette index beyond it.
retroanim::io::Image decode_render_surface(const RenderSurface& surface, const std::vector<uint32_t>* palette,
                                           bool clipmap, const std::string& where);

}  // namespace retroanim::ac
