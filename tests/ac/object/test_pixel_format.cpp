// ac/object/pixel_format.cpp: PixelFormatDesc::SetFormat's bit depths and
// flags for the formats the client's data uses, and the names.
#include <gtest/gtest.h>

#include <string>

#include "retroanim/ac/object/pixel_format.h"

using namespace retroanim::ac;

TEST(PixelFormat, BitDepthsAndFlags) {
  struct Case {
    uint32_t format, bpp, flags;
  };
  for (const Case& c : {Case{pixel_format::kA8R8G8B8, 32, 3}, Case{pixel_format::kR8G8B8, 24, 1},
                        Case{pixel_format::kR5G6B5, 16, 1}, Case{pixel_format::kA4R4G4B4, 16, 3},
                        Case{pixel_format::kA8, 8, 2}, Case{pixel_format::kP8, 8, 0x40},
                        Case{pixel_format::kIndex16, 16, 0x40}, Case{pixel_format::kDxt1, 4, 4},
                        Case{pixel_format::kDxt3, 8, 4}, Case{pixel_format::kDxt5, 8, 4},
                        Case{pixel_format::kCustomRawJpeg, 0, 0x11}, Case{pixel_format::kCustomLscapeR8G8B8, 24, 1},
                        Case{pixel_format::kCustomLscapeAlpha, 8, 2}}) {
    const PixelFormatDesc d = pixel_format_desc(c.format);
    EXPECT_TRUE(d.known) << c.format;
    EXPECT_EQ(d.bits_per_pixel, c.bpp) << c.format;
    EXPECT_EQ(d.flags, c.flags) << c.format;
    EXPECT_NE(std::string(pixel_format_name(c.format)), "") << c.format;
  }
  EXPECT_FALSE(pixel_format_desc(12345).known);
  EXPECT_EQ(pixel_format_desc(12345).bits_per_pixel, 0u);
  EXPECT_TRUE(pixel_format_has_palette(pixel_format::kP8));
  EXPECT_TRUE(pixel_format_has_palette(pixel_format::kIndex16));
  EXPECT_FALSE(pixel_format_has_palette(pixel_format::kA8));
}
