// math/frame.cpp: the axis-angle memo in Frame::grotate gives what a fresh
// computation gives, whatever was computed before.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/io/animation_io.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/math/frame_batch.h"
#include "support/math_expect.h"

using retroanim::test::same_bits;

using namespace retroanim::ac;
using retroanim::math::Frame;
using retroanim::math::Vec3;

namespace {

bool same_frame(const Frame& a, const Frame& b) {
  const float fa[7] = {a.qw, a.qx, a.qy, a.qz, a.origin.x, a.origin.y, a.origin.z};
  const float fb[7] = {b.qw, b.qx, b.qy, b.qz, b.origin.x, b.origin.y, b.origin.z};
  for (int k = 0; k < 7; ++k)
    if (!same_bits(fa[k], fb[k])) return false;
  return true;
}

}  // namespace

// grotate remembers the rotation of the last axis-angle vector; whatever came
// before, the result must be that of a first computation.
TEST(FrameGrotate, ResultDoesNotDependOnEarlierCalls) {
  const Vec3 w1{0.01f, 0.0f, 0.3f}, w2{-0.2f, 0.5f, 0.1f};
  const Frame start({1, 2, 3}, 0.8f, 0.2f, 0.4f, 0.4f);
  Frame first = start;
  first.grotate(w1);  // w1 after whatever the thread computed before: compare below against orders
  Frame after_other = start;
  Frame other = start;
  other.grotate(w2);  // the memo now holds w2
  after_other.grotate(w1);
  Frame twice = start;
  twice.grotate(w1);  // the memo holds w1
  EXPECT_TRUE(same_frame(first, after_other));
  EXPECT_TRUE(same_frame(first, twice));
  for (int k = 0; k < 9; ++k) EXPECT_TRUE(same_bits(first.m[k], twice.m[k]));
  // -0.0 and 0.0 are different keys but give the same rotation.
  Frame pz = start, nz = start;
  pz.grotate({0.0f, 0.0f, 0.3f});
  nz.grotate({-0.0f, 0.0f, 0.3f});
  EXPECT_TRUE(same_frame(pz, nz));
}
