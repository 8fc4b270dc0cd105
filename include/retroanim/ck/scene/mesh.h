// A Virtools mesh (CKMesh) as a file stores it: vertices (position, normal,
// texture coordinates, colour and specular colour), the material slots, the
// faces (three vertex indices and a slot each), lines, the additional material
// channels with their own texture coordinates, vertex weights, face channel
// masks, and the mesh flags (VXMESH_FLAGS). Plain data: the loader
// (ck/io/mesh_io.h) fills it from a chunk and checks every index against the
// arrays it holds, so users may index without checking again.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "retroanim/ck/scene/file_index.h"
#include "retroanim/math/vec2.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ck {

// VXMESH_FLAGS bits that matter to drawing (VxMath's VxDefines.h values).
namespace mesh_flag {
inline constexpr uint32_t kVisible = 0x2;               // VXMESH_VISIBLE: drawn at all
inline constexpr uint32_t kRenderChannels = 0x8;        // VXMESH_RENDERCHANNELS: material channels drawn
inline constexpr uint32_t kHasTransparency = 0x10;      // VXMESH_HASTRANSPARENCY
inline constexpr uint32_t kPrelit = 0x80;               // VXMESH_PRELITMODE: vertex colours, no lighting
inline constexpr uint32_t kWrapU = 0x100;               // VXMESH_WRAPU
inline constexpr uint32_t kWrapV = 0x200;               // VXMESH_WRAPV
inline constexpr uint32_t kForceTransparency = 0x1000;  // VXMESH_FORCETRANSPARENCY
inline constexpr uint32_t kProceduralUv = 0x100000;     // VXMESH_PROCEDURALUV
inline constexpr uint32_t kProceduralPos = 0x200000;    // VXMESH_PROCEDURALPOS
inline constexpr uint32_t kAll = 0x7FF39F;              // VXMESH_ALLFLAGS
}  // namespace mesh_flag

// One triangle: three vertex indices (counter-clockwise seen from the front in
// Virtools' left-handed frame) and its material slot (an index into
// Mesh::materials).
struct MeshFace {
  std::array<uint16_t, 3> vertices{};
  uint16_t material_slot = 0;
};

// An additional material channel (CKMesh::AddChannel): a material drawn over
// the mesh with its own blend factors and, unless it shares the mesh's, its
// own texture coordinates.
struct MeshChannel {
  FileIndex material = kNoObject;
  uint32_t flags = 0;         // VXCHANNEL_FLAGS as saved
  uint32_t source_blend = 0;  // VXBLEND_MODE
  uint32_t dest_blend = 0;    // VXBLEND_MODE
  std::vector<math::Vec2> uvs;  // as many as stored (at most the vertex count)
};

struct Mesh {
  uint32_t flags = mesh_flag::kVisible | mesh_flag::kRenderChannels;  // VXMESH_FLAGS as loaded
  // Vertices: every array has the vertex count's length (the file may store a
  // single colour or UV for all, which is then repeated).
  std::vector<math::Vec3> positions;
  std::vector<math::Vec3> normals;   // zero vectors when the file stores none
  std::vector<math::Vec2> uvs;
  std::vector<uint32_t> colors;           // ARGB (VxColor::GetRGBA), diffuse
  std::vector<uint32_t> specular_colors;  // ARGB
  uint32_t vertex_save_flags = 0;  // how the vertices were stored (bits below)
  bool normals_stored = false;     // false: the engine builds them (CKMesh::BuildNormals)
  std::vector<FileIndex> materials;  // material slots (kNoObject: no material)
  std::vector<MeshFace> faces;
  std::vector<std::array<uint16_t, 2>> lines;
  std::vector<MeshChannel> channels;
  std::vector<float> vertex_weights;          // empty when none stored
  std::vector<uint16_t> face_channel_masks;   // empty when none stored
};

// The vertex save flags of CKMesh::Save (how the vertex block is packed).
namespace mesh_vertex_save {
inline constexpr uint32_t kSingleColor = 0x1;
inline constexpr uint32_t kSingleSpecular = 0x2;
inline constexpr uint32_t kNoNormals = 0x4;
inline constexpr uint32_t kSingleUv = 0x8;
inline constexpr uint32_t kNoPositions = 0x10;
}  // namespace mesh_vertex_save

}  // namespace retroanim::ck
