// ac/io/gfx_obj_io.cpp: GfxObj unpack and pack: the client's field order on
// bytes written by hand, round trips byte-identical, the compressed counts,
// sides types and stippling, the BSP node kinds of both trees, and bad input
// a one-line error naming the file, the object and the byte offset.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/ac/gfx_samples.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ac/io/gfx_obj_io.h"
#include "retroanim/error.h"
#include "retroanim/io/byte_writer.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;

namespace {

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

GfxObj sample() { return samples::box_gfx_obj(0x01000010, {0, 0, 1}, {0.5f, 0.25f, 1.0f}, {0x08000001, 0x08000002}, 0x11000005); }

// A GfxObj written field by field as CGfxObj::Serialize reads it: one surface,
// two vertices (one with two UV sets), one drawing polygon of sides type 2
// over a drawing BSP of one leaf, the degrade id.
std::vector<uint8_t> hand_bytes() {
  retroanim::io::ByteWriter w;
  w.u32(0x01000042);                 // id
  w.u32(gfx_obj_flag::kHasDrawing | gfx_obj_flag::kHasDegrade);
  w.u8(1);                           // surface count (compressed, one byte)
  w.u32(0x08000007);
  w.u32(1);                          // vertex type
  w.u32(3);                          // vertex count
  for (uint16_t v = 0; v < 3; ++v) {
    w.u16(static_cast<uint16_t>(10 + v));  // vert id
    w.u16(v == 1 ? 2 : 1);                 // UV count
    w.f32(v); w.f32(2.0f * v); w.f32(3.0f);  // position
    w.f32(0); w.f32(0); w.f32(1);            // normal
    w.f32(0.25f); w.f32(0.75f);
    if (v == 1) { w.f32(0.5f); w.f32(0.125f); }
  }
  w.f32(1.0f); w.f32(2.0f); w.f32(3.0f);  // sort centre
  w.u8(1);                                 // polygon count
  w.u16(77);                               // poly id
  w.u8(3);                                 // points
  w.u8(0);                                 // stippling
  w.i32(sides_type::kSeparate);
  w.u16(0); w.u16(0);                      // surfaces
  w.u16(0); w.u16(1); w.u16(2);            // vertex indices
  w.u8(0); w.u8(1); w.u8(0);               // front UV indices
  w.u8(0); w.u8(0); w.u8(0);               // back UV indices
  w.u32(bsp_tag::kLeaf);                   // drawing BSP: one leaf
  w.u32(4);                                // leaf index
  w.u32(0x11000003);                       // degrade id
  return w.take();
}

}  // namespace

TEST(GfxObjIo, ReadsTheClientsFieldOrder) {
  const std::vector<uint8_t> bytes = hand_bytes();
  size_t consumed = 0;
  const GfxObj g = unpack_gfx_obj(bytes, "t.dat", "GfxObj", &consumed);
  EXPECT_EQ(consumed, bytes.size());
  EXPECT_EQ(g.id, 0x01000042u);
  ASSERT_EQ(g.surfaces.size(), 1u);
  EXPECT_EQ(g.surfaces[0], 0x08000007u);
  ASSERT_EQ(g.vertex_array.vertices.size(), 3u);
  EXPECT_EQ(g.vertex_array.vertices[2].vert_id, 12);
  EXPECT_EQ(g.vertex_array.vertices[2].origin.y, 4.0f);
  EXPECT_EQ(g.vertex_array.vertices[1].uvs.size(), 2u);
  EXPECT_EQ(g.vertex_array.vertices[1].uvs[1].v, 0.125f);
  EXPECT_EQ(g.sort_center.z, 3.0f);
  ASSERT_EQ(g.polygons.size(), 1u);
  EXPECT_EQ(g.polygons[0].poly_id, 77);
  EXPECT_EQ(g.polygons[0].pos_uv_indices, (std::vector<uint8_t>{0, 1, 0}));
  EXPECT_EQ(g.polygons[0].neg_uv_indices.size(), 3u);
  ASSERT_EQ(g.drawing_bsp.nodes.size(), 1u);
  EXPECT_EQ(g.drawing_bsp.nodes[0].leaf_index, 4u);
  EXPECT_TRUE(g.physics_polygons.empty());
  EXPECT_EQ(g.degrade_id, 0x11000003u);
  EXPECT_EQ(pack_gfx_obj(g), bytes);
}

