// ac/io/surface_io.cpp: Surface unpack and pack: solid colour and texture
// forms (the type decides), no id, round trip, truncation.
#include <gtest/gtest.h>

#include "harness/ac/gfx_samples.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/surface_io.h"
#include "retroanim/error.h"
#include "retroanim/io/byte_writer.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;

TEST(SurfaceIo, SolidForm) {
  retroanim::io::ByteWriter w;
  w.u32(surface_type::kBase1Solid | surface_type::kTranslucent);
  w.u32(0x80FF2040);
  w.f32(0.25f); w.f32(0.5f); w.f32(0.75f);
  const auto bytes = w.take();
  const Surface s = unpack_surface(bytes);
  EXPECT_FALSE(s.has_texture());
  EXPECT_EQ(s.color_value, 0x80FF2040u);
  EXPECT_EQ(s.translucency, 0.25f);
  EXPECT_EQ(s.luminosity, 0.5f);
  EXPECT_EQ(s.diffuse, 0.75f);
  EXPECT_EQ(pack_surface(s), bytes);
}

TEST(SurfaceIo, TextureFormEitherImageBit) {
  for (uint32_t type : {surface_type::kBase1Image, surface_type::kBase1ClipMap}) {
    retroanim::io::ByteWriter w;
    w.u32(type);
    w.u32(0x05000003);
    w.u32(0x04000009);
    w.f32(0.0f); w.f32(0.0f); w.f32(1.0f);
    const auto bytes = w.take();
    const Surface s = unpack_surface(bytes);
    EXPECT_TRUE(s.has_texture());
    EXPECT_EQ(s.orig_texture_id, 0x05000003u);
    EXPECT_EQ(s.orig_palette_id, 0x04000009u);
    EXPECT_EQ(pack_surface(s), bytes);
  }
}

TEST(SurfaceIo, ThroughADatTheIdComesFromTheEntry) {
  const Surface s = samples::texture_surface(0x08000004, 0x05000001, 0, 0.5f);
  DatWriter w;
  add_surface(w, s);
  const DatDatabase dat = DatDatabase::from_bytes(w.build(), "s.dat");
  const Surface back = read_surface(dat, s.id);
  EXPECT_EQ(back.id, s.id);
  EXPECT_EQ(pack_surface(back), pack_surface(s));
}

TEST(SurfaceIo, TruncationNamesTheOffset) {
  const auto bytes = pack_surface(samples::solid_surface(0x08000001, 0xFF000000u));
  for (size_t n = 0; n < bytes.size(); ++n) {
    try {
      unpack_surface(std::span<const uint8_t>(bytes.data(), n), "s.dat", "Surface 0x08000001");
      FAIL() << n;
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()).rfind("s.dat: Surface 0x08000001: at byte " + std::to_string(n / 4 * 4), 0), 0u)
          << e.what();
    }
  }
}
