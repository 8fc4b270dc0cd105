// The CKMaterial part of a material's chunk (CKMaterial::Load, data version
// >= 5, the layout CK2 2.1 saves): colours, power, main texture and packed
// render states (0x1000), the three further textures (0x2000), the effect
// (0x4000) and the effect with its parameter (0x10000). Materials are saved
// back as they were read (the record's raw chunk).
#pragma once

#include <cstdint>
#include <optional>

#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/ck/scene/material.h"

namespace retroanim::ck::io {

// CK_STATESAVEFLAGS_MATERIAL identifiers.
namespace material_chunk {
inline constexpr uint32_t kData = 0x1000;
inline constexpr uint32_t kTextures = 0x2000;
inline constexpr uint32_t kEffect = 0x4000;
inline constexpr uint32_t kEffectParameter = 0x10000;
}  // namespace material_chunk

// CHUNK_MAJORCHANGE_VERSION: the oldest data version of the layout read here.
inline constexpr uint16_t kMaterialLayoutDataVersion = 5;

// A VxColor from a stored ARGB dword (VxColor(DWORD): each byte / 255).
Color color_from_argb(uint32_t argb);

// CKMaterial::Load: the material a chunk stores (texture references as stored
// file indices). Returns nullopt for a chunk older than data version 5 whose
// main data is in the old layout (not read).
std::optional<Material> read_material(ChunkReader& reader);

}  // namespace retroanim::ck::io
