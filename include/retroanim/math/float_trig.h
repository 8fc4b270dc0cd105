// Float trigonometry as the Virtools DLLs computed it: the double function,
// rounded to float.
//
// CK2 and VxMath were built with Visual C++ 6, whose <math.h> float forms
// (acosf, sinf, ... and the C++ float overloads) call the double function and
// round its result to float; the double functions ran on the x87 unit. So a
// float sin in the original is sin((double)x) rounded once to float: within
// half a float ulp of the exact value except where the double result sits on
// a rounding boundary. The C libraries' own float functions are not that:
// glibc's sinf differs from it on about 0.2 % of arguments, musl's acosf
// (the WebAssembly build's C library) on most, each by one ulp. Computing
// them this way gives the original's float results and the same bits on
// every platform whose double functions agree after rounding to float
// (glibc and musl did on every argument tried: docs/FIDELITY.md,
// "Float trigonometry").
#pragma once

#include <cmath>

namespace retroanim::math {

// (float)acos((double)x)
inline float acos_f(float x) { return static_cast<float>(std::acos(static_cast<double>(x))); }
// (float)asin((double)x)
inline float asin_f(float x) { return static_cast<float>(std::asin(static_cast<double>(x))); }
// (float)sin((double)x)
inline float sin_f(float x) { return static_cast<float>(std::sin(static_cast<double>(x))); }
// (float)cos((double)x)
inline float cos_f(float x) { return static_cast<float>(std::cos(static_cast<double>(x))); }
// (float)atan2((double)y, (double)x)
inline float atan2_f(float y, float x) {
  return static_cast<float>(std::atan2(static_cast<double>(y), static_cast<double>(x)));
}

}  // namespace retroanim::math
