// GfxObj (0x01) unpack/pack: CGfxObj::Serialize (0x534970), CVertexArray::UnPack
// (0x53C030), CSWVertex::UnPack (0x53DE50), CPolygon::UnPack (0x538650),
// BSPTREE::UnPack (0x539830), BSPNODE::UnPackChild (0x53C770),
// BSPNODE::UnPack (0x53C540), BSPLEAF::UnPackLeaf (0x53D4A0) and
// BSPPORTAL::UnPackPortal (0x53DB70), with their Pack counterparts.
#include "retroanim/ac/io/gfx_obj_io.h"

#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/pack_primitives.h"
#include "retroanim/error.h"

namespace retroanim::ac::io {

namespace {

[[noreturn]] void pack_fail(const GfxObj& obj, const std::string& what) {
  throw Error(describe_error("", "GfxObj " + format_dat_id(obj.id), std::nullopt, what));
}

// CSWVertex::UnPack (0x53DE50): id, UV count, position, normal, UVs.
GfxVertex read_vertex(ByteReader& r) {
  GfxVertex v;
  v.vert_id = r.u16("vertex id");
  const uint16_t num_uvs = r.u16("vertex UV count");
  v.origin = read_vec3(r, "vertex position");
  v.normal = read_vec3(r, "vertex normal");
  r.need_items(num_uvs, 8, "vertex UV");
  v.uvs.reserve(num_uvs);
  for (uint16_t i = 0; i < num_uvs; ++i) {
    TexCoord t;
    t.u = r.f32("vertex UV");
    t.v = r.f32("vertex UV");
    v.uvs.push_back(t);
  }
  return v;
}

// CVertexArray::UnPack (0x53C030): type, count, then CSWVertex records when
// the type is 1. The client allocates the count for any other type without
// reading vertices; no shipped object has one, so it is refused here.
VertexArray read_vertex_array(ByteReader& r) {
  VertexArray a;
  const size_t at = r.offset();
  a.vertex_type = r.u32("vertex type");
  const uint32_t n = r.u32("vertex count");
  if (a.vertex_type != kSoftwareVertexType) {
    r.fail_at(at, "vertex type " + std::to_string(a.vertex_type) + " is not 1 (the only type the client reads)");
  }
  r.need_items(n, 28, "vertex");
  a.vertices.reserve(n);
  for (uint32_t i = 0; i < n; ++i) a.vertices.push_back(read_vertex(r));
  return a;
}

// CPolygon::UnPack (0x538650): id, point count, stippling, sides type, front
// and back surface, vertex indices, front UV indices (unless stippling bit 4),
// back UV indices (sides type 2 unless stippling bit 8). The client then
// copies the front surface and UVs to the back for sides type 1
// (Polygon::neg_side_surface); the stored values are kept.
Polygon read_polygon(ByteReader& r, size_t num_vertices) {
  Polygon p;
  p.poly_id = r.u16("polygon id");
  const size_t at_points = r.offset();
  const auto num_pts = static_cast<int8_t>(r.u8("polygon point count"));
  if (num_pts < 0) {
    r.fail_at(at_points, "polygon point count " + std::to_string(num_pts + 256) +
                             " is negative as the client's signed char (it cannot load it)");
  }
  p.stippling = r.u8("polygon stippling");
  p.sides_type = r.i32("polygon sides type");
  p.pos_surface = r.u16("polygon front surface");
  p.neg_surface = r.u16("polygon back surface");
  const auto n = static_cast<size_t>(num_pts);
  r.need_items(n, 2, "polygon vertex index");
  p.vertex_ids.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    const size_t at = r.offset();
    const uint16_t v = r.u16("polygon vertex index");
    if (v >= num_vertices) {
      r.fail_at(at, "polygon vertex index " + std::to_string(v) + " is beyond the " + std::to_string(num_vertices) +
                        " vertices");
    }
    p.vertex_ids.push_back(v);
  }
  if ((p.stippling & stippling::kNoPosUVs) == 0) {
    auto b = r.bytes(n, "polygon front UV indices");
    p.pos_uv_indices.assign(b.begin(), b.end());
  }
  if (p.sides_type == sides_type::kSeparate && (p.stippling & stippling::kNoNegUVs) == 0) {
    auto b = r.bytes(n, "polygon back UV indices");
    p.neg_uv_indices.assign(b.begin(), b.end());
  }
  return p;
}

void write_polygon(ByteWriter& w, const GfxObj& obj, const Polygon& p) {
  const size_t n = p.num_points();
  for (uint16_t v : p.vertex_ids) {
    if (v >= obj.vertex_array.vertices.size()) {
      pack_fail(obj, "polygon " + std::to_string(p.poly_id) + " has a vertex index beyond the vertex array");
    }
  }
  if (n > 127) pack_fail(obj, "polygon " + std::to_string(p.poly_id) + " has more than 127 points");
  const bool pos_uvs = (p.stippling & stippling::kNoPosUVs) == 0;
  const bool neg_uvs = p.sides_type == sides_type::kSeparate && (p.stippling & stippling::kNoNegUVs) == 0;
  if (p.pos_uv_indices.size() != (pos_uvs ? n : 0) || p.neg_uv_indices.size() != (neg_uvs ? n : 0)) {
    pack_fail(obj, "polygon " + std::to_string(p.poly_id) +
                       " has UV index lists that do not match its points, stippling and sides type");
  }
  w.u16(p.poly_id);
  w.u8(static_cast<uint8_t>(n));
  w.u8(p.stippling);
  w.i32(p.sides_type);
  w.u16(p.pos_surface);
  w.u16(p.neg_surface);
  for (uint16_t v : p.vertex_ids) w.u16(v);
  for (uint8_t u : p.pos_uv_indices) w.u8(u);
  for (uint8_t u : p.neg_uv_indices) w.u8(u);
}

// Which children BSPNODE::UnPack reads for a tag.
struct Children {
  bool pos = false;
  bool neg = false;
};

Children node_children(uint32_t tag) {
  using namespace bsp_tag;
  if (tag == kBPnn || tag == kBPIn) return {true, false};
  if (tag == kBpIN || tag == kBpnN) return {false, true};
  if (tag == kBPIN || tag == kBPnN) return {true, true};
  return {false, false};
}

class BspReader {
 public:
  BspReader(ByteReader& r, BspTree& tree, BspTreeType type, size_t num_polygons)
      : r_(r), tree_(tree), type_(type), num_polygons_(num_polygons) {}

