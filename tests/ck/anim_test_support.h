// Helpers shared by the object-animation tests: controllers built from keys.
#pragma once

#include <cstdint>
#include <vector>

#include "retroanim/ck/controllers.h"

namespace retroanim::ck::anim_test {

// A position / scale controller of the given CKANIMATION_CONTROLLER type holding linear keys.
inline VectorController linear_vec(uint32_t type, std::vector<PositionKey> keys) {
  VectorController c;
  c.type = type;
  c.keys = std::move(keys);
  return c;
}

// A rotation / scale-axis controller of the given type holding linear keys.
inline QuatController linear_quat(uint32_t type, std::vector<RotationKey> keys) {
  QuatController c;
  c.type = type;
  c.keys = std::move(keys);
  return c;
}

}  // namespace retroanim::ck::anim_test
