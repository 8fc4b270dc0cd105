// The CKMesh part of a mesh's chunk (CKMesh::Load, data version >= 9, the
// layout CK2 2.1 saves): mesh flags (0x2000), material slots (0x100000),
// vertices (0x20000), faces (0x10000), lines (0x40000) and material channels
// (0x4000). Vertex weights (0x80000), face channel masks (0x8000) and
// progressive-mesh data are not read (docs/FIDELITY.md). Meshes are saved back
// as they were read (the record's raw chunk), so there is no writer here.
#pragma once

#include <cstdint>
#include <optional>

#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/ck/scene/mesh.h"

namespace retroanim::ck::io {

// CK_STATESAVEFLAGS_MESH identifiers.
namespace mesh_chunk {
inline constexpr uint32_t kFlags = 0x2000;
inline constexpr uint32_t kChannels = 0x4000;
inline constexpr uint32_t kFaceChannelMask = 0x8000;
inline constexpr uint32_t kFaces = 0x10000;
inline constexpr uint32_t kVertices = 0x20000;
inline constexpr uint32_t kLines = 0x40000;
inline constexpr uint32_t kWeights = 0x80000;
inline constexpr uint32_t kMaterials = 0x100000;
}  // namespace mesh_chunk

// CHUNK_MESHCHANGE_VERSION: the oldest data version of the layout read here.
inline constexpr uint16_t kMeshLayoutDataVersion = 9;

// CKMesh::Load: the mesh a chunk stores, every count checked against the
// chunk's dwords and every face, line and UV channel against the vertex and
// slot counts (retroanim::Error naming file, object and byte offset).
// Material references are file indices as stored (the scene loader drops
// those that are not materials). Returns nullopt for a chunk older than data
// version 9 (the old layout is not read).
std::optional<Mesh> read_mesh(ChunkReader& reader);

}  // namespace retroanim::ck::io
