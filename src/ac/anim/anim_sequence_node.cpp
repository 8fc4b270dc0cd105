// AnimSequenceNode (client canim/CSeqPrim).
#include "retroanim/ac/anim/anim_sequence_node.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace retroanim::ac {

// AnimSequenceNode::AnimSequenceNode(AnimData*) (0x525F90)
AnimSequenceNode::AnimSequenceNode(const AnimData& data, const AnimationProvider* provider)
    : framerate(data.framerate), low_frame(data.low_frame), high_frame(data.high_frame) {
  set_animation_id(data.anim_id, provider);
}

// AnimSequenceNode::set_animation_id (0x525D60)
void AnimSequenceNode::set_animation_id(uint32_t id, const AnimationProvider* provider) {
  anim_id = id;
  anim = (id != 0 && provider != nullptr) ? provider->get_animation(id) : nullptr;
  if (anim == nullptr) return;
  const uint32_t n = anim->num_frames();
  if (high_frame < 0) high_frame = static_cast<int32_t>(n - 1);
  if (static_cast<uint32_t>(low_frame) >= n) low_frame = static_cast<int32_t>(n - 1);
  if (static_cast<uint32_t>(high_frame) >= n) high_frame = static_cast<int32_t>(n - 1);
  if (low_frame > high_frame) high_frame = low_frame;
}

// AnimSequenceNode::get_starting_frame (0x525C80)
double AnimSequenceNode::get_starting_frame() const {
  if (framerate < 0.0f) return static_cast<double>(static_cast<int64_t>(high_frame) + 1) - math::kAcEpsilon;
  return static_cast<double>(low_frame);
}

// AnimSequenceNode::get_ending_frame (0x525CB0)
double AnimSequenceNode::get_ending_frame() const {
  if (framerate < 0.0f) return static_cast<double>(low_frame);
  return static_cast<double>(static_cast<int64_t>(high_frame) + 1) - math::kAcEpsilon;
}

// AnimSequenceNode::multiply_framerate (0x525BE0)
void AnimSequenceNode::multiply_framerate(float multiplier) {
  if (multiplier < 0.0f) {
    int32_t t = low_frame;
    low_frame = high_frame;
    high_frame = t;
  }
  framerate = multiplier * framerate;
}

// AnimSequenceNode::get_pos_frame (0x525C10)
const math::AFrame* AnimSequenceNode::get_pos_frame(int32_t fn) const {
  if (anim == nullptr || fn < 0 || static_cast<uint32_t>(fn) >= anim->num_frames()) return nullptr;
  if (static_cast<size_t>(fn) >= anim->pos_frames.size()) return nullptr;
  return &anim->pos_frames[static_cast<size_t>(fn)];
}

// AnimSequenceNode::get_pos_frame(double) (0x5247B0)
const math::AFrame* AnimSequenceNode::get_pos_frame(double frame_number) const {
  return get_pos_frame(frame_index(frame_number));
}

}  // namespace retroanim::ac
