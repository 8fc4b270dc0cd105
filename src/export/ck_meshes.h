// The meshes, materials and textures of a Virtools scene in the glTF export
// (retroanim's own; docs/formats/gltf-export.md "Meshes"), internal to src/export.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "export/builder.h"
#include "retroanim/ck/io/scene.h"

namespace retroanim::gltf {

// Gives every node of `node_of` whose entity has a current mesh that mesh:
// one primitive per material slot its faces use, positions and normals
// converted by C (faces re-wound), UVs as stored, materials by the table of
// docs/formats/gltf-export.md, textures embedded as PNG. Images are looked up
// in `texture_dirs` (ck/io/texture_files.h); a missing or undecodable image is
// one note and the material goes without it. Shared meshes are written once.
void add_ck_meshes(Builder& b, Asset& asset, const ck::Scene& scene,
                   const std::unordered_map<const ck::Entity3d*, int>& node_of,
                   const std::vector<std::string>& texture_dirs);

}  // namespace retroanim::gltf
