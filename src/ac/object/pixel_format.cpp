// Pixel formats (include/retroanim/ac/object/pixel_format.h).
#include "retroanim/ac/object/pixel_format.h"

namespace retroanim::ac {

namespace {

PixelFormatDesc desc(uint32_t format, uint32_t flags, uint32_t bpp) { return {format, flags, bpp, true}; }

}  // namespace

// PixelFormatDesc::SetFormat (0x43D0F0): the flags and bit depth of each
// format it lists (the masks are not kept); an unlisted format leaves both 0.
PixelFormatDesc pixel_format_desc(uint32_t format) {
  using namespace pixel_format;
  switch (format) {
    case kR8G8B8: return desc(format, 1, 24);
    case kA8R8G8B8: return desc(format, 3, 32);
    case kX8R8G8B8: return desc(format, 1, 32);
    case kR5G6B5: return desc(format, 1, 16);
    case kX1R5G5B5: return desc(format, 1, 16);
    case kA1R5G5B5: return desc(format, 3, 16);
    case kA4R4G4B4: return desc(format, 3, 16);
    case 30: return desc(format, 1, 16);  // X4R4G4B4
    case 31: return desc(format, 3, 32);  // A2B10G10R10
    case 32: return desc(format, 3, 32);  // A8B8G8R8
    case 33: return desc(format, 1, 32);  // X8B8G8R8
    case 35: return desc(format, 3, 32);  // A2R10G10B10
    case kA8: return desc(format, 2, 8);
    case kP8: return desc(format, pixel_format_flag::kPaletteIndexed, 8);
    case 60: return desc(format, 9, 16);  // V8U8
    case 70:
    case 80: return desc(format, 2, 16);  // D16_LOCKABLE, D16
    case 71: return desc(format, 2, 32);  // D32
    case 73: return desc(format, 2, 16);  // D15S1
    case 75:
    case 77:
    case 79: return desc(format, 2, 32);  // D24S8, D24X8, D24X4S4
    case kIndex16: return desc(format, pixel_format_flag::kPaletteIndexed, 16);
    case 240: return desc(format, 3, 32);  // CUSTOM_R8G8B8A8
    case 241: return desc(format, 3, 32);  // CUSTOM_A8B8G8R8
    case 242: return desc(format, 1, 24);  // CUSTOM_B8G8R8
    case kCustomLscapeR8G8B8: return desc(format, 1, 24);
    case kCustomLscapeAlpha: return desc(format, 2, 8);
    case kCustomRawJpeg: return desc(format, 0x11, 0);
    case kDxt1: return desc(format, pixel_format_flag::kFourCC, 4);
    case kDxt2:
    case kDxt3:
    case kDxt4:
    case kDxt5: return desc(format, pixel_format_flag::kFourCC, 8);
    default: return PixelFormatDesc{format, 0, 0, false};
  }
}

const char* pixel_format_name(uint32_t format) {
  using namespace pixel_format;
  switch (format) {
    case kR8G8B8: return "R8G8B8";
    case kA8R8G8B8: return "A8R8G8B8";
    case kX8R8G8B8: return "X8R8G8B8";
    case kR5G6B5: return "R5G6B5";
    case kX1R5G5B5: return "X1R5G5B5";
    case kA1R5G5B5: return "A1R5G5B5";
    case kA4R4G4B4: return "A4R4G4B4";
    case kA8: return "A8";
    case kP8: return "P8";
    case kIndex16: return "INDEX16";
    case kCustomLscapeR8G8B8: return "CUSTOM_LSCAPE_R8G8B8";
    case kCustomLscapeAlpha: return "CUSTOM_LSCAPE_ALPHA";
    case kCustomRawJpeg: return "CUSTOM_RAW_JPEG";
    case kDxt1: return "DXT1";
    case kDxt2: return "DXT2";
    case kDxt3: return "DXT3";
    case kDxt4: return "DXT4";
    case kDxt5: return "DXT5";
    default: return "";
  }
}

}  // namespace retroanim::ac
