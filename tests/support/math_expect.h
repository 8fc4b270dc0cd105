// Comparisons of math values shared by the test programs: near-equality of
// vectors and matrices (component by component, with the caller's tolerance)
// and bitwise equality.
#pragma once

#include <cstring>
#include <string_view>
#include <type_traits>

#include <gtest/gtest.h>

#include "retroanim/math/matrix.h"
#include "retroanim/math/vec3.h"

namespace retroanim::test {

// Each component of `got` within `tol` of `want`; `what` names the value in a failure.
inline void expect_vec(math::Vec3 got, math::Vec3 want, float tol, std::string_view what = {}) {
  EXPECT_NEAR(got.x, want.x, tol) << what;
  EXPECT_NEAR(got.y, want.y, tol) << what;
  EXPECT_NEAR(got.z, want.z, tol) << what;
}

inline void expect_vec(math::Vec3 got, float x, float y, float z, float tol) {
  expect_vec(got, math::Vec3{x, y, z}, tol);
}

// Each of the 16 elements of `got` within `tol` of `want`.
inline void expect_matrix(const math::Matrix& got, const math::Matrix& want, float tol) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_NEAR(got[r][c], want[r][c], tol) << "[" << r << "][" << c << "]";
}

// True when two values have the same bytes (signed zeros and NaN payloads included).
template <typename T>
bool same_bits(const T& a, const T& b) {
  static_assert(std::is_trivially_copyable_v<T>);
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

}  // namespace retroanim::test
