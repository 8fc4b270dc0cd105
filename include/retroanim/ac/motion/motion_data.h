// MotionData: one entry of an Asheron's Call motion table (a cycle, a modifier or
// a link), as the client holds it after MotionData::UnPack (0x526570).
#pragma once

#include <cstdint>
#include <vector>

#include "retroanim/ac/anim/anim_data.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac {

// The bits of MotionData::bitfield that the client tests.
namespace motion_data_bits {
// Bit 1: entering this cycle clears the modifier list (GetObjectSequence), and a
// cycle with it refuses modifiers.
inline constexpr uint8_t kClearModifiers = 0x01;
// Bit 2: this cycle may only be entered from the style's default substate
// (CMotionTable::is_allowed).
inline constexpr uint8_t kOnlyFromDefault = 0x02;
}  // namespace motion_data_bits

// The bits of MotionData::flags (the dat's third header byte).
namespace motion_data_flags {
// The dat entry stores a velocity vector.
inline constexpr uint8_t kHasVelocity = 0x01;
// The dat entry stores an omega vector.
inline constexpr uint8_t kHasOmega = 0x02;
}  // namespace motion_data_flags

// A list of animations with the physics they imply. The client keeps the
// animation count in one byte (num_anims), so a MotionData read from a dat holds
// at most 255 animations; the motion-table logic counts with that byte.
struct MotionData {
  // The animations, appended to the sequence in order (client MotionData::anims).
  std::vector<AnimData> anims;
  // Behaviour bits (client MotionData::bitfield; see motion_data_bits).
  uint8_t bitfield = 0;
  // Which vectors the dat entry stored (see motion_data_flags); informational:
  // velocity and omega are zero when not stored, as after UnPack.
  uint8_t flags = 0;
  // Linear velocity while this motion plays, scaled by the speed (client float).
  math::Vec3 velocity;
  // Angular velocity (axis * radians per second), scaled by the speed.
  math::Vec3 omega;

  // The count the client uses: the low byte of the number of animations
  // (MotionData::num_anims is an unsigned char).
  uint8_t num_anims() const { return static_cast<uint8_t>(anims.size() & 0xffu); }
};

}  // namespace retroanim::ac
