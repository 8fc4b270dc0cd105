// ac/io/render_surface_io.cpp: RenderSurface unpack and pack: the field
// order, the palette id of indexed formats, the client's size rule
// (w * h * bpp / 8 for uncompressed formats, any size for JPEG), an image
// claiming more pixels than it holds refused before its bytes are copied.
#include <gtest/gtest.h>

#include "harness/ac/gfx_samples.h"
#include "retroanim/ac/io/render_surface_io.h"
#include "retroanim/error.h"
#include "retroanim/io/byte_writer.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;

namespace {

std::vector<uint8_t> header(uint32_t w, uint32_t h, uint32_t format, uint32_t size) {
  retroanim::io::ByteWriter b;
  b.u32(0x06000001);
  b.u32(5);  // data category
  b.u32(w);
  b.u32(h);
  b.u32(format);
  b.u32(size);
  return b.take();
}

std::string error_of(const std::vector<uint8_t>& bytes) {
  try {
    unpack_render_surface(bytes, "r.dat", "RenderSurface 0x06000001");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(RenderSurfaceIo, FieldOrderAndPaletteId) {
  auto bytes = header(2, 1, pixel_format::kP8, 2);
  bytes.insert(bytes.end(), {7, 9});
  retroanim::io::ByteWriter tail;
  tail.u32(0x04000003);
  bytes.insert(bytes.end(), tail.bytes().begin(), tail.bytes().end());
  const RenderSurface s = unpack_render_surface(bytes);
  EXPECT_EQ(s.data_category, 5u);
  EXPECT_EQ(s.width, 2u);
  EXPECT_EQ(s.format, pixel_format::kP8);
  EXPECT_EQ(s.data, (std::vector<uint8_t>{7, 9}));
  EXPECT_EQ(s.palette_id, 0x04000003u);
  EXPECT_EQ(pack_render_surface(s), bytes);
}

TEST(RenderSurfaceIo, EveryEncodedFormatRoundTrips) {
  const retroanim::io::Image img = samples::test_picture(4, 4);
  const std::vector<uint32_t> pal = {0xFFFF0000u, 0xFF00FF00u, 0xFF0000FFu, 0xFFFFFFFFu};
  for (uint32_t f : {pixel_format::kA8R8G8B8, pixel_format::kR8G8B8, pixel_format::kR5G6B5, pixel_format::kA4R4G4B4,
                     pixel_format::kA8}) {
    const RenderSurface s = samples::render_surface(0x06000002, img, f);
    EXPECT_EQ(s.data.size(), 16u * pixel_format_desc(f).bits_per_pixel / 8) << f;
    const auto bytes = pack_render_surface(s);
    EXPECT_EQ(pack_render_surface(unpack_render_surface(bytes)), bytes) << f;
  }
  for (uint32_t f : {pixel_format::kP8, pixel_format::kIndex16}) {
    const RenderSurface s = samples::render_surface(0x06000002, samples::test_picture(4, 4, true), f, 0x04000001, pal);
    const auto bytes = pack_render_surface(s);
    EXPECT_EQ(unpack_render_surface(bytes).palette_id, 0x04000001u);
  }
}

TEST(RenderSurfaceIo, SizeMustMatchTheFormat) {
  auto bytes = header(4, 4, pixel_format::kA8R8G8B8, 63);
  bytes.resize(bytes.size() + 63);
  EXPECT_EQ(error_of(bytes),
            "r.dat: RenderSurface 0x06000001: at byte 20: image size 63 is not the 64 bytes of a 4x4 A8R8G8B8 image");
  // DXT1: 4 bits a pixel; DXT5: 8.
  bytes = header(8, 8, pixel_format::kDxt1, 32);
  bytes.resize(bytes.size() + 32);
  EXPECT_EQ(error_of(bytes), "");
  bytes = header(8, 8, pixel_format::kDxt5, 32);
  bytes.resize(bytes.size() + 32);
  EXPECT_NE(error_of(bytes).find("is not the 64 bytes"), std::string::npos);
  // An unknown format has 0 bits a pixel: only an empty image is accepted, as in the client.
  bytes = header(2, 2, 12345, 4);
  bytes.resize(bytes.size() + 4);
  EXPECT_NE(error_of(bytes).find("is not the 0 bytes of a 2x2 format 12345 image"), std::string::npos);
  // JPEG: any size.
  bytes = header(640, 480, pixel_format::kCustomRawJpeg, 3);
  bytes.insert(bytes.end(), {1, 2, 3});
  EXPECT_EQ(error_of(bytes), "");
}

TEST(RenderSurfaceIo, MorePixelsThanBytesIsRefusedBeforeCopying) {
  // 65535 x 65537 A8 pixels: exactly 0xFFFFFFFF bytes claimed, none present.
  const auto bytes = header(65535, 65537, pixel_format::kA8, 0xFFFFFFFFu);
  EXPECT_EQ(error_of(bytes), "r.dat: RenderSurface 0x06000001: at byte 24: truncated pixel data: needs 4294967295 "
                             "bytes, 0 left");
  // A size that wraps in the client's 32-bit arithmetic (65536 x 65536 x 32 bits = 0 mod 2^32) is refused.
  EXPECT_NE(error_of(header(65536, 65536, pixel_format::kA8R8G8B8, 0)).find("is not the 17179869184 bytes"),
            std::string::npos);
}
