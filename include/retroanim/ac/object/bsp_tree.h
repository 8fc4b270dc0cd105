// The BSP trees a GfxObj stores (BSPTREE of BSPNODE, BSPLEAF and BSPPORTAL),
// read and kept as plain data for the physics and drawing polygons; retroanim
// does not walk them. Nodes live in one array, children by index.
#pragma once

#include <cstdint>
#include <vector>

#include "retroanim/ac/object/setup.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac {

// Which tree is being read: BSPNODE::pack_tree_type decides what a node stores.
enum class BspTreeType : uint8_t {
  kDrawing = 0,  // nodes: sphere and polygons; portals: sphere, polygons, portals
  kPhysics = 1,  // nodes: sphere; leaves: solid, sphere, polygons
  kCell = 2,     // (cell structures; not in GfxObj)
};

// The node tags BSPNODE::UnPackChild and BSPNODE::UnPack know (four ASCII
// letters as a big-endian dword).
namespace bsp_tag {
inline constexpr uint32_t kPortal = 0x504F5254;  // 'PORT'
inline constexpr uint32_t kLeaf = 0x4C454146;    // 'LEAF'
inline constexpr uint32_t kBPnn = 0x42506E6E;    // front child only
inline constexpr uint32_t kBPIn = 0x4250496E;    // front child only
inline constexpr uint32_t kBpIN = 0x4270494E;    // back child only
inline constexpr uint32_t kBpnN = 0x42706E4E;    // back child only
inline constexpr uint32_t kBPIN = 0x4250494E;    // both children
inline constexpr uint32_t kBPnN = 0x42506E4E;    // both children
}  // namespace bsp_tag

// CPortalPoly as a BSPPORTAL stores it: a polygon index and a portal index.
struct BspPortalRef {
  uint16_t polygon = 0;
  uint16_t portal_index = 0;
  friend bool operator==(const BspPortalRef&, const BspPortalRef&) = default;
};

// A plane: normal and distance (Plane).
struct BspPlane {
  math::Vec3 normal{};
  float d = 0.0f;
};

// One BSPNODE, BSPLEAF or BSPPORTAL; which fields are stored depends on the
// tag and the tree type.
struct BspNode {
  uint32_t tag = 0;
  BspPlane splitting_plane;  // nodes and portals
  int32_t pos_child = -1;    // index into BspTree::nodes, -1 when absent
  int32_t neg_child = -1;
  Sphere sphere;                      // nodes (drawing, physics), leaves (physics), portals (drawing)
  std::vector<uint16_t> polygons;     // indices into the tree's polygon list
  uint32_t leaf_index = 0;            // leaves
  int32_t solid = 0;                  // leaves of a physics tree
  std::vector<BspPortalRef> portals;  // portals of a drawing tree
};

// BSPTREE: its nodes, the root first (empty when the object stores no tree).
struct BspTree {
  std::vector<BspNode> nodes;
  bool empty() const { return nodes.empty(); }
};

}  // namespace retroanim::ac
