// ac/object/render_surface_image.cpp: each pixel format decoded from images built here
// with known pixels (harness/ac/gfx_samples.h encodes them as the client
// stores them): exact for the uncompressed formats (the expected value is the
// quantised channel widened by bit replication), exact for DXT blocks built
// by hand on their endpoint colours, within a stated tolerance for JPEG;
// palettes, clipmaps, and the size checks before any pixel is allocated;
// the DXT decoder bit for bit against libsquish's on random blocks.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "harness/ac/gfx_samples.h"
#include "retroanim/ac/object/render_surface_image.h"
#include "retroanim/error.h"

#define STBIW_NO_STDIO
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>
#if RETROANIM_TEST_HAVE_SQUISH
#include <squish.h>
#endif

using namespace retroanim;
using namespace retroanim::ac;
using retroanim::io::Image;

namespace {

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

uint8_t q(uint8_t v, int bits) {
  const uint32_t t = v >> (8 - bits);
  if (bits == 4) return static_cast<uint8_t>(t * 17);
  if (bits == 5) return static_cast<uint8_t>((t << 3) | (t >> 2));
  return static_cast<uint8_t>((t << 2) | (t >> 4));
}

// The picture as a format keeps it.
Image expected(const Image& in, uint32_t format) {
  Image out = in;
  for (size_t i = 0; i < out.rgba.size(); i += 4) {
    uint8_t* p = &out.rgba[i];
    switch (format) {
      case pixel_format::kR8G8B8: p[3] = 255; break;
      case pixel_format::kR5G6B5: p[0] = q(p[0], 5); p[1] = q(p[1], 6); p[2] = q(p[2], 5); p[3] = 255; break;
      case pixel_format::kA4R4G4B4: for (int c = 0; c < 4; ++c) p[c] = q(p[c], 4); break;
      case pixel_format::kA8: p[0] = p[1] = p[2] = 0; break;
      default: break;
    }
  }
  return out;
}

RenderSurface dxt_surface(uint32_t format, uint32_t w, uint32_t h, std::vector<uint8_t> data) {
  RenderSurface s;
  s.width = w;
  s.height = h;
  s.format = format;
  s.data = std::move(data);
  return s;
}

// A DXT1 colour block: endpoints c0, c1 (R5G6B5) and 2-bit indices, pixel 0 in the low bits.
std::vector<uint8_t> dxt1_block(uint16_t c0, uint16_t c1, uint32_t indices) {
  return {static_cast<uint8_t>(c0), static_cast<uint8_t>(c0 >> 8), static_cast<uint8_t>(c1), static_cast<uint8_t>(c1 >> 8),
          static_cast<uint8_t>(indices), static_cast<uint8_t>(indices >> 8), static_cast<uint8_t>(indices >> 16),
          static_cast<uint8_t>(indices >> 24)};
}

const uint8_t* px(const Image& img, uint32_t x, uint32_t y) { return &img.rgba[(size_t{y} * img.width + x) * 4]; }

}  // namespace

TEST(AcTexture, UncompressedFormatsDecodeTheirKnownPixels) {
  const Image picture = samples::test_picture(6, 4);  // 6 wide: the alpha ramp has 6 values
  for (uint32_t f : {pixel_format::kA8R8G8B8, pixel_format::kR8G8B8, pixel_format::kR5G6B5, pixel_format::kA4R4G4B4,
                     pixel_format::kA8}) {
    const RenderSurface s = samples::render_surface(0x06000001, picture, f);
    const Image got = ac::decode_render_surface(s, nullptr, false, "t");
    EXPECT_EQ(got.width, 6u);
    EXPECT_EQ(got.height, 4u);
    EXPECT_EQ(got.rgba, expected(picture, f).rgba) << pixel_format_name(f);
  }
}

TEST(AcTexture, ChannelWideningIsBitReplication) {
  RenderSurface s;
  s.width = 2;
  s.height = 1;
  s.format = pixel_format::kR5G6B5;
  s.data = {0x41, 0x08, 0xFF, 0xFF};  // r = 1, g = 2, b = 1; then white
  Image img = ac::decode_render_surface(s, nullptr, false, "t");
  EXPECT_EQ((std::vector<uint8_t>(img.rgba.begin(), img.rgba.begin() + 4)), (std::vector<uint8_t>{8, 8, 8, 255}));
  EXPECT_EQ(px(img, 1, 0)[0], 255);
  s.format = pixel_format::kA4R4G4B4;
  s.data = {0x21, 0x43, 0x00, 0xF0};  // a = 4, r = 3, g = 2, b = 1; then black opaque
  img = ac::decode_render_surface(s, nullptr, false, "t");
  EXPECT_EQ((std::vector<uint8_t>(img.rgba.begin(), img.rgba.begin() + 4)), (std::vector<uint8_t>{51, 34, 17, 68}));
  EXPECT_EQ(px(img, 1, 0)[3], 255);
}

