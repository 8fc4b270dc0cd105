// The facts `retroanim ck info` reports about a loaded Virtools file, built in
// the library (like ac/io/dat_json.h for `ac info`): the header as JSON, each
// object as JSON, and one line of per-class details for the objects retroanim
// models (entities, curves, curve points, object and keyed animations,
// meshes, materials, textures).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "retroanim/ck/io/scene.h"

namespace retroanim::ck::io {

// JSON whose objects keep the order keys were added in.
using SceneJson = nlohmann::ordered_json;

// The write-mode bits as text ("uncompressed", or names joined by '|').
std::string write_mode_text(uint32_t write_mode);

// The header facts of the scene's file; `file` is printed as the "file" member.
SceneJson scene_header_json(const Scene& scene, const std::string& file);

// One object: id, class, class_name, name, file_index, then the per-class
// details (position, parent, curve points, controllers, meshes, materials,
// textures, ...). `texture_dirs` are the folders external images are looked
// up in (ck/io/texture_files.h) to say whether a texture's file is found.
SceneJson scene_object_json(const Scene& scene, const ObjectRecord& record,
                            const std::vector<std::string>& texture_dirs = {});

// One line of details for `record` (empty when there is nothing to add).
std::string scene_object_details_text(const Scene& scene, const ObjectRecord& record,
                                      const std::vector<std::string>& texture_dirs = {});

}  // namespace retroanim::ck::io
