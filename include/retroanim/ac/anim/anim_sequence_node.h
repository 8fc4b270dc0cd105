// AnimSequenceNode (client AnimSequenceNode, 0x1C bytes): one animation queued
// in a sequence, with its framerate and the frame range it plays.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "retroanim/ac/anim/anim_data.h"
#include "retroanim/ac/anim/animation.h"

namespace retroanim::ac {

// One queued animation. The animation is looked up by id when the node is
// made; a node whose animation is missing has no anim and the sequence drops it.
struct AnimSequenceNode {
  const Animation* anim = nullptr;
  uint32_t anim_id = 0;     // the id asked for (kept even when the animation is missing)
  float framerate = 30.0f;  // frames per second; negative plays backward
  int32_t low_frame = -1;
  int32_t high_frame = -1;

  // An empty node (AnimSequenceNode::AnimSequenceNode 0x525D30): no animation, 30 fps, frames -1.
  AnimSequenceNode() = default;

  // A node for `data`, its animation looked up in `provider` (may be null)
  // (AnimSequenceNode::AnimSequenceNode(AnimData) 0x525F90).
  AnimSequenceNode(const AnimData& data, const AnimationProvider* provider);

  // Looks the animation up and clamps the frame range to it: high < 0 becomes
  // the last frame; low, compared unsigned (so a negative low counts as huge),
  // at or past the frame count becomes the last frame; high past the end
  // becomes the last frame; high below low becomes low
  // (AnimSequenceNode::set_animation_id 0x525D60).
  void set_animation_id(uint32_t id, const AnimationProvider* provider);

  // True when the animation was found (AnimSequenceNode::has_anim).
  bool has_anim() const { return anim != nullptr; }

  // The frame number playback starts at: low when framerate >= 0, else
  // high + 1 - 0.0002 (AnimSequenceNode::get_starting_frame 0x525C80).
  double get_starting_frame() const;

  // The frame number playback ends at: high + 1 - 0.0002 when framerate >= 0,
  // else low (AnimSequenceNode::get_ending_frame 0x525CB0).
  double get_ending_frame() const;

  // Multiplies the framerate; a negative multiplier also swaps low and high
  // (AnimSequenceNode::multiply_framerate 0x525BE0).
  void multiply_framerate(float multiplier);

  // The position frame of frame fn, or nullptr when fn is out of range or the
  // animation has no position frames (AnimSequenceNode::get_pos_frame 0x525C10).
  const math::AFrame* get_pos_frame(int32_t fn) const;

  // get_pos_frame of floor(frame_number) (AnimSequenceNode::get_pos_frame(double) 0x5247B0).
  const math::AFrame* get_pos_frame(double frame_number) const;

  // The AnimationFrame of frame fn, or nullptr when fn is out of range
  // (AnimSequenceNode::get_part_frame 0x525C40).
  inline const AnimationFrame* get_part_frame(int32_t fn) const;
};

// floor(frame_number) truncated to the 32-bit frame index the client uses
// (its (unsigned __int64)floor(x) kept in an int); out-of-range values give INT32_MIN.
// Inline: the sequence calls it several times per update.
inline int32_t frame_index(double frame_number) {
  // The common case first, the same value: for 0 <= x <= 9.2e18 the
  // conversion truncates, which is floor for x >= 0.
  if (frame_number >= 0.0 && frame_number <= 9.2e18)
    return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(static_cast<int64_t>(frame_number))));
  double f = std::floor(frame_number);
  if (!(f >= -9.2e18 && f <= 9.2e18)) return std::numeric_limits<int32_t>::min();
  // The client converts to a 64-bit integer and keeps the low 32 bits.
  return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(static_cast<int64_t>(f))));
}

// std::floor(x) where only comparisons read the result (not in the client):
// the same value, cheaper for the common 0 <= x < 2^52 (truncation, which is
// floor there; -0 may come out as +0, which compares equal).
inline double floor_for_compare(double x) {
  if (x >= 0.0 && x < 4503599627370496.0) return static_cast<double>(static_cast<int64_t>(x));
  return std::floor(x);
}

// AnimSequenceNode::get_part_frame (0x525C40)
inline const AnimationFrame* AnimSequenceNode::get_part_frame(int32_t fn) const {
  if (anim == nullptr || fn < 0 || static_cast<uint32_t>(fn) >= anim->num_frames()) return nullptr;
  return &anim->part_frames[static_cast<size_t>(fn)];
}

}  // namespace retroanim::ac
