// ck/io/texture_io.cpp and bitmap_data_io.cpp: CKTexture::Load and
// CKBitmapData::ReadFromChunk on hand-built chunks: a file-name-only slot (as
// every Ballance texture), raw channel planes, an embedded image file made at
// test time, the option block's three sizes, and the one-line errors of
// claimed sizes beyond the bytes.
#include <gtest/gtest.h>

#include "retroanim/ck/io/bitmap_data_io.h"
#include "retroanim/ck/io/texture_io.h"
#include "retroanim/error.h"

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::io;

namespace {

StateChunk finish(ChunkWriter&& w) {
  StateChunk c = std::move(w).finish();
  c.origin = {"tex.nmo", "object 4 'T' (Texture)", 200};
  return c;
}

Texture read(const StateChunk& c, uint32_t code_page = 1252) {
  ChunkReader r(c);
  auto t = read_texture(r, code_page);
  if (!t) throw std::runtime_error("no texture");
  return *t;
}

std::string error_of(const StateChunk& c) {
  try {
    read(c);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// The Ballance layout: an empty raw block, the file name, options, save format.
StateChunk file_name_texture(const std::string& name, uint32_t option_dwords, uint32_t mix) {
  ChunkWriter w(31, 10);
  w.write_identifier(texture_chunk::kRawPixels);
  w.write_dword(1);
  w.write_dword(0);  // no bitmap
  w.write_identifier(texture_chunk::kFileNames);
  w.write_dword(1);
  w.write_string(name);
  w.write_identifier(texture_chunk::kOptions);
  w.write_dword(mix);
  for (uint32_t i = 0; i < option_dwords; ++i) w.write_dword(0x100 + i);
  w.write_identifier(texture_chunk::kSaveFormat);
  std::vector<uint8_t> props(80, 0);
  props[12] = 't';
  props[13] = 'g';
  props[14] = 'a';
  w.write_buffer(props);
  return finish(std::move(w));
}

}  // namespace

TEST(TextureIo, FileNameOnlyAsTheBallanceFilesStoreIt) {
  Texture t = read(file_name_texture("Ball_W\xf6od.bmp", 2, 0x00000201u));
  ASSERT_EQ(t.slots.size(), 1u);
  EXPECT_EQ(t.slots[0].source, TextureSource::kFileName);
  EXPECT_EQ(t.slots[0].file_name, "Ball_W\xc3\xb6od.bmp");  // Windows-1252 -> UTF-8
  EXPECT_EQ(t.slots[0].raw_file_name, "Ball_W\xf6od.bmp");
  EXPECT_EQ(t.save_format, "tga");
  EXPECT_TRUE(t.mipmap);
  EXPECT_FALSE(t.transparent);
  // Two dwords, one slot, a video format: transparent colour then the format.
  EXPECT_EQ(t.transparent_color, 0x100u);
  EXPECT_EQ(t.video_format, 6u);  // 0x101 is past _32_X8L8V8U8: corrected to _16_ARGB1555
}

TEST(TextureIo, OptionBlockSizes) {
  Texture three = read(file_name_texture("a.bmp", 3, 0x00000100u));
  EXPECT_EQ(three.transparent_color, 0x100u);
  EXPECT_EQ(three.current_slot, 0x101u);
  EXPECT_EQ(three.video_format, 6u);  // 0x102 is past _32_X8L8V8U8: corrected to _16_ARGB1555
  Texture one = read(file_name_texture("a.bmp", 1, 0x00000100u));
  EXPECT_EQ(one.transparent_color, 0x100u);
  EXPECT_TRUE(one.transparent);
}

TEST(TextureIo, RawPlanesDecodeTopRowFirst) {
  ChunkWriter w(31, 10);
  w.write_identifier(texture_chunk::kRawPixels);
  w.write_dword(1);
  w.write_dword(32);
  w.write_dword(2);  // width
  w.write_dword(2);  // height
  for (uint32_t m : {0xFF000000u, 0xFF0000u, 0xFF00u, 0xFFu}) w.write_dword(m);
  w.write_dword(0);  // not JPEG-packed
  // Stored bottom row first: pixels 0, 1 are the bottom row.
  w.write_buffer(std::vector<uint8_t>{10, 11, 12, 13});  // blue
  w.write_buffer(std::vector<uint8_t>{20, 21, 22, 23});  // green
  w.write_buffer(std::vector<uint8_t>{30, 31, 32, 33});  // red
  w.write_buffer(std::vector<uint8_t>{40, 41, 42, 43});  // alpha
  Texture t = read(finish(std::move(w)));
  ASSERT_EQ(t.slots.size(), 1u);
  EXPECT_EQ(t.slots[0].source, TextureSource::kRawPixels);
  retroanim::io::Image img = decode_texture_slot(t.slots[0], "T");
  ASSERT_EQ(img.width, 2u);
  ASSERT_EQ(img.rgba.size(), 16u);
  EXPECT_EQ(img.rgba[0], 32);  // top-left: stored pixel 2
  EXPECT_EQ(img.rgba[1], 22);
  EXPECT_EQ(img.rgba[2], 12);
  EXPECT_EQ(img.rgba[3], 42);
  EXPECT_EQ(img.rgba[8], 30);  // bottom-left: stored pixel 0
}

TEST(TextureIo, RawImageClaiming65536SquareIsRefusedBeforeAllocating) {
  ChunkWriter w(31, 10);
  w.write_identifier(texture_chunk::kRawPixels);
  w.write_dword(1);
  w.write_dword(32);
  w.write_dword(65536);
  w.write_dword(65536);
  for (int i = 0; i < 5; ++i) w.write_dword(0);
  std::string e = error_of(finish(std::move(w)));
  EXPECT_NE(e.find("tex.nmo"), std::string::npos) << e;
  EXPECT_NE(e.find("texture image"), std::string::npos) << e;
  EXPECT_NE(e.find("at byte"), std::string::npos) << e;
}

TEST(TextureIo, RawPlanesShorterThanTheImageAreOneLine) {
  ChunkWriter w(31, 10);
  w.write_identifier(texture_chunk::kRawPixels);
  w.write_dword(1);
  w.write_dword(32);
  w.write_dword(4);
  w.write_dword(4);
  for (int i = 0; i < 5; ++i) w.write_dword(0);
  for (int i = 0; i < 4; ++i) w.write_buffer(std::vector<uint8_t>{1, 2, 3});
  EXPECT_NE(error_of(finish(std::move(w))).find("are shorter than 4 x 4"), std::string::npos);
}

TEST(TextureIo, EmbeddedImageFileDecodesWithItsAlpha) {
  retroanim::io::Image src;
  src.width = 3;
  src.height = 2;
  for (uint8_t i = 0; i < 6; ++i) src.rgba.insert(src.rgba.end(), {uint8_t(i * 40), 7, 9, 255});
  std::vector<uint8_t> png = retroanim::io::encode_png(src);
  ChunkWriter w(31, 10);
  w.write_identifier(texture_chunk::kImageFiles);
  w.write_dword(1);  // slots
  w.write_dword(3);
  w.write_dword(2);
  w.write_dword(32);
  w.write_dword(2);  // alpha follows
  w.write_raw_bytes(std::vector<uint8_t>{'p', 'n', 'g', 0});
  w.write_dword(0x1234);
  w.write_dword(0x5678);
  w.write_dword(static_cast<uint32_t>(png.size()));
  w.write_raw_bytes(png);
  w.write_dword(2);  // several alpha values
  w.write_buffer(std::vector<uint8_t>{1, 2, 3, 4, 5, 6});
  Texture t = read(finish(std::move(w)));
  ASSERT_EQ(t.slots.size(), 1u);
  const TextureSlot& s = t.slots[0];
  EXPECT_EQ(s.source, TextureSource::kImageFile);
  EXPECT_EQ(s.format, "png");
  EXPECT_EQ(s.width, 3u);
  retroanim::io::Image img = decode_texture_slot(s, "T");
  ASSERT_EQ(img.rgba.size(), 24u);
  EXPECT_EQ(img.rgba[4 * 5], 200);
  EXPECT_EQ(img.rgba[4 * 5 + 3], 6);
}

TEST(TextureIo, EmbeddedImageLongerThanTheChunkIsOneLine) {
  ChunkWriter w(31, 10);
  w.write_identifier(texture_chunk::kImageFiles);
  w.write_dword(1);
  w.write_dword(3);
  w.write_dword(2);
  w.write_dword(32);
  w.write_dword(1);
  w.write_raw_bytes(std::vector<uint8_t>{'j', 'p', 'g', 0});
  w.write_dword(0);
  w.write_dword(0);
  w.write_dword(100000);
  w.write_dword(0);
  std::string e = error_of(finish(std::move(w)));
  EXPECT_NE(e.find("texture image file of 100000 bytes exceeds the chunk"), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos);
}

TEST(TextureIo, SlotCountBeyondTheChunkIsOneLine) {
  ChunkWriter w(31, 10);
  w.write_identifier(texture_chunk::kFileNames);
  w.write_dword(0x7FFFFFFF);
  EXPECT_NE(error_of(finish(std::move(w))).find("texture slot count 2147483647 exceeds"), std::string::npos);
}

TEST(TextureIo, FileNameSlotDoesNotDecode) {
  Texture t = read(file_name_texture("a.bmp", 2, 0));
  EXPECT_THROW(decode_texture_slot(t.slots[0], "T"), Error);
}