TEST(GfxObjIo, RoundTripIsByteIdentical) {
  const GfxObj g = sample();
  const std::vector<uint8_t> bytes = pack_gfx_obj(g);
  size_t consumed = 0;
  const GfxObj back = unpack_gfx_obj(bytes, "", "GfxObj", &consumed);
  EXPECT_EQ(consumed, bytes.size());
  EXPECT_EQ(pack_gfx_obj(back), bytes);
  EXPECT_EQ(back.vertex_array.vertices.size(), 24u);
  EXPECT_EQ(back.polygons.size(), 6u);
  EXPECT_EQ(back.physics_polygons.size(), 6u);
  EXPECT_EQ(back.drawing_bsp.nodes.size(), 3u);
  EXPECT_EQ(back.physics_bsp.nodes.size(), 1u);
  EXPECT_EQ(back.physics_bsp.nodes[0].solid, 1);
  EXPECT_EQ(back.drawing_bsp.nodes[0].polygons.size(), 6u);
  EXPECT_EQ(back.degrade_id, 0x11000005u);
}

TEST(GfxObjIo, ThroughADat) {
  const GfxObj g = sample();
  DatWriter w;
  add_gfx_obj(w, g, {true});
  const DatDatabase dat = DatDatabase::from_bytes(w.build(), "box.dat");
  EXPECT_EQ(pack_gfx_obj(read_gfx_obj(dat, g.id)), pack_gfx_obj(g));
  EXPECT_NE(error_of([&] { read_gfx_obj(dat, 0x01000011); }), "");
  EXPECT_NE(error_of([&] { read_gfx_obj(dat, 0x02000010); }).find("not of type"), std::string::npos);
}

TEST(GfxObjIo, CompressedCountsUseTheirThreeForms) {
  for (uint32_t n : {0u, 0x7Fu, 0x80u, 0x3FFFu, 0x4000u}) {
    GfxObj g;
    g.id = 0x01000001;
    g.surfaces.assign(n, 0x08000001);
    const std::vector<uint8_t> bytes = pack_gfx_obj(g);
    const size_t count_bytes = n <= 0x7F ? 1 : n <= 0x3FFF ? 2 : 4;
    EXPECT_EQ(bytes.size(), 8 + count_bytes + 4 * size_t{n} + 8 + 12) << n;
    EXPECT_EQ(unpack_gfx_obj(bytes).surfaces.size(), n);
  }
}

TEST(GfxObjIo, SidesTypeOneDrawsTheFrontOnTheBack) {
  GfxObj g = sample();
  const Polygon& top = g.polygons[4];
  ASSERT_EQ(top.sides_type, sides_type::kDouble);
  Polygon p = top;
  p.neg_surface = 1;  // stored, but the client replaces it
  EXPECT_EQ(p.neg_side_surface(), p.pos_surface);
  EXPECT_EQ(p.neg_side_uv_indices(), p.pos_uv_indices);
  const Polygon& bottom = g.polygons[5];
  EXPECT_EQ(bottom.neg_side_surface(), bottom.neg_surface);
}

TEST(GfxObjIo, StipplingLeavesOutUvIndices) {
  GfxObj g = sample();
  for (Polygon& p : g.polygons) {
    p.stippling = stippling::kNoPosUVs | stippling::kNoNegUVs;
    p.pos_uv_indices.clear();
    p.neg_uv_indices.clear();
  }
  const auto bytes = pack_gfx_obj(g);
  EXPECT_EQ(bytes.size(), pack_gfx_obj(sample()).size() - 6 * 4 - 4);
  EXPECT_EQ(pack_gfx_obj(unpack_gfx_obj(bytes)), bytes);
  g.polygons[0].pos_uv_indices = {0, 0, 0, 0};
  EXPECT_NE(error_of([&] { pack_gfx_obj(g); }).find("UV index lists"), std::string::npos);
}

TEST(GfxObjIo, EveryBspNodeKindRoundTrips) {
  GfxObj g = sample();
  // Drawing tree: a portal over a front-only node and a back-only node, each over a leaf.
  BspNode portal;
  portal.tag = bsp_tag::kPortal;
  portal.splitting_plane = {{1, 0, 0}, 0.5f};
  portal.pos_child = 1;
  portal.neg_child = 3;
  portal.sphere = {{0, 0, 1}, 2.0f};
  portal.polygons = {0, 5};
  portal.portals = {{2, 9}, {3, 1}};
  BspNode front;
  front.tag = bsp_tag::kBPnn;
  front.pos_child = 2;
  front.polygons = {1};
  BspNode leaf;
  leaf.tag = bsp_tag::kLeaf;
  BspNode back;
  back.tag = bsp_tag::kBpIN;
  back.neg_child = 4;
  g.drawing_bsp.nodes = {portal, front, leaf, back, leaf};
  // Physics tree: a node with both children (BPnN) over two solid leaves.
  BspNode split;
  split.tag = bsp_tag::kBPnN;
  split.pos_child = 1;
  split.neg_child = 2;
  split.sphere = {{0, 0, 0}, 3.0f};
  BspNode solid;
  solid.tag = bsp_tag::kLeaf;
  solid.solid = 1;
  solid.polygons = {4};
  g.physics_bsp.nodes = {split, solid, solid};
  const auto bytes = pack_gfx_obj(g);
  const GfxObj back_obj = unpack_gfx_obj(bytes);
  EXPECT_EQ(pack_gfx_obj(back_obj), bytes);
  ASSERT_EQ(back_obj.drawing_bsp.nodes.size(), 5u);
  EXPECT_EQ(back_obj.drawing_bsp.nodes[0].portals, portal.portals);
  EXPECT_EQ(back_obj.drawing_bsp.nodes[3].neg_child, 4);
  EXPECT_EQ(back_obj.drawing_bsp.nodes[1].pos_child, 2);
  EXPECT_EQ(back_obj.physics_bsp.nodes[2].polygons, (std::vector<uint16_t>{4}));
  // A node whose children do not match its tag cannot be written.
  g.drawing_bsp.nodes[1].neg_child = 4;
  EXPECT_NE(error_of([&] { pack_gfx_obj(g); }).find("children its tag"), std::string::npos);
}

