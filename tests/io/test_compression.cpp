// io/compression.cpp: the one zlib size limit and a round trip.
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
