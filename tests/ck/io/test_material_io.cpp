// ck/io/material_io.cpp: CKMaterial::Load on hand-built chunks (the packed
// render states, the further textures, the effect) and VxColor from ARGB.
#include <gtest/gtest.h>

#include "retroanim/ck/io/material_io.h"
#include "retroanim/error.h"

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::io;

TEST(MaterialIo, ColorFromArgb) {
  Color c = color_from_argb(0x80FF0033u);
  EXPECT_FLOAT_EQ(c.a, 128.0f / 255.0f);
  EXPECT_FLOAT_EQ(c.r, 1.0f);
  EXPECT_FLOAT_EQ(c.g, 0.0f);
  EXPECT_FLOAT_EQ(c.b, 51.0f / 255.0f);
}

TEST(MaterialIo, EveryFieldAsSaved) {
  ChunkWriter w(30, 10);
  w.write_identifier(material_chunk::kData);
  w.write_dword(0xFF336699u);  // diffuse
  w.write_dword(0xFF000000u);  // ambient
  w.write_dword(0x00FFFFFFu);  // specular
  w.write_dword(0xFF010203u);  // emissive
  w.write_float(12.5f);
  w.write_object(7);
  w.write_dword(0x11223344u);
  // address 3, fill 3, shade 1, dest 6, source 5, mag 1, min 4, texture blend 2
  w.write_dword(0x33165142u);
  // alpha ref 0x80, alpha func 5 (greater), z func 4, enables: two-sided, z write, alpha blend, alpha test
  w.write_dword(0x8005041Bu);
  w.write_identifier(material_chunk::kTextures);
  w.write_object(8);
  w.write_object(kNoObject);
  w.write_object(9);
  w.write_identifier(material_chunk::kEffectParameter);
  w.write_object(2);
  w.write_dword(3);
  StateChunk c = std::move(w).finish();
  ChunkReader r(c);
  auto m = read_material(r);
  ASSERT_TRUE(m.has_value());
  EXPECT_TRUE(m->data_stored);
  EXPECT_FLOAT_EQ(m->diffuse.r, 0x33 / 255.0f);
  EXPECT_FLOAT_EQ(m->diffuse.b, 0x99 / 255.0f);
  EXPECT_FLOAT_EQ(m->specular.a, 0.0f);
  EXPECT_FLOAT_EQ(m->emissive.b, 3 / 255.0f);
  EXPECT_FLOAT_EQ(m->specular_power, 12.5f);
  EXPECT_EQ(m->textures, (std::array<FileIndex, 4>{7, 8, kNoObject, 9}));
  EXPECT_EQ(m->texture_border_color, 0x11223344u);
  EXPECT_EQ(m->texture_blend, 2u);
  EXPECT_EQ(m->min_filter, 4u);
  EXPECT_EQ(m->mag_filter, 1u);
  EXPECT_EQ(m->source_blend, 5u);
  EXPECT_EQ(m->dest_blend, 6u);
  EXPECT_EQ(m->shade_mode, 1u);
  EXPECT_EQ(m->fill_mode, 3u);
  EXPECT_EQ(m->address_mode, 3u);
  EXPECT_TRUE(m->two_sided);
  EXPECT_TRUE(m->z_write);
  EXPECT_FALSE(m->perspective_correction);
  EXPECT_TRUE(m->alpha_blend);
  EXPECT_TRUE(m->alpha_test);
  EXPECT_EQ(m->z_func, 4u);
  EXPECT_EQ(m->alpha_func, 5u);
  EXPECT_EQ(m->alpha_ref, 0x80);
  EXPECT_EQ(m->effect, 3u);
}

TEST(MaterialIo, NoDataKeepsTheConstructorsDefaults) {
  ChunkWriter w(30, 10);
  w.write_identifier(0x400);
  w.write_dword(0);
  StateChunk c = std::move(w).finish();
  ChunkReader r(c);
  auto m = read_material(r);
  ASSERT_TRUE(m.has_value());
  EXPECT_FALSE(m->data_stored);
  EXPECT_FLOAT_EQ(m->diffuse.r, 0.7f);
  EXPECT_EQ(m->textures[0], kNoObject);
}

TEST(MaterialIo, TruncatedDataIsOneLine) {
  ChunkWriter w(30, 10);
  w.write_identifier(material_chunk::kData);
  w.write_dword(0xFF336699u);
  StateChunk c = std::move(w).finish();
  c.origin = {"m.nmo", "object 2 'Mat' (Material)", 64};
  ChunkReader r(c);
  try {
    read_material(r);
    FAIL() << "no error";
  } catch (const Error& e) {
    std::string s = e.what();
    EXPECT_NE(s.find("m.nmo"), std::string::npos) << s;
    EXPECT_NE(s.find("'Mat'"), std::string::npos) << s;
    EXPECT_NE(s.find("at byte"), std::string::npos) << s;
  }
}
