// Unit tests of the AC client's Frame operations against hand-computed values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "retroanim/math/frame.h"
#include "support/math_expect.h"

using retroanim::test::expect_vec;
using retroanim::test::same_bits;

using retroanim::math::AFrame;
using retroanim::math::Frame;
using retroanim::math::Vec3;

namespace {

// float rounding of the products involved: a few ulps of 1.
constexpr float kTol = 2e-6f;
const float kS = std::sqrt(0.5f);           // sin/cos of 45 degrees
const float kHalfPi = 1.57079632679489662f;  // 90 degrees

void expect_quat(const Frame& f, float w, float x, float y, float z, float tol = kTol) {
  EXPECT_NEAR(f.qw, w, tol);
  EXPECT_NEAR(f.qx, x, tol);
  EXPECT_NEAR(f.qy, y, tol);
  EXPECT_NEAR(f.qz, z, tol);
}

// 90 degrees about z: x -> y, y -> -x.
Frame rot_z90(Vec3 o = {}) { return Frame(o, kS, 0.0f, 0.0f, kS); }
// 90 degrees about x: y -> z, z -> -y.
Frame rot_x90(Vec3 o = {}) { return Frame(o, kS, kS, 0.0f, 0.0f); }

}  // namespace

TEST(AcFrame, DefaultIsIdentityWithIdentityMatrix) {
  Frame f;
  expect_quat(f, 1, 0, 0, 0, 0);
  for (int i = 0; i < 9; ++i) EXPECT_EQ(f.m[i], (i % 4 == 0) ? 1.0f : 0.0f) << i;
  EXPECT_TRUE(f.is_valid());
}

TEST(AcFrame, CacheBuildsColumnMajorMatrix) {
  Frame f = rot_z90();
  // Columns are the images of the axes: x -> (0,1,0), y -> (-1,0,0), z -> z.
  const float want[9] = {0, 1, 0, -1, 0, 0, 0, 0, 1};
  for (int i = 0; i < 9; ++i) EXPECT_NEAR(f.m[i], want[i], kTol) << i;
}

TEST(AcFrame, SetRotateNormalises) {
  Frame f;
  f.set_rotate(2.0f, 0.0f, 0.0f, 0.0f);
  expect_quat(f, 1, 0, 0, 0, 0);
  f.set_rotate(0.0f, 0.0f, 0.0f, 3.0f);  // 180 degrees about z
  expect_quat(f, 0, 0, 0, 1, 0);
  EXPECT_NEAR(f.m[0], -1.0f, kTol);
  EXPECT_NEAR(f.m[4], -1.0f, kTol);
}

TEST(AcFrame, SetRotateRevertsWhenInvalid) {
  Frame f = rot_z90();
  f.set_rotate(0.0f, 0.0f, 0.0f, 0.0f);  // 1/sqrt(0) -> NaN components
  expect_quat(f, kS, 0, 0, kS, 0);
  f.set_rotate(std::numeric_limits<float>::quiet_NaN(), 1.0f, 0.0f, 0.0f);
  expect_quat(f, kS, 0, 0, kS, 0);
  EXPECT_NEAR(f.m[1], 1.0f, kTol);  // matrix untouched
}

TEST(AcFrame, IsValidChecksNaNAndNorm) {
  Frame f;
  EXPECT_TRUE(f.is_valid());
  f.qw = 1.0002f;  // norm^2 = 1.0004, within 0.001
  EXPECT_TRUE(f.is_valid());
  f.qw = 1.001f;  // norm^2 = 1.002
  EXPECT_FALSE(f.is_valid());
  Frame g;
  g.origin.y = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(g.is_valid());
  EXPECT_FALSE(g.is_valid_except_for_heading());
  Frame h;
  h.qx = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(h.is_valid());
  EXPECT_TRUE(h.is_valid_except_for_heading());
  EXPECT_TRUE(retroanim::math::is_valid(AFrame{}));
  EXPECT_FALSE(retroanim::math::is_valid(AFrame{{0, 0, 0}, 0.5f, 0, 0, 0}));
}

TEST(AcFrame, CombineRotatesOffsetAndMultipliesQuaternions) {
  Frame f1 = rot_z90({1, 2, 3});
  AFrame f2{{1, 0, 0}, kS, 0, 0, kS};
  Frame out;
  out.combine(f1, f2);
  expect_vec(out.origin, 1, 3, 3, kTol);   // (1,2,3) + Rz90 (1,0,0)
  expect_quat(out, 0, 0, 0, 1);      // 180 degrees about z
  // In place, as the sequence uses it.
  f1.combine(f1, f2);
  EXPECT_EQ(f1, out);
}

