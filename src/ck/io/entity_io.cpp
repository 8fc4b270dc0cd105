#include "retroanim/ck/io/entity_io.h"

namespace retroanim::ck::io {

// CK3dEntity::Load (FUN_1000a7b9)
std::optional<EntityChunkData> read_entity_data(ChunkReader& r) {
  EntityChunkData d;
  bool found = false;
  if (r.seek_identifier(entity_chunk::kEntityData)) {
    found = true;
    d.flags = r.read_dword();
    d.moveable_flags = r.read_dword();
    for (int row = 0; row < 4; ++row) d.world.set_row(row, r.read_vector());
    if (d.flags & entity_flag::kPlaceSaved) d.place = r.read_object();
    if (d.flags & entity_flag::kParentSaved) d.parent = r.read_object();
    if (d.flags & entity_flag::kPrioritySaved) d.priority = r.read_int();
    return d;
  }
  // Legacy identifiers (separate parent, flags and matrix).
  if (r.seek_identifier(entity_chunk::kParent)) {
    found = true;
    d.parent = r.read_object();
  }
  if (r.seek_identifier(entity_chunk::kFlags)) {
    found = true;
    d.flags = r.read_dword();
    d.moveable_flags = r.read_dword();
  }
  if (r.seek_identifier(entity_chunk::kMatrix)) {
    found = true;
    r.skip(1);
    d.world = r.read_matrix();
  }
  if (!found) return std::nullopt;
  return d;
}

// CK3dEntity::Save
void write_entity_data(ChunkWriter& w, const EntityChunkData& d) {
  uint32_t flags = d.flags & ~(entity_flag::kPlaceSaved | entity_flag::kParentSaved | entity_flag::kPrioritySaved);
  if (d.place != kNoObject) flags |= entity_flag::kPlaceSaved;
  if (d.parent != kNoObject) flags |= entity_flag::kParentSaved;
  if (d.priority != 0) flags |= entity_flag::kPrioritySaved;
  w.write_identifier(entity_chunk::kEntityData);
  w.write_dword(flags);
  w.write_dword(d.moveable_flags);
  for (int row = 0; row < 4; ++row) w.write_vector(d.world.row(row));
  if (flags & entity_flag::kPlaceSaved) w.write_object(d.place);
  if (flags & entity_flag::kParentSaved) w.write_object(d.parent);
  if (flags & entity_flag::kPrioritySaved) w.write_int(d.priority);
}

// CK3dEntity::Load (FUN_1000a7b9), the mesh identifier
std::optional<EntityMeshes> read_entity_meshes(ChunkReader& r) {
  if (!r.seek_identifier(entity_chunk::kMeshes)) return std::nullopt;
  EntityMeshes m;
  m.current = r.read_object();
  m.others = r.read_object_array();
  return m;
}

void apply_entity_data(Entity3d& e, const EntityChunkData& d) {
  e.entity_flags = d.flags;
  e.moveable_flags = d.moveable_flags;
  e.priority = d.priority;
  math::Matrix world = d.world;
  world.m[0][3] = 0.0f;
  world.m[1][3] = 0.0f;
  world.m[2][3] = 0.0f;
  world.m[3][3] = 1.0f;
  e.set_world_matrix(world);
}

}  // namespace retroanim::ck::io
