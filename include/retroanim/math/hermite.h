// The cubic Hermite basis used by CKCurve::Update and CKCurve::GetPos (spec 3.3).
#pragma once

#include "retroanim/math/vec3.h"

#include "retroanim/fp_strict.h"

namespace retroanim::math {

// The four Hermite weights at s: h1 = 2s³-3s²+1, h2 = -2s³+3s², h3 = s³-2s²+s,
// h4 = s³-s², for P0, P1, T0 and T1 respectively.
struct HermiteWeights {
  float h1, h2, h3, h4;
};

RETROANIM_FP_STRICT_BEGIN
// Hermite basis (CKCurve FUN_1001586d / FUN_10014195, spec 3.3), in float.
inline HermiteWeights hermite_weights(float s) {
  float s2 = s * s;
  float s3 = s2 * s;
  return {2.0f * s3 - 3.0f * s2 + 1.0f, -2.0f * s3 + 3.0f * s2, s3 - 2.0f * s2 + s, s3 - s2};
}

// H(P0,T0,P1,T1,s) = P0*h1 + P1*h2 + T0*h3 + T1*h4 (spec 3.3).
inline Vec3 hermite(Vec3 p0, Vec3 t0, Vec3 p1, Vec3 t1, float s) {
  HermiteWeights w = hermite_weights(s);
  return p0 * w.h1 + p1 * w.h2 + t0 * w.h3 + t1 * w.h4;
}

RETROANIM_FP_STRICT_END

}  // namespace retroanim::math