TEST(AcFrame, CombineWithFrameMatchesAFrameForm) {
  Frame f1 = rot_x90({0, 1, 0});
  Frame f2 = rot_z90({0, 0, 2});
  Frame a, b;
  a.combine(f1, f2);
  b.combine(f1, f2.to_aframe());
  expect_vec(a.origin, 0, -1, 0, kTol);  // (0,1,0) + Rx90 (0,0,2) = (0,1,0) + (0,-2,0)
  expect_vec(a.origin, b.origin.x, b.origin.y, b.origin.z, kTol);
  expect_quat(a, b.qw, b.qx, b.qy, b.qz);
  // q = qx90 * qz90 = (1/2, 1/2, -1/2, 1/2)
  expect_quat(a, 0.5f, 0.5f, -0.5f, 0.5f);
}

TEST(AcFrame, CombineWithScaleScalesTheOffsetOnly) {
  Frame f1({1, 1, 1}, 1, 0, 0, 0);
  AFrame f2{{1, 2, 3}, kS, 0, 0, kS};
  Frame out;
  out.combine(f1, f2, Vec3{2, 2, 2});
  expect_vec(out.origin, 3, 5, 7, kTol);
  expect_quat(out, kS, 0, 0, kS);
}

TEST(AcFrame, Subtract1IsTheExactInverseOfCombine) {
  Frame f1({1, 3, 3}, 0, 0, 0, 1);  // 180 about z
  AFrame f2{{1, 0, 0}, kS, 0, 0, kS};
  Frame out;
  out.subtract1(f1, f2);
  // q = q1 * conj(q2) = 90 about z; origin = (1,3,3) - Rz90 (1,0,0) = (1,2,3)
  expect_quat(out, kS, 0, 0, kS);
  expect_vec(out.origin, 1, 2, 3, kTol);
  // Round trip with a non-trivial axis.
  Frame g = rot_x90({0.5f, -2, 4});
  AFrame d{{0.25f, 1, -3}, 0.5f, 0.5f, 0.5f, 0.5f};
  Frame h = g;
  h.combine(h, d);
  h.subtract1(h, d);
  expect_vec(h.origin, g.origin.x, g.origin.y, g.origin.z, 4e-6f);
  expect_quat(h, g.qw, g.qx, g.qy, g.qz);
}

TEST(AcFrame, GrotatePreMultipliesGlobalAxisAngle) {
  Frame f = rot_x90();
  f.grotate({0, 0, kHalfPi});  // Rz90 * Rx90
  expect_vec(f.localtoglobalvec({0, 1, 0}), 0, 0, 1, kTol);  // y -> z -> z
  expect_vec(f.localtoglobalvec({0, 0, 1}), 1, 0, 0, kTol);  // z -> -y -> x
  expect_quat(f, 0.5f, 0.5f, 0.5f, 0.5f);
}

TEST(AcFrame, GrotateAboutNonVerticalAxis) {
  // 120 degrees about (1,1,1)/sqrt(3) cycles the axes: x -> y -> z -> x.
  Frame f;
  const float a = 2.0943951f / std::sqrt(3.0f);
  f.grotate({a, a, a});
  expect_quat(f, 0.5f, 0.5f, 0.5f, 0.5f);
  expect_vec(f.localtoglobalvec({1, 0, 0}), 0, 1, 0, kTol);
  expect_vec(f.localtoglobalvec({0, 1, 0}), 0, 0, 1, kTol);
}

TEST(AcFrame, GrotateIgnoresTinyRotations) {
  Frame f = rot_z90();
  Frame before = f;
  f.grotate({1e-4f, 0, 1e-4f});  // |w|^2 = 2e-8 < 0.0002^2
  EXPECT_EQ(f, before);
  f.grotate({2.1e-4f, 0, 0});  // just above the cut-off: rotates
  EXPECT_FALSE(f == before);
}

TEST(AcFrame, RotateTakesLocalAxis) {
  Frame f = rot_x90();
  f.rotate({0, 0, kHalfPi});  // local z = global -y: Rx90 * Rz90
  expect_vec(f.localtoglobalvec({1, 0, 0}), 0, 0, 1, kTol);  // x -> y -> z
  expect_quat(f, 0.5f, 0.5f, -0.5f, 0.5f);
}

TEST(AcFrame, LocalGlobalConversions) {
  Frame f = rot_z90({10, 20, 30});
  expect_vec(f.localtoglobal({1, 2, 3}), 8, 21, 33, kTol);  // (10,20,30) + (-2,1,3)
  expect_vec(f.globaltolocal({8, 21, 33}), 1, 2, 3, kTol);
  expect_vec(f.localtoglobalvec({1, 2, 3}), -2, 1, 3, kTol);
  expect_vec(f.globaltolocalvec({-2, 1, 3}), 1, 2, 3, kTol);
}

TEST(AcFrame, FromAFrameKeepsValuesAndCaches) {
  AFrame a{{1, 2, 3}, kS, 0, kS, 0};  // 90 about y: z -> x
  Frame f(a);
  EXPECT_EQ(f.to_aframe(), a);
  expect_vec(f.localtoglobalvec({0, 0, 1}), 1, 0, 0, kTol);
}

