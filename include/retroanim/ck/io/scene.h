// A loaded Virtools composition: every object of a file as a record (id, class,
// name, file index, raw chunk), plus the runtime objects retroanim models
// (3D entities with their hierarchy, curves and curve points, object and keyed
// animations), and the meshes, materials and textures as plain data, owned by the scene. Records are indexed by their position in the
// file's object table, so a chunk's object references (file indices, see
// io::ChunkReader::read_object) map straight to records. Objects of classes
// retroanim does not model (behaviours, parameters, meshes, ...) stay available
// as generic records whose raw chunk other loaders can read. A Scene is a
// loaded file (records, raw chunks, file facts), so it sits in io; the
// behaviour runtime never sees it (see ck/scene_behaviors.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "retroanim/ck/scene/entity.h"
#include "retroanim/ck/scene/material.h"
#include "retroanim/ck/scene/mesh.h"
#include "retroanim/ck/scene/texture.h"
#include "retroanim/ck/io/nmo_file.h"
#include "retroanim/ck/io/state_chunk.h"

namespace retroanim::ck {

class Curve;
class CurvePoint;
class ObjectAnimation;
class KeyedAnimation;

// One object of the composition. The typed pointers are set for the classes
// retroanim models and point to objects the scene owns.
struct ObjectRecord {
  ObjectId id = 0;                  // id as saved in the file
  uint32_t class_id = 0;            // CK_CLASSID
  std::string name;                 // UTF-8: the stored name up to its first NUL, decoded from the scene's code page
  std::string raw_name;             // the stored bytes up to the first NUL (empty for built objects); saved
                                    // back as they are while `name` is still their decoding
  std::string name_tail;            // the stored name's bytes from its first NUL on, saved back unchanged
  io::FileIndex file_index = io::kNoObject;  // position in the object table (and in Scene::objects())
  bool reference_only = false;      // saved as a reference only (no data)
  std::optional<io::StateChunk> chunk;  // the chunk as read (absent for built objects or empty data)

  Entity3d* entity = nullptr;                   // 3D entities (incl. curves, points, cameras, ...)
  Curve* curve = nullptr;                       // class 43
  CurvePoint* curve_point = nullptr;            // class 36
  ObjectAnimation* object_animation = nullptr;  // class 15
  KeyedAnimation* keyed_animation = nullptr;    // class 18
  Mesh* mesh = nullptr;                         // class 32 (not its subclass PatchMesh)
  Material* material = nullptr;                 // class 30
  Texture* texture = nullptr;                   // class 31

  // 3D entities: the current mesh (the file index of a record with a mesh, or
  // kNoObject) and the other meshes the entity keeps, as stored.
  io::FileIndex current_mesh = io::kNoObject;
  std::vector<io::FileIndex> other_meshes;
};

// The objects of one composition and the file facts they came with.
class Scene {
 public:
  Scene();
  ~Scene();
  Scene(Scene&&) noexcept;
  Scene& operator=(Scene&&) noexcept;
  Scene(const Scene&) = delete;
  Scene& operator=(const Scene&) = delete;

  // Every object, in file order (records()[i].file_index == i).
  const std::vector<ObjectRecord>& objects() const { return records_; }
  std::vector<ObjectRecord>& objects() { return records_; }

  // The record at a file index (what a chunk's object reference holds), or
  // null for kNoObject or an index out of range.
  const ObjectRecord* at(io::FileIndex index) const;
  ObjectRecord* at(io::FileIndex index);

  // The first object named `name` whose class is `class_id` or derives from
  // it (any class when class_id is 0); null when none.
  const ObjectRecord* find(std::string_view name, uint32_t class_id = 0) const;
  ObjectRecord* find(std::string_view name, uint32_t class_id = 0);

  // Every object whose class is `class_id` or derives from it, in file order.
  std::vector<const ObjectRecord*> all_of_class(uint32_t class_id) const;

