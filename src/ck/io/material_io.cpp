#include "retroanim/ck/io/material_io.h"

namespace retroanim::ck::io {

// VxColor::VxColor(DWORD) (VxColor::Set from an ARGB dword): each channel / 255.0f.
Color color_from_argb(uint32_t argb) {
  constexpr float k = 1.0f / 255.0f;
  return Color{static_cast<float>((argb >> 16) & 0xFF) * k, static_cast<float>((argb >> 8) & 0xFF) * k,
               static_cast<float>(argb & 0xFF) * k, static_cast<float>(argb >> 24) * k};
}

// CKMaterial::Load
std::optional<Material> read_material(ChunkReader& r) {
  Material m;
  if (r.seek_identifier(material_chunk::kData)) {
    if (r.data_version() < kMaterialLayoutDataVersion) return std::nullopt;
    m.data_stored = true;
    m.diffuse = color_from_argb(r.read_dword());
    m.ambient = color_from_argb(r.read_dword());
    m.specular = color_from_argb(r.read_dword());
    m.emissive = color_from_argb(r.read_dword());
    m.specular_power = r.read_float();
    m.textures[0] = r.read_object();
    m.texture_border_color = r.read_dword();
    // Eight 4-bit fields, lowest first.
    uint32_t modes = r.read_dword();
    m.texture_blend = modes & 0xF;
    m.min_filter = (modes >> 4) & 0xF;
    m.mag_filter = (modes >> 8) & 0xF;
    m.source_blend = (modes >> 12) & 0xF;
    m.dest_blend = (modes >> 16) & 0xF;
    m.shade_mode = (modes >> 20) & 0xF;
    m.fill_mode = (modes >> 24) & 0xF;
    m.address_mode = (modes >> 28) & 0xF;
    // Enable bits, then the depth test, alpha test and alpha reference bytes.
    uint32_t states = r.read_dword();
    m.two_sided = states & 0x1;
    m.z_write = states & 0x2;
    m.perspective_correction = states & 0x4;
    m.alpha_blend = states & 0x8;
    m.alpha_test = states & 0x10;
    m.z_func = (states >> 8) & 0xFF;
    m.alpha_func = (states >> 16) & 0xFF;
    m.alpha_ref = static_cast<uint8_t>(states >> 24);
  }
  if (r.seek_identifier(material_chunk::kTextures)) {
    for (int i = 1; i < 4; ++i) m.textures[static_cast<size_t>(i)] = r.read_object();
  }
  if (r.seek_identifier(material_chunk::kEffect)) m.effect = r.read_dword();
  if (r.seek_identifier(material_chunk::kEffectParameter)) {
    r.read_object();  // the effect's parameter object (not modelled)
    m.effect = r.read_dword();
  }
  return m;
}

}  // namespace retroanim::ck::io
