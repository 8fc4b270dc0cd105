// MotionSequence: the operations the motion table performs on an animation
// sequence (a subset of the client's CSequence). The motion-table logic is
// written against this interface so that it can drive the runtime's Sequence
// (through SequenceMotionTarget) or a recorder in tests.
#pragma once

#include <cstdint>

#include "retroanim/ac/anim/anim_data.h"
#include "retroanim/ac/anim/sequence.h"
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

// The runtime's Sequence seen as a MotionSequence: every call forwards to the
// CSequence function of the same name.
class SequenceMotionTarget final : public MotionSequence {
 public:
  // Wraps `seq`, which must outlive this object.
  explicit SequenceMotionTarget(Sequence& seq) : seq_(seq) {}
  // The wrapped sequence.
  Sequence& sequence() { return seq_; }

  // Forwards to Sequence::append_animation.
  void append_animation(const AnimData& anim) override { seq_.append_animation(anim); }
  // Forwards to Sequence::set_velocity.
  void set_velocity(const math::Vec3& v) override { seq_.set_velocity(v); }
  // Forwards to Sequence::set_omega.
  void set_omega(const math::Vec3& o) override { seq_.set_omega(o); }
  // Forwards to Sequence::combine_physics.
  void combine_physics(const math::Vec3& v, const math::Vec3& o) override { seq_.combine_physics(v, o); }
  // Forwards to Sequence::subtract_physics.
  void subtract_physics(const math::Vec3& v, const math::Vec3& o) override { seq_.subtract_physics(v, o); }
  // Forwards to Sequence::clear_physics.
  void clear_physics() override { seq_.clear_physics(); }
  // Forwards to Sequence::clear_animations.
  void clear_animations() override { seq_.clear_animations(); }
  // Forwards to Sequence::remove_cyclic_anims.
  void remove_cyclic_anims() override { seq_.remove_cyclic_anims(); }
  // Forwards to Sequence::remove_link_animations.
  void remove_link_animations(uint32_t n) override { seq_.remove_link_animations(n); }
  // Forwards to Sequence::remove_all_link_animations.
  void remove_all_link_animations() override { seq_.remove_all_link_animations(); }
  // Forwards to Sequence::has_anims.
  bool has_anims() const override { return seq_.has_anims(); }
  // Forwards to Sequence::multiply_cyclic_animation_framerate.
  void multiply_cyclic_animation_framerate(float multiplier) override {
    seq_.multiply_cyclic_animation_framerate(multiplier);
  }

 private:
  Sequence& seq_;
};

}  // namespace retroanim::ac
