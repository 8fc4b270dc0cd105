#include "retroanim/io/image.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <limits>

#include <zlib.h>

#include "retroanim/error.h"

// stb_image (Debian's libstb-dev, header-only) for decoding, compiled
// here with internal linkage so they never clash with another copy (tinygltf
// carries its own). Only the decoders the formats below need.
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wcast-qual"
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
#define STBI_NO_STDIO
#define STBI_NO_HDR
#define STBI_NO_LINEAR
#define STBI_NO_PIC
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif


namespace retroanim::io {

std::optional<std::string> image_size_problem(uint64_t width, uint64_t height) {
  if (width == 0 || height == 0)
    return "image of " + std::to_string(width) + " x " + std::to_string(height) + " pixels is empty";
  if (width > kMaxImageSide || height > kMaxImageSide || width * height > kMaxImagePixels)
    return "image of " + std::to_string(width) + " x " + std::to_string(height) +
           " pixels is larger than retroanim accepts (" + std::to_string(kMaxImageSide) + " a side, " +
           std::to_string(kMaxImagePixels) + " pixels)";
  return std::nullopt;
}

namespace {

int clamp_len(size_t n) {
  return n > static_cast<size_t>(std::numeric_limits<int>::max()) ? std::numeric_limits<int>::max()
                                                                   : static_cast<int>(n);
}

bool starts(std::span<const uint8_t> b, std::initializer_list<uint8_t> sig) {
  if (b.size() < sig.size()) return false;
  return std::equal(sig.begin(), sig.end(), b.begin());
}

uint32_t le16(std::span<const uint8_t> b, size_t o) { return b[o] | uint32_t{b[o + 1]} << 8; }
uint32_t le32(std::span<const uint8_t> b, size_t o) { return le16(b, o) | le16(b, o + 2) << 16; }

// stb_image fills the missing end of an uncompressed BMP or TGA with zeros:
// the pixel bytes their headers promise are checked here first. Why such a
// file is short, or "" when it is not.
std::string uncompressed_shortfall(std::span<const uint8_t> b, const std::string& format) {
  uint64_t need = 0;
  if (format == "bmp" && b.size() >= 34) {
    const uint32_t header = le32(b, 14);
    if (header < 40) return "";
    const uint32_t compression = le32(b, 30);
    if (compression != 0 && compression != 3) return "";
    const uint64_t w = static_cast<uint32_t>(std::abs(static_cast<int32_t>(le32(b, 18))));
    const uint64_t h = static_cast<uint32_t>(std::abs(static_cast<int32_t>(le32(b, 22))));
    const uint64_t bpp = le16(b, 28);
    need = uint64_t{le32(b, 10)} + (w * bpp + 31) / 32 * 4 * h;
  } else if (format == "tga" && b.size() >= 18) {
    const uint32_t type = b[2];
    if (type < 1 || type > 3) return "";
    const uint64_t palette = b[1] ? uint64_t{le16(b, 5)} * ((b[7] + 7u) / 8u) : 0;
    need = 18 + uint64_t{b[0]} + palette + uint64_t{le16(b, 12)} * le16(b, 14) * ((b[16] + 7u) / 8u);
  }
  if (need > b.size())
    return "image file is truncated (" + std::to_string(b.size()) + " bytes, its header needs " + std::to_string(need) + ")";
  return "";
}

// Debian's stb_image (2022-09) builds a Huffman table from a DHT segment's
// sixteen code counts without checking that they sum to at most 256, and
// writes past its 257-entry size list when they do. Each DHT table of a JPEG
// is checked here first, walking the markers as stb_image does (segments by
// their length, entropy-coded data up to the next marker). Why the file is
// refused, or "" when its tables are sound.
std::string jpeg_huffman_problem(std::span<const uint8_t> b) {
  size_t pos = 2;  // after SOI
  while (pos < b.size()) {
    if (b[pos] != 0xFF) {  // entropy-coded data or junk: on to the next marker
      ++pos;
      continue;
    }
    size_t m = pos + 1;
    while (m < b.size() && b[m] == 0xFF) ++m;  // fill bytes
    if (m >= b.size()) break;
    const uint8_t marker = b[m];
    pos = m + 1;
    if (marker == 0x00 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) continue;  // stuffing, RSTn, TEM
    if (marker == 0xD9) break;                                                            // EOI
    if (pos + 2 > b.size()) break;
    const size_t length = size_t{b[pos]} << 8 | b[pos + 1];
    if (length < 2) break;
    const size_t end = std::min(b.size(), pos + length);
    if (marker == 0xC4) {
      for (size_t t = pos + 2; t < end;) {
        unsigned n = 0;
        for (size_t i = 0; i < 16 && t + 1 + i < b.size(); ++i) n += b[t + 1 + i];
        if (n > 256)
          return "image file is damaged (JPEG Huffman table at byte " + std::to_string(t) + " declares " +
                 std::to_string(n) + " codes, more than 256)";
        t += 17 + n;
      }
    }
    pos = end;
  }
  return "";
}

// stb_image's parsers, guarded: why bytes must not reach them, or "".
std::string unsafe_for_stb(std::span<const uint8_t> b) {
  if (starts(b, {0xFF, 0xD8})) return jpeg_huffman_problem(b);
  return "";
}

}  // namespace

std::string image_file_format(std::span<const uint8_t> b) {
  if (starts(b, {0x89, 'P', 'N', 'G'})) return "png";
  if (starts(b, {0xFF, 0xD8})) return "jpeg";
  if (starts(b, {'B', 'M'})) return "bmp";
  if (starts(b, {'G', 'I', 'F', '8'})) return "gif";
  if (starts(b, {'8', 'B', 'P', 'S'})) return "psd";
  if (b.size() >= 2 && b[0] == 'P' && (b[1] == '5' || b[1] == '6')) return "pnm";
  // TGA has no signature: stb_image's own test of its header.
  stbi__context s;
  stbi__start_mem(&s, b.data(), clamp_len(b.size()));
  if (!b.empty() && stbi__tga_test(&s)) return "tga";
  return "";
}

std::optional<std::pair<uint32_t, uint32_t>> image_file_size(std::span<const uint8_t> bytes) {
  int w = 0, h = 0, comp = 0;
  if (bytes.empty() || !unsafe_for_stb(bytes).empty() ||
      !stbi_info_from_memory(bytes.data(), clamp_len(bytes.size()), &w, &h, &comp) || w <= 0 || h <= 0)
    return std::nullopt;
  return std::pair{static_cast<uint32_t>(w), static_cast<uint32_t>(h)};
}

namespace {

// The commonest BMP, uncompressed 24-bit BGR rows (BITMAPINFOHEADER or a
// later header, BI_RGB, one plane), decoded directly: stb_image reads such a
// file a byte at a time through its context, several times slower. The same
// pixels as stb_image gives (RGBA, alpha 255, top row first; tested against
// it). Nullopt for any other BMP (stb_image decodes it). `b` has passed
// uncompressed_shortfall, so the pixel rows are all there.
std::optional<Image> decode_bmp24(std::span<const uint8_t> b) {
  if (b.size() < 54 || b[0] != 'B' || b[1] != 'M') return std::nullopt;
  const uint32_t header = le32(b, 14);
  if (header < 40 || header > 124 || le16(b, 26) != 1 || le16(b, 28) != 24 || le32(b, 30) != 0) return std::nullopt;
  const auto sw = static_cast<int32_t>(le32(b, 18)), sh = static_cast<int32_t>(le32(b, 22));
  if (sw <= 0 || sh == 0 || sh == INT32_MIN) return std::nullopt;
  const uint32_t w = static_cast<uint32_t>(sw), h = static_cast<uint32_t>(sh < 0 ? -sh : sh);
  if (image_size_problem(w, h)) return std::nullopt;
  const uint64_t offset = le32(b, 10), stride = (uint64_t{w} * 3 + 3) / 4 * 4;
  // stb_image takes such a file only with its pixels right after the header.
  if (offset != 14 + uint64_t{header} || offset + stride * h > b.size()) return std::nullopt;
  Image img;
  img.width = w;
  img.height = h;
  img.rgba.resize(size_t{w} * h * 4);
  for (uint32_t y = 0; y < h; ++y) {
    const uint32_t file_row = sh < 0 ? y : h - 1 - y;  // positive height: bottom row first
    const uint8_t* src = b.data() + offset + stride * file_row;
    uint8_t* dst = img.rgba.data() + size_t{y} * w * 4;
    for (uint32_t x = 0; x < w; ++x, src += 3, dst += 4) {
      dst[0] = src[2];
      dst[1] = src[1];
      dst[2] = src[0];
      dst[3] = 255;
    }
  }
  return img;
}

}  // namespace

Image decode_image(std::span<const uint8_t> bytes, const std::string& where) {
  int w = 0, h = 0, comp = 0;
  const int len = clamp_len(bytes.size());
  if (std::string unsafe = unsafe_for_stb(bytes); !unsafe.empty())
    throw Error(describe_error(where, "", std::nullopt, unsafe));
  if (bytes.empty() || !stbi_info_from_memory(bytes.data(), len, &w, &h, &comp)) {
    const char* why = stbi_failure_reason();
    throw Error(describe_error(where, "", std::nullopt,
                               std::string("not an image file retroanim decodes (") + (why ? why : "unknown format") + ")"));
  }
  // stbi_info gives a top-down BMP's height negative, as its header has it.
  if (h < 0 && h != INT_MIN && image_file_format(bytes) == "bmp") h = -h;
  if (auto p = image_size_problem(static_cast<uint64_t>(w < 0 ? 0 : w), static_cast<uint64_t>(h < 0 ? 0 : h)))
    throw Error(describe_error(where, "", std::nullopt, *p));
  if (std::string shortfall = uncompressed_shortfall(bytes, image_file_format(bytes)); !shortfall.empty())
    throw Error(describe_error(where, "", std::nullopt, shortfall));
  if (std::optional<Image> fast = decode_bmp24(bytes)) return std::move(*fast);
  int w2 = 0, h2 = 0;
  unsigned char* px = stbi_load_from_memory(bytes.data(), len, &w2, &h2, &comp, 4);
  if (!px) {
    const char* why = stbi_failure_reason();
    throw Error(describe_error(where, "", std::nullopt,
                               std::string("image file is damaged (") + (why ? why : "decoding failed") + ")"));
  }
  Image img;
  img.width = static_cast<uint32_t>(w2);
  img.height = static_cast<uint32_t>(h2);
  const size_t n = size_t{img.width} * img.height * 4;
  img.rgba.assign(px, px + n);
  stbi_image_free(px);
  return img;
}

namespace {

void put_be32(std::vector<uint8_t>& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<uint8_t>(v >> shift));
}

// A PNG chunk: length, type, data, and the CRC-32 of type and data (zlib's).
void put_chunk(std::vector<uint8_t>& out, const char (&type)[5], const uint8_t* data, size_t size) {
  put_be32(out, static_cast<uint32_t>(size));
  const size_t start = out.size();
  out.insert(out.end(), type, type + 4);
  if (size != 0) out.insert(out.end(), data, data + size);
  put_be32(out, static_cast<uint32_t>(crc32_z(0, out.data() + start, size + 4)));
}

}  // namespace

