// Images as the exporters and ports take them: 8-bit RGBA pixels, rows from
// the top. Shared by the Virtools textures (ck/io/texture_io.h) and the
// Asheron's Call surfaces: the size check every reader runs before it
// allocates, the decoding of an image file held in memory (BMP, TGA, JPEG,
// PNG, GIF, PSD, PNM: Debian's stb_image) and PNG encoding (the library's
// own writer over zlib).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace retroanim::io {

// An RGBA image: width * height pixels of 4 bytes (R, G, B, A), row 0 the top row.
struct Image {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint8_t> rgba;
};

// The largest image a reader accepts: 16384 pixels a side and 2^26 pixels in
// all (256 MiB of RGBA), more than any Direct3D 7/8/9 texture could be.
inline constexpr uint32_t kMaxImageSide = 16384;
inline constexpr uint64_t kMaxImagePixels = uint64_t{1} << 26;

// Why an image of `width` x `height` is refused (zero or beyond the limits
// above), or nullopt when it is accepted. Readers call it before allocating.
std::optional<std::string> image_size_problem(uint64_t width, uint64_t height);

// The file format `bytes` start like ("bmp", "tga", "jpeg", "png", "gif",
// "psd", "pnm"), or "" when stb_image cannot decode them.
std::string image_file_format(std::span<const uint8_t> bytes);

// The width and height an image file says it has (its header only, nothing
// decoded), or nullopt when stb_image does not read it.
std::optional<std::pair<uint32_t, uint32_t>> image_file_size(std::span<const uint8_t> bytes);

// Decodes an image file held in memory to RGBA. The size the file claims is
// checked (image_size_problem) before any pixel is allocated, and an
// uncompressed BMP or TGA must hold the pixel bytes its header promises
// (stb_image would fill the rest with zeros). Throws
// retroanim::Error "WHERE: WHAT" (`where` names the file and object) when the
// bytes are not an image stb_image decodes, or claim a refused size.
Image decode_image(std::span<const uint8_t> bytes, const std::string& where);

// The image as a PNG file (8-bit RGBA, zlib-compressed). Throws
// retroanim::Error when the image's pixel count does not match its size.
std::vector<uint8_t> encode_png(const Image& image);

}  // namespace retroanim::io
