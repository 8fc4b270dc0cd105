// Bezier Progression (Logics/Loops, 6bb8699a:29fb6a4b, version 0x00010005):
// interpolates a value in [A, B] along a 2D progression curve over a duration,
// looping through Loop Out -> Loop In. Three functions as in the original: time
// based with a Time duration (the default), time based with an Integer duration
// (blocks older than 0x00010005), and frame based (Time Based setting off).
#pragma once

#include "retroanim/ck/behavior/behavior.h"
#include "retroanim/ck/behavior/behavior_prototype.h"

namespace retroanim::ck::bb {

// Pin positions of Bezier Progression.
namespace bezier_progression_pin {
inline constexpr int kIn = 0, kLoopIn = 1;                                    // inputs
inline constexpr int kOut = 0, kLoopOut = 1;                                  // outputs
inline constexpr int kDuration = 0, kA = 1, kB = 2, kCurve = 3;               // input parameters
inline constexpr int kElapsedTime = 0, kValue = 1, kDelta = 2, kProgression = 3;  // output parameters
inline constexpr int kTimeBased = 0;                                          // local 0 (setting)
}  // namespace bezier_progression_pin

// The prototype GUID.
inline constexpr Guid kBezierProgressionGuid{0x6bb8699a, 0x29fb6a4b};

// The prototype (pins, defaults, function BezierProgressionTimeBased, callback).
BehaviorPrototype bezier_progression_prototype();

// BezierProgressionTimeBased: float milliseconds.
int bezier_progression_time_based(const BehaviorContext& ctx);
// BezierProgressionTimeBasedOld: integer milliseconds (elapsed += (int)DeltaTime).
int bezier_progression_time_based_old(const BehaviorContext& ctx);
// BezierProgression: frame based (elapsed counts frames).
int bezier_progression_frame_based(const BehaviorContext& ctx);
// BezierProgressionCallBack: on CKM_BEHAVIORLOAD / SETTINGSEDITED picks the
// function from the Time Based setting, the version and the Duration pin type.
int bezier_progression_callback(const BehaviorContext& ctx);

}  // namespace retroanim::ck::bb
