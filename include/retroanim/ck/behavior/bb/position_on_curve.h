// Position On Curve (3DTransfo, 676776d0:20d457bd; spec section 4): places
// its target 3D entity at a progression along a 3D curve, optionally orienting
// it along the curve (Follow, through BB_Orientate) and banking it (Bank).
#pragma once

#include "retroanim/ck/behavior/behavior.h"
#include "retroanim/ck/behavior/behavior_prototype.h"

namespace retroanim::ck::bb {

// Pin positions of Position On Curve.
namespace position_on_curve_pin {
inline constexpr int kIn = 0;
inline constexpr int kOut = 0;
inline constexpr int kCurve = 0, kProgression = 1, kFollow = 2, kBank = 3, kBankAmount = 4, kDirection = 5,
                     kHierarchy = 6;
inline constexpr int kUp = 0, kRoll = 1;  // locals: previous up vector, Roll setting
}  // namespace position_on_curve_pin

// The prototype GUID.
inline constexpr Guid kPositionOnCurveGuid{0x676776d0, 0x20d457bd};

// The up-vector sentinel the reset callback stores: the next Follow takes the
// entity's own up axis.
inline constexpr math::Vec3 kPositionOnCurveUpSentinel{99.0f, 0.0f, 0.0f};

// The prototype (targetable 3D entity, function, reset callback).
BehaviorPrototype position_on_curve_prototype();

// SetCurveStep (FUN_25006ca0): the execute function.
int position_on_curve(const BehaviorContext& ctx);
// SetCurveStepCallBack (FUN_25006c60): on CKM_BEHAVIORRESET, local 0 = (99, 0, 0).
int position_on_curve_callback(const BehaviorContext& ctx);

}  // namespace retroanim::ck::bb
