// A GfxObj's drawing polygons as triangles, ready for a renderer or for a
// server's bounds (retroanim's own; the client draws its CPolygons itself):
// each polygon a fan from its first point, the front counter-clockwise as
// stored, the back (sides types 1 and 2) reversed with the client's back
// surface and UVs and negated normals. Vertices are per polygon corner (a
// corner takes its vertex's position and normal and the UV set the polygon
// names), in the dat's coordinates (x east, y north, z up), grouped into one
// submesh per surface in the order of GfxObj::surfaces.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "retroanim/ac/object/gfx_obj.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac {

// The triangles of one surface: a contiguous range of vertices and of indices.
struct GfxObjSubmesh {
  uint32_t surface_index = 0;  // into GfxObj::surfaces
  uint32_t surface_id = 0;     // that Surface's (0x08) id
  uint32_t first_vertex = 0;
  uint32_t vertex_count = 0;
  uint32_t first_index = 0;
  uint32_t index_count = 0;  // three per triangle
};

struct GfxObjMesh {
  uint32_t gfx_obj_id = 0;
  std::vector<float> positions;  // x, y, z per vertex
  std::vector<float> normals;    // x, y, z per vertex
  std::vector<float> uvs;        // u, v per vertex (0, 0 where the polygon names no UVs)
  std::vector<uint32_t> indices;  // into the vertices (absolute), three per triangle
  std::vector<GfxObjSubmesh> submeshes;
  math::Vec3 bounds_min{};  // of the drawn vertices (all zero when there are none)
  math::Vec3 bounds_max{};

  size_t vertex_count() const { return positions.size() / 3; }
};

// The triangles of `obj`'s drawing polygons (polygons of fewer than three
// points are skipped). Throws retroanim::Error "WHERE: polygon K: ..." for a
// surface index beyond the surfaces or a UV index beyond its vertex's UV sets
// (vertex indices are checked by the unpacker).
GfxObjMesh triangulate_gfx_obj(const GfxObj& obj, const std::string& where);

}  // namespace retroanim::ac
