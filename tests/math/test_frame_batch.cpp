// math/frame_batch.cpp: the batched Frame::combine of CPartArray::UpdateParts,
// bit-identical to the scalar combine on every path the machine has.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "retroanim/math/frame.h"
#include "support/math_expect.h"

using retroanim::test::same_bits;

using retroanim::math::AFrame;
using retroanim::math::Frame;
using retroanim::math::Vec3;

namespace {

const float kS = std::sqrt(0.5f);           // sin/cos of 45 degrees

}  // namespace

#include <random>

#include "retroanim/math/frame_batch.h"

TEST(FrameBatch, BitIdenticalToScalarCombineIncludingReverts) {
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
TEST(FrameBatch, DefaultUsesTheBestAvailablePath) {
  using retroanim::math::BatchPath;
  const BatchPath best = retroanim::math::best_batch_path();
  EXPECT_TRUE(retroanim::math::batch_path_available(best));
  EXPECT_EQ(retroanim::math::combine_scaled_batch_is_vectorised(), best != BatchPath::kScalar);
}
