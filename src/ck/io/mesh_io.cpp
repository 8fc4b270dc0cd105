#include "retroanim/ck/io/mesh_io.h"

#include <string>

#include "io/hex.h"
#include "retroanim/io/byte_order.h"

namespace retroanim::ck::io {

namespace {

using retroanim::io::bits_float;

// Faces index vertices with 16-bit words: a mesh storing nothing per vertex
// may not claim more vertices than they reach (the allocation's bound).
constexpr uint32_t kMaxSharedVertices = 0x10000;

// The low and high 16-bit halves of a dword (the chunk's WORD pairs, little-endian).
uint16_t low_word(uint32_t d) { return static_cast<uint16_t>(d & 0xFFFFu); }
uint16_t high_word(uint32_t d) { return static_cast<uint16_t>(d >> 16); }

// CKMesh::Load, the vertex block (identifier 0x20000): count, save flags, the
// block's size in dwords (itself included), then positions, colours, specular
// colours, normals and UVs, each for every vertex or (colours, UVs) once for all.
void read_vertices(ChunkReader& r, Mesh& m) {
  uint32_t count = r.read_dword();
  if (count == 0) return;
  uint32_t save = r.read_dword();
  m.vertex_save_flags = save;
  uint32_t block_pos = r.position();
  uint32_t block = r.read_dword();
  if (block == 0) r.fail("mesh vertex block size 0 (it counts itself)", block_pos);
  uint32_t avail = block - 1;
  if (avail > r.remaining()) {
    r.fail("mesh vertex block of " + std::to_string(block) + " dwords exceeds the " +
           std::to_string(r.remaining() + 1) + " left", block_pos);
  }
  // The dwords the flags promise, checked against the block before anything is allocated.
  uint64_t need = 0;
  if (!(save & mesh_vertex_save::kNoPositions)) need += uint64_t{count} * 3;
  need += (save & mesh_vertex_save::kSingleColor) ? 1 : count;
  need += (save & mesh_vertex_save::kSingleSpecular) ? 1 : count;
  if (!(save & mesh_vertex_save::kNoNormals)) need += uint64_t{count} * 3;
  need += (save & mesh_vertex_save::kSingleUv) ? 2 : uint64_t{count} * 2;
  uint32_t per_vertex = ((save & mesh_vertex_save::kNoPositions) ? 0 : 3) + ((save & mesh_vertex_save::kSingleColor) ? 0 : 1) +
                        ((save & mesh_vertex_save::kSingleSpecular) ? 0 : 1) +
                        ((save & mesh_vertex_save::kNoNormals) ? 0 : 3) + ((save & mesh_vertex_save::kSingleUv) ? 0 : 2);
  if (per_vertex == 0 && count > kMaxSharedVertices) {
    // Nothing stored per vertex: the count is bounded by what faces can index.
    r.fail("mesh vertex count " + std::to_string(count) + " with nothing stored per vertex exceeds " +
           std::to_string(kMaxSharedVertices), block_pos);
  }
  if (need > avail) {
    r.fail("mesh vertex block of " + std::to_string(avail) + " data dwords is shorter than the " +
           std::to_string(need) + " its " + std::to_string(count) + " vertices and save flags " +
           retroanim::io::hex(save, 0, retroanim::io::HexCase::kLower) + " need", block_pos);
  }
  const uint32_t* d = r.chunk().data.data() + r.position();
  size_t i = 0;
  m.positions.resize(count);
  if (!(save & mesh_vertex_save::kNoPositions)) {
    for (auto& p : m.positions) {
      p = {bits_float(d[i]), bits_float(d[i + 1]), bits_float(d[i + 2])};
      i += 3;
    }
  }
  if (save & mesh_vertex_save::kSingleColor) {
    m.colors.assign(count, d[i++]);
  } else {
    m.colors.assign(d + i, d + i + count);
    i += count;
  }
  if (save & mesh_vertex_save::kSingleSpecular) {
    m.specular_colors.assign(count, d[i++]);
  } else {
    m.specular_colors.assign(d + i, d + i + count);
    i += count;
  }
  m.normals.resize(count);
  m.normals_stored = !(save & mesh_vertex_save::kNoNormals);
  if (m.normals_stored) {
    for (auto& n : m.normals) {
      n = {bits_float(d[i]), bits_float(d[i + 1]), bits_float(d[i + 2])};
      i += 3;
    }
  }
  if (save & mesh_vertex_save::kSingleUv) {
    m.uvs.assign(count, math::Vec2{bits_float(d[i]), bits_float(d[i + 1])});
    i += 2;
  } else {
    m.uvs.resize(count);
    for (auto& uv : m.uvs) {
      uv = {bits_float(d[i]), bits_float(d[i + 1])};
      i += 2;
    }
  }
  r.skip(avail);
}

}  // namespace

// CKMesh::Load
std::optional<Mesh> read_mesh(ChunkReader& r) {
  if (r.data_version() < kMeshLayoutDataVersion) return std::nullopt;
  Mesh m;
  if (r.seek_identifier(mesh_chunk::kFlags)) {
    // The stored flags within VXMESH_ALLFLAGS, less the run-time ones
    // (bounding box up to date, optimized) the engine recomputes.
    m.flags = r.read_dword() & mesh_flag::kAll & ~uint32_t{0x1 | 0x4};
  }
  if (r.seek_identifier(mesh_chunk::kMaterials)) {
    uint32_t pos = r.position();
    uint32_t count = r.read_dword();
    if (count > r.remaining() / 2) {
      r.fail("mesh material slot count " + std::to_string(count) + " exceeds the chunk (" +
             std::to_string(r.remaining()) + " dwords left, 2 a slot)", pos);
    }
    m.materials.reserve(count);
    for (uint32_t i = 0; i < count; ++i) {
      m.materials.push_back(r.read_object());
      r.read_dword();  // a dword saved after each slot (always 0)
    }
  }
  if (r.seek_identifier(mesh_chunk::kVertices)) read_vertices(r, m);
  const size_t vertex_count = m.positions.size();
  if (r.seek_identifier(mesh_chunk::kFaces)) {
    uint32_t pos = r.position();
    uint32_t count = r.read_dword();
    if (count > r.remaining() / 2) {
      r.fail("mesh face count " + std::to_string(count) + " exceeds the chunk (" + std::to_string(r.remaining()) +
             " dwords left, 2 a face)", pos);
    }
    const uint32_t* d = r.chunk().data.data() + r.position();
    m.faces.resize(count);
    for (uint32_t f = 0; f < count; ++f) {
      uint32_t a = d[2 * f], b = d[2 * f + 1];
      MeshFace& face = m.faces[f];
      face.vertices = {low_word(a), high_word(a), low_word(b)};
      face.material_slot = high_word(b);
      for (uint16_t v : face.vertices) {
        if (v >= vertex_count) {
          r.fail("mesh face " + std::to_string(f) + " names vertex " + std::to_string(v) + " of " +
                 std::to_string(vertex_count), r.position() + 2 * f);
        }
      }
      // A face may name a slot past the list: the engine then draws it without a material.
    }
    r.skip(2 * count);
  }
  if (r.seek_identifier(mesh_chunk::kLines)) {
    uint32_t pos = r.position();
    uint32_t count = r.read_dword();
    uint32_t size_pos = r.position();
    std::vector<uint8_t> bytes = r.read_buffer();
    if (bytes.size() < uint64_t{count} * 4) {
      r.fail("mesh line count " + std::to_string(count) + " needs " + std::to_string(uint64_t{count} * 4) +
             " bytes, the buffer has " + std::to_string(bytes.size()), pos);
    }
    m.lines.resize(count);
    for (uint32_t l = 0; l < count; ++l) {
      uint16_t a = static_cast<uint16_t>(bytes[4 * l] | bytes[4 * l + 1] << 8);
      uint16_t b = static_cast<uint16_t>(bytes[4 * l + 2] | bytes[4 * l + 3] << 8);
      if (a >= vertex_count || b >= vertex_count) {
        r.fail("mesh line " + std::to_string(l) + " names vertex " + std::to_string(a >= vertex_count ? a : b) +
               " of " + std::to_string(vertex_count), size_pos + 1 + l);
      }
      m.lines[l] = {a, b};
    }
  }
  if (r.seek_identifier(mesh_chunk::kChannels)) {
    uint32_t pos = r.position();
    uint32_t count = r.read_dword();
    if (count > r.remaining() / 5) {
      r.fail("mesh channel count " + std::to_string(count) + " exceeds the chunk (" +
             std::to_string(r.remaining()) + " dwords left, at least 5 a channel)", pos);
    }
    m.channels.resize(count);
    for (uint32_t c = 0; c < count; ++c) {
      MeshChannel& ch = m.channels[c];
      ch.material = r.read_object();
      ch.flags = r.read_dword();
      ch.source_blend = r.read_dword();
      ch.dest_blend = r.read_dword();
      uint32_t uv_pos = r.position();
      uint32_t uv_count = r.read_dword();
      if (uv_count > vertex_count) {
        r.fail("mesh channel " + std::to_string(c) + " has " + std::to_string(uv_count) + " UVs for " +
               std::to_string(vertex_count) + " vertices", uv_pos);
      }
      if (uint64_t{uv_count} * 2 > r.remaining()) {
        r.fail("mesh channel " + std::to_string(c) + " UVs (" + std::to_string(uv_count) + ") exceed the chunk",
               uv_pos);
      }
      const uint32_t* d = r.chunk().data.data() + r.position();
      ch.uvs.resize(uv_count);
      for (uint32_t i = 0; i < uv_count; ++i) ch.uvs[i] = {bits_float(d[2 * i]), bits_float(d[2 * i + 1])};
      r.skip(2 * uv_count);
    }
  }
  return m;
}

}  // namespace retroanim::ck::io
