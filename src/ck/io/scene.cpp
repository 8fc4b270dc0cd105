#include "retroanim/ck/io/scene.h"

#include <algorithm>

#include "retroanim/ck/io/class_table.h"

namespace retroanim::ck {

Scene::Scene() { reindex(); }
Scene::~Scene() = default;

Scene::Scene(Scene&& other) noexcept
    : records_(std::move(other.records_)),
      entities_(std::move(other.entities_)),
      object_animations_(std::move(other.object_animations_)),
      keyed_animations_(std::move(other.keyed_animations_)),
      meshes_(std::move(other.meshes_)),
      materials_(std::move(other.materials_)),
      textures_(std::move(other.textures_)),
      index_of_object_(std::move(other.index_of_object_)),
      id_to_index_(std::move(other.id_to_index_)),
      resolver_(other.resolver_),
      file_(std::move(other.file_)),
      source_name_(std::move(other.source_name_)),
      name_code_page_(other.name_code_page_) {
  resolver_.id_to_index = &id_to_index_;
}

Scene& Scene::operator=(Scene&& other) noexcept {
  if (this != &other) {
    records_ = std::move(other.records_);
    entities_ = std::move(other.entities_);
    object_animations_ = std::move(other.object_animations_);
    keyed_animations_ = std::move(other.keyed_animations_);
    meshes_ = std::move(other.meshes_);
    materials_ = std::move(other.materials_);
    textures_ = std::move(other.textures_);
    index_of_object_ = std::move(other.index_of_object_);
    id_to_index_ = std::move(other.id_to_index_);
    resolver_ = other.resolver_;
    resolver_.id_to_index = &id_to_index_;
    file_ = std::move(other.file_);
    source_name_ = std::move(other.source_name_);
    name_code_page_ = other.name_code_page_;
  }
  return *this;
}

const ObjectRecord* Scene::at(io::FileIndex index) const {
  if (index < 0 || static_cast<size_t>(index) >= records_.size()) return nullptr;
  return &records_[static_cast<size_t>(index)];
}

ObjectRecord* Scene::at(io::FileIndex index) {
  if (index < 0 || static_cast<size_t>(index) >= records_.size()) return nullptr;
  return &records_[static_cast<size_t>(index)];
}

const ObjectRecord* Scene::find(std::string_view name, uint32_t class_id) const {
  for (const auto& r : records_) {
    if (r.name == name && (class_id == 0 || io::is_child_class_of(r.class_id, class_id))) return &r;
  }
  return nullptr;
}

ObjectRecord* Scene::find(std::string_view name, uint32_t class_id) {
  return const_cast<ObjectRecord*>(static_cast<const Scene*>(this)->find(name, class_id));
}

std::vector<const ObjectRecord*> Scene::all_of_class(uint32_t class_id) const {
  std::vector<const ObjectRecord*> out;
  for (const auto& r : records_)
    if (io::is_child_class_of(r.class_id, class_id)) out.push_back(&r);
  return out;
}

namespace {

// The object `member` of the first record named `name` that has one; null when none has.
template <typename T>
T* first_named(const std::vector<ObjectRecord>& records, T* ObjectRecord::*member, std::string_view name) {
  for (const auto& r : records)
    if (r.*member && r.name == name) return r.*member;
  return nullptr;
}

}  // namespace

Entity3d* Scene::entity(std::string_view name) const { return first_named(records_, &ObjectRecord::entity, name); }

Curve* Scene::curve(std::string_view name) const { return first_named(records_, &ObjectRecord::curve, name); }

CurvePoint* Scene::curve_point(std::string_view name) const {
  return first_named(records_, &ObjectRecord::curve_point, name);
}

ObjectAnimation* Scene::object_animation(std::string_view name) const {
  return first_named(records_, &ObjectRecord::object_animation, name);
}

KeyedAnimation* Scene::keyed_animation(std::string_view name) const {
  return first_named(records_, &ObjectRecord::keyed_animation, name);
}

Mesh* Scene::mesh(std::string_view name) const { return first_named(records_, &ObjectRecord::mesh, name); }

Material* Scene::material(std::string_view name) const {
  return first_named(records_, &ObjectRecord::material, name);
}

Texture* Scene::texture(std::string_view name) const { return first_named(records_, &ObjectRecord::texture, name); }

ObjectRecord& Scene::add_record(ObjectRecord record) {
  if (record.id == 0) {
    ObjectId max_id = 0;
    for (const auto& r : records_) max_id = std::max(max_id, r.id);
    record.id = max_id + 1;
  }
  record.file_index = static_cast<io::FileIndex>(records_.size());
  records_.push_back(std::move(record));
  ObjectRecord& r = records_.back();
  id_to_index_.emplace(r.id, r.file_index);
  resolver_.object_count = records_.size();
  return r;
}

namespace {

// Moves `object` (a unique or shared pointer) into `owned`, makes it `record`'s
// object of its kind and maps it to the record's file index.
template <typename Pointer, typename T>
T* adopt_into(std::vector<Pointer>& owned, Pointer object, ObjectRecord& record, T* ObjectRecord::*member,
              std::unordered_map<const void*, io::FileIndex>& index_of_object) {
  T* o = object.get();
  owned.push_back(std::move(object));
  record.*member = o;
  index_of_object[o] = record.file_index;
  return o;
}

}  // namespace

Entity3d* Scene::adopt_entity(ObjectRecord& record, std::unique_ptr<Entity3d> entity) {
  return adopt_into(entities_, std::move(entity), record, &ObjectRecord::entity, index_of_object_);
}

Entity3d* Scene::add_entity(uint32_t class_id, const std::string& name) {
  ObjectRecord record;
  record.class_id = class_id;
  record.name = name;
  auto entity = std::make_unique<Entity3d>();
  entity->name = name;
  return adopt_entity(add_record(std::move(record)), std::move(entity));
}

ObjectAnimation* Scene::adopt_object_animation(ObjectRecord& record, std::shared_ptr<ObjectAnimation> anim) {
  return adopt_into(object_animations_, std::move(anim), record, &ObjectRecord::object_animation, index_of_object_);
}

KeyedAnimation* Scene::adopt_keyed_animation(ObjectRecord& record, std::shared_ptr<KeyedAnimation> anim) {
  return adopt_into(keyed_animations_, std::move(anim), record, &ObjectRecord::keyed_animation, index_of_object_);
}

Mesh* Scene::adopt_mesh(ObjectRecord& record, std::unique_ptr<Mesh> mesh) {
  meshes_.push_back(std::move(mesh));
  return record.mesh = meshes_.back().get();
}

Material* Scene::adopt_material(ObjectRecord& record, std::unique_ptr<Material> material) {
  materials_.push_back(std::move(material));
  return record.material = materials_.back().get();
}

Texture* Scene::adopt_texture(ObjectRecord& record, std::unique_ptr<Texture> texture) {
  textures_.push_back(std::move(texture));
  return record.texture = textures_.back().get();
}

namespace {

io::FileIndex index_in(const std::unordered_map<const void*, io::FileIndex>& index_of_object, const void* object) {
  if (!object) return io::kNoObject;
  auto it = index_of_object.find(object);
  return it == index_of_object.end() ? io::kNoObject : it->second;
}

}  // namespace

io::FileIndex Scene::index_of(const Entity3d* entity) const { return index_in(index_of_object_, entity); }

io::FileIndex Scene::index_of(const ObjectAnimation* anim) const { return index_in(index_of_object_, anim); }

io::FileIndex Scene::index_of(const KeyedAnimation* anim) const { return index_in(index_of_object_, anim); }

void Scene::set_file_info(io::NmoFile file, std::string source_name) {
  file_ = std::move(file);
  source_name_ = std::move(source_name);
}

void Scene::reindex() {
  id_to_index_.clear();
  index_of_object_.clear();
  for (size_t i = 0; i < records_.size(); ++i) {
    ObjectRecord& r = records_[i];
    r.file_index = static_cast<io::FileIndex>(i);
    id_to_index_.emplace(r.id, r.file_index);
    if (r.entity) index_of_object_[r.entity] = r.file_index;
    if (r.object_animation) index_of_object_[r.object_animation] = r.file_index;
    if (r.keyed_animation) index_of_object_[r.keyed_animation] = r.file_index;
  }
  resolver_.object_count = records_.size();
  resolver_.id_to_index = &id_to_index_;
}

}  // namespace retroanim::ck
