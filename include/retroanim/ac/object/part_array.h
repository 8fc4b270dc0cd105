// CPartArray (client CPartArray): an object's parts, made from a Setup, with
// the sequence that animates them and the per-part frames computed from the
// object frame, the current animation frame and the object's scale.
#pragma once

#include <cstdint>
#include <vector>

#include "retroanim/ac/anim/sequence.h"
#include "retroanim/error.h"
#include "retroanim/ac/object/setup.h"
#include "retroanim/math/frame.h"
#include "retroanim/math/frame_batch.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac {

// What the part array forwards to the object's motion table manager (the
// client's MotionTableManager calls made from CPartArray).
class MotionHandler {
 public:
  virtual ~MotionHandler() = default;
  // MotionTableManager::AnimationDone, called for every AnimationDone hook.
  virtual void animation_done(bool success) = 0;
  // MotionTableManager::UseTime, called once per object update (CPartArray::HandleMovement).
  virtual void use_time() = 0;
};

// The parts of one object.
class PartArray {
 public:
  // Parts for `setup` (shared, must outlive the array), animations looked up in
  // `provider`: one part per setup part, scale 1, the resting placement frame
  // (0x65, else 0) selected, and the setup's default animation queued when it
  // has one (CPartArray::CreateSetup 0x5195A0 / SetSetupID / InitDefaults 0x518980).
  PartArray(const Setup* setup, const AnimationProvider* provider);

  // The setup.
  const Setup* setup() const { return setup_; }
  // The sequence that animates the parts.
  Sequence& sequence() { return sequence_; }
  // The sequence that animates the parts.
  const Sequence& sequence() const { return sequence_; }
  // Number of parts.
  uint32_t num_parts() const { return static_cast<uint32_t>(part_frames_.size()); }
  // The global frame of part i after the last set_frame (parts[i]->pos.frame), matrix included.
  math::Frame part_frame(uint32_t i) const { return part_frames_.get(i); }
  // The global frames of all parts, stored field by field (see FrameArray: the
  // layout the per-tick update writes fastest; values as the client's).
  const math::FrameArray& part_frames() const { return part_frames_; }
  // The object's scale applied to part offsets.
  math::Vec3 scale() const { return scale_; }
  // Sets the scale (the scale part of CPartArray::SetScaleInternal 0x518A00).
  void set_scale(math::Vec3 s) { scale_ = s; }

  // Sets (or clears with nullptr) the motion table manager forwarded to.
  void set_motion_handler(MotionHandler* handler) { motion_ = handler; }
  // The motion table manager, or nullptr.
  MotionHandler* motion_handler() const { return motion_; }

  // Advances the sequence; `offset_frame` (may be null) receives the motion.
  void update(float quantum, math::Frame* offset_frame) { sequence_.update(quantum, offset_frame); }  // CPartArray::Update (0x517DB0)

  // Places every part for the object frame `frame`, then copies the part
  // frames to the shadow parts when there are any.
  void set_frame(const math::Frame& frame);  // CPartArray::SetFrame (0x519310)

  // For each part i below min(num_parts, parts in the current animation frame):
  // part frame = frame combined with the animation's part frame, its origin
  // scaled. No current animation frame: parts stay.
  void update_parts(const math::Frame& frame);  // CPartArray::UpdateParts (0x5190F0)

  // Selects the placement frame with this id (or id 0); fails (kNotFound),
  // selecting none, when neither exists.
  Status set_placement_frame(uint32_t placement_id);  // CPartArray::SetPlacementFrame (0x5193D0)

  // Forwards to the motion table manager.
  void animation_done(bool success) {  // CPartArray::AnimationDone (0x517D30)
    if (motion_) motion_->animation_done(success);
  }
  // Forwards to the motion table manager's UseTime.
  void handle_movement() {  // CPartArray::HandleMovement (0x517D60)
    if (motion_) motion_->use_time();
  }

  // Turns the shadow copy on or off: when on, set_frame copies every part frame
  // into shadow_frames() (the frames the client's shadow parts show in other cells).
  void set_shadow_parts(bool on);
  // The shadow copies of the part frames (empty when off).
  const math::FrameArray& shadow_frames() const { return shadow_frames_; }

 private:
  const Setup* setup_;
  Sequence sequence_;
  math::FrameArray part_frames_;
  math::FrameArray shadow_frames_;
  bool shadows_ = false;
  math::Vec3 scale_{1.0f, 1.0f, 1.0f};
  MotionHandler* motion_ = nullptr;
};

}  // namespace retroanim::ac
