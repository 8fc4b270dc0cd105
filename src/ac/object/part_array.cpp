// CPartArray, the animation subset (client cphysobj/CPartArray).
#include "retroanim/ac/object/part_array.h"

#include <algorithm>

#include "retroanim/math/frame_batch.h"

namespace retroanim::ac {

// CPartArray::CreateSetup (0x5195A0) -> SetSetupID (0x519330) -> SetPlacementFrame(0x65) / InitDefaults (0x518980)
PartArray::PartArray(const Setup* setup, const AnimationProvider* provider) : setup_(setup) {
  sequence_.set_animation_provider(provider);
  if (setup_ != nullptr) {
    part_frames_.resize(setup_->num_parts());
    set_placement_frame(kPlacementResting);
    if (setup_->default_animation != 0) {
      sequence_.clear_animations();
      AnimData d;
      d.anim_id = setup_->default_animation;
      sequence_.append_animation(d);
    }
  }
}

// CPartArray::SetPlacementFrame (0x5193D0)
Status PartArray::set_placement_frame(uint32_t placement_id) {
  uint32_t found = 0;
  const AnimationFrame* f = setup_ ? setup_->find_placement_frame(placement_id, &found) : nullptr;
  sequence_.set_placement_frame(f, f ? found : 0);
  if (f == nullptr) return {StatusCode::kNotFound, "the setup has no placement frame with that id or id 0"};
  return Status::kOk;
}

// CPartArray::SetFrame (0x519310)
void PartArray::set_frame(const math::Frame& frame) {
  update_parts(frame);
  if (shadows_) shadow_frames_ = part_frames_;
}

// CPartArray::UpdateParts (0x5190F0)
void PartArray::update_parts(const math::Frame& frame) {
  const AnimationFrame* af = sequence_.get_curr_animframe();
  if (af == nullptr) return;
  const size_t n = std::min(part_frames_.size(), af->parts.size());
  // part i = frame combined with the animation's part i, origin scaled (bit-identical batch form,
  // from the field-by-field copy when the animation has one).
  if (af->part_columns.size() == af->parts.size())
    math::combine_scaled_batch(frame, af->part_columns, n, scale_, part_frames_);
  else
    math::combine_scaled_batch(frame, af->parts.data(), n, scale_, part_frames_);
}

void PartArray::set_shadow_parts(bool on) {
  shadows_ = on;
  if (on) shadow_frames_ = part_frames_;
  else shadow_frames_ = math::FrameArray();
}

}  // namespace retroanim::ac
