// Asheron's Call GfxObj meshes as glTF meshes (retroanim's own; export
// layer): each drawing polygon triangulated as a fan from its first point
// (front side counter-clockwise as stored; the back, for sides types 1 and
// 2, reversed with the client's back surface and UVs), vertices and normals
// through A (the A·F·A⁻¹ rule of coordinates.h), one primitive per surface,
// surfaces as materials (textures embedded as PNG, solid colours as base
// colour, translucency as alpha), the degrade level the client's creature
// preview draws (level 0).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "export/builder.h"
#include "retroanim/ac/io/dat_database.h"

namespace retroanim::gltf {

class AcMeshBuilder {
 public:
  // Builds into `b` from `dat`; notes (missing surfaces, textures) go to asset.notes, once per id.
  AcMeshBuilder(Builder& b, Asset& asset, const ac::io::DatDatabase& dat);

  // The glTF mesh of the GfxObj `id` (built once), or -1 when the dat holds
  // no GfxObj of that id (or one without drawing polygons). Throws
  // retroanim::Error (dat, object, what) for a malformed object or a surface
  // or UV index beyond its list.
  int mesh(uint32_t id);

 private:
  int material(uint32_t surface_id);
  int texture(uint32_t texture_id, uint32_t palette_id, bool clipmap);
  void note_once(uint32_t id, const std::string& what);

  Builder& b_;
  Asset& asset_;
  const ac::io::DatDatabase& dat_;
  std::map<uint32_t, int> meshes_;
  std::map<uint32_t, int> materials_;
  std::map<std::tuple<uint32_t, uint32_t, bool>, int> textures_;
  std::set<uint32_t> noted_;
};

}  // namespace retroanim::gltf
