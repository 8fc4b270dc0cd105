// retroanim::io images: the size check every reader runs before allocating,
// decoding of image files built here (BMP, TGA, PNG), PNG encoding, and
// damaged files refused with one line.
#include <gtest/gtest.h>

#include "retroanim/error.h"
#include "retroanim/io/image.h"

using namespace retroanim;

namespace {

void put16(std::vector<uint8_t>& b, uint32_t v) {
  b.push_back(v & 0xFF);
  b.push_back((v >> 8) & 0xFF);
}
void put32(std::vector<uint8_t>& b, uint32_t v) {
  put16(b, v & 0xFFFF);
  put16(b, v >> 16);
}

// A 24-bit bottom-up BMP of 2 x 2 pixels: top row red, green; bottom row blue, white.
std::vector<uint8_t> tiny_bmp(int32_t height = 2) {
  std::vector<uint8_t> b = {'B', 'M'};
  put32(b, 54 + 16);
  put32(b, 0);
  put32(b, 54);
  put32(b, 40);
  put32(b, 2);
  put32(b, static_cast<uint32_t>(height));
  put16(b, 1);
  put16(b, 24);
  put32(b, 0);
  put32(b, 16);
  put32(b, 2835);
  put32(b, 2835);
  put32(b, 0);
  put32(b, 0);
  // Bottom row first, BGR, rows padded to 4 bytes.
  for (uint8_t v : {255, 0, 0, 255, 255, 255, 0, 0}) b.push_back(v);
  for (uint8_t v : {0, 0, 255, 0, 255, 0, 0, 0}) b.push_back(v);
  return b;
}

// An uncompressed 32-bit top-down TGA of 1 x 2 pixels: half-transparent red over opaque blue.
std::vector<uint8_t> tiny_tga() {
  std::vector<uint8_t> b = {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  put16(b, 1);
  put16(b, 2);
  b.push_back(32);
  b.push_back(0x28);  // 8 alpha bits, top-left origin
  for (uint8_t v : {0, 0, 255, 128, 255, 0, 0, 255}) b.push_back(v);
  return b;
}

}  // namespace

TEST(Image, SizeCheckRefusesEmptyAndHugeImagesBeforeAllocating) {
  EXPECT_FALSE(io::image_size_problem(1, 1));
  EXPECT_FALSE(io::image_size_problem(4096, 4096));
  EXPECT_TRUE(io::image_size_problem(0, 16));
  auto p = io::image_size_problem(65536, 65536);
  ASSERT_TRUE(p);
  EXPECT_NE(p->find("65536 x 65536"), std::string::npos) << *p;
  EXPECT_TRUE(io::image_size_problem(16384, 16384));  // 2^28 pixels: over the pixel limit
}

TEST(Image, DecodesABmpWithItsRowsFromTheTop) {
  std::vector<uint8_t> bmp = tiny_bmp();
  EXPECT_EQ(io::image_file_format(bmp), "bmp");
  io::Image img = io::decode_image(bmp, "test.bmp");
  ASSERT_EQ(img.width, 2u);
  ASSERT_EQ(img.height, 2u);
  const std::vector<uint8_t> want = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
  EXPECT_EQ(img.rgba, want);
}

TEST(Image, DecodesATgaWithAlpha) {
  std::vector<uint8_t> tga = tiny_tga();
  EXPECT_EQ(io::image_file_format(tga), "tga");
  io::Image img = io::decode_image(tga, "test.tga");
  ASSERT_EQ(img.width, 1u);
  ASSERT_EQ(img.height, 2u);
  const std::vector<uint8_t> want = {255, 0, 0, 128, 0, 0, 255, 255};
  EXPECT_EQ(img.rgba, want);
}

TEST(Image, PngRoundTripKeepsEveryPixel) {
  io::Image img;
  img.width = 3;
  img.height = 2;
  for (int i = 0; i < 24; ++i) img.rgba.push_back(static_cast<uint8_t>(i * 10));
  std::vector<uint8_t> png = io::encode_png(img);
  EXPECT_EQ(io::image_file_format(png), "png");
  auto size = io::image_file_size(png);
  ASSERT_TRUE(size);
  EXPECT_EQ(size->first, 3u);
  io::Image back = io::decode_image(png, "round.png");
  EXPECT_EQ(back.width, 3u);
  EXPECT_EQ(back.rgba, img.rgba);
}

TEST(Image, DamagedAndHugeFilesGiveOneLine) {
  std::vector<uint8_t> junk = {1, 2, 3, 4, 5};
  try {
    io::decode_image(junk, "junk.bin");
    FAIL() << "no error";
  } catch (const Error& e) {
    std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos);
    EXPECT_EQ(m.rfind("junk.bin: ", 0), 0u) << m;
  }
  // A BMP header claiming 2 x 65536 rows: refused from its header.
  std::vector<uint8_t> tall = tiny_bmp(65536);
  EXPECT_THROW(io::decode_image(tall, "tall.bmp"), Error);
  // A truncated BMP.
  std::vector<uint8_t> cut = tiny_bmp();
  cut.resize(60);
  EXPECT_THROW(io::decode_image(cut, "cut.bmp"), Error);
  io::Image bad;
  bad.width = 2;
  bad.height = 2;
  EXPECT_THROW(io::encode_png(bad), Error);
}

