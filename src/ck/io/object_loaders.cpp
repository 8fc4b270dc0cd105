#include "retroanim/ck/io/object_loaders.h"

#include <memory>

#include "retroanim/ck/io/chunk_edit.h"
#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/entity_io.h"

namespace retroanim::ck::io {

namespace {

// CHUNK_DEV_2_1: the data version the engine writes.
constexpr uint16_t kCurrentDataVersion = 10;

// The saved place of an entity (not modelled at run time): taken back from
// the chunk it was read from.
FileIndex saved_place(const Scene& scene, const ObjectRecord& r) {
  if (!r.chunk) return kNoObject;
  ChunkReader rd(*r.chunk, &scene.resolver());
  auto d = read_entity_data(rd);
  return d ? d->place : kNoObject;
}

}  // namespace

LoadedLinks load_object(Scene& scene, ObjectRecord& r) {
  LoadedLinks links;
  if (!r.chunk) return links;
  ChunkReader rd(*r.chunk, &scene.resolver());
  if (is_child_class_of(r.class_id, class_id::k3dEntity)) {
    auto e = std::make_unique<Entity3d>();
    e->name = r.name;
    e->id = r.id;
    e->class_id = r.class_id;
    Entity3d* entity = scene.adopt_entity(r, std::move(e));
    if (auto d = read_entity_data(rd)) {
      apply_entity_data(*entity, *d);
      links.parent = d->parent;
      links.place = d->place;
    }
  }
  return links;
}

void resolve_object_links(Scene&, const std::vector<LoadedLinks>&) {}

std::optional<StateChunk> save_object(const Scene& scene, const ObjectRecord& r) {
  if (!r.entity) return r.chunk;
  ChunkWriter w(r.class_id, kCurrentDataVersion);
  EntityChunkData d;
  d.flags = r.entity->entity_flags;
  d.moveable_flags = r.entity->moveable_flags;
  d.world = r.entity->world_matrix();
  d.priority = r.entity->priority;
  d.parent = r.entity->parent() ? scene.index_of(r.entity->parent()) : kNoObject;
  d.place = saved_place(scene, r);
  write_entity_data(w, d);
  StateChunk fresh = std::move(w).finish();
  if (r.chunk && r.chunk->data_version == fresh.data_version && r.chunk->chunk_version >= chunk_version::kVersion1) {
    return merge_identifiers(*r.chunk, fresh);
  }
  return fresh;
}

}  // namespace retroanim::ck::io
