// Surface (dat type 0x08): how a polygon side is drawn, as CSurface holds it:
// a solid colour or a texture (SurfaceTexture, 0x05) with an optional palette,
// translucency, luminosity and diffuse. Plain data; the dat form is
// ac/io/surface_io.h. A Surface stores no id of its own.
#pragma once

#include <cstdint>

namespace retroanim::ac {

// CSurface::type bits.
namespace surface_type {
inline constexpr uint32_t kBase1Solid = 0x1;
inline constexpr uint32_t kBase1Image = 0x2;
inline constexpr uint32_t kBase1ClipMap = 0x4;  // an image whose palette indices below 8 are transparent
inline constexpr uint32_t kTranslucent = 0x10;  // set by CSurface::InitEnd when translucency > 0.0002
inline constexpr uint32_t kDiffuse = 0x20;
inline constexpr uint32_t kLuminous = 0x40;
inline constexpr uint32_t kAlpha = 0x100;
inline constexpr uint32_t kInvAlpha = 0x200;
inline constexpr uint32_t kAdditive = 0x10000;
inline constexpr uint32_t kDetail = 0x20000;
inline constexpr uint32_t kGouraud = 0x10000000;
inline constexpr uint32_t kStippled = 0x40000000;
inline constexpr uint32_t kPerspective = 0x80000000;
}  // namespace surface_type

// CSurface, as CSurface::Serialize (0x5365F0) reads it.
struct Surface {
  uint32_t id = 0;  // the dat entry's id (not stored in the object)
  uint32_t type = 0;
  uint32_t orig_texture_id = 0;  // type & (kBase1Image | kBase1ClipMap): a SurfaceTexture (0x05)
  uint32_t orig_palette_id = 0;  // with the texture: a Palette (0x04), 0 for none
  uint32_t color_value = 0;      // otherwise: the solid colour, 0xAARRGGBB
  float translucency = 0.0f;     // 0 opaque .. 1 invisible
  float luminosity = 0.0f;
  float diffuse = 0.0f;

  // Whether a texture is stored (type & 6).
  bool has_texture() const { return (type & (surface_type::kBase1Image | surface_type::kBase1ClipMap)) != 0; }
  // The type after CSurface::InitEnd (0x536400): kTranslucent added when translucency > 0.0002.
  uint32_t loaded_type() const;
};

}  // namespace retroanim::ac
