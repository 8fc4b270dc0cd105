// AnimData (client AnimData): which animation to play, over which frames, at
// which framerate. Motion tables hold lists of these; the sequence turns each
// into an AnimSequenceNode.
#pragma once

#include <cstdint>

namespace retroanim::ac {

// One animation reference: id, first and last frame (high -1 = the last frame
// of the animation), frames per second (negative = backward). Defaults as the
// client's AnimData constructor (0x525CE0): low 0, high -1, 30 fps.
struct AnimData {
  uint32_t anim_id = 0;
  int32_t low_frame = 0;
  int32_t high_frame = -1;
  float framerate = 30.0f;

  friend bool operator==(const AnimData&, const AnimData&) = default;
};

// The AnimData with its framerate multiplied by `speed` (client operator* 0x525D00).
inline AnimData operator*(float speed, const AnimData& d) {
  AnimData r = d;
  r.framerate = d.framerate * speed;
  return r;
}

}  // namespace retroanim::ac
