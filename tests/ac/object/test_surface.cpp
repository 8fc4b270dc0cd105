// ac/object/surface.cpp and palette.cpp: CSurface::InitEnd's translucent bit
// and Palette::InitLoad's widening of 256-colour palettes.
#include <gtest/gtest.h>

#include "retroanim/ac/object/palette.h"
#include "retroanim/ac/object/surface.h"

using namespace retroanim::ac;

TEST(Surface, TranslucencyAboveTheThresholdMarksItTranslucent) {
  Surface s;
  s.type = surface_type::kBase1Solid;
  s.translucency = 0.0002f;  // above 0.00019999999 in double
  EXPECT_EQ(s.loaded_type(), surface_type::kBase1Solid | surface_type::kTranslucent);
  s.translucency = 0.0001f;
  EXPECT_EQ(s.loaded_type(), surface_type::kBase1Solid);
}

TEST(Palette, TwoHundredFiftySixColoursAreWidened) {
  Palette p;
  for (uint32_t i = 0; i < 256; ++i) p.colors.push_back(0xFF000000u | i);
  const auto loaded = loaded_palette_colors(p);
  ASSERT_EQ(loaded.size(), 2048u);
  EXPECT_EQ(loaded[0], 0xFF000000u);
  EXPECT_EQ(loaded[7], 0xFF000000u);
  EXPECT_EQ(loaded[8], 0xFF000001u);
  EXPECT_EQ(loaded[2047], 0xFF0000FFu);
  p.colors.resize(4);
  EXPECT_EQ(loaded_palette_colors(p), p.colors);
}
