#include "retroanim/ck/io/object_loaders.h"

#include <memory>

#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"
#include "retroanim/ck/io/animation_io.h"
#include "retroanim/ck/io/chunk_edit.h"
#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/curve_io.h"
#include "retroanim/ck/io/entity_io.h"
#include "retroanim/ck/io/material_io.h"
#include "retroanim/ck/io/mesh_io.h"
#include "retroanim/ck/io/texture_io.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/error.h"
#include "ck/io/object_errors.h"
#include "retroanim/io/text_encoding.h"

namespace retroanim::ck::io {

namespace {

// CKCID_MESH, CKCID_MATERIAL, CKCID_TEXTURE.
constexpr uint32_t kMeshClass = 32;
constexpr uint32_t kMaterialClass = 30;
constexpr uint32_t kTextureClass = 31;

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

// The saved "shared data" source of an object animation (ShareDataFrom is not
// modelled at run time: the keyframes are copied), from its original chunk.
FileIndex saved_shared_source(const Scene& scene, const ObjectRecord& r) {
  if (!r.chunk || r.chunk->data_version < 1) return kNoObject;
  ChunkReader rd(*r.chunk, &scene.resolver());
  if (!rd.seek_identifier(animation_chunk::kShared)) return kNoObject;
  return rd.read_object();
}

std::unique_ptr<Entity3d> make_entity(uint32_t cid) {
  if (is_child_class_of(cid, class_id::kCurve)) return std::make_unique<Curve>();
  if (is_child_class_of(cid, class_id::kCurvePoint)) return std::make_unique<CurvePoint>();
  return std::make_unique<Entity3d>();
}

ObjectId id_at(const Scene& s, FileIndex i) {
  const ObjectRecord* r = s.at(i);
  return r ? r->id : 0;
}

StateChunk finish_merged(const ObjectRecord& r, ChunkWriter&& w) {
  StateChunk fresh = std::move(w).finish();
  if (r.chunk && r.chunk->data_version == fresh.data_version && r.chunk->chunk_version >= chunk_version::kObjectIds) {
    return merge_identifiers(*r.chunk, fresh);
  }
  return fresh;
}

}  // namespace

namespace {

// A new animation named and numbered as its record.
template <typename T>
std::shared_ptr<T> animation_for(const ObjectRecord& r) {
  auto a = std::make_shared<T>();
  a->name = r.name;
  a->id = r.id;
  return a;
}

std::string describe(const ObjectRecord& r) {
  return "object " + std::to_string(r.file_index) + " '" + retroanim::io::escape_controls(r.name) + "' (" +
         class_name(r.class_id) + ")";
}

}  // namespace

void fail_object(const Scene& s, const ObjectRecord& r, const std::string& what) {
  std::optional<uint64_t> at;
  if (r.chunk) at = r.chunk->origin.data_offset;
  throw Error(describe_error(s.source_name(), "data section: " + describe(r), at, what));
}

LoadedLinks load_object(Scene& scene, ObjectRecord& r, bool load_graphics) {
  LoadedLinks links;
  if (!r.chunk) return links;
  ChunkReader rd(*r.chunk, &scene.resolver());
  if (is_child_class_of(r.class_id, class_id::k3dEntity)) {
    std::unique_ptr<Entity3d> e = make_entity(r.class_id);
    e->name = r.name;
    e->id = r.id;
    e->class_id = r.class_id;
    Entity3d* entity = scene.adopt_entity(r, std::move(e));
    r.curve = dynamic_cast<Curve*>(entity);
    r.curve_point = dynamic_cast<CurvePoint*>(entity);
    if (r.curve) r.curve->begin_loading();
    // CK3dEntity::Load (FUN_1000a7b9)
    if (auto d = read_entity_data(rd)) {
      apply_entity_data(*entity, *d);
      links.parent = d->parent;
      links.place = d->place;
    }
    if (auto m = read_entity_meshes(rd)) {
      links.current_mesh = m->current;
      links.other_meshes = std::move(m->others);
    }
    if (r.curve_point) {
      // CKCurvePoint::Load (FUN_1001701d)
      if (auto p = read_curve_point_data(rd)) {
        links.curve = p->curve;
        r.curve_point->set_data(p->data);
        if (p->position) r.curve_point->set_position(*p->position);
        if (p->raw) r.curve_point->set_raw_position(*p->raw);
      }
    } else if (r.curve) {
      // CKCurve::Load (FUN_10016342)
      if (auto c = read_curve_data(rd)) {
        links.points = c->points;
        r.curve->set_data(c->data);
      }
    }
    return links;
  }
  if (!load_graphics && (r.class_id == kMeshClass || r.class_id == kMaterialClass || r.class_id == kTextureClass))
    return links;
  if (r.class_id == kMeshClass) {
    // CKMesh::Load
    if (auto m = read_mesh(rd)) scene.adopt_mesh(r, std::make_unique<Mesh>(std::move(*m)));
    return links;
  }
  if (r.class_id == kMaterialClass) {
    // CKMaterial::Load
    if (auto m = read_material(rd)) scene.adopt_material(r, std::make_unique<Material>(*m));
    return links;
  }
  if (r.class_id == kTextureClass) {
    // CKTexture::Load
    if (auto t = read_texture(rd, scene.name_code_page())) scene.adopt_texture(r, std::make_unique<Texture>(std::move(*t)));
    return links;
  }
  if (r.class_id == class_id::kObjectAnimation) {
    ObjectAnimation* anim = scene.adopt_object_animation(r, animation_for<ObjectAnimation>(r));
    if (auto l = read_object_animation(rd, *anim)) {
      links.entity = l->entity;
      links.merged_a = l->merged_a;
      links.merged_b = l->merged_b;
      links.shared_source = l->shared_source;
    }
    return links;
  }
  if (r.class_id == class_id::kKeyedAnimation) {
    KeyedAnimation* keyed = scene.adopt_keyed_animation(r, animation_for<KeyedAnimation>(r));
    KeyedAnimationLinks l = read_keyed_animation(rd, *keyed);
    links.entity = l.root_entity;
    links.character = l.character;
    links.animations = std::move(l.animations);
    return links;
  }
  return links;
}

void resolve_object_links(Scene& s, const std::vector<LoadedLinks>& links) {
  // Curves: their point lists (in curve order); the points get their curve.
  for (auto& r : s.objects()) {
    if (!r.curve) continue;
    const LoadedLinks& l = links[static_cast<size_t>(r.file_index)];
    std::vector<CurvePoint*> pts;
    pts.reserve(l.points.size());
    for (FileIndex i : l.points) {
      if (i == kNoObject) continue;
      const ObjectRecord* p = s.at(i);
      if (!p || !p->curve_point) fail_object(s, r, "control point reference (file index " + std::to_string(i) + ") is not a curve point");
      pts.push_back(p->curve_point);
    }
    r.curve->set_control_points(pts);
  }
  // Object animations: entity, merged sources, shared data.
  for (auto& r : s.objects()) {
    if (!r.object_animation) continue;
    const LoadedLinks& l = links[static_cast<size_t>(r.file_index)];
    ObjectAnimation& a = *r.object_animation;
    if (l.entity != kNoObject) {
      const ObjectRecord* e = s.at(l.entity);
      if (!e || !e->entity) fail_object(s, r, "entity reference (file index " + std::to_string(l.entity) + ") is not a 3D entity");
      a.entity = e->entity;
      a.entity_id = e->id;
    }
    auto anim_at = [&](FileIndex i, const char* what) -> ObjectAnimation* {
      if (i == kNoObject) return nullptr;
      const ObjectRecord* o = s.at(i);
      if (!o || !o->object_animation) fail_object(s, r, std::string(what) + " reference (file index " + std::to_string(i) + ") is not an object animation");
      return o->object_animation;
    };
    a.merged_a = anim_at(l.merged_a, "merged animation");
    a.merged_b = anim_at(l.merged_b, "merged animation");
    a.merged_a_id = id_at(s, l.merged_a);
    a.merged_b_id = id_at(s, l.merged_b);
    if (ObjectAnimation* src = anim_at(l.shared_source, "shared data source")) {
      a.shared_source_id = src->id;
    }
  }
  // ShareDataFrom: copy the source's keyframes (sources first; a chain is followed).
  for (auto& r : s.objects()) {
    if (!r.object_animation) continue;
    ObjectAnimation* a = r.object_animation;
    const ObjectAnimation* src = a;
    for (int guard = 0; guard < 64; ++guard) {
      FileIndex si = links[static_cast<size_t>(s.index_of(src))].shared_source;
      if (si == kNoObject) break;
      src = s.at(si)->object_animation;
      if (src == a) fail_object(s, r, "shared animation data forms a cycle");
    }
    if (src != a) a->keyframes = src->keyframes;
  }
  // Keyed animations: members, root entity, then the engine's post-load links.
  for (auto& r : s.objects()) {
    if (!r.keyed_animation) continue;
    const LoadedLinks& l = links[static_cast<size_t>(r.file_index)];
    KeyedAnimation& k = *r.keyed_animation;
    if (l.entity != kNoObject) {
      const ObjectRecord* e = s.at(l.entity);
      if (!e || !e->entity) fail_object(s, r, "root entity reference is not a 3D entity");
      k.root_entity = e->entity;
      k.root_entity_id = e->id;
    }
    k.character_id = id_at(s, l.character);
    k.animations.clear();
    k.animation_ids.clear();
    for (FileIndex i : l.animations) {
      const ObjectRecord* o = s.at(i);
      if (!o || !o->object_animation) continue;  // XObjectArray::Check drops the rest
      k.animations.push_back(o->object_animation);
      k.animation_ids.push_back(o->id);
    }
    link_keyed_animation(k);
  }
  // Meshes, materials and textures: a reference to an object of another class
  // is dropped (the loaders keep a mesh or texture only when its class matches).
  for (auto& r : s.objects()) {
    const LoadedLinks& l = links[static_cast<size_t>(r.file_index)];
    if (r.entity) {
      const ObjectRecord* m = s.at(l.current_mesh);
      r.current_mesh = (m && is_child_class_of(m->class_id, kMeshClass)) ? l.current_mesh : kNoObject;
      r.other_meshes.clear();
      for (FileIndex i : l.other_meshes) {
        const ObjectRecord* o = s.at(i);
        if (o && is_child_class_of(o->class_id, kMeshClass)) r.other_meshes.push_back(i);
      }
    }
    if (r.mesh) {
      for (FileIndex& i : r.mesh->materials) {
        const ObjectRecord* o = s.at(i);
        if (!o || o->class_id != kMaterialClass) i = kNoObject;
      }
      for (MeshChannel& c : r.mesh->channels) {
        const ObjectRecord* o = s.at(c.material);
        if (!o || o->class_id != kMaterialClass) c.material = kNoObject;
      }
    }
    if (r.material) {
      for (FileIndex& i : r.material->textures) {
        const ObjectRecord* o = s.at(i);
        if (!o || o->class_id != kTextureClass) i = kNoObject;
      }
    }
  }
  // Curves stay dirty: the first GetPos / GetLength runs Update (spec 3.3).
  for (auto& r : s.objects()) {
    if (r.curve) r.curve->end_loading();
  }
}

std::optional<StateChunk> save_object(const Scene& scene, const ObjectRecord& r) {
  if (r.entity) {
    ChunkWriter w(r.class_id, kCurrentDataVersion);
    EntityChunkData d;
    d.flags = r.entity->entity_flags;
    d.moveable_flags = r.entity->moveable_flags;
    d.world = r.entity->world_matrix();
    d.priority = r.entity->priority;
    d.parent = scene.index_of(r.entity->parent());
    d.place = saved_place(scene, r);
    write_entity_data(w, d);
    if (r.curve_point) {
      FileIndex curve = scene.index_of(r.curve_point->curve());
      write_curve_point_data(w, curve, r.curve_point->data());
    } else if (r.curve) {
      std::vector<FileIndex> pts;
      for (const CurvePoint* p : r.curve->control_points()) pts.push_back(scene.index_of(p));
      write_curve_data(w, pts, r.curve->data());
    }
    return finish_merged(r, std::move(w));
  }
  if (r.object_animation) {
    const ObjectAnimation& a = *r.object_animation;
    ChunkWriter w(r.class_id, kCurrentDataVersion);
    ObjectAnimationLinks l;
    l.entity = scene.index_of(a.entity);
    l.merged_a = scene.index_of(a.merged_a);
    l.merged_b = scene.index_of(a.merged_b);
    l.shared_source = saved_shared_source(scene, r);
    write_object_animation(w, a, l);
    return finish_merged(r, std::move(w));
  }
  if (r.keyed_animation) {
    const KeyedAnimation& k = *r.keyed_animation;
    ChunkWriter w(r.class_id, kCurrentDataVersion);
    KeyedAnimationLinks l;
    l.root_entity = scene.index_of(k.root_entity);
    for (const ObjectAnimation* a : k.animations) l.animations.push_back(scene.index_of(a));
    if (k.character_id != 0) {
      for (const auto& o : scene.objects())
        if (o.id == k.character_id) l.character = o.file_index;
    }
    write_keyed_animation(w, k, l);
    return finish_merged(r, std::move(w));
  }
  return r.chunk;
}

}  // namespace retroanim::ck::io
