// ac/io/degrade_info_io.cpp: GfxObjDegradeInfo unpack and pack: the field
// order, round trip, counts beyond the bytes.
#include <gtest/gtest.h>

#include "retroanim/ac/io/degrade_info_io.h"
#include "retroanim/error.h"
#include "retroanim/io/byte_writer.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;

TEST(DegradeInfoIo, FieldOrderAndRoundTrip) {
  retroanim::io::ByteWriter w;
  w.u32(0x11000002);
  w.u32(2);
  w.u32(0x01000001); w.u32(1); w.f32(0.0f); w.f32(5.0f); w.f32(25.0f);
  w.u32(0x01000002); w.u32(2); w.f32(20.0f); w.f32(40.0f); w.f32(80.0f);
  const auto bytes = w.take();
  size_t consumed = 0;
  const GfxObjDegradeInfo d = unpack_degrade_info(bytes, "", "", &consumed);
  EXPECT_EQ(consumed, bytes.size());
  EXPECT_EQ(d.id, 0x11000002u);
  ASSERT_EQ(d.degrades.size(), 2u);
  EXPECT_EQ(d.degrades[1].gfx_obj_id, 0x01000002u);
  EXPECT_EQ(d.degrades[1].degrade_mode, 2u);
  EXPECT_EQ(d.degrades[1].min_dist, 20.0f);
  EXPECT_EQ(d.degrades[1].ideal_dist, 40.0f);
  EXPECT_EQ(d.degrades[1].max_dist, 80.0f);
  EXPECT_EQ(pack_degrade_info(d), bytes);
}

TEST(DegradeInfoIo, CountBeyondTheBytesIsRefused) {
  retroanim::io::ByteWriter w;
  w.u32(0x11000002);
  w.u32(1000000);
  w.u32(0);
  try {
    unpack_degrade_info(w.take(), "p.dat", "GfxObjDegradeInfo 0x11000002");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("p.dat: GfxObjDegradeInfo 0x11000002: at byte 8: degrade count 1000000", 0), 0u)
        << e.what();
  }
}
