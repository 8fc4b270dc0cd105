// A graphics object (dat type 0x01) as CGfxObj holds it after loading: its
// surfaces (Surface ids), the vertex array (CVertexArray of CSWVertex:
// position, normal, UV sets), the drawing polygons (CPolygon) with the drawing
// BSP tree, the physics polygons with the physics BSP tree, the sort centre
// and the id of its degrade table (GfxObjDegradeInfo, 0x11). Plain data; the
// dat form is ac/io/gfx_obj_io.h. The client indexes vertices and polygons by
// their position in the arrays; the stored ids are kept, not used.
#pragma once

#include <cstdint>
#include <vector>

#include "retroanim/ac/object/bsp_tree.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac {

// CVec2Duv: one texture coordinate pair.
struct TexCoord {
  float u = 0.0f;
  float v = 0.0f;
  friend bool operator==(const TexCoord&, const TexCoord&) = default;
};

// CSWVertex: a vertex's stored id, position, normal and UV sets.
struct GfxVertex {
  uint16_t vert_id = 0;
  math::Vec3 origin{};
  math::Vec3 normal{};
  std::vector<TexCoord> uvs;
};

// CVertexArray::vertex_type: the only type the client reads vertices for.
inline constexpr uint32_t kSoftwareVertexType = 1;

// CVertexArray: the vertex type (1 = CSWVertex) and the vertices.
struct VertexArray {
  uint32_t vertex_type = kSoftwareVertexType;
  std::vector<GfxVertex> vertices;
};

// CPolygon::sides_type.
namespace sides_type {
inline constexpr int32_t kSingle = 0;    // the front only
inline constexpr int32_t kDouble = 1;    // both sides, the back drawn with the front's surface and UVs
inline constexpr int32_t kSeparate = 2;  // both sides, the back with a surface and UVs of its own
}  // namespace sides_type

// CPolygon::stippling bits the unpacker reads.
namespace stippling {
inline constexpr uint8_t kNoPosUVs = 0x04;  // no front UV indices stored
inline constexpr uint8_t kNoNegUVs = 0x08;  // no back UV indices stored
}  // namespace stippling

// CPolygon as stored: id, stippling, sides type, front and back surface
// (indices into GfxObj::surfaces), vertex indices (positions in the vertex
// array) and, per side, one UV-set index per point.
struct Polygon {
  uint16_t poly_id = 0;
  uint8_t stippling = 0;
  int32_t sides_type = sides_type::kSingle;
  uint16_t pos_surface = 0;
  uint16_t neg_surface = 0;  // as stored (CPolygon::UnPack replaces it for sides type 1: neg_side_surface)
  std::vector<uint16_t> vertex_ids;
  std::vector<uint8_t> pos_uv_indices;  // empty when stippling has kNoPosUVs
  std::vector<uint8_t> neg_uv_indices;  // stored only for sides type 2 without kNoNegUVs

  // The number of points (CPolygon::num_pts).
  size_t num_points() const { return vertex_ids.size(); }
  // Whether the back is drawn (sides type 1 or 2).
  bool has_back() const { return sides_type == sides_type::kDouble || sides_type == sides_type::kSeparate; }
  // The back's surface and UV indices as the client has them after
  // CPolygon::UnPack (0x538650): the front's for sides type 1.
  uint16_t neg_side_surface() const { return sides_type == sides_type::kDouble ? pos_surface : neg_surface; }
  const std::vector<uint8_t>& neg_side_uv_indices() const {
    return sides_type == sides_type::kDouble ? pos_uv_indices : neg_uv_indices;
  }
};

// CGfxObj flags (the first dword after the id).
namespace gfx_obj_flag {
inline constexpr uint32_t kHasPhysics = 0x1;  // physics polygons and BSP
inline constexpr uint32_t kHasDrawing = 0x2;  // drawing polygons and BSP
inline constexpr uint32_t kHasDegrade = 0x8;  // a degrade id follows
}  // namespace gfx_obj_flag

// CGfxObj, as CGfxObj::Serialize (0x534970) reads it.
struct GfxObj {
  uint32_t id = 0;
  uint32_t flags = 0;
  std::vector<uint32_t> surfaces;  // Surface (0x08) ids
  VertexArray vertex_array;
  std::vector<Polygon> physics_polygons;  // flags & kHasPhysics
  BspTree physics_bsp;                    // flags & kHasPhysics
  math::Vec3 sort_center{};
  std::vector<Polygon> polygons;  // flags & kHasDrawing
  BspTree drawing_bsp;            // flags & kHasDrawing
  uint32_t degrade_id = 0;        // flags & kHasDegrade (GfxObjDegradeInfo, 0x11)
};

}  // namespace retroanim::ac