  // BSPNODE::UnPackChild (0x53C770): the tag, then a portal, a leaf or a node.
  int32_t child(int depth) {
    if (depth > kMaxBspDepth) r_.fail("BSP tree deeper than " + std::to_string(kMaxBspDepth) + " levels");
    const auto index = static_cast<int32_t>(tree_.nodes.size());
    tree_.nodes.emplace_back();
    const uint32_t tag = r_.u32("BSP node tag");
    tree_.nodes[index].tag = tag;
    if (tag == bsp_tag::kPortal) {
      portal(index, depth);
    } else if (tag == bsp_tag::kLeaf) {
      leaf(index);
    } else {
      node(index, depth);
    }
    return index;
  }

 private:
  BspPlane plane() {
    BspPlane p;
    p.normal = read_vec3(r_, "BSP splitting plane");
    p.d = r_.f32("BSP splitting plane");
    return p;
  }

  std::vector<uint16_t> polygons(uint32_t n) {
    r_.need_items(n, 2, "BSP polygon index");
    std::vector<uint16_t> v;
    v.reserve(n);
    for (uint32_t i = 0; i < n; ++i) v.push_back(polygon_index("BSP polygon index"));
    return v;
  }

  // The client takes the index as a signed short into the tree's polygon list.
  uint16_t polygon_index(const char* what) {
    const size_t at = r_.offset();
    const uint16_t i = r_.u16(what);
    if (i >= num_polygons_) {
      r_.fail_at(at, std::string(what) + " " + std::to_string(i) + " is beyond the " + std::to_string(num_polygons_) +
                         " polygons");
    }
    return i;
  }