TEST(AcTexture, IndexedFormatsLookUpThePalette) {
  const std::vector<uint32_t> pal = {0xFFFF0000u, 0xFF00FF00u, 0xFF0000FFu, 0xFFFFFFFFu};
  const Image picture = samples::test_picture(4, 4, true);
  for (uint32_t f : {pixel_format::kP8, pixel_format::kIndex16}) {
    const RenderSurface s = samples::render_surface(0x06000001, picture, f, 0x04000001, pal);
    EXPECT_EQ(ac::decode_render_surface(s, &pal, false, "t").rgba, picture.rgba) << f;
    // Clipmap: indices below 8 are transparent black.
    const Image clip = ac::decode_render_surface(s, &pal, true, "t");
    for (size_t i = 0; i < clip.rgba.size(); ++i) ASSERT_EQ(clip.rgba[i], 0);
    // Without the palette, or with a shorter one: refused.
    EXPECT_NE(error_of([&] { ac::decode_render_surface(s, nullptr, false, "t"); }).find("without its palette"),
              std::string::npos);
    const std::vector<uint32_t> short_pal = {pal[0], pal[1]};
    EXPECT_NE(error_of([&] { ac::decode_render_surface(s, &short_pal, false, "t"); })
                  .find("indexes colour 2 of a 2-colour palette"),
              std::string::npos);
  }
}

TEST(AcTexture, Dxt1BlocksDecodeTheirEndpoints) {
  // c0 = red, c1 = blue (c0 > c1: four-colour mode). Pixels 0..3 take indices 0, 1, 2, 3.
  auto block = dxt1_block(0xF800, 0x001F, 0b11100100);
  RenderSurface s = dxt_surface(pixel_format::kDxt1, 4, 4, block);
  Image img = ac::decode_render_surface(s, nullptr, false, "t");
  EXPECT_EQ((std::vector<uint8_t>(px(img, 0, 0), px(img, 0, 0) + 4)), (std::vector<uint8_t>{255, 0, 0, 255}));
  EXPECT_EQ((std::vector<uint8_t>(px(img, 1, 0), px(img, 1, 0) + 4)), (std::vector<uint8_t>{0, 0, 255, 255}));
  // Index 2 = 2/3 c0 + 1/3 c1 (within 1 of 170 and 85: decoders round differently).
  EXPECT_NEAR(px(img, 2, 0)[0], 170, 1);
  EXPECT_NEAR(px(img, 2, 0)[2], 85, 1);
  EXPECT_NEAR(px(img, 3, 0)[0], 85, 1);
  // c0 <= c1: three colours and transparent black at index 3.
  s.data = dxt1_block(0x001F, 0xF800, 0b11);
  img = ac::decode_render_surface(s, nullptr, false, "t");
  EXPECT_EQ((std::vector<uint8_t>(px(img, 0, 0), px(img, 0, 0) + 4)), (std::vector<uint8_t>{0, 0, 0, 0}));
  EXPECT_EQ(px(img, 1, 0)[2], 255);
}

TEST(AcTexture, Dxt3AndDxt5CarryTheirAlpha) {
  // DXT3: 4-bit explicit alpha (pixel 0 = 0x3 -> 51, pixel 1 = 0xF), then a DXT1 colour block of green.
  std::vector<uint8_t> b3 = {0xF3, 0, 0, 0, 0, 0, 0, 0};
  auto c = dxt1_block(0x07E0, 0x0000, 0);
  b3.insert(b3.end(), c.begin(), c.end());
  Image img = ac::decode_render_surface(dxt_surface(pixel_format::kDxt3, 4, 4, b3), nullptr, false, "t");
  EXPECT_EQ((std::vector<uint8_t>(px(img, 0, 0), px(img, 0, 0) + 4)), (std::vector<uint8_t>{0, 255, 0, 51}));
  EXPECT_EQ(px(img, 1, 0)[3], 255);
  // DXT5: alpha endpoints 200 and 40, indices 0 (200) for pixel 0 and 1 (40) for pixel 1.
  std::vector<uint8_t> b5 = {200, 40, 0b001000, 0, 0, 0, 0, 0};
  b5.insert(b5.end(), c.begin(), c.end());
  img = ac::decode_render_surface(dxt_surface(pixel_format::kDxt5, 4, 4, b5), nullptr, false, "t");
  EXPECT_EQ(px(img, 0, 0)[3], 200);
  EXPECT_EQ(px(img, 1, 0)[3], 40);
  EXPECT_EQ(px(img, 2, 0)[3], 200);
}

