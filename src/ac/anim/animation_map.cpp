// The in-memory animation store.
#include "retroanim/ac/anim/animation_map.h"

#include <utility>

namespace retroanim::ac {

Animation& AnimationMap::add(Animation anim) {
  fill_part_columns(anim);
  const uint32_t id = anim.id;
  Animation& stored = map_[id];
  stored = std::move(anim);
  return stored;
}

const Animation* AnimationMap::get_animation(uint32_t id) const {
  auto it = map_.find(id);
  return it == map_.end() ? nullptr : &it->second;
}

}  // namespace retroanim::ac
