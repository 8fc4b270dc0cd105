// Helpers shared by the object-animation tests: the names they use
// (`using namespace retroanim::ck::anim_test;`), controllers built from keys,
// and bitwise comparison of samples.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "retroanim/ck/anim/controllers.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/math/matrix.h"

namespace retroanim::ck::anim_test {

using math::Matrix;
using math::Quat;
using math::Vec3;

inline constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
inline constexpr float kInf = std::numeric_limits<float>::infinity();

// A position / scale controller of the given CKANIMATION_CONTROLLER type holding linear keys.
inline VectorController linear_vec(uint32_t type, std::vector<PositionKey> keys) {
  VectorController c;
  c.type = type;
  c.keys = std::move(keys);
  return c;
}

// A rotation / scale-axis controller of the given type holding linear keys.
inline QuatController linear_quat(uint32_t type, std::vector<RotationKey> keys) {
  QuatController c;
  c.type = type;
  c.keys = std::move(keys);
  return c;
}

// True when two samples are bitwise equal (NaNs and signed zeros included).
inline ::testing::AssertionResult same_bits(const AnimationSample& got, const AnimationSample& want) {
  if (got.present != want.present) return ::testing::AssertionFailure() << "present " << got.present << " vs " << want.present;
  if (std::memcmp(&got.position, &want.position, sizeof(math::Vec3)) != 0)
    return ::testing::AssertionFailure() << "position " << got.position.x << " " << got.position.y << " "
                                         << got.position.z << " vs " << want.position.x << " " << want.position.y
                                         << " " << want.position.z;
  if (std::memcmp(&got.rotation, &want.rotation, sizeof(math::Quat)) != 0)
    return ::testing::AssertionFailure() << "rotation";
  if (std::memcmp(&got.scale, &want.scale, sizeof(math::Vec3)) != 0) return ::testing::AssertionFailure() << "scale";
  if (std::memcmp(&got.scale_axis, &want.scale_axis, sizeof(math::Quat)) != 0)
    return ::testing::AssertionFailure() << "scale axis " << got.scale_axis.x << " " << got.scale_axis.w << " vs " << want.scale_axis.x << " " << want.scale_axis.w;
  return ::testing::AssertionSuccess();
}

}  // namespace retroanim::ck::anim_test
