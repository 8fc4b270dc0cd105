// A Virtools material (CKMaterial) as a file stores it: the four colours, the
// specular power, up to four textures, and the render states (texture blend,
// filtering, addressing, frame-buffer blend, shading, fill, depth and alpha
// tests, two-sided). Plain data, filled by ck/io/material_io.h. The enum
// fields hold VxMath's values (VXTEXTURE_BLENDMODE, VXTEXTURE_FILTERMODE,
// VXBLEND_MODE, VXSHADE_MODE, VXFILL_MODE, VXTEXTURE_ADDRESSMODE, VXCMPFUNC).
#pragma once

#include <array>
#include <cstdint>

#include "retroanim/ck/scene/file_index.h"

namespace retroanim::ck {

// A VxColor: four floats in [0, 1] (VxColor's r, g, b, a).
struct Color {
  float r = 0.0f, g = 0.0f, b = 0.0f, a = 0.0f;
};

// VxMath enum values the exporters map (VxDefines.h).
namespace vx {
inline constexpr uint32_t kFilterNearest = 1, kFilterLinear = 2, kFilterMipNearest = 3, kFilterMipLinear = 4,
                          kFilterLinearMipNearest = 5, kFilterLinearMipLinear = 6, kFilterAnisotropic = 7;
inline constexpr uint32_t kAddressWrap = 1, kAddressMirror = 2, kAddressClamp = 3, kAddressBorder = 4,
                          kAddressMirrorOnce = 5;
inline constexpr uint32_t kBlendZero = 1, kBlendOne = 2, kBlendSrcColor = 3, kBlendInvSrcColor = 4,
                          kBlendSrcAlpha = 5, kBlendInvSrcAlpha = 6;
inline constexpr uint32_t kCmpNever = 1, kCmpLess = 2, kCmpEqual = 3, kCmpLessEqual = 4, kCmpGreater = 5,
                          kCmpNotEqual = 6, kCmpGreaterEqual = 7, kCmpAlways = 8;
}  // namespace vx

struct Material {
  // The CKMaterial constructor's defaults (a material whose chunk lacks its data keeps them).
  Color diffuse{0.7f, 0.7f, 0.7f, 1.0f};
  Color ambient{0.3f, 0.3f, 0.3f, 1.0f};
  Color specular{0.5f, 0.5f, 0.5f, 1.0f};
  Color emissive{0.0f, 0.0f, 0.0f, 1.0f};
  float specular_power = 0.0f;
  std::array<FileIndex, 4> textures{kNoObject, kNoObject, kNoObject, kNoObject};  // 0: the main texture
  uint32_t texture_border_color = 0;  // ARGB
  uint32_t texture_blend = 4;      // VXTEXTUREBLEND_MODULATEALPHA
  uint32_t min_filter = 2;         // VXTEXTUREFILTER_LINEAR
  uint32_t mag_filter = 2;
  uint32_t source_blend = 2;       // VXBLEND_ONE
  uint32_t dest_blend = 1;         // VXBLEND_ZERO
  uint32_t shade_mode = 2;         // VXSHADE_GOURAUD
  uint32_t fill_mode = 3;          // VXFILL_SOLID
  uint32_t address_mode = 1;       // VXTEXTURE_ADDRESSWRAP
  bool two_sided = false;
  bool z_write = true;
  bool perspective_correction = true;
  bool alpha_blend = false;
  bool alpha_test = false;
  uint32_t z_func = 4;             // VXCMP_LESSEQUAL
  uint32_t alpha_func = 8;         // VXCMP_ALWAYS
  uint8_t alpha_ref = 0;
  uint32_t effect = 0;             // VX_EFFECT (0: none)
  bool data_stored = false;        // the chunk held the main data (identifier 0x1000)
};

}  // namespace retroanim::ck
