// io/hex.cpp: the one hex formatter, every style.
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

TEST(Hex, OneFormatterForEveryStyle) {
  EXPECT_EQ(io::hex(0x2a), "0x2A");
  EXPECT_EQ(io::hex(0), "0x0");
  EXPECT_EQ(io::hex(0x3000514, 8), "0x03000514");
  EXPECT_EQ(io::hex(0xabcdef, 8, io::HexCase::kLower), "0x00abcdef");
  EXPECT_EQ(io::hex_digits(0x47884c3f, 8, io::HexCase::kLower), "47884c3f");
  EXPECT_EQ(io::hex(0xFFFFFFFFFFFFFFFFull), "0xFFFFFFFFFFFFFFFF");
}

