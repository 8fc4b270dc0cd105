// io/byte_order.h: explicit little-endian loads and stores, whatever the host.
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

