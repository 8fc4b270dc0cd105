#include "retroanim/ck/scene/entity_transform.h"

#include <cmath>

#include "retroanim/math/matrix.h"
#include "retroanim/math/rotation.h"

namespace retroanim::ck {

using math::Matrix;
using math::Vec3;

// CK3dEntity::GetOrientation (CK2_3D 0x1000758C)
void get_orientation(const Entity3d& ent, Vec3* dir, Vec3* up, Vec3* right, const Entity3d* ref) {
  Matrix m = ent.world_matrix();
  if (ref) m = math::multiply_matrix(math::inverse_matrix(ref->world_matrix()), m);
  if (right) *right = math::normalize(m.row(0));
  if (up) *up = math::normalize(m.row(1));
  if (dir) *dir = math::normalize(m.row(2));
}

namespace {

Vec3 no_zero(Vec3 v) {
  constexpr float kEps = 0.000001f;
  return {v.x == 0.0f ? kEps : v.x, v.y == 0.0f ? kEps : v.y, v.z == 0.0f ? kEps : v.z};
}

// Axis renormalised (1 / |axis| computed in double, as the original) and scaled.
Vec3 rescale_axis(Vec3 axis, float scale) {
  float inv = static_cast<float>(1.0 / static_cast<double>(math::magnitude(axis)));
  Vec3 n = axis * inv;
  return n * scale;
}

}  // namespace

// CK3dEntity::SetOrientation (CK2_3D 0x10006CC3)
void set_orientation(Entity3d& ent, const Vec3* dir, const Vec3* up, const Vec3* right, const Entity3d* ref,
                     bool keep_children) {
  if (!dir || !up) return;
  constexpr float kEps = 0.000001f;
  Vec3 prev_scale = get_scale(ent, false);
  if (prev_scale.x == 0.0f) prev_scale.x = kEps;
  if (prev_scale.y == 0.0f) prev_scale.y = kEps;
  if (prev_scale.z == 0.0f) prev_scale.z = kEps;
  Vec3 d = *dir, u = *up, r;
  if (ref) {
    d = math::rotate_vector(ref->world_matrix(), *dir);
    u = math::rotate_vector(ref->world_matrix(), *up);
    r = right ? math::rotate_vector(ref->world_matrix(), *right) : math::cross(u, d);
  } else {
    r = right ? *right : math::cross(*up, *dir);
  }
  Matrix w = ent.world_matrix();
  w.set_row(0, rescale_axis(no_zero(r), prev_scale.x));
  w.set_row(1, rescale_axis(no_zero(u), prev_scale.y));
  w.set_row(2, rescale_axis(no_zero(d), prev_scale.z));
  ent.set_world_matrix(w, keep_children);
}

// CK3dEntity::GetScale
Vec3 get_scale(const Entity3d& ent, bool local) {
  const Matrix& m = local ? ent.local_matrix() : ent.world_matrix();
  return {math::magnitude(m.row(0)), math::magnitude(m.row(1)), math::magnitude(m.row(2))};
}

// CK3dEntity::SetScale (CK2_3D 0x1000791A)
void set_scale(Entity3d& ent, Vec3 scale, bool keep_children, bool local) {
  Vec3 s = no_zero(scale);
  Matrix m = local ? ent.local_matrix() : ent.world_matrix();
  m.set_row(0, math::normalize(m.row(0)) * s.x);
  m.set_row(1, math::normalize(m.row(1)) * s.y);
  m.set_row(2, math::normalize(m.row(2)) * s.z);
  if (local) {
    ent.set_local_matrix(m, keep_children);
  } else {
    ent.set_world_matrix(m, keep_children);
  }
}

// CK3dEntity::Rotate (CK2_3D 0x100077f5)
void rotate(Entity3d& ent, Vec3 axis, float angle, const Entity3d* ref, bool keep_children) {
  if (std::fabs(angle) < math::kVxEpsilon) return;
  const Matrix& world = ent.world_matrix();
  Vec3 position = world.row(3);
  Vec3 world_axis = ref ? math::rotate_vector(ref->world_matrix(), axis) : axis;
  Matrix rot = math::matrix_from_rotation(world_axis, angle);
  Matrix w = math::multiply_matrix(rot, world);
  w.set_row(3, position);
  ent.set_world_matrix(w, keep_children);
}

// CK3dEntity::Rotate3f (CK2_3D 0x10008100)
void rotate3f(Entity3d& ent, float x, float y, float z, float angle, const Entity3d* ref, bool keep_children) {
  if (angle == 0.0f) return;
  rotate(ent, {x, y, z}, angle, ref, keep_children);
}

// BB_Orientate (3DTransfo FUN_2500aa80; source: 3DTrans/3DTrans.cpp)
Vec3 bb_orientate(Entity3d& ent, Vec3 dir, int dir_mode, float roll, Vec3 up, float speed, bool keep_children,
                  bool unitary_scale) {
  Vec3 scale;
  if (!unitary_scale) scale = get_scale(ent, true);
  if ((dir_mode & 1) == 0) dir = -dir;
  Vec3 old_dir, right;
  up.x *= 0.5f;
  up.z *= 0.5f;
  switch (dir_mode) {
    case 5:
    case 6: {
      if (up.x > 1.5f) get_orientation(ent, nullptr, &up);
      get_orientation(ent, &old_dir, nullptr);
      dir = old_dir + speed * (dir - old_dir);
      right = math::cross(up, dir);
      up = math::cross(dir, right);
      dir = math::normalize(dir);
      right = math::normalize(right);
      up = math::normalize(up);
      set_orientation(ent, &dir, &up, &right, nullptr, keep_children);
      if (roll != 0.0f) rotate3f(ent, 0, 0, 1, roll, &ent, keep_children);
      break;
    }
    case 1:
    case 2: {
      if (up.x > 1.5f) get_orientation(ent, nullptr, &up);
      get_orientation(ent, nullptr, nullptr, &old_dir);
      dir = old_dir + speed * (dir - old_dir);
      right = math::cross(dir, up);
      up = math::cross(right, dir);
      dir = math::normalize(dir);
      right = math::normalize(right);
      up = math::normalize(up);
      set_orientation(ent, &right, &up, &dir, nullptr, keep_children);
      if (roll != 0.0f) rotate3f(ent, 1, 0, 0, roll, &ent, keep_children);
      break;
    }
    case 3:
    case 4: {
      if (up.x > 1.5f) get_orientation(ent, &up, nullptr);
      get_orientation(ent, nullptr, &old_dir);
      dir = old_dir + speed * (dir - old_dir);
      right = math::cross(dir, up);
      up = math::cross(dir, right);
      dir = math::normalize(dir);
      right = math::normalize(right);
      up = math::normalize(up);
      set_orientation(ent, &right, &dir, &up, nullptr, keep_children);
      if (roll != 0.0f) rotate3f(ent, 0, 1, 0, roll, &ent, keep_children);
      break;
    }
    default:
      break;
  }
  if (!unitary_scale) set_scale(ent, scale, false, true);
  return up;
}

}  // namespace retroanim::ck