TEST(AcFrame, NormalizeCheckSmall) {
  Vec3 v{3, 0, 4};
  EXPECT_FALSE(retroanim::math::normalize_check_small(v));
  expect_vec(v, 0.6f, 0, 0.8f, kTol);
  Vec3 s{1e-4f, 1e-4f, 0};
  EXPECT_TRUE(retroanim::math::normalize_check_small(s));
  EXPECT_EQ(s, (Vec3{1e-4f, 1e-4f, 0}));
}

#include <random>

#include "retroanim/math/frame_batch.h"

TEST(AcFrameBatch, BitIdenticalToScalarCombineIncludingReverts) {
  using retroanim::math::BatchPath;
  std::mt19937 rng(12345);
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  int paths_run = 0;
  for (BatchPath path : {BatchPath::kScalar, BatchPath::kAvx2, BatchPath::kAvx512}) {
    if (!retroanim::math::batch_path_available(path)) continue;  // this CPU lacks it
    ++paths_run;
    for (Vec3 scale : {Vec3{1.5f, 0.5f, 2.0f}, Vec3{1.0f, 1.0f, 1.0f}, Vec3{1.0f, 1.0f, 0.3f}}) {
      // Past 32 parts the AVX2 path works in batches of eight groups of four.
      for (size_t n : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 9u, 12u, 16u, 17u, 30u, 31u, 32u, 33u, 35u, 36u, 63u, 64u, 67u}) {
        std::vector<AFrame> parts(n);
        for (size_t i = 0; i < n; ++i) {
          parts[i] = AFrame{{u(rng), u(rng), u(rng)}, u(rng), u(rng), u(rng), u(rng)};
          if (i % 7 == 3) parts[i].qw = parts[i].qx = parts[i].qy = parts[i].qz = 0.0f;  // set_rotate reverts
          if (i % 11 == 5) parts[i].qx = std::numeric_limits<float>::quiet_NaN();        // reverts too
          if (i % 13 == 8) parts[i].origin.y = std::numeric_limits<float>::infinity();   // NaN origin: reverts
        }
        Frame f1({u(rng), u(rng), u(rng)}, 0.5f, 0.5f, -0.5f, 0.5f);
        // The parts given field by field too (the copy UpdateParts uses).
        retroanim::math::FrameArray columns;
        columns.resize(n);
        for (size_t i = 0; i < n; ++i) columns.set(i, parts[i]);
        retroanim::math::FrameArray batch, from_columns;
        batch.resize(n + 2);
        std::vector<Frame> scalar(n + 2);
        // Give the outputs distinct old quaternions so that reverts are visible.
        for (size_t i = 0; i < n + 2; ++i) {
          Frame old({0, 0, float(i)}, kS, 0, 0, kS);
          batch.set(i, old);
          scalar[i] = old;
        }
        from_columns = batch;
        retroanim::math::combine_scaled_batch(f1, parts.data(), n, scale, batch, path);
        retroanim::math::combine_scaled_batch(f1, columns, n, scale, from_columns, path);
        // Both layouts store the same bits (NaN origins included), padding too.
        using FA = retroanim::math::FrameArray;
        ASSERT_EQ(from_columns.stride(), batch.stride());
        EXPECT_EQ(std::memcmp(from_columns.field(FA::Field::kQw), batch.field(FA::Field::kQw),
                              batch.stride() * FA::kFields * sizeof(float)), 0)
            << "path=" << int(path) << " n=" << n;
        for (size_t i = 0; i < n; ++i) scalar[i].combine(f1, parts[i], scale);
        for (size_t i = 0; i < n + 2; ++i) {
          Frame got = batch.get(i);
          const Frame& want = scalar[i];
          EXPECT_TRUE(same_bits(got.qw, want.qw) && same_bits(got.qx, want.qx) && same_bits(got.qy, want.qy) &&
                      same_bits(got.qz, want.qz))
              << "path=" << int(path) << " n=" << n << " i=" << i;
          // Origins compare by value (a NaN origin is NaN either way).
          auto same_or_nan = [&](float a, float b) { return same_bits(a, b) || (std::isnan(a) && std::isnan(b)); };
          EXPECT_TRUE(same_or_nan(got.origin.x, want.origin.x) && same_or_nan(got.origin.y, want.origin.y) &&
                      same_or_nan(got.origin.z, want.origin.z))
              << "path=" << int(path) << " n=" << n << " i=" << i;
          for (int k = 0; k < 9; ++k)
            EXPECT_TRUE(same_bits(got.m[k], want.m[k])) << "path=" << int(path) << " n=" << n << " i=" << i << " m" << k;
        }
      }
    }
  }
  EXPECT_GE(paths_run, 1);
}

// The default entry point uses the best path this CPU has.
TEST(AcFrameBatch, DefaultUsesTheBestAvailablePath) {
  using retroanim::math::BatchPath;
  const BatchPath best = retroanim::math::best_batch_path();
  EXPECT_TRUE(retroanim::math::batch_path_available(best));
  EXPECT_EQ(retroanim::math::combine_scaled_batch_is_vectorised(), best != BatchPath::kScalar);
}
