// The per-class loaders and savers the scene reader and writer dispatch to:
// each turns a record's chunk into the runtime object retroanim models for its
// class (ObjectRecord's typed pointers) and back. References are collected as
// file indices while loading and resolved once every object exists.
#pragma once

#include <vector>

#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/ck/io/scene.h"

namespace retroanim::ck::io {

// The object references a loaded object still has to resolve (file indices).
struct LoadedLinks {
  FileIndex parent = kNoObject;      // 3D entity parent
  FileIndex place = kNoObject;       // 3D entity place (kept for saving)
  FileIndex curve = kNoObject;       // curve point: its curve
  std::vector<FileIndex> points;     // curve: control points in order
  FileIndex entity = kNoObject;      // object animation: its entity; keyed: root entity
  FileIndex merged_a = kNoObject;    // object animation merge sources
  FileIndex merged_b = kNoObject;
  FileIndex shared_source = kNoObject;  // object animation 0x2000000: ShareDataFrom source
  std::vector<FileIndex> animations;    // keyed animation: its object animations
  FileIndex character = kNoObject;      // keyed animation: character
  FileIndex root_animation = kNoObject; // keyed animation 0x100000 (unused by the engine's lookup)
  FileIndex current_mesh = kNoObject;   // 3D entity: its current mesh
  std::vector<FileIndex> other_meshes;  // 3D entity: its other meshes
};

// Creates the runtime object of `record`'s class (when retroanim models it)
// and loads it from the record's chunk (meshes, materials and textures only
// with `load_graphics`). Returns the references to resolve.
LoadedLinks load_object(Scene& scene, ObjectRecord& record, bool load_graphics = true);

// Resolves the collected references (curve point lists, animation entities,
// keyed animation members), then leaves every curve dirty (spec 3.3).
void resolve_object_links(Scene& scene, const std::vector<LoadedLinks>& links);

// The chunk `record` saves as: its runtime object's state written with the
// class's Save layout, merged into the chunk it was read from (if any);
// the raw chunk for generic records; nullopt when there is nothing to save.
std::optional<StateChunk> save_object(const Scene& scene, const ObjectRecord& record);

}  // namespace retroanim::ck::io