// Debian's stb_image writes past its Huffman table when a JPEG's DHT counts
// sum to more than 256 (fuzz/crashes/image/jpeg-dht-counts-over-256): such a
// file is refused before stb_image sees it, with the table's byte offset.
TEST(Image, JpegHuffmanTableWithMoreThan256CodesIsRefused) {
  std::vector<uint8_t> jpeg = {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00};  // SOI, a short APP0
  const size_t dht = jpeg.size();
  jpeg.insert(jpeg.end(), {0xFF, 0xC4, 0x00, 0x00, 0x00});  // DHT, length set below, DC table 0
  const std::vector<uint8_t> counts = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 200, 100};  // 300 codes
  jpeg.insert(jpeg.end(), counts.begin(), counts.end());
  jpeg.insert(jpeg.end(), 300, 0x01);
  const size_t length = jpeg.size() - dht - 2;
  jpeg[dht + 2] = static_cast<uint8_t>(length >> 8);
  jpeg[dht + 3] = static_cast<uint8_t>(length & 0xFF);
  jpeg.insert(jpeg.end(), {0xFF, 0xD9});
  EXPECT_EQ(io::image_file_format(jpeg), "jpeg");
  EXPECT_FALSE(io::image_file_size(jpeg));
  try {
    io::decode_image(jpeg, "huff.jpg");
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos);
    EXPECT_EQ(m.rfind("huff.jpg: ", 0), 0u) << m;
    EXPECT_NE(m.find("Huffman table at byte " + std::to_string(dht + 4) + " declares 300 codes"), std::string::npos) << m;
  }
}

// stb_image itself, compiled here, as the oracle for the library's direct
// 24-bit BMP path (decode_image takes it for BI_RGB 24-bit files).
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wcast-qual"
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#pragma GCC diagnostic ignored "-Wuseless-cast"
#endif
#define STBI_NO_STDIO
#define STBI_ONLY_BMP
#define STBI_ONLY_PNG
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#include <random>

