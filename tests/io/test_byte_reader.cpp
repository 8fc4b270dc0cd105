// io/byte_reader.cpp: the bounds-checked reader names file, object and offset
// on an overrun.
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

