// A GfxObj's drawing polygons as triangles (retroanim/ac/object/gfx_obj_mesh.h).
#include "retroanim/ac/object/gfx_obj_mesh.h"

#include <algorithm>

#include "retroanim/error.h"

namespace retroanim::ac {

// (retroanim's own) The fans the client's CPolygon drawing covers, per surface.
GfxObjMesh triangulate_gfx_obj(const GfxObj& g, const std::string& where) {
  GfxObjMesh mesh;
  mesh.gfx_obj_id = g.id;
  const auto& verts = g.vertex_array.vertices;
  // First pass: check every side and count each surface's corners and indices.
  std::vector<uint32_t> corners(g.surfaces.size(), 0), tris(g.surfaces.size(), 0);
  for (size_t k = 0; k < g.polygons.size(); ++k) {
    const Polygon& p = g.polygons[k];
    const size_t n = p.num_points();
    if (n < 3) continue;
    for (int side = 0; side < (p.has_back() ? 2 : 1); ++side) {
      const uint16_t surface = side == 0 ? p.pos_surface : p.neg_side_surface();
      if (surface >= g.surfaces.size()) {
        throw Error(where + ": polygon " + std::to_string(k) + ": " + (side == 0 ? "front" : "back") + " surface " +
                    std::to_string(surface) + " is beyond the " + std::to_string(g.surfaces.size()) + " surfaces");
      }
      const std::vector<uint8_t>& uv_list = side == 0 ? p.pos_uv_indices : p.neg_side_uv_indices();
      for (size_t i = 0; i < uv_list.size() && i < n; ++i) {
        const GfxVertex& v = verts[p.vertex_ids[i]];
        if (uv_list[i] >= v.uvs.size()) {
          throw Error(where + ": polygon " + std::to_string(k) + ": UV index " + std::to_string(uv_list[i]) +
                      " is beyond the " + std::to_string(v.uvs.size()) + " UV sets of vertex " +
                      std::to_string(p.vertex_ids[i]));
        }
      }
      corners[surface] += static_cast<uint32_t>(n);
      tris[surface] += static_cast<uint32_t>(n - 2);
    }
  }
  uint32_t vertex_total = 0, index_total = 0;
  for (size_t s = 0; s < g.surfaces.size(); ++s) {
    if (corners[s] == 0) continue;
    GfxObjSubmesh sub;
    sub.surface_index = static_cast<uint32_t>(s);
    sub.surface_id = g.surfaces[s];
    sub.first_vertex = vertex_total;
    sub.first_index = index_total;
    mesh.submeshes.push_back(sub);
    vertex_total += corners[s];
    index_total += tris[s] * 3;
  }
  mesh.positions.resize(size_t{vertex_total} * 3);
  mesh.normals.resize(size_t{vertex_total} * 3);
  mesh.uvs.resize(size_t{vertex_total} * 2);
  mesh.indices.resize(index_total);
  std::vector<int> sub_of(g.surfaces.size(), -1);
  for (size_t i = 0; i < mesh.submeshes.size(); ++i) sub_of[mesh.submeshes[i].surface_index] = static_cast<int>(i);
  // Second pass: fill each surface's range in polygon order.
  for (const Polygon& p : g.polygons) {
    const size_t n = p.num_points();
    if (n < 3) continue;
    for (int side = 0; side < (p.has_back() ? 2 : 1); ++side) {
      GfxObjSubmesh& sub = mesh.submeshes[static_cast<size_t>(sub_of[side == 0 ? p.pos_surface : p.neg_side_surface()])];
      const std::vector<uint8_t>& uv_list = side == 0 ? p.pos_uv_indices : p.neg_side_uv_indices();
      const uint32_t base = sub.first_vertex + sub.vertex_count;
      const float sign = side == 0 ? 1.0f : -1.0f;
      for (size_t i = 0; i < n; ++i) {
        const GfxVertex& v = verts[p.vertex_ids[i]];
        const size_t o = size_t{base} + i;
        mesh.positions[o * 3 + 0] = v.origin.x;
        mesh.positions[o * 3 + 1] = v.origin.y;
        mesh.positions[o * 3 + 2] = v.origin.z;
        mesh.normals[o * 3 + 0] = sign * v.normal.x;
        mesh.normals[o * 3 + 1] = sign * v.normal.y;
        mesh.normals[o * 3 + 2] = sign * v.normal.z;
        if (i < uv_list.size()) {
          mesh.uvs[o * 2 + 0] = v.uvs[uv_list[i]].u;
          mesh.uvs[o * 2 + 1] = v.uvs[uv_list[i]].v;
        }
      }
      uint32_t* idx = &mesh.indices[sub.first_index + sub.index_count];
      for (uint32_t i = 1; i + 1 < n; ++i) {
        *idx++ = base;
        *idx++ = base + (side == 0 ? i : i + 1);
        *idx++ = base + (side == 0 ? i + 1 : i);
      }
      sub.vertex_count += static_cast<uint32_t>(n);
      sub.index_count += static_cast<uint32_t>(n - 2) * 3;
    }
  }
  for (size_t v = 0; v < mesh.vertex_count(); ++v) {
    const math::Vec3 p{mesh.positions[v * 3], mesh.positions[v * 3 + 1], mesh.positions[v * 3 + 2]};
    if (v == 0) {
      mesh.bounds_min = mesh.bounds_max = p;
    } else {
      mesh.bounds_min = {std::min(mesh.bounds_min.x, p.x), std::min(mesh.bounds_min.y, p.y), std::min(mesh.bounds_min.z, p.z)};
      mesh.bounds_max = {std::max(mesh.bounds_max.x, p.x), std::max(mesh.bounds_max.y, p.y), std::max(mesh.bounds_max.z, p.z)};
    }
  }
  return mesh;
}

}  // namespace retroanim::ac
