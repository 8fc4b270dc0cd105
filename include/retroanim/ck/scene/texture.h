// A Virtools texture (CKTexture, through its CKBitmapData) as a file stores
// it: one or more image slots, each an external file name, embedded raw
// pixels (channel planes, bottom row first) or an embedded image file in a
// recorded format (the bitmap reader's extension, e.g. "jpg", "tga"), plus
// the texture's options (mipmaps, transparency colour, video format). Plain
// data: nothing is decoded when loading; ck/io/texture_io.h decodes a slot to
// RGBA on request.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace retroanim::ck {

// Where a slot's pixels are.
enum class TextureSource : uint8_t {
  kFileName,     // only a file name (the game loads it from its texture paths)
  kRawPixels,    // CK_STATESAVE_TEXCOMPRESSED: raw channel planes
  kImageFile,    // CK_STATESAVE_TEXREADER: an image file in a recorded format
};

struct TextureSlot {
  TextureSource source = TextureSource::kFileName;
  std::string file_name;      // UTF-8 (decoded from the scene's code page); may be empty
  std::string raw_file_name;  // the stored bytes of the file name
  // Embedded images:
  uint32_t width = 0;
  uint32_t height = 0;
  uint32_t bits_per_pixel = 0;  // raw pixels: as stored; image file: the texture's recorded depth
  std::array<uint32_t, 4> masks{};  // raw pixels: alpha, red, green, blue masks as stored
  std::string format;         // image file: the reader's extension as stored ("jpg", "bmp", ...); raw: ""
  // Raw pixels: the blue, green, red and alpha planes as stored (alpha may be
  // empty: opaque). Image file: the file's bytes in `image`, then the alpha the
  // reader could not store: `alpha` (one byte a pixel) or `global_alpha`.
  std::vector<uint8_t> blue, green, red, alpha;
  std::vector<uint8_t> image;
  int32_t global_alpha = -1;  // image file: one alpha for every pixel (-1: none)
  bool jpeg_packed = false;   // raw planes packed with the engine's JPEG tools (not read)
};

struct Texture {
  std::string save_format;  // the extension the texture is to be saved as (CKBitmapProperties), may be empty
  std::vector<TextureSlot> slots;
  uint32_t current_slot = 0;
  bool mipmap = false;
  bool transparent = false;        // colour-keyed: texels of transparent_color are see-through
  uint32_t transparent_color = 0;  // ARGB
  bool cube_map = false;
  uint32_t save_options = 0;       // CK_TEXTURE_SAVEOPTIONS
  uint32_t video_format = 0;       // VX_PIXELFORMAT the game asks the driver for (0: default)
};

}  // namespace retroanim::ck
