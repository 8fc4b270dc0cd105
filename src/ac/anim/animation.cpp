// Consistency check of animation data and its field-by-field part copies.
#include "retroanim/ac/anim/animation.h"

namespace retroanim::ac {

void fill_part_columns(Animation& anim) {
  for (AnimationFrame& f : anim.part_frames) {
    f.part_columns.resize(f.parts.size());
    for (size_t i = 0; i < f.parts.size(); ++i) f.part_columns.set(i, f.parts[i]);
  }
}

std::string check_animation(const Animation& anim) {
  if (!anim.pos_frames.empty() && anim.pos_frames.size() != anim.part_frames.size())
    return "has " + std::to_string(anim.pos_frames.size()) + " pos frames for " +
           std::to_string(anim.part_frames.size()) + " frames";
  for (size_t i = 0; i < anim.part_frames.size(); ++i) {
    if (anim.part_frames[i].parts.size() != anim.num_parts)
      return "frame " + std::to_string(i) + " has " + std::to_string(anim.part_frames[i].parts.size()) +
             " parts, expected " + std::to_string(anim.num_parts);
  }
  return {};
}

}  // namespace retroanim::ac