  // BSPNODE::UnPack (0x53C540): plane, children by tag, then sphere (physics
  // and drawing) and polygon indices (drawing).
  void node(int32_t index, int depth) {
    const BspPlane p = plane();
    tree_.nodes[index].splitting_plane = p;
    const Children c = node_children(tree_.nodes[index].tag);
    if (c.pos) {
      const int32_t k = child(depth + 1);
      tree_.nodes[index].pos_child = k;
    }
    if (c.neg) {
      const int32_t k = child(depth + 1);
      tree_.nodes[index].neg_child = k;
    }
    if (type_ == BspTreeType::kCell) return;
    const Sphere s = read_sphere(r_, "BSP node sphere");
    tree_.nodes[index].sphere = s;
    if (type_ != BspTreeType::kDrawing) return;
    const uint32_t n = r_.u32("BSP node polygon count");
    std::vector<uint16_t> polys = polygons(n);
    tree_.nodes[index].polygons = std::move(polys);
  }

  // BSPLEAF::UnPackLeaf (0x53D4A0): leaf index, then for a physics tree
  // solid, sphere and polygon indices.
  void leaf(int32_t index) {
    BspNode& n = tree_.nodes[index];
    n.leaf_index = r_.u32("BSP leaf index");
    if (type_ != BspTreeType::kPhysics) return;
    n.solid = r_.i32("BSP leaf solid");
    n.sphere = read_sphere(r_, "BSP leaf sphere");
    const uint32_t count = r_.u32("BSP leaf polygon count");
    n.polygons = polygons(count);
  }

  // BSPPORTAL::UnPackPortal (0x53DB70): plane, both children, then for a
  // drawing tree sphere, polygon and portal counts, polygon indices, portals.
  void portal(int32_t index, int depth) {
    const BspPlane p = plane();
    tree_.nodes[index].splitting_plane = p;
    const int32_t pos = child(depth + 1);
    tree_.nodes[index].pos_child = pos;
    const int32_t neg = child(depth + 1);
    tree_.nodes[index].neg_child = neg;
    if (type_ != BspTreeType::kDrawing) return;
    BspNode& n = tree_.nodes[index];
    n.sphere = read_sphere(r_, "BSP portal sphere");
    const uint32_t num_polys = r_.u32("BSP portal polygon count");
    const uint32_t num_portals = r_.u32("BSP portal count");
    n.polygons = polygons(num_polys);
    r_.need_items(num_portals, 4, "BSP portal");
    n.portals.reserve(num_portals);
    for (uint32_t i = 0; i < num_portals; ++i) {
      BspPortalRef ref;
      ref.polygon = polygon_index("BSP portal polygon");
      ref.portal_index = r_.u16("BSP portal index");
      n.portals.push_back(ref);
    }
  }

