// ac/io/surface_texture_io.cpp: SurfaceTexture (ImgTex) unpack and pack: id,
// data category, the type byte, the unaligned level count and ids.
#include <gtest/gtest.h>

#include "retroanim/ac/io/surface_texture_io.h"
#include "retroanim/error.h"
#include "retroanim/io/byte_writer.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;

TEST(SurfaceTextureIo, FieldOrderAndRoundTrip) {
  retroanim::io::ByteWriter w;
  w.u32(0x05000010);
  w.u32(3);   // data category
  w.u8(2);    // type byte
  w.u32(2);   // levels, right after the byte (the dat archive does not align)
  w.u32(0x06000001);
  w.u32(0x06000002);
  const auto bytes = w.take();
  const SurfaceTexture t = unpack_surface_texture(bytes);
  EXPECT_EQ(t.id, 0x05000010u);
  EXPECT_EQ(t.data_category, 3u);
  EXPECT_EQ(t.texture_type, 2);
  EXPECT_EQ(t.source_levels, (std::vector<uint32_t>{0x06000001, 0x06000002}));
  EXPECT_EQ(pack_surface_texture(t), bytes);
}

TEST(SurfaceTextureIo, LevelCountBeyondTheBytes) {
  retroanim::io::ByteWriter w;
  w.u32(0x05000010);
  w.u32(0);
  w.u8(2);
  w.u32(0xFFFFFFFF);
  try {
    unpack_surface_texture(w.take(), "x.dat", "SurfaceTexture 0x05000010");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "x.dat: SurfaceTexture 0x05000010: at byte 13: level count 4294967295 needs more "
                                     "than the 0 bytes left");
  }
}
