// AC images decoded to RGBA (retroanim/ac/object/render_surface_image.h).
#include "retroanim/ac/object/render_surface_image.h"

#include <cstring>

#include "retroanim/error.h"

namespace retroanim::ac {

namespace {

using retroanim::io::Image;

[[noreturn]] void fail(const std::string& where, const std::string& what) { throw Error(where + ": " + what); }

uint8_t widen5(uint32_t v) { return static_cast<uint8_t>((v << 3) | (v >> 2)); }
uint8_t widen6(uint32_t v) { return static_cast<uint8_t>((v << 2) | (v >> 4)); }
uint8_t widen4(uint32_t v) { return static_cast<uint8_t>(v * 17); }

enum class Dxt { kNone, kDxt1, kDxt3, kDxt5 };

Dxt dxt_kind(uint32_t format) {
  switch (format) {
    case pixel_format::kDxt1: return Dxt::kDxt1;
    case pixel_format::kDxt2:
    case pixel_format::kDxt3: return Dxt::kDxt3;
    case pixel_format::kDxt4:
    case pixel_format::kDxt5: return Dxt::kDxt5;
    default: return Dxt::kNone;
  }
}

// One DXT colour block (8 bytes) into 16 RGBA texels, alpha left to the
// caller for DXT3 and DXT5: the two RGB565 end points widened by bit
// replication, the two middle colours at thirds (integer division), or for
// DXT1 with c0 <= c1 the half-way colour and transparent black.
void decode_color_block(const uint8_t* b, bool dxt1, uint8_t out[64]) {
  uint8_t codes[16];
  const uint32_t c0 = b[0] | uint32_t{b[1]} << 8, c1 = b[2] | uint32_t{b[3]} << 8;
  for (int e = 0; e < 2; ++e) {
    const uint32_t v = e == 0 ? c0 : c1;
    codes[e * 4 + 0] = static_cast<uint8_t>(((v >> 11) & 0x1F) << 3 | ((v >> 11) & 0x1F) >> 2);
    codes[e * 4 + 1] = static_cast<uint8_t>(((v >> 5) & 0x3F) << 2 | ((v >> 5) & 0x3F) >> 4);
    codes[e * 4 + 2] = static_cast<uint8_t>((v & 0x1F) << 3 | (v & 0x1F) >> 2);
    codes[e * 4 + 3] = 255;
  }
  const bool three = dxt1 && c0 <= c1;
  for (int i = 0; i < 3; ++i) {
    const int c = codes[i], d = codes[4 + i];
    codes[8 + i] = static_cast<uint8_t>(three ? (c + d) / 2 : (2 * c + d) / 3);
    codes[12 + i] = static_cast<uint8_t>(three ? 0 : (c + 2 * d) / 3);
  }
  codes[11] = 255;
  codes[15] = three ? 0 : 255;
  for (int i = 0; i < 16; ++i) {
    const int index = (b[4 + i / 4] >> (2 * (i % 4))) & 3;
    std::memcpy(out + i * 4, codes + index * 4, 4);
  }
}

// DXT3's explicit alpha: 4 bits a texel, widened by replication.
void decode_alpha_dxt3(const uint8_t* b, uint8_t out[64]) {
  for (int i = 0; i < 8; ++i) {
    const uint8_t lo = b[i] & 0x0F, hi = b[i] & 0xF0;
    out[8 * i + 3] = static_cast<uint8_t>(lo | lo << 4);
    out[8 * i + 7] = static_cast<uint8_t>(hi | hi >> 4);
  }
}

// DXT5's interpolated alpha: two end points and 3-bit indices; between them
// six values at sevenths (a0 > a1) or four at fifths plus 0 and 255.
void decode_alpha_dxt5(const uint8_t* b, uint8_t out[64]) {
  uint8_t codes[8];
  const int a0 = b[0], a1 = b[1];
  codes[0] = static_cast<uint8_t>(a0);
  codes[1] = static_cast<uint8_t>(a1);
  if (a0 <= a1) {
    for (int i = 1; i < 5; ++i) codes[1 + i] = static_cast<uint8_t>(((5 - i) * a0 + i * a1) / 5);
    codes[6] = 0;
    codes[7] = 255;
  } else {
    for (int i = 1; i < 7; ++i) codes[1 + i] = static_cast<uint8_t>(((7 - i) * a0 + i * a1) / 7);
  }
  for (int half = 0; half < 2; ++half) {
    const uint8_t* s = b + 2 + half * 3;
    const uint32_t v = s[0] | uint32_t{s[1]} << 8 | uint32_t{s[2]} << 16;
    for (int j = 0; j < 8; ++j) out[(half * 8 + j) * 4 + 3] = codes[(v >> (3 * j)) & 7];
  }
}

void put(Image& img, size_t i, uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
  uint8_t* p = &img.rgba[i * 4];
  p[0] = r;
  p[1] = g;
  p[2] = b;
  p[3] = a;
}

void put_argb(Image& img, size_t i, uint32_t argb) {
  put(img, i, static_cast<uint8_t>(argb >> 16), static_cast<uint8_t>(argb >> 8), static_cast<uint8_t>(argb),
      static_cast<uint8_t>(argb >> 24));
}

}  // namespace

// (retroanim's own) The formats ImgTex::CopyIntoData and Direct3D give the client as pixels.
bool render_surface_format_decodable(uint32_t format) {
  using namespace pixel_format;
  switch (format) {
    case kA8R8G8B8: case kX8R8G8B8: case kR8G8B8: case kCustomLscapeR8G8B8: case 242: case kR5G6B5:
    case kX1R5G5B5: case kA1R5G5B5: case kA4R4G4B4: case kA8: case kCustomLscapeAlpha: case kP8: case kIndex16:
    case kDxt1: case kDxt2: case kDxt3: case kDxt4: case kDxt5: case kCustomRawJpeg:
      return true;
    default:
      return false;
  }
}

// ImgTex::CopyIntoData (0x53EC60) and the Direct3D format conversion behind it, to RGBA.
Image decode_render_surface(const RenderSurface& s, const std::vector<uint32_t>* palette, bool clipmap,
                            const std::string& where) {
  using namespace pixel_format;
  if (!render_surface_format_decodable(s.format)) {
    const char* name = pixel_format_name(s.format);
    fail(where, std::string("pixel format ") + (name[0] ? name : std::to_string(s.format).c_str()) +
                    " is not decoded");
  }
  if (s.format == kCustomRawJpeg) return retroanim::io::decode_image(s.data, where);
  if (auto problem = retroanim::io::image_size_problem(s.width, s.height)) fail(where, *problem);
  const uint64_t pixels = uint64_t{s.width} * s.height;
  const Dxt dxt = dxt_kind(s.format);
  const uint64_t need = dxt != Dxt::kNone ? uint64_t{(s.width + 3) / 4} * ((s.height + 3) / 4) * (dxt == Dxt::kDxt1 ? 8 : 16)
                                          : (pixels * pixel_format_desc(s.format).bits_per_pixel) / 8;
  if (s.data.size() < need) {
    fail(where, "holds " + std::to_string(s.data.size()) + " pixel bytes, a " + std::to_string(s.width) + "x" +
                    std::to_string(s.height) + " " + pixel_format_name(s.format) + " image needs " +
                    std::to_string(need));
  }
  const bool indexed = pixel_format_has_palette(s.format);
  if (indexed && (palette == nullptr || palette->empty())) fail(where, "an indexed image without its palette");
  Image img;
  img.width = s.width;
  img.height = s.height;
  img.rgba.resize(pixels * 4);
  const uint8_t* d = s.data.data();
  if (dxt != Dxt::kNone) {
    // Block by block, writing only the texels inside the image.
    const uint32_t bw = (s.width + 3) / 4, bh = (s.height + 3) / 4;
    const size_t block_bytes = dxt == Dxt::kDxt1 ? 8 : 16;
    uint8_t block_rgba[64];
    for (uint32_t by = 0; by < bh; ++by) {
      for (uint32_t bx = 0; bx < bw; ++bx) {
        const uint8_t* block = d + (size_t{by} * bw + bx) * block_bytes;
        decode_color_block(dxt == Dxt::kDxt1 ? block : block + 8, dxt == Dxt::kDxt1, block_rgba);
        if (dxt == Dxt::kDxt3) decode_alpha_dxt3(block, block_rgba);
        if (dxt == Dxt::kDxt5) decode_alpha_dxt5(block, block_rgba);
        for (uint32_t py = 0; py < 4; ++py) {
          for (uint32_t px = 0; px < 4; ++px) {
            const uint32_t x = bx * 4 + px, y = by * 4 + py;
            if (x < s.width && y < s.height) {
              std::memcpy(&img.rgba[(size_t{y} * s.width + x) * 4], &block_rgba[(py * 4 + px) * 4], 4);
            }
          }
        }
      }
    }
    return img;
  }
  for (size_t i = 0; i < pixels; ++i) {
    switch (s.format) {
      case kA8R8G8B8:
        put(img, i, d[i * 4 + 2], d[i * 4 + 1], d[i * 4], d[i * 4 + 3]);
        break;
      case kX8R8G8B8:
        put(img, i, d[i * 4 + 2], d[i * 4 + 1], d[i * 4], 255);
        break;
      case kR8G8B8:
      case kCustomLscapeR8G8B8:
        put(img, i, d[i * 3 + 2], d[i * 3 + 1], d[i * 3], 255);
        break;
      case 242:  // CUSTOM_B8G8R8: red in the low byte
        put(img, i, d[i * 3], d[i * 3 + 1], d[i * 3 + 2], 255);
        break;
      case kR5G6B5: {
        const uint32_t v = d[i * 2] | uint32_t{d[i * 2 + 1]} << 8;
        put(img, i, widen5(v >> 11), widen6((v >> 5) & 0x3F), widen5(v & 0x1F), 255);
        break;
      }
      case kX1R5G5B5:
      case kA1R5G5B5: {
        const uint32_t v = d[i * 2] | uint32_t{d[i * 2 + 1]} << 8;
        const uint8_t a = s.format == kX1R5G5B5 || (v & 0x8000) != 0 ? 255 : 0;
        put(img, i, widen5((v >> 10) & 0x1F), widen5((v >> 5) & 0x1F), widen5(v & 0x1F), a);
        break;
      }
      case kA4R4G4B4: {
        const uint32_t v = d[i * 2] | uint32_t{d[i * 2 + 1]} << 8;
        put(img, i, widen4((v >> 8) & 0xF), widen4((v >> 4) & 0xF), widen4(v & 0xF), widen4(v >> 12));
        break;
      }
      case kA8:
      case kCustomLscapeAlpha:
        put(img, i, 0, 0, 0, d[i]);
        break;
      case kP8:
      case kIndex16: {
        // ImgTex::CopyIntoData (0x53EC60): clipmap indices below 8 are 0 (transparent black).
        const uint32_t k = s.format == kP8 ? d[i] : (d[i * 2] | uint32_t{d[i * 2 + 1]} << 8);
        if (clipmap && k < 8) {
          put(img, i, 0, 0, 0, 0);
        } else {
          if (k >= palette->size()) {
            fail(where, "pixel " + std::to_string(i) + " indexes colour " + std::to_string(k) + " of a " +
                            std::to_string(palette->size()) + "-colour palette");
          }
          put_argb(img, i, (*palette)[k]);
        }
        break;
      }
      default:
        break;
    }
  }
  return img;
}

}  // namespace retroanim::ac