  ByteReader& r_;
  BspTree& tree_;
  BspTreeType type_;
  size_t num_polygons_;
};

// BSPNODE::PackChild (0x53C700) and the Pack functions of the three kinds,
// walking the tree from the root; children must follow their parent.
struct BspWrite {
  ByteWriter& w;
  const GfxObj& obj;
  const BspTree& tree;
  BspTreeType type;
  size_t num_polygons;
  std::vector<bool> seen;
  size_t visited = 0;
};

void write_bsp_child(BspWrite& s, int32_t index, int depth) {
  ByteWriter& w = s.w;
  const GfxObj& obj = s.obj;
  const BspTree& tree = s.tree;
  const BspTreeType type = s.type;
  if (depth > kMaxBspDepth) pack_fail(obj, "BSP tree deeper than " + std::to_string(kMaxBspDepth) + " levels");
  const BspNode& n = tree.nodes[static_cast<size_t>(index)];
  if (s.seen[static_cast<size_t>(index)]) pack_fail(obj, "BSP node " + std::to_string(index) + " has two parents");
  s.seen[static_cast<size_t>(index)] = true;
  ++s.visited;
  for (uint16_t p : n.polygons) {
    if (p >= s.num_polygons) pack_fail(obj, "BSP node " + std::to_string(index) + " has a polygon index beyond its list");
  }
  for (const BspPortalRef& ref : n.portals) {
    if (ref.polygon >= s.num_polygons) {
      pack_fail(obj, "BSP node " + std::to_string(index) + " has a portal polygon beyond its list");
    }
  }
  auto check_child = [&](int32_t c, bool wanted) {
    if (wanted != (c >= 0)) pack_fail(obj, "BSP node " + std::to_string(index) + " has children its tag does not store");
    if (c >= 0 && (c <= index || static_cast<size_t>(c) >= tree.nodes.size())) {
      pack_fail(obj, "BSP node " + std::to_string(index) + " has a child index that is not a later node");
    }
  };
  w.u32(n.tag);
  if (n.tag == bsp_tag::kLeaf) {
    check_child(n.pos_child, false);
    check_child(n.neg_child, false);
    w.u32(n.leaf_index);
    if (type != BspTreeType::kPhysics) return;
    w.i32(n.solid);
    write_sphere(w, n.sphere);
    w.u32(static_cast<uint32_t>(n.polygons.size()));
    for (uint16_t p : n.polygons) w.u16(p);
    return;
  }
  const bool portal = n.tag == bsp_tag::kPortal;
  const Children c = portal ? Children{true, true} : node_children(n.tag);
  check_child(n.pos_child, c.pos);
  check_child(n.neg_child, c.neg);
  write_vec3(w, n.splitting_plane.normal);
  w.f32(n.splitting_plane.d);
  if (c.pos) write_bsp_child(s, n.pos_child, depth + 1);
  if (c.neg) write_bsp_child(s, n.neg_child, depth + 1);
  if (portal) {
    if (type != BspTreeType::kDrawing) return;
    write_sphere(w, n.sphere);
    w.u32(static_cast<uint32_t>(n.polygons.size()));
    w.u32(static_cast<uint32_t>(n.portals.size()));
    for (uint16_t p : n.polygons) w.u16(p);
    for (const BspPortalRef& ref : n.portals) {
      w.u16(ref.polygon);
      w.u16(ref.portal_index);
    }
    return;
  }
  if (type == BspTreeType::kCell) return;
  write_sphere(w, n.sphere);
  if (type != BspTreeType::kDrawing) return;
  w.u32(static_cast<uint32_t>(n.polygons.size()));
  for (uint16_t p : n.polygons) w.u16(p);
}

std::vector<Polygon> read_polygons(ByteReader& r, const char* what, size_t num_vertices) {
  const uint32_t n = read_compressed_u32(r, what);
  r.need_items(n, 12, what);
  std::vector<Polygon> v;
  v.reserve(n);
  for (uint32_t i = 0; i < n; ++i) v.push_back(read_polygon(r, num_vertices));
  return v;
}

void write_polygons(ByteWriter& w, const GfxObj& obj, const std::vector<Polygon>& polys) {
  if (polys.size() > kMaxCompressedU32) pack_fail(obj, "too many polygons for the compressed count");
  write_compressed_u32(w, static_cast<uint32_t>(polys.size()));
  for (const Polygon& p : polys) write_polygon(w, obj, p);
}

BspTree read_bsp(ByteReader& r, BspTreeType type, size_t num_polygons) {
  BspTree tree;
  BspReader(r, tree, type, num_polygons).child(0);
  return tree;
}

void write_bsp(ByteWriter& w, const GfxObj& obj, const BspTree& tree, BspTreeType type, size_t num_polygons,
               const char* which) {
  if (tree.empty()) pack_fail(obj, std::string("the ") + which + " BSP tree is empty (its flag says it is stored)");
  BspWrite s{w, obj, tree, type, num_polygons, std::vector<bool>(tree.nodes.size())};
  write_bsp_child(s, 0, 0);
  if (s.visited != tree.nodes.size()) {
    pack_fail(obj, std::string("the ") + which + " BSP tree has nodes its root does not reach ");
  }
}

}  // namespace

