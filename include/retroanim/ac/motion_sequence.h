// MotionSequence: the operations the motion table performs on an animation
// sequence (a subset of the client's CSequence). The motion-table logic is
// written against this interface so that it can drive the runtime's Sequence
// (through SequenceMotionTarget) or a recorder in tests.
#pragma once

#include <cstdint>

#include "retroanim/ac/anim_data.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac {

// The CSequence operations CMotionTable and MotionTableManager call.
class MotionSequence {
 public:
  virtual ~MotionSequence() = default;
  // CSequence::append_animation: appends a node for the animation (the
  // sequence drops it when the animation does not exist).
  virtual void append_animation(const AnimData& anim) = 0;
  // CSequence::set_velocity: replaces the sequence's velocity.
  virtual void set_velocity(const math::Vec3& v) = 0;
  // CSequence::set_omega: replaces the sequence's omega.
  virtual void set_omega(const math::Vec3& o) = 0;
  // CSequence::combine_physics: adds to velocity and omega.
  virtual void combine_physics(const math::Vec3& v, const math::Vec3& o) = 0;
  // CSequence::subtract_physics: subtracts from velocity and omega.
  virtual void subtract_physics(const math::Vec3& v, const math::Vec3& o) = 0;
  // CSequence::clear_physics: zeroes velocity and omega.
  virtual void clear_physics() = 0;
  // CSequence::clear_animations: removes every node and resets the frame number.
  virtual void clear_animations() = 0;
  // CSequence::remove_cyclic_anims: removes the first cyclic node and all after it.
  virtual void remove_cyclic_anims() = 0;
  // CSequence::remove_link_animations: removes up to n nodes just before the
  // first cyclic node.
  virtual void remove_link_animations(uint32_t n) = 0;
  // CSequence::remove_all_link_animations: removes every node before the first cyclic node.
  virtual void remove_all_link_animations() = 0;
  // CSequence::has_anims: whether the sequence holds any node.
  virtual bool has_anims() const = 0;
  // CSequence::multiply_cyclic_animation_framerate: scales the framerate of the
  // first cyclic node and of every node after it.
  virtual void multiply_cyclic_animation_framerate(float multiplier) = 0;
};

}  // namespace retroanim::ac
