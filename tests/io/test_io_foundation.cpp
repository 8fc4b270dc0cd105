// The io foundation both engines' readers use: explicit little-endian loads
// and stores, the bounds-checked reader's errors, the one hex formatter and
// the one zlib size limit.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "retroanim/error.h"
#include "retroanim/io/byte_order.h"
#include "retroanim/io/byte_reader.h"
#include "retroanim/io/byte_writer.h"
#include "retroanim/io/compression.h"
#include "io/hex.h"

using namespace retroanim;

TEST(ByteOrder, LoadsAndStoresLittleEndianWhateverTheHost) {
  const uint8_t b[4] = {0x78, 0x56, 0x34, 0x12};
  EXPECT_EQ(io::load_u32_le(b), 0x12345678u);
  EXPECT_EQ(io::load_u16_le(b), 0x5678u);
  uint8_t out[4] = {};
  io::store_u32_le(out, 0xA1B2C3D4u);
  EXPECT_EQ(out[0], 0xD4);
  EXPECT_EQ(out[3], 0xA1);
  uint32_t words[2] = {};
  const uint8_t src[8] = {1, 0, 0, 0, 0, 0, 0, 0x80};
  io::load_u32_le_array(words, src, 2);
  EXPECT_EQ(words[0], 1u);
  EXPECT_EQ(words[1], 0x80000000u);
  uint8_t back[8] = {};
  io::store_u32_le_array(back, words, 2);
  EXPECT_EQ(std::vector<uint8_t>(back, back + 8), std::vector<uint8_t>(src, src + 8));
}

TEST(ByteReader, ReadsAndNamesFileObjectAndOffsetOnOverrun) {
  io::ByteWriter w;
  w.u32(7);
  w.f32(1.5f);
  w.u16(0xBEEF);
  std::vector<uint8_t> bytes = w.take();
  io::ByteReader r(bytes, "f.bin", "thing", 100);
  EXPECT_EQ(r.u32("a"), 7u);
  EXPECT_EQ(r.f32("b"), 1.5f);
  EXPECT_EQ(r.u16("c"), 0xBEEFu);
  EXPECT_EQ(r.absolute(), 110u);
  try {
    r.u8("d");
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("f.bin"), std::string::npos) << m;
    EXPECT_NE(m.find("thing"), std::string::npos) << m;
    EXPECT_NE(m.find("110"), std::string::npos) << m;
    EXPECT_NE(m.find("truncated d: needs 1 bytes, 0 left"), std::string::npos) << m;
  }
}

TEST(Hex, OneFormatterForEveryStyle) {
  EXPECT_EQ(io::hex(0x2a), "0x2A");
  EXPECT_EQ(io::hex(0), "0x0");
  EXPECT_EQ(io::hex(0x3000514, 8), "0x03000514");
  EXPECT_EQ(io::hex(0xabcdef, 8, io::HexCase::kLower), "0x00abcdef");
  EXPECT_EQ(io::hex_digits(0x47884c3f, 8, io::HexCase::kLower), "47884c3f");
  EXPECT_EQ(io::hex(0xFFFFFFFFFFFFFFFFull), "0xFFFFFFFFFFFFFFFF");
}

TEST(Compression, OneSizeLimitAndARoundTrip) {
  EXPECT_EQ(io::max_inflated_size(0), 64u);
  EXPECT_EQ(io::max_inflated_size(10), 10u * 1032u + 64u);
  EXPECT_EQ(io::max_inflated_size(uint64_t{1} << 40), uint64_t{1} << 30);
  std::vector<uint8_t> raw(1000, 0x55);
  std::vector<uint8_t> packed;
  ASSERT_TRUE(io::deflate_into(raw, 9, 0, packed));
  ASSERT_LT(packed.size(), raw.size());
  std::vector<uint8_t> out(raw.size());
  io::InflateResult z = io::inflate_exact(packed, out);
  EXPECT_TRUE(z.ok());
  EXPECT_EQ(z.produced, raw.size());
  EXPECT_EQ(out, raw);
  std::vector<uint8_t> junk = {1, 2, 3, 4};
  EXPECT_FALSE(io::inflate_exact(junk, out).ok());
  EXPECT_EQ(io::adler32({}, 1), 1u);
}
