// A Virtools 3D entity (CK3dEntity, class 33): a named object with a world and a
// local matrix and a place in a hierarchy. Curves, curve points and the objects
// animations move are all entities. The hierarchy follows the engine:
// world = parent.world ∘ local (Vx3DMultiplyMatrix(world, parent.world, local)),
// and a change to an entity's matrix recomputes its children's world matrices
// from their local matrices unless the caller asks to keep the children in place.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "retroanim/error.h"
#include "retroanim/math/matrix.h"

namespace retroanim::ck {

// A Virtools object id (CK_ID). 0 is no object.
using ObjectId = uint32_t;

// Class ids (CK_CLASSID) of the classes retroanim models.
namespace class_id {
inline constexpr uint32_t kObject = 1;
inline constexpr uint32_t kBehavior = 8;
inline constexpr uint32_t kSceneObject = 11;
inline constexpr uint32_t kObjectAnimation = 15;
inline constexpr uint32_t kAnimation = 16;
inline constexpr uint32_t kKeyedAnimation = 18;
inline constexpr uint32_t kBeObject = 19;
inline constexpr uint32_t kGroup = 23;
inline constexpr uint32_t kWaveSound = 25;
inline constexpr uint32_t kMaterial = 30;
inline constexpr uint32_t kTexture = 31;
inline constexpr uint32_t k3dEntity = 33;
inline constexpr uint32_t kCamera = 34;
inline constexpr uint32_t kLight = 38;
inline constexpr uint32_t kDataArray = 52;
inline constexpr uint32_t kCurvePoint = 36;
inline constexpr uint32_t kCurve = 43;
}  // namespace class_id

// CK_3DENTITY_FLAGS bits the loaders and SetStep read.
namespace entity_flag {
inline constexpr uint32_t kParentSaved = 0x20000;      // the chunk stores the parent
inline constexpr uint32_t kPrioritySaved = 0x100000;   // the chunk stores a priority
inline constexpr uint32_t kPlaceSaved = 0x10000;       // the chunk stores a place id
inline constexpr uint32_t kAnimationDriven = 0x400;    // driven elsewhere (SetStep skips it)
}  // namespace entity_flag

// CK3dEntity: name, flags, matrices and hierarchy. Owned by a scene (or by the
// caller); parent and children are non-owning pointers that the scene keeps valid.
class Entity3d {
 public:
  Entity3d() = default;
  // Leaves the hierarchy: the entity leaves its parent's children, and its
  // children become roots that keep their world matrices (so no pointer to a
  // destroyed entity remains).
  virtual ~Entity3d();
  Entity3d(const Entity3d&) = delete;
  Entity3d& operator=(const Entity3d&) = delete;

  std::string name;
  ObjectId id = 0;
  uint32_t class_id = class_id::k3dEntity;
  uint32_t entity_flags = 0;     // CK_3DENTITY_FLAGS
  uint32_t moveable_flags = 0;   // VX_MOVEABLE_FLAGS
  int32_t priority = 0;

  const math::Matrix& world_matrix() const { return world_; }
  const math::Matrix& local_matrix() const { return local_; }
  Entity3d* parent() const { return parent_; }
  const std::vector<Entity3d*>& children() const { return children_; }

  // CK3dEntity::SetParent: attaches to `parent` (nullptr detaches). With
  // keep_world the world matrix stays and the local one is recomputed;
  // otherwise the local matrix stays and the world one follows the new parent.
  // Fails (kInvalidParameter), changing nothing, when `parent` is this entity
  // or one of its descendants (the hierarchy would become a cycle).
  Status set_parent(Entity3d* parent, bool keep_world = true);

  // CK3dEntity::SetWorldMatrix: sets world, derives local = inverse(parent.world) ∘ world,
  // then updates the children (see world_matrix_changed).
  void set_world_matrix(const math::Matrix& world, bool keep_children = false);

  // CK3dEntity::SetLocalMatrix: sets local, then LocalMatrixChanged.
  void set_local_matrix(const math::Matrix& local, bool keep_children = false);

  // Writes the local matrix alone, leaving the world matrix and the children
  // as they are (CKObjectAnimation::SetStep when a character updates them).
  void assign_local_matrix(const math::Matrix& local) { local_ = local; }

  // LocalMatrixChanged (CK2_3D FUN_100064a4): world = local without a parent,
  // world = parent.world ∘ local with one; then the children are updated.
  void local_matrix_changed(bool keep_children = false);

  // After this entity's world matrix changed: with keep_children, each child's
  // local matrix is recomputed so its world stays put; otherwise each child's
  // world is recomputed from its local matrix (recursively).
  void world_matrix_changed(bool keep_children = false);

  // CK3dEntity::GetPosition(ref): the world position (row 3 of world), or that
  // position expressed in ref's frame (inverse(ref.world) applied to it).
  math::Vec3 get_position(const Entity3d* ref = nullptr) const;

  // CK3dEntity::SetPosition(pos, ref, keep_children): moves the entity so that
  // its position in ref's frame (world when ref is null) is pos.
  void set_position(math::Vec3 pos, const Entity3d* ref = nullptr, bool keep_children = false);

 protected:
  // Called whenever this entity's world matrix has changed (curves and curve
  // points use it to mark themselves dirty).
  virtual void on_world_changed() {}

 private:
  void update_world_from_local();

  math::Matrix world_;
  math::Matrix local_;
  Entity3d* parent_ = nullptr;
  std::vector<Entity3d*> children_;
};

}  // namespace retroanim::ck
