// Play Animation 3D Entity (3DTransfo, 64221225:769a143f; spec 5.5): plays an
// object animation over a duration, shaped by a 2D progression curve, looping
// or not; One Loop Played fires each time the progression passes 1.
#pragma once

#include "retroanim/ck/behavior/behavior.h"
#include "retroanim/ck/behavior/behavior_prototype.h"

namespace retroanim::ck::bb {

// Pin positions of Play Animation 3D Entity (also used by Play Global Animation).
namespace play_animation_pin {
inline constexpr int kOn = 0, kOff = 1;
inline constexpr int kOneLoopPlayed = 0;
inline constexpr int kAnimation = 0, kDuration = 1, kCurve = 2, kLoop = 3;
inline constexpr int kProgression = 0;  // output parameter
inline constexpr int kStep = 0;         // local 0: the unshaped progression
}  // namespace play_animation_pin

// The prototype GUID.
inline constexpr Guid kPlayAnimation3dEntityGuid{0x64221225, 0x769a143f};

// The prototype.
BehaviorPrototype play_animation_3d_entity_prototype();

// PlayAnimEntity (FUN_250073c0): the execute function.
int play_animation_3d_entity(const BehaviorContext& ctx);

}  // namespace retroanim::ck::bb
