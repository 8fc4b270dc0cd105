// Animation keys of Virtools object animations (CKKeyframeData.h of the SDK):
// plain data, laid out field for field as the keys are saved in a controller's
// key block (spec 5.2), with the time first. Evaluation lives in
// controller_evaluation.h; the controllers that hold these keys in controllers.h.
#pragma once

#include <cstdint>

#include "retroanim/math/quat.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ck {

// CKPositionKey (also CKScaleKey): a time (frames) and a vector. Saved as 4 dwords.
struct PositionKey {
  float time = 0.0f;
  math::Vec3 value;
};

// CKScaleKey is a CKPositionKey.
using ScaleKey = PositionKey;

// CKRotationKey (also CKScaleAxisKey): a time and a quaternion {x, y, z, w}.
// Saved as 5 dwords.
struct RotationKey {
  float time = 0.0f;
  math::Quat value;
};

// CKScaleAxisKey is a CKRotationKey.
using ScaleAxisKey = RotationKey;

// CKTCBPositionKey (also CKTCBScaleKey): a position key with Kochanek-Bartels
// tension, continuity and bias and the ease to (incoming) / ease from
// (outgoing) accelerations. Saved as 9 dwords in this field order.
struct TcbPositionKey {
  float time = 0.0f;
  math::Vec3 value;
  float tension = 0.0f;
  float continuity = 0.0f;
  float bias = 0.0f;
  float ease_to = 0.0f;
  float ease_from = 0.0f;
};

// CKTCBRotationKey (also CKTCBScaleAxisKey): a rotation key with the same TCB
// and ease parameters. Saved as 10 dwords in this field order.
struct TcbRotationKey {
  float time = 0.0f;
  math::Quat value;
  float tension = 0.0f;
  float continuity = 0.0f;
  float bias = 0.0f;
  float ease_to = 0.0f;
  float ease_from = 0.0f;
};

// CKBEZIERKEY_FLAGS: how a Bezier key's incoming / outgoing tangent is made.
namespace bezier_mode {
inline constexpr uint32_t kAutoSmooth = 0x0001;  // smooth tangent from the neighbours
inline constexpr uint32_t kLinear = 0x0002;      // straight line to / from the neighbour
inline constexpr uint32_t kStep = 0x0004;        // hold the value (step) to / from the point
inline constexpr uint32_t kFast = 0x0008;        // "fast" tangent, 2 * (next - previous) per SDK
inline constexpr uint32_t kSlow = 0x0010;        // zero tangent
inline constexpr uint32_t kTangents = 0x0020;    // use the stored In / Out vector
inline constexpr uint32_t kInMask = 0x0000FFFF;  // INTAN_MASK: the in-mode bits of the key flags
inline constexpr uint32_t kOutMask = 0xFFFF0000; // OUTTAN_MASK: the out-mode bits (shifted by 16)
inline constexpr int kOutShift = 16;             // OUTTAN_SHIFT
}  // namespace bezier_mode

// CKBezierPositionKey (also CKBezierScaleKey): a position key with a flags
// word (in-mode in the low 16 bits, out-mode in the high 16 bits) and the in /
// out tangent vectors. The file stores the In vector only when the in-mode has
// kTangents and the Out vector only when the out-mode has it; absent tangents
// are zero here.
struct BezierPositionKey {
  float time = 0.0f;
  math::Vec3 value;
  uint32_t flags = bezier_mode::kAutoSmooth | (bezier_mode::kAutoSmooth << bezier_mode::kOutShift);
  math::Vec3 in_tangent;
  math::Vec3 out_tangent;

  // CKBezierKeyFlags::GetInTangentMode: the in-mode bits.
  constexpr uint32_t in_mode() const { return flags & bezier_mode::kInMask; }
  // CKBezierKeyFlags::GetOutTangentMode: the out-mode bits.
  constexpr uint32_t out_mode() const { return (flags & bezier_mode::kOutMask) >> bezier_mode::kOutShift; }
};

}  // namespace retroanim::ck
