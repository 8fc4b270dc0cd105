// ck/io/mesh_io.cpp: CKMesh::Load on hand-built chunks: every identifier's
// layout, the single-value vertex packings, and the one-line errors of bad
// counts and indices (file, object and byte offset).
#include <gtest/gtest.h>

#include <cstring>

#include "retroanim/ck/io/mesh_io.h"
#include "retroanim/error.h"

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::io;

namespace {

uint32_t fbits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

struct MeshSpec {
  uint32_t vertices = 3;
  uint32_t save = 0;  // vertex save flags
  std::vector<std::array<uint16_t, 4>> faces{{0, 1, 2, 1}};
  std::vector<std::array<uint16_t, 2>> lines{{0, 2}};
  uint32_t channel_uvs = 3;
  int32_t block_adjust = 0;  // added to the vertex block's size dword
};

// A mesh chunk as CKMesh::Save writes it (data version 10, FILE-bound).
StateChunk mesh_chunk_of(const MeshSpec& m) {
  ChunkWriter w(32, 10);
  w.write_identifier(mesh_chunk::kFlags);
  w.write_dword(0x7 | mesh_flag::kWrapU);
  w.write_identifier(mesh_chunk::kMaterials);
  w.write_dword(2);
  w.write_object(4);
  w.write_dword(0);
  w.write_object(kNoObject);
  w.write_dword(0);
  w.write_identifier(mesh_chunk::kVertices);
  w.write_dword(m.vertices);
  w.write_dword(m.save);
  std::vector<uint32_t> block;
  uint32_t n = m.vertices;
  if (!(m.save & mesh_vertex_save::kNoPositions))
    for (uint32_t i = 0; i < n; ++i) {
      block.push_back(fbits(float(i)));
      block.push_back(fbits(float(i) + 0.5f));
      block.push_back(fbits(-float(i)));
    }
  for (uint32_t i = 0; i < ((m.save & mesh_vertex_save::kSingleColor) ? 1 : n); ++i) block.push_back(0xFF102030u + i);
  for (uint32_t i = 0; i < ((m.save & mesh_vertex_save::kSingleSpecular) ? 1 : n); ++i) block.push_back(0x80000000u + i);
  if (!(m.save & mesh_vertex_save::kNoNormals))
    for (uint32_t i = 0; i < n; ++i) {
      block.push_back(fbits(0));
      block.push_back(fbits(1));
      block.push_back(fbits(0));
    }
  for (uint32_t i = 0; i < ((m.save & mesh_vertex_save::kSingleUv) ? 1 : n); ++i) {
    block.push_back(fbits(0.25f * float(i)));
    block.push_back(fbits(1.0f - 0.25f * float(i)));
  }
  w.write_dword(static_cast<uint32_t>(block.size() + 1 + m.block_adjust));
  for (uint32_t d : block) w.write_dword(d);
  w.write_identifier(mesh_chunk::kFaces);
  w.write_dword(static_cast<uint32_t>(m.faces.size()));
  for (const auto& f : m.faces) {
    w.write_dword(f[0] | uint32_t{f[1]} << 16);
    w.write_dword(f[2] | uint32_t{f[3]} << 16);
  }
  if (!m.lines.empty()) {
    w.write_identifier(mesh_chunk::kLines);
    w.write_dword(static_cast<uint32_t>(m.lines.size()));
    std::vector<uint8_t> bytes;
    for (const auto& l : m.lines)
      for (uint16_t v : l) {
        bytes.push_back(static_cast<uint8_t>(v));
        bytes.push_back(static_cast<uint8_t>(v >> 8));
      }
    w.write_buffer(bytes);
  }
  w.write_identifier(mesh_chunk::kChannels);
  w.write_dword(1);
  w.write_object(5);
  w.write_dword(0x10);
  w.write_dword(2);
  w.write_dword(3);
  w.write_dword(m.channel_uvs);
  for (uint32_t i = 0; i < m.channel_uvs; ++i) {
    w.write_float(0.5f);
    w.write_float(float(i));
  }
  StateChunk c = std::move(w).finish();
  c.origin = {"test.nmo", "object 9 'M' (Mesh)", 1000};
  return c;
}

Mesh read(const StateChunk& c) {
  ChunkReader r(c);
  auto m = read_mesh(r);
  if (!m) throw std::runtime_error("no mesh");
  return *m;
}

std::string error_of(const StateChunk& c) {
  try {
    read(c);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(MeshIo, EveryIdentifierAsSaved) {
  Mesh m = read(mesh_chunk_of({}));
  // The run-time bits (bounding box up to date 0x1, optimized 0x4) are dropped.
  EXPECT_EQ(m.flags, 0x2u | mesh_flag::kWrapU);
  ASSERT_EQ(m.materials.size(), 2u);
  EXPECT_EQ(m.materials[0], 4);
  EXPECT_EQ(m.materials[1], kNoObject);
  ASSERT_EQ(m.positions.size(), 3u);
  EXPECT_EQ(m.positions[2], (math::Vec3{2.0f, 2.5f, -2.0f}));
  EXPECT_EQ(m.colors[1], 0xFF102031u);
  EXPECT_EQ(m.specular_colors[2], 0x80000002u);
  EXPECT_TRUE(m.normals_stored);
  EXPECT_EQ(m.normals[1], (math::Vec3{0, 1, 0}));
  EXPECT_EQ(m.uvs[1], (math::Vec2{0.25f, 0.75f}));
  ASSERT_EQ(m.faces.size(), 1u);
  EXPECT_EQ(m.faces[0].vertices, (std::array<uint16_t, 3>{0, 1, 2}));
  EXPECT_EQ(m.faces[0].material_slot, 1);
  ASSERT_EQ(m.lines.size(), 1u);
  EXPECT_EQ(m.lines[0], (std::array<uint16_t, 2>{0, 2}));
  ASSERT_EQ(m.channels.size(), 1u);
  EXPECT_EQ(m.channels[0].material, 5);
  EXPECT_EQ(m.channels[0].flags, 0x10u);
  EXPECT_EQ(m.channels[0].source_blend, 2u);
  EXPECT_EQ(m.channels[0].dest_blend, 3u);
  ASSERT_EQ(m.channels[0].uvs.size(), 3u);
  EXPECT_EQ(m.channels[0].uvs[2], (math::Vec2{0.5f, 2.0f}));
}

TEST(MeshIo, SingleValuesAreRepeatedAndMissingNormalsAreZero) {
  MeshSpec s;
  s.save = mesh_vertex_save::kSingleColor | mesh_vertex_save::kSingleSpecular | mesh_vertex_save::kNoNormals |
           mesh_vertex_save::kSingleUv;
  Mesh m = read(mesh_chunk_of(s));
  ASSERT_EQ(m.colors.size(), 3u);
  EXPECT_EQ(m.colors[2], 0xFF102030u);
  EXPECT_EQ(m.specular_colors[2], 0x80000000u);
  EXPECT_FALSE(m.normals_stored);
  EXPECT_EQ(m.normals[2], (math::Vec3{0, 0, 0}));
  EXPECT_EQ(m.uvs[2], (math::Vec2{0.0f, 1.0f}));
  EXPECT_EQ(m.positions[1], (math::Vec3{1.0f, 1.5f, -1.0f}));
}

TEST(MeshIo, OldLayoutIsNotRead) {
  ChunkWriter w(32, 8);
  w.write_identifier(mesh_chunk::kFlags);
  w.write_dword(2);
  StateChunk c = std::move(w).finish();
  ChunkReader r(c);
  EXPECT_FALSE(read_mesh(r).has_value());
}

TEST(MeshIo, FaceNamingAMissingVertexIsOneLine) {
  MeshSpec s;
  s.faces = {{0, 1, 2, 0}, {0, 7, 2, 0}};
  std::string e = error_of(mesh_chunk_of(s));
  EXPECT_NE(e.find("test.nmo"), std::string::npos) << e;
  EXPECT_NE(e.find("object 9 'M' (Mesh)"), std::string::npos) << e;
  EXPECT_NE(e.find("at byte"), std::string::npos) << e;
  EXPECT_NE(e.find("mesh face 1 names vertex 7 of 3"), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos) << e;
}

TEST(MeshIo, LineNamingAMissingVertexIsOneLine) {
  MeshSpec s;
  s.lines = {{0, 3}};
  EXPECT_NE(error_of(mesh_chunk_of(s)).find("mesh line 0 names vertex 3 of 3"), std::string::npos);
}

TEST(MeshIo, ChannelLongerThanTheVertexListIsOneLine) {
  MeshSpec s;
  s.channel_uvs = 4;
  EXPECT_NE(error_of(mesh_chunk_of(s)).find("mesh channel 0 has 4 UVs for 3 vertices"), std::string::npos);
}

TEST(MeshIo, VertexBlockShorterThanItsVerticesIsOneLine) {
  MeshSpec s;
  s.block_adjust = -2;  // the block claims less than 3 vertices need
  std::string e = error_of(mesh_chunk_of(s));
  EXPECT_NE(e.find("is shorter than the 30 its 3 vertices"), std::string::npos) << e;
  s.block_adjust = 1000;  // the block claims more than the chunk holds
  e = error_of(mesh_chunk_of(s));
  EXPECT_NE(e.find("mesh vertex block of 1031 dwords exceeds"), std::string::npos) << e;
}

TEST(MeshIo, HugeCountsAreRefusedBeforeAllocating) {
  for (uint32_t ident : {mesh_chunk::kMaterials, mesh_chunk::kFaces, mesh_chunk::kChannels, mesh_chunk::kVertices}) {
    ChunkWriter w(32, 10);
    w.write_identifier(ident);
    w.write_dword(0xFFFFFFF0u);
    w.write_dword(ident == mesh_chunk::kVertices ? 0x1Fu : 0u);  // vertices: nothing per vertex
    w.write_dword(1);
    StateChunk c = std::move(w).finish();
    c.origin = {"test.nmo", "object 1 'Big' (Mesh)", 0};
    std::string e = error_of(c);
    EXPECT_NE(e.find("exceeds"), std::string::npos) << std::hex << ident << ": " << e;
  }
}

TEST(MeshIo, EveryTruncationIsAnErrorOrAShorterMesh) {
  StateChunk full = mesh_chunk_of({});
  for (size_t n = 0; n < full.data.size(); ++n) {
    StateChunk c = full;
    c.data.resize(n);
    try {
      read(c);
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
  // Every single dword changed: no crash, at most one error line.
  for (size_t i = 0; i < full.data.size(); ++i) {
    for (uint32_t v : {0u, 0xFFFFu, 0x7FFFFFFFu, 0xFFFFFFFFu}) {
      StateChunk c = full;
      c.data[i] = v;
      try {
        read(c);
      } catch (const Error&) {
      }
    }
  }
}
