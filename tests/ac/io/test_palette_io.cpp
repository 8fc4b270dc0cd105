// ac/io/palette_io.cpp: Palette unpack and pack: the colours, the 2048
// limit, counts beyond the bytes.
#include <gtest/gtest.h>

#include "retroanim/ac/io/palette_io.h"
#include "retroanim/error.h"
#include "retroanim/io/byte_writer.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;

TEST(PaletteIo, RoundTrip) {
  Palette p;
  p.id = 0x04000007;
  p.colors = {0xFF000000u, 0x80FFFFFFu, 0x12345678u};
  const auto bytes = pack_palette(p);
  EXPECT_EQ(bytes.size(), 8u + 12u);
  const Palette back = unpack_palette(bytes);
  EXPECT_EQ(back.id, p.id);
  EXPECT_EQ(back.colors, p.colors);
  EXPECT_EQ(pack_palette(back), bytes);
}

TEST(PaletteIo, MoreThan2048ColoursAreRefused) {
  retroanim::io::ByteWriter w;
  w.u32(0x04000001);
  w.u32(2049);
  for (int i = 0; i < 2049; ++i) w.u32(0);
  try {
    unpack_palette(w.take(), "p.dat", "Palette 0x04000001");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "p.dat: Palette 0x04000001: at byte 4: colour count 2049 is above the client's 2048");
  }
  Palette p;
  p.colors.resize(2049);
  EXPECT_THROW(pack_palette(p), Error);
}

TEST(PaletteIo, CountBeyondTheBytes) {
  retroanim::io::ByteWriter w;
  w.u32(0x04000001);
  w.u32(2);
  w.u32(0);
  EXPECT_THROW(unpack_palette(w.take()), Error);
}