// CGfxObj::Serialize (0x534970), after DBObj::Serialize's id.
GfxObj unpack_gfx_obj(std::span<const uint8_t> bytes, const std::string& file, const std::string& object,
                      size_t* consumed) {
  ByteReader r(bytes, file, object);
  GfxObj g;
  g.id = r.u32("id");
  g.flags = r.u32("flags");
  const uint32_t num_surfaces = read_compressed_u32(r, "surface count");
  r.need_items(num_surfaces, 4, "surface");
  g.surfaces.reserve(num_surfaces);
  for (uint32_t i = 0; i < num_surfaces; ++i) g.surfaces.push_back(r.u32("surface id"));
  g.vertex_array = read_vertex_array(r);
  const size_t num_vertices = g.vertex_array.vertices.size();
  if ((g.flags & gfx_obj_flag::kHasPhysics) != 0) {
    g.physics_polygons = read_polygons(r, "physics polygon count", num_vertices);
    g.physics_bsp = read_bsp(r, BspTreeType::kPhysics, g.physics_polygons.size());
  }
  g.sort_center = read_vec3(r, "sort center");
  if ((g.flags & gfx_obj_flag::kHasDrawing) != 0) {
    g.polygons = read_polygons(r, "polygon count", num_vertices);
    g.drawing_bsp = read_bsp(r, BspTreeType::kDrawing, g.polygons.size());
  }
  if ((g.flags & gfx_obj_flag::kHasDegrade) != 0) g.degrade_id = r.u32("degrade id");
  if (consumed) *consumed = r.offset();
  return g;
}

std::vector<uint8_t> pack_gfx_obj(const GfxObj& g) {
  ByteWriter w;
  w.u32(g.id);
  w.u32(g.flags);
  if (g.surfaces.size() > kMaxCompressedU32) pack_fail(g, "too many surfaces for the compressed count");
  write_compressed_u32(w, static_cast<uint32_t>(g.surfaces.size()));
  for (uint32_t s : g.surfaces) w.u32(s);
  const VertexArray& va = g.vertex_array;
  if (va.vertex_type != kSoftwareVertexType) pack_fail(g, "vertex type is not 1");
  w.u32(va.vertex_type);
  w.u32(static_cast<uint32_t>(va.vertices.size()));
  for (const GfxVertex& v : va.vertices) {
    if (v.uvs.size() > 0xFFFF) pack_fail(g, "a vertex has more than 65535 UVs");
    w.u16(v.vert_id);
    w.u16(static_cast<uint16_t>(v.uvs.size()));
    write_vec3(w, v.origin);
    write_vec3(w, v.normal);
    for (const TexCoord& t : v.uvs) {
      w.f32(t.u);
      w.f32(t.v);
    }
  }
  if ((g.flags & gfx_obj_flag::kHasPhysics) != 0) {
    write_polygons(w, g, g.physics_polygons);
    write_bsp(w, g, g.physics_bsp, BspTreeType::kPhysics, g.physics_polygons.size(), "physics");
  } else if (!g.physics_polygons.empty() || !g.physics_bsp.empty()) {
    pack_fail(g, "physics polygons or BSP without flag 1");
  }
  write_vec3(w, g.sort_center);
  if ((g.flags & gfx_obj_flag::kHasDrawing) != 0) {
    write_polygons(w, g, g.polygons);
    write_bsp(w, g, g.drawing_bsp, BspTreeType::kDrawing, g.polygons.size(), "drawing");
  } else if (!g.polygons.empty() || !g.drawing_bsp.empty()) {
    pack_fail(g, "drawing polygons or BSP without flag 2");
  }
  if ((g.flags & gfx_obj_flag::kHasDegrade) != 0) w.u32(g.degrade_id);
  return w.take();
}

}  // namespace retroanim::ac::io
