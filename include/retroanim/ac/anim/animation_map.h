// An in-memory store of animations by id: the AnimationProvider of scenarios,
// tools and tests that build their animations instead of reading a dat.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "retroanim/ac/anim/animation.h"

namespace retroanim::ac {

// Animations kept by id. add() builds each frame's field-by-field part copy
// (fill_part_columns), so the animations it holds take the fast placement
// path. Stored animations never move: pointers and references to them stay
// valid until that id is replaced or the map is destroyed.
class AnimationMap : public AnimationProvider {
 public:
  // Stores `anim` under anim.id, replacing any animation with that id, and
  // returns the stored copy. Its hooks, flags and position frames may be
  // changed afterwards; after changing its parts, call fill_part_columns on it.
  Animation& add(Animation anim);
  // The animation with this id, or nullptr.
  const Animation* get_animation(uint32_t id) const override;
  // True when an animation with this id is stored.
  bool contains(uint32_t id) const { return map_.count(id) != 0; }
  // Number of stored animations.
  size_t size() const { return map_.size(); }

 private:
  std::unordered_map<uint32_t, Animation> map_;
};

}  // namespace retroanim::ac
