#include "retroanim/ck/scene/entity.h"

#include <algorithm>

namespace retroanim::ck {

using math::Matrix;
using math::Vec3;

Entity3d::~Entity3d() {
  if (parent_) {
    auto& sib = parent_->children_;
    sib.erase(std::remove(sib.begin(), sib.end(), this), sib.end());
  }
  for (Entity3d* c : children_) {
    c->parent_ = nullptr;
    c->local_ = c->world_;
  }
}

// CK3dEntity::SetParent
Status Entity3d::set_parent(Entity3d* parent, bool keep_world) {
  if (parent == parent_) return Status::kOk;
  for (const Entity3d* p = parent; p != nullptr; p = p->parent_)
    if (p == this) return {StatusCode::kInvalidParameter, "the new parent is the entity itself or one of its children"};
  if (parent_) {
    auto& sib = parent_->children_;
    sib.erase(std::remove(sib.begin(), sib.end(), this), sib.end());
  }
  parent_ = parent;
  if (parent_) parent_->children_.push_back(this);
  if (keep_world) {
    local_ = parent_ ? math::multiply_matrix(math::inverse_matrix(parent_->world_), world_) : world_;
  } else {
    local_matrix_changed(false);
  }
  return Status::kOk;
}

void Entity3d::update_world_from_local() {
  world_ = parent_ ? math::multiply_matrix(parent_->world_, local_) : local_;
}

// CK3dEntity::SetWorldMatrix
void Entity3d::set_world_matrix(const Matrix& world, bool keep_children) {
  world_ = world;
  local_ = parent_ ? math::multiply_matrix(math::inverse_matrix(parent_->world_), world_) : world_;
  world_matrix_changed(keep_children);
}

// CK3dEntity::SetLocalMatrix
void Entity3d::set_local_matrix(const Matrix& local, bool keep_children) {
  local_ = local;
  local_matrix_changed(keep_children);
}

// LocalMatrixChanged (CK2_3D FUN_100064a4)
void Entity3d::local_matrix_changed(bool keep_children) {
  update_world_from_local();
  world_matrix_changed(keep_children);
}

void Entity3d::world_matrix_changed(bool keep_children) {
  on_world_changed();
  for (Entity3d* child : children_) {
    if (keep_children) {
      child->local_ = math::multiply_matrix(math::inverse_matrix(world_), child->world_);
    } else {
      child->update_world_from_local();
      child->world_matrix_changed(false);
    }
  }
}

// CK3dEntity::GetPosition
Vec3 Entity3d::get_position(const Entity3d* ref) const {
  Vec3 p = world_.row(3);
  if (!ref) return p;
  return math::multiply_matrix_vector(math::inverse_matrix(ref->world_), p);
}

// CK3dEntity::SetPosition
void Entity3d::set_position(Vec3 pos, const Entity3d* ref, bool keep_children) {
  Vec3 world_pos = ref ? math::multiply_matrix_vector(ref->world_, pos) : pos;
  Matrix w = world_;
  w.set_row(3, world_pos);
  set_world_matrix(w, keep_children);
}

}  // namespace retroanim::ck
