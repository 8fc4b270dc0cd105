// Setup placement-frame lookup.
#include "retroanim/ac/object/setup.h"

namespace retroanim::ac {

// The lookup part of CPartArray::SetPlacementFrame (0x5193D0)
const AnimationFrame* Setup::find_placement_frame(uint32_t placement_id, uint32_t* found_id) const {
  for (const auto& [id, frame] : placement_frames) {
    if (id == placement_id) {
      if (found_id) *found_id = id;
      return &frame;
    }
  }
  for (const auto& [id, frame] : placement_frames) {
    if (id == 0) {
      if (found_id) *found_id = 0;
      return &frame;
    }
  }
  if (found_id) *found_id = 0;
  return nullptr;
}

}  // namespace retroanim::ac
