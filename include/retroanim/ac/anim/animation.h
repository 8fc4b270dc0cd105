// Animation data (client CAnimation / AnimFrame): per-frame part frames with
// their hooks and, when flag 1 is set, a position frame per frame that moves
// the whole object. Plain data, filled by the dat reader or the scenario loader.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "retroanim/ac/anim/anim_hook.h"
#include "retroanim/math/frame.h"
#include "retroanim/math/frame_batch.h"

namespace retroanim::ac {

// One frame of an animation (client AnimFrame): a frame per part (relative to
// the object, not to a parent part) and the hooks attached to this frame, in
// dat order. `part_columns` is a derived copy of `parts` stored field by field,
// which lets CPartArray::UpdateParts place the parts without transposing them;
// fill_part_columns builds it (the dat reader and the scenario loader do).
// When it does not hold exactly parts.size() frames it is ignored and the
// parts are read directly, with the same results.
struct AnimationFrame {
  std::vector<math::AFrame> parts;
  std::vector<AnimationHook> hooks;
  math::FrameArray part_columns;  // empty, or parts field by field (see fill_part_columns)
};

// Animation flag bits as stored in the dat (CAnimation::UnPack 0x51FA70).
namespace animation_flag {
inline constexpr uint32_t kHasPosFrames = 0x1;  // pos_frames holds one frame per frame
inline constexpr uint32_t kFlag2 = 0x2;         // kept by the client beside the animation; unused by playback
}  // namespace animation_flag

// An animation (dat type 0x03): id, flags, number of parts, and its frames.
struct Animation {
  uint32_t id = 0;
  uint32_t flags = 0;
  uint32_t num_parts = 0;
  std::vector<math::AFrame> pos_frames;       // one per frame when flags & 1, else empty
  std::vector<AnimationFrame> part_frames;    // num_frames entries, each with num_parts parts

  // Number of frames.
  uint32_t num_frames() const { return static_cast<uint32_t>(part_frames.size()); }
  // True when the animation moves the object by its position frames (flag 1).
  bool has_pos_frames() const { return (flags & animation_flag::kHasPosFrames) != 0 && !pos_frames.empty(); }
};

// Where sequences find animations by id (the client's DBObj::Get of type 8).
// Implementations: an in-memory map (scenarios, tests) or the portal.dat reader.
class AnimationProvider {
 public:
  virtual ~AnimationProvider() = default;
  // The animation with this id, or nullptr when there is none. The object must
  // stay alive (and unchanged) while any sequence refers to it.
  virtual const Animation* get_animation(uint32_t id) const = 0;
};

// Builds every frame's part_columns from its parts. Call it again after
// changing parts: UpdateParts uses the columns whenever their count matches.
void fill_part_columns(Animation& anim);

// Checks that an animation is self-consistent: every frame has num_parts parts
// and pos_frames is empty or has one entry per frame. Returns an empty string
// when it is, else a one-line description of the first problem.
std::string check_animation(const Animation& anim);

}  // namespace retroanim::ac
