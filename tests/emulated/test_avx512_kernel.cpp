// The AVX-512 part kernel of src/math/frame_batch.cpp on a machine without
// AVX-512: that file is compiled into this program (RETROANIM_EMULATED_AVX512)
// with SIMDe's portable AVX-512 in place of the CPU's instructions, and its
// results are compared bit for bit with the scalar port's. Without this, a
// machine without AVX-512 (such as a CI runner) never runs that kernel.
// SIMDe performs each lane's IEEE operation (square root, division, fused
// multiply-add, conversions rounding to nearest), so equal bits here mean
// the kernel does the same operations in the same order and stores the same
// lanes; the hardware itself is checked where the CPU has AVX-512
// (tests/math/test_frame_batch.cpp runs every path the machine has).
#include "emulated_avx512.h"

#define RETROANIM_EMULATED_AVX512 1
#include "math/frame_batch.cpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

// src/math/batch_path.cpp is not linked into this program: here the emulated
// AVX-512 path is available whatever the CPU.
namespace retroanim::math {
bool batch_path_available(BatchPath) { return true; }
BatchPath best_batch_path() { return BatchPath::kAvx512; }
}  // namespace retroanim::math

namespace {

using retroanim::math::AFrame;
using retroanim::math::BatchPath;
using retroanim::math::Frame;
using retroanim::math::FrameArray;
using retroanim::math::Vec3;

bool same_or_both_nan(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0 || (std::isnan(a) && std::isnan(b)); }

TEST(EmulatedAvx512, PartKernelBitIdenticalToScalarPort) {
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) GTEST_SKIP() << "the emulation is built for AVX2 and FMA";
  std::mt19937 rng(777);
  std::uniform_real_distribution<float> u(-2.0f, 2.0f);
  int runs = 0;
  for (int round = 0; round < 20; ++round) {
    for (Vec3 scale : {Vec3{1.5f, 0.5f, 2.0f}, Vec3{1.0f, 1.0f, 1.0f}}) {
      // Runs shorter than a group of eight, partial last groups, and more than
      // one batch of four groups.
      for (size_t n : {1u, 3u, 7u, 8u, 9u, 15u, 16u, 17u, 24u, 25u, 30u, 31u, 32u, 33u, 40u, 63u, 64u, 65u, 100u}) {
        std::vector<AFrame> parts(n);
        for (size_t i = 0; i < n; ++i) {
          parts[i] = AFrame{{u(rng), u(rng), u(rng)}, u(rng), u(rng), u(rng), u(rng)};
          if (rng() % 7 == 3) parts[i].qw = parts[i].qx = parts[i].qy = parts[i].qz = 0.0f;  // set_rotate reverts
          if (rng() % 11 == 5) parts[i].qx = std::numeric_limits<float>::quiet_NaN();        // reverts too
          if (rng() % 13 == 8) parts[i].origin.y = std::numeric_limits<float>::infinity();   // NaN origin: reverts
        }
        Frame f1({u(rng), u(rng), u(rng)}, 1.0f, 0.0f, 0.0f, 0.0f);
        f1.set_rotate(u(rng), u(rng), u(rng), u(rng));
        FrameArray columns;
        columns.resize(n);
        for (size_t i = 0; i < n; ++i) columns.set(i, parts[i]);
        FrameArray want, rows, cols;
        want.resize(n + 2);
        // Distinct old quaternions, so that a revert that keeps the wrong one shows.
        for (size_t i = 0; i < n + 2; ++i) want.set(i, Frame({0, 0, float(i)}, 0.6f, 0.0f, 0.0f, 0.8f));
        rows = want;
        cols = want;
        retroanim::math::combine_scaled_batch(f1, parts.data(), n, scale, want, BatchPath::kScalar);
        retroanim::math::combine_scaled_batch(f1, parts.data(), n, scale, rows, BatchPath::kAvx512);
        retroanim::math::combine_scaled_batch(f1, columns, n, scale, cols, BatchPath::kAvx512);
        ++runs;
        for (size_t k = 0; k < FrameArray::kFields; ++k) {
          const auto field = static_cast<FrameArray::Field>(k);
          for (size_t i = 0; i < want.stride(); ++i) {
            ASSERT_TRUE(same_or_both_nan(want.field(field)[i], rows.field(field)[i]))
                << "AFrame layout, n=" << n << " field " << k << " part " << i;
            ASSERT_TRUE(same_or_both_nan(want.field(field)[i], cols.field(field)[i]))
                << "field-by-field layout, n=" << n << " field " << k << " part " << i;
          }
        }
      }
    }
  }
  EXPECT_EQ(runs, 20 * 2 * 19);
}

}  // namespace
