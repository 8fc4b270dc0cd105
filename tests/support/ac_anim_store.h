// An in-memory animation store for the ac tests (sequence, animation nodes,
// part array, physics object), with a maker of test animations.
#pragma once

#include <cstdint>
#include <utility>

#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/math/frame.h"

namespace retroanim::ac::test {

// An in-memory animation store with a maker of test animations.
class Anims : public AnimationMap {
 public:
  using AnimationMap::add;
  // Adds an animation of n frames and `parts` parts; frame k's part p is at origin (k, p, 0);
  // frame k has one Sound hook (sound id 100 + k, direction Both).
  Animation& add(uint32_t id, uint32_t n, uint32_t parts = 1) {
    Animation a;
    a.id = id;
    a.num_parts = parts;
    for (uint32_t k = 0; k < n; ++k) {
      AnimationFrame f;
      for (uint32_t p = 0; p < parts; ++p) f.parts.push_back(math::AFrame{{float(k), float(p), 0}, 1, 0, 0, 0});
      f.hooks.push_back(AnimationHook{AnimationHookType::kSound, AnimationHookDir::kBoth, SoundHookData{100 + k}, 0});
      a.part_frames.push_back(f);
    }
    return add(std::move(a));
  }
};

}  // namespace retroanim::ac::test