TEST(GfxObjIo, EveryTruncationIsAnErrorNamingTheOffset) {
  const auto bytes = pack_gfx_obj(sample());
  for (size_t n = 0; n < bytes.size(); ++n) {
    const std::string e = error_of([&] {
      unpack_gfx_obj(std::span<const uint8_t>(bytes.data(), n), "t.dat", "GfxObj 0x01000010");
    });
    ASSERT_EQ(e.rfind("t.dat: GfxObj 0x01000010: at byte ", 0), 0u) << n << ": " << e;
    ASSERT_EQ(e.find('\n'), std::string::npos);
  }
}

TEST(GfxObjIo, BadIndicesAndCountsAreRefused) {
  auto bytes = hand_bytes();
  // Vertex index 2 -> 3 (beyond the 3 vertices): at the polygon's last vertex index.
  const size_t vertex_list = bytes.size() - 4 - 8 - 6 - 6;
  auto bad = bytes;
  bad[vertex_list + 4] = 3;
  EXPECT_NE(error_of([&] { unpack_gfx_obj(bad, "t.dat"); })
                .find("at byte " + std::to_string(vertex_list + 4) + ": polygon vertex index 3 is beyond the 3 vertices"),
            std::string::npos);
  // A point count of 200 is a negative signed char to the client.
  bad = bytes;
  bad[vertex_list - 10] = 200;
  EXPECT_NE(error_of([&] { unpack_gfx_obj(bad); }).find("point count 200 is negative"), std::string::npos);
  // Vertex type 2.
  bad = bytes;
  bad[13] = 2;
  EXPECT_NE(error_of([&] { unpack_gfx_obj(bad); }).find("at byte 13: vertex type 2"), std::string::npos);
  // A surface count beyond the bytes.
  bad = bytes;
  bad[8] = 0xC0;
  bad[9] = 0x7F;
  EXPECT_NE(error_of([&] { unpack_gfx_obj(bad); }).find("surface count"), std::string::npos);
  // A BSP polygon index beyond the polygons.
  GfxObj g = sample();
  g.drawing_bsp.nodes[0].polygons = {6};
  EXPECT_NE(error_of([&] { pack_gfx_obj(g); }).find("polygon index beyond"), std::string::npos);
}

TEST(GfxObjIo, BspPolygonIndexBeyondTheListIsRefusedOnReading) {
  GfxObj g = sample();
  auto bytes = pack_gfx_obj(g);
  // The drawing root reads its children first, then its sphere and polygon indices: the last u16 before the degrade id.
  const size_t last_index = bytes.size() - 4 - 2;
  bytes[last_index] = 9;
  EXPECT_NE(error_of([&] { unpack_gfx_obj(bytes); })
                .find("at byte " + std::to_string(last_index) + ": BSP polygon index 9 is beyond the 6 polygons"),
            std::string::npos);
}

TEST(GfxObjIo, DeepBspIsRefused) {
  retroanim::io::ByteWriter w;
  w.u32(0x01000001);
  w.u32(gfx_obj_flag::kHasDrawing);
  w.u8(0);
  w.u32(1);
  w.u32(0);
  for (int i = 0; i < 3; ++i) w.f32(0);
  w.u8(0);
  for (int i = 0; i < kMaxBspDepth + 2; ++i) {
    w.u32(bsp_tag::kBPnn);
    for (int k = 0; k < 4; ++k) w.f32(0);
  }
  EXPECT_NE(error_of([&] { unpack_gfx_obj(w.take()); }).find("deeper than 256"), std::string::npos);
}