// The PNG file format (ISO/IEC 15948): the signature, IHDR (8-bit RGBA, no
// interlace), one IDAT holding the zlib stream of the filtered rows, IEND.
// Each row is filtered by one fixed rule, Up (the byte above subtracted; the
// first row: Sub, the byte to the left): a subtraction per byte the compiler
// vectorises, where choosing the best of five filters per row (as
// stb_image_write does) cost a fifth of a textured export. zlib deflates at
// its fastest level.
std::vector<uint8_t> encode_png(const Image& image) {
  if (image_size_problem(image.width, image.height) ||
      image.rgba.size() != size_t{image.width} * image.height * 4)
    throw Error("encode_png: the image's pixels do not match its size of " + std::to_string(image.width) + " x " +
                std::to_string(image.height));
  const size_t row = size_t{image.width} * 4;
  std::vector<uint8_t> filtered((row + 1) * image.height);
  for (size_t y = 0; y < image.height; ++y) {
    const uint8_t* src = image.rgba.data() + y * row;
    uint8_t* dst = filtered.data() + y * (row + 1);
    if (y == 0) {
      dst[0] = 1;  // Sub
      for (size_t i = 0; i < row; ++i) dst[1 + i] = static_cast<uint8_t>(src[i] - (i >= 4 ? src[i - 4] : 0));
    } else {
      dst[0] = 2;  // Up
      const uint8_t* above = src - row;
      for (size_t i = 0; i < row; ++i) dst[1 + i] = static_cast<uint8_t>(src[i] - above[i]);
    }
  }
  if (filtered.size() > std::numeric_limits<uLong>::max() / 2)
    throw Error("encode_png: the image is too large for zlib");
  uLongf size = compressBound(static_cast<uLong>(filtered.size()));
  std::vector<uint8_t> idat(size);
  if (compress2(idat.data(), &size, filtered.data(), static_cast<uLong>(filtered.size()), Z_BEST_SPEED) != Z_OK ||
      size > 0x7FFFFFFFu)
    throw Error("encode_png: zlib could not compress the image");
  std::vector<uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  out.reserve(8 + 25 + 12 + size + 12);
  std::vector<uint8_t> ihdr;
  put_be32(ihdr, image.width);
  put_be32(ihdr, image.height);
  for (uint8_t b : {8, 6, 0, 0, 0}) ihdr.push_back(b);  // depth 8, RGBA, deflate, adaptive filters, no interlace
  put_chunk(out, "IHDR", ihdr.data(), ihdr.size());
  put_chunk(out, "IDAT", idat.data(), size);
  put_chunk(out, "IEND", nullptr, 0);
  return out;
}

}  // namespace retroanim::io