  // Typed look-ups by name (null when absent or of another class).
  Entity3d* entity(std::string_view name) const;
  Curve* curve(std::string_view name) const;
  CurvePoint* curve_point(std::string_view name) const;
  ObjectAnimation* object_animation(std::string_view name) const;
  KeyedAnimation* keyed_animation(std::string_view name) const;
  Mesh* mesh(std::string_view name) const;
  Material* material(std::string_view name) const;
  Texture* texture(std::string_view name) const;

  // Maps the references of this scene's chunks to file indices (for
  // io::ChunkReader: FILE chunks are checked against the object count, other
  // chunks are looked up by saved id).
  const io::ObjectResolver& resolver() const { return resolver_; }

  // The file the scene was read from: header, plugin dependencies, manager
  // chunks, included files and trailing bytes (its objects carry no chunks:
  // those live in the records). Empty for a scene built in memory.
  const io::NmoFile& file_info() const { return file_; }
  io::NmoFile& file_info() { return file_; }
  // The file name used in error messages.
  const std::string& source_name() const { return source_name_; }
  // The code page the records' stored names are in (io::kDefaultCodePage,
  // Windows-1252, unless the loader was told otherwise); names are saved in it.
  uint32_t name_code_page() const { return name_code_page_; }
  void set_name_code_page(uint32_t code_page) { name_code_page_ = code_page; }

  // ---- building (loaders and programs that make their own compositions) ----

  // Appends a record (its file_index is set to its position; an id of 0 is
  // replaced by the largest id present + 1) and returns it.
  ObjectRecord& add_record(ObjectRecord record);
  // Takes ownership of an entity and attaches it to `record` (sets
  // record.entity; the loader sets the curve / curve_point pointers). Returns it.
  Entity3d* adopt_entity(ObjectRecord& record, std::unique_ptr<Entity3d> entity);
  // Appends a record of class `class_id` named `name` holding a new Entity3d of
  // that name (identity matrices, no parent) and returns the entity.
  Entity3d* add_entity(uint32_t class_id, const std::string& name);
  // Takes ownership of an object animation and attaches it to `record`.
  ObjectAnimation* adopt_object_animation(ObjectRecord& record, std::shared_ptr<ObjectAnimation> anim);
  // Takes ownership of a keyed animation and attaches it to `record`.
  KeyedAnimation* adopt_keyed_animation(ObjectRecord& record, std::shared_ptr<KeyedAnimation> anim);
  // Take ownership of a mesh, material or texture and attach it to `record`.
  Mesh* adopt_mesh(ObjectRecord& record, std::unique_ptr<Mesh> mesh);
  Material* adopt_material(ObjectRecord& record, std::unique_ptr<Material> material);
  Texture* adopt_texture(ObjectRecord& record, std::unique_ptr<Texture> texture);
  // The file index of the record whose runtime object is `entity` (kNoObject for null or when none).
  io::FileIndex index_of(const Entity3d* entity) const;
  io::FileIndex index_of(const ObjectAnimation* anim) const;
  io::FileIndex index_of(const KeyedAnimation* anim) const;

  // Replaces the file facts (used by the loader).
  void set_file_info(io::NmoFile file, std::string source_name);
  // Rebuilds the resolver and the look-up tables after records were added.
  void reindex();

 private:
  std::vector<ObjectRecord> records_;
  std::vector<std::unique_ptr<Entity3d>> entities_;
  std::vector<std::shared_ptr<ObjectAnimation>> object_animations_;
  std::vector<std::shared_ptr<KeyedAnimation>> keyed_animations_;
  std::vector<std::unique_ptr<Mesh>> meshes_;
  std::vector<std::unique_ptr<Material>> materials_;
  std::vector<std::unique_ptr<Texture>> textures_;
  std::unordered_map<const void*, io::FileIndex> index_of_object_;
  std::unordered_map<uint32_t, io::FileIndex> id_to_index_;
  io::ObjectResolver resolver_;
  io::NmoFile file_;
  std::string source_name_;
  uint32_t name_code_page_ = 1252;
};

}  // namespace retroanim::ck
