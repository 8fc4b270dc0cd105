// A two-part Setup for the part array and physics object tests: placement 0
// puts the parts at (5, 0, 0) and (6, 0, 0), Resting at (0, 0, 1) and (0, 0, 2).
#pragma once

#include "retroanim/ac/object/setup.h"
#include "retroanim/math/frame.h"

namespace retroanim::ac::test {

inline retroanim::ac::Setup two_part_setup() {
  retroanim::ac::Setup st;
  st.id = 0x02000001;
  st.part_ids = {0x01000001, 0x01000002};
  AnimationFrame rest;
  rest.parts = {math::AFrame{{0, 0, 1}, 1, 0, 0, 0}, math::AFrame{{0, 0, 2}, 1, 0, 0, 0}};
  AnimationFrame zero;
  zero.parts = {math::AFrame{{5, 0, 0}, 1, 0, 0, 0}, math::AFrame{{6, 0, 0}, 1, 0, 0, 0}};
  st.placement_frames = {{0, zero}, {kPlacementResting, rest}};
  return st;
}

}  // namespace retroanim::ac::test
