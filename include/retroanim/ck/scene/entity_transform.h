// CK3dEntity orientation, scale and rotation operations on top of Entity3d,
// as the 3D transformation building blocks call them (GetOrientation,
// SetOrientation, GetScale, SetScale, Rotate, Rotate3f), and BB_Orientate,
// the 3DTransfo helper that points an entity's axis along a direction.
#pragma once

#include "retroanim/ck/scene/entity.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ck {

// CK3dEntity::GetOrientation(Dir, Up, Right, Ref): the entity's normalised
// axes (Dir = row 2, Up = row 1, Right = row 0) of its world matrix, or of
// inverse(ref.world) ∘ world when ref is given. Null outputs are skipped.
void get_orientation(const Entity3d& ent, math::Vec3* dir, math::Vec3* up, math::Vec3* right = nullptr,
                     const Entity3d* ref = nullptr);

// CK3dEntity::SetOrientation(Dir, Up, Right, Ref, KeepChildren): writes the
// axes (rotated by ref.world when ref is given; Right = Up × Dir when null) into
// the world matrix with 0 components replaced by 1e-6, renormalises each axis
// and multiplies it by the previous world scale, then updates local and children.
void set_orientation(Entity3d& ent, const math::Vec3* dir, const math::Vec3* up, const math::Vec3* right = nullptr,
                     const Entity3d* ref = nullptr, bool keep_children = false);

// CK3dEntity::GetScale(Local): the lengths of rows 0..2 of the local (or world) matrix.
math::Vec3 get_scale(const Entity3d& ent, bool local = true);

// CK3dEntity::SetScale(Scale, KeepChildren, Local): each axis of the local (or
// world) matrix normalised and multiplied by the scale (0 components become
// 1e-6), then LocalMatrixChanged (or the world update).
void set_scale(Entity3d& ent, math::Vec3 scale, bool keep_children = false, bool local = true);

// CK3dEntity::Rotate(Axis, Angle, Ref, KeepChildren): rotates the world axes by
// `angle` radians about `axis` (taken in ref's frame when ref is given),
// keeping the world position. Angles below VxMath's EPSILON do nothing.
void rotate(Entity3d& ent, math::Vec3 axis, float angle, const Entity3d* ref = nullptr, bool keep_children = false);

// CK3dEntity::Rotate3f: as rotate, doing nothing when angle == 0.
void rotate3f(Entity3d& ent, float x, float y, float z, float angle, const Entity3d* ref = nullptr,
              bool keep_children = false);

// BB_Orientate (3DTransfo 0x2500aa80): orients `ent` so that its axis dir_mode
// (1 X, 2 -X, 3 Y, 4 -Y, 5 Z, 6 -Z) points along dir (normalised), building the
// frame from the previous up vector `up` (whose x and z are halved first; an x
// above 1.5 after that, as the (99,0,0) reset sentinel, takes the entity's own
// up axis), blending from the current axis by speed (1 = at once), then rolls
// by `roll` about that axis. The local scale is kept unless unitary_scale.
// Returns the up vector before the roll, which the caller stores for the next call.
math::Vec3 bb_orientate(Entity3d& ent, math::Vec3 dir, int dir_mode = 5, float roll = 0.0f,
                        math::Vec3 up = {0.0f, 1.0f, 0.0f}, float speed = 1.0f, bool keep_children = false,
                        bool unitary_scale = false);

}  // namespace retroanim::ck
