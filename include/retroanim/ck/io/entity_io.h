// The CK3dEntity part of an object's chunk (CK3dEntity::Load FUN_1000a7b9 and
// CK3dEntity::Save): entity flags, moveable flags, world matrix, place, parent
// and priority. Every 3D entity class (curves, curve points, cameras, 3D
// objects, ...) starts its chunk with this part.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "retroanim/ck/scene/entity.h"
#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/math/matrix.h"

namespace retroanim::ck::io {

// CK_STATESAVEFLAGS_3DENTITY identifiers.
namespace entity_chunk {
inline constexpr uint32_t kParent = 0x8000;      // legacy: parent object
inline constexpr uint32_t kFlags = 0x10000;      // legacy: entity flags, moveable flags
inline constexpr uint32_t kMatrix = 0x20000;     // legacy: one dword, then a 16-float matrix
inline constexpr uint32_t kMeshes = 0x4000;       // current mesh, then the other meshes
inline constexpr uint32_t kEntityData = 0x100000;  // current: everything in one identifier
}  // namespace entity_chunk

// What a chunk stores for a 3D entity (plain data).
struct EntityChunkData {
  uint32_t flags = 0;           // CK_3DENTITY_FLAGS as saved
  uint32_t moveable_flags = 0;  // VX_MOVEABLE_FLAGS as saved
  math::Matrix world;           // rows 0-2 axes, row 3 position; last column (0,0,0,1)
  FileIndex place = kNoObject;  // when flags & 0x10000
  FileIndex parent = kNoObject; // when flags & 0x20000 (or legacy identifier 0x8000)
  int32_t priority = 0;         // when flags & 0x100000
};

// CK3dEntity::Load (FUN_1000a7b9): reads identifier 0x100000 (flags, moveable
// flags, the 4 matrix rows as 3 floats each, then place, parent and priority as
// the flags say), or the legacy identifiers 0x8000 / 0x10000 / 0x20000.
// Returns nullopt when the chunk has none of them.
std::optional<EntityChunkData> read_entity_data(ChunkReader& reader);

// CK3dEntity::Save: writes identifier 0x100000. The parent-valid (0x20000),
// place-valid (0x10000) and priority-valid (0x100000) bits are set from the
// fields, as the engine does.
void write_entity_data(ChunkWriter& writer, const EntityChunkData& data);

// The meshes a 3D entity stores (CK_STATESAVE_MESHS): its current mesh and
// its other potential meshes, as stored file indices.
struct EntityMeshes {
  FileIndex current = kNoObject;
  std::vector<FileIndex> others;
};

// CK3dEntity::Load, identifier 0x4000: the current mesh reference, then an
// object array of further meshes. Returns nullopt when the chunk has none.
std::optional<EntityMeshes> read_entity_meshes(ChunkReader& reader);

// Sets an entity's flags, priority and world matrix (not its parent) from `data`.
void apply_entity_data(Entity3d& entity, const EntityChunkData& data);

}  // namespace retroanim::ck::io
