// MovementParameters (client CMovementDefs module): how a motion command is to
// be applied: its speed, the hold key, which states it modifies, and the
// move-to fields (distances, heading) the motion interpreter does not read.
#pragma once

#include <cstdint>

namespace retroanim::ac {

// The client's HoldKey: Invalid (use the current one), None, Run.
enum class HoldKey : uint32_t {
  kInvalid = 0,
  kNone = 1,
  kRun = 2,
};

// MovementParameters::bitfield bits (the client's bit-field struct, low bit first).
namespace movement_param_flag {
inline constexpr uint32_t kCanWalk = 0x1;
inline constexpr uint32_t kCanRun = 0x2;
inline constexpr uint32_t kCanSidestep = 0x4;
inline constexpr uint32_t kCanWalkBackwards = 0x8;
inline constexpr uint32_t kCanCharge = 0x10;
inline constexpr uint32_t kFailWalk = 0x20;
inline constexpr uint32_t kUseFinalHeading = 0x40;
inline constexpr uint32_t kSticky = 0x80;
inline constexpr uint32_t kMoveAway = 0x100;
inline constexpr uint32_t kMoveTowards = 0x200;
inline constexpr uint32_t kUseSpheres = 0x400;
inline constexpr uint32_t kSetHoldKey = 0x800;
inline constexpr uint32_t kAutonomous = 0x1000;
inline constexpr uint32_t kModifyRawState = 0x2000;
inline constexpr uint32_t kModifyInterpretedState = 0x4000;
inline constexpr uint32_t kCancelMoveTo = 0x8000;
inline constexpr uint32_t kStopCompletely = 0x10000;
inline constexpr uint32_t kDisableJumpDuringLink = 0x20000;
}  // namespace movement_param_flag

// The bitfield MovementParameters::MovementParameters gives (0x1EE0F: walk,
// run, sidestep, walk backwards, towards, away, spheres, set hold key, modify
// raw and interpreted state, cancel move-to, stop completely).
inline constexpr uint32_t kDefaultMovementBitfield = 0x1EE0Fu;

// A MovementParameters, every field at the constructor's value
// (MovementParameters::MovementParameters 0x524380).
struct MovementParameters {
  uint32_t bitfield = kDefaultMovementBitfield;
  float distance_to_object = 0.6f;
  float min_distance = 0.0f;
  float desired_heading = 0.0f;
  float speed = 1.0f;
  float fail_distance = 3.40282347e38f;  // FLT_MAX
  float walk_run_threshhold = 15.0f;
  uint32_t context_id = 0;
  HoldKey hold_key_to_apply = HoldKey::kInvalid;
  uint32_t action_stamp = 0;

  // Whether a bitfield bit (movement_param_flag) is set.
  bool has(uint32_t flag) const { return (bitfield & flag) != 0; }
  // Sets or clears a bitfield bit.
  void set(uint32_t flag, bool on) { bitfield = on ? (bitfield | flag) : (bitfield & ~flag); }
};

}  // namespace retroanim::ac