TEST(AcTexture, DxtOfAnOddSizeCoversPartialBlocks) {
  // 6 x 5 pixels: 2 x 2 blocks; each block a solid colour.
  std::vector<uint8_t> data;
  for (uint16_t col : {0xF800, 0x07E0, 0x001F, 0xFFFF}) {
    auto b = dxt1_block(col, 0, 0);
    data.insert(data.end(), b.begin(), b.end());
  }
  const Image img = ac::decode_render_surface(dxt_surface(pixel_format::kDxt1, 6, 5, data), nullptr, false, "t");
  EXPECT_EQ(img.rgba.size(), 6u * 5 * 4);
  EXPECT_EQ(px(img, 5, 0)[1], 255);  // second block: green
  EXPECT_EQ(px(img, 0, 4)[2], 255);  // third: blue
  EXPECT_EQ(px(img, 5, 4)[0], 255);  // fourth: white
  data.pop_back();
  EXPECT_NE(error_of([&] { ac::decode_render_surface(dxt_surface(pixel_format::kDxt1, 6, 5, data), nullptr, false,
                                                       "x.dat: RenderSurface 0x06000001"); }),
            "");
}

TEST(AcTexture, JpegDecodesWithinItsLoss) {
  const Image picture = samples::test_picture(16, 16, true);
  std::vector<uint8_t> jpeg;
  stbi_write_jpg_to_func(
      [](void* ctx, void* data, int size) {
        auto* out = static_cast<std::vector<uint8_t>*>(ctx);
        out->insert(out->end(), static_cast<uint8_t*>(data), static_cast<uint8_t*>(data) + size);
      },
      &jpeg, 16, 16, 4, picture.rgba.data(), 100);
  ASSERT_FALSE(jpeg.empty());
  RenderSurface s;
  s.width = 16;
  s.height = 16;
  s.format = pixel_format::kCustomRawJpeg;
  s.data = jpeg;
  const Image img = ac::decode_render_surface(s, nullptr, false, "t");
  ASSERT_EQ(img.width, 16u);
  ASSERT_EQ(img.height, 16u);
  // Quality 100 on 8x8-aligned flat quadrants: chroma subsampling and rounding
  // leave at most a few levels of error; 12 allows for stb's colour conversion.
  int worst = 0;
  for (size_t i = 0; i < img.rgba.size(); ++i) worst = std::max(worst, std::abs(img.rgba[i] - picture.rgba[i]));
  EXPECT_LE(worst, 12);
}

TEST(AcTexture, SizesAreCheckedBeforeAllocating) {
  RenderSurface s;
  s.width = 70000;
  s.height = 2;
  s.format = pixel_format::kA8;
  EXPECT_NE(error_of([&] { ac::decode_render_surface(s, nullptr, false, "r.dat: RenderSurface 0x06000001"); })
                .rfind("r.dat: RenderSurface 0x06000001: ", 0),
            std::string::npos);
  s.width = 4;
  s.height = 4;
  s.data.resize(15);
  EXPECT_EQ(error_of([&] { ac::decode_render_surface(s, nullptr, false, "w"); }),
            "w: holds 15 pixel bytes, a 4x4 A8 image needs 16");
  s.format = 12345;
  EXPECT_EQ(error_of([&] { ac::decode_render_surface(s, nullptr, false, "w"); }),
            "w: pixel format 12345 is not decoded");
}

// libsquish (Debian's libsquish 1.15) as the oracle: every texel of 20,000
// random blocks of each DXT kind, both DXT1 modes (c0 > c1 and c0 <= c1) and
// both DXT5 alpha modes included, equals what squish::Decompress gives.
TEST(AcTexture, DxtBlocksEqualLibsquishBitForBit) {
#if !RETROANIM_TEST_HAVE_SQUISH
  GTEST_SKIP() << "built without libsquish (Debian libsquish-dev): the oracle is missing";
#else
  std::mt19937 rng(29);
  struct Kind { uint32_t format; int flags; size_t bytes; };
  for (const Kind k : {Kind{pixel_format::kDxt1, squish::kDxt1, 8}, Kind{pixel_format::kDxt3, squish::kDxt3, 16},
                       Kind{pixel_format::kDxt5, squish::kDxt5, 16}}) {
    for (int n = 0; n < 20000; ++n) {
      std::vector<uint8_t> block(k.bytes);
      for (auto& b : block) b = static_cast<uint8_t>(rng());
      uint8_t want[64];
      squish::Decompress(want, block.data(), k.flags);
      const Image got = ac::decode_render_surface(dxt_surface(k.format, 4, 4, block), nullptr, false, "t");
      ASSERT_EQ(got.rgba, std::vector<uint8_t>(want, want + 64)) << "format " << k.format << " block " << n;
    }
  }
#endif
}
