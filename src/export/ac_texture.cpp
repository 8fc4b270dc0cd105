// AC images decoded to RGBA (src/export/ac_texture.h).
#include "export/ac_texture.h"

#include <squish.h>

#include <cstring>

#include "retroanim/error.h"

namespace retroanim::gltf {

namespace {

using retroanim::io::Image;

[[noreturn]] void fail(const std::string& where, const std::string& what) { throw Error(where + ": " + what); }

uint8_t widen5(uint32_t v) { return static_cast<uint8_t>((v << 3) | (v >> 2)); }
uint8_t widen6(uint32_t v) { return static_cast<uint8_t>((v << 2) | (v >> 4)); }
uint8_t widen4(uint32_t v) { return static_cast<uint8_t>(v * 17); }

int squish_flags(uint32_t format) {
  switch (format) {
    case ac::pixel_format::kDxt1: return squish::kDxt1;
    case ac::pixel_format::kDxt2:
    case ac::pixel_format::kDxt3: return squish::kDxt3;
    case ac::pixel_format::kDxt4:
    case ac::pixel_format::kDxt5: return squish::kDxt5;
    default: return 0;
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

bool ac_format_decodable(uint32_t format) {
  using namespace ac::pixel_format;
  switch (format) {
    case kA8R8G8B8: case kX8R8G8B8: case kR8G8B8: case kCustomLscapeR8G8B8: case 242: case kR5G6B5:
    case kX1R5G5B5: case kA1R5G5B5: case kA4R4G4B4: case kA8: case kCustomLscapeAlpha: case kP8: case kIndex16:
    case kDxt1: case kDxt2: case kDxt3: case kDxt4: case kDxt5: case kCustomRawJpeg:
      return true;
    default:
      return false;
  }
}

Image decode_render_surface(const ac::RenderSurface& s, const std::vector<uint32_t>* palette, bool clipmap,
                            const std::string& where) {
  using namespace ac::pixel_format;
  if (!ac_format_decodable(s.format)) {
    const char* name = ac::pixel_format_name(s.format);
    fail(where, std::string("pixel format ") + (name[0] ? name : std::to_string(s.format).c_str()) +
                    " is not decoded");
  }
  if (s.format == kCustomRawJpeg) return retroanim::io::decode_image(s.data, where);
  if (auto problem = retroanim::io::image_size_problem(s.width, s.height)) fail(where, *problem);
  const uint64_t pixels = uint64_t{s.width} * s.height;
  const int dxt = squish_flags(s.format);
  const uint64_t need = dxt != 0 ? uint64_t{(s.width + 3) / 4} * ((s.height + 3) / 4) * (dxt == squish::kDxt1 ? 8 : 16)
                                 : (pixels * ac::pixel_format_desc(s.format).bits_per_pixel) / 8;
  if (s.data.size() < need) {
    fail(where, "holds " + std::to_string(s.data.size()) + " pixel bytes, a " + std::to_string(s.width) + "x" +
                    std::to_string(s.height) + " " + ac::pixel_format_name(s.format) + " image needs " +
                    std::to_string(need));
  }
  const bool indexed = ac::pixel_format_has_palette(s.format);
  if (indexed && (palette == nullptr || palette->empty())) fail(where, "an indexed image without its palette");
  Image img;
  img.width = s.width;
  img.height = s.height;
  img.rgba.resize(pixels * 4);
  const uint8_t* d = s.data.data();
  if (dxt != 0) {
    // Block by block (libsquish's DecompressImage writes only inside the image).
    const uint32_t bw = (s.width + 3) / 4, bh = (s.height + 3) / 4;
    const size_t block_bytes = dxt == squish::kDxt1 ? 8 : 16;
    uint8_t block_rgba[64];
    for (uint32_t by = 0; by < bh; ++by) {
      for (uint32_t bx = 0; bx < bw; ++bx) {
        squish::Decompress(block_rgba, d + (size_t{by} * bw + bx) * block_bytes, dxt);
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

}  // namespace retroanim::gltf