TEST(Image, Bmp24DecodesAsStbImageDoes) {
  std::mt19937 rng(20261203);
  for (int rep = 0; rep < 300; ++rep) {
    const uint32_t w = 1 + rng() % 67, h = 1 + rng() % 41;
    const bool top_down = rng() % 2 == 0;
    constexpr uint32_t kHeaders[] = {40, 56, 108, 124};
    const uint32_t header = kHeaders[rng() % 4];
    const uint32_t gap = rng() % 3 == 0 ? rng() % 9 : 0;  // bytes between the header and the pixels
    const uint32_t stride = (w * 3 + 3) / 4 * 4, offset = 14 + header + gap;
    std::vector<uint8_t> b = {'B', 'M'};
    put32(b, offset + stride * h);
    put32(b, 0);
    put32(b, offset);
    put32(b, header);
    put32(b, w);
    put32(b, top_down ? static_cast<uint32_t>(-static_cast<int32_t>(h)) : h);
    put16(b, 1);
    put16(b, 24);
    put32(b, 0);
    while (b.size() < offset) b.push_back(static_cast<uint8_t>(rng() % 4 == 0 ? rng() : 0));
    for (uint32_t i = 0; i < stride * h; ++i) b.push_back(static_cast<uint8_t>(rng()));
    int sw = 0, sh = 0, comp = 0;
    unsigned char* px = stbi_load_from_memory(b.data(), static_cast<int>(b.size()), &sw, &sh, &comp, 4);
    if (gap != 0) {  // stb_image wants the pixels right after the header: refused, by both
      EXPECT_EQ(px, nullptr) << "case " << rep;
      stbi_image_free(px);
      EXPECT_THROW(io::decode_image(b, "case.bmp"), Error) << "case " << rep;
      continue;
    }
    ASSERT_NE(px, nullptr) << "case " << rep << ": " << stbi_failure_reason();
    const io::Image img = io::decode_image(b, "case.bmp");
    ASSERT_EQ(img.width, static_cast<uint32_t>(sw)) << "case " << rep;
    ASSERT_EQ(img.height, static_cast<uint32_t>(sh)) << "case " << rep;
    const std::vector<uint8_t> want(px, px + size_t{img.width} * img.height * 4);
    stbi_image_free(px);
    ASSERT_EQ(img.rgba, want) << "case " << rep << ": " << w << " x " << h << (top_down ? " top-down" : "")
                              << ", header " << header << ", gap " << gap;
  }
}

#include <zlib.h>

// The PNG writer's file: the signature, IHDR (8-bit RGBA), IDAT, IEND, each
// chunk's CRC-32 that of its type and data, and the pixels back through
// stb_image, for sizes whose rows are not a multiple of anything.
TEST(Image, PngChunksAndPixels) {
  for (uint32_t w : {1u, 3u, 17u}) {
    io::Image img;
    img.width = w;
    img.height = 5;
    for (uint32_t i = 0; i < w * 5 * 4; ++i) img.rgba.push_back(static_cast<uint8_t>(i * 37 + (i >> 3)));
    const std::vector<uint8_t> png = io::encode_png(img);
    ASSERT_GE(png.size(), 8u + 25u + 12u + 12u);
    EXPECT_EQ(std::vector<uint8_t>(png.begin(), png.begin() + 8),
              (std::vector<uint8_t>{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}));
    auto be32 = [&](size_t o) {
      return uint32_t{png[o]} << 24 | uint32_t{png[o + 1]} << 16 | uint32_t{png[o + 2]} << 8 | png[o + 3];
    };
    std::vector<std::string> types;
    size_t pos = 8;
    while (pos + 12 <= png.size()) {
      const uint32_t len = be32(pos);
      ASSERT_LE(pos + 12 + len, png.size());
      types.emplace_back(reinterpret_cast<const char*>(&png[pos + 4]), 4);
      EXPECT_EQ(be32(pos + 8 + len), static_cast<uint32_t>(crc32_z(0, &png[pos + 4], len + 4))) << types.back();
      if (types.back() == "IHDR") {
        EXPECT_EQ(be32(pos + 8), w);
        EXPECT_EQ(be32(pos + 12), 5u);
        EXPECT_EQ(png[pos + 16], 8);  // bit depth
        EXPECT_EQ(png[pos + 17], 6);  // RGBA
      }
      pos += 12 + len;
    }
    EXPECT_EQ(pos, png.size());
    EXPECT_EQ(types, (std::vector<std::string>{"IHDR", "IDAT", "IEND"}));
    int sw = 0, sh = 0, comp = 0;
    unsigned char* px = stbi_load_from_memory(png.data(), static_cast<int>(png.size()), &sw, &sh, &comp, 4);
    ASSERT_NE(px, nullptr);
    EXPECT_EQ(std::vector<uint8_t>(px, px + img.rgba.size()), img.rgba);
    stbi_image_free(px);
  }
}
