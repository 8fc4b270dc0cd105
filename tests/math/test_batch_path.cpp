// math/batch_path.cpp: which batch-kernel paths the machine runs, and the
// fastest of them.
#include <gtest/gtest.h>

#include "retroanim/math/batch_path.h"

namespace {

using retroanim::math::batch_path_available;
using retroanim::math::BatchPath;

TEST(BatchPath, ScalarRunsEverywhere) { EXPECT_TRUE(batch_path_available(BatchPath::kScalar)); }

TEST(BatchPath, AvailabilityIsWhatTheCpuReports) {
#if defined(__x86_64__) && defined(__GNUC__)
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                      __builtin_cpu_supports("avx512dq");
  EXPECT_EQ(batch_path_available(BatchPath::kAvx2), avx2);
  EXPECT_EQ(batch_path_available(BatchPath::kAvx512), avx512);
#else
  EXPECT_FALSE(batch_path_available(BatchPath::kAvx2));
  EXPECT_FALSE(batch_path_available(BatchPath::kAvx512));
#endif
  // AVX-512 is only offered together with AVX2 + FMA.
  if (batch_path_available(BatchPath::kAvx512)) {
    EXPECT_TRUE(batch_path_available(BatchPath::kAvx2));
  }
  // A value that names no path is not available.
  EXPECT_FALSE(batch_path_available(static_cast<BatchPath>(7)));
}

TEST(BatchPath, BestIsTheWidestAvailablePath) {
  const BatchPath best = retroanim::math::best_batch_path();
  EXPECT_TRUE(batch_path_available(best));
  if (batch_path_available(BatchPath::kAvx512)) {
    EXPECT_EQ(best, BatchPath::kAvx512);
  } else if (batch_path_available(BatchPath::kAvx2)) {
    EXPECT_EQ(best, BatchPath::kAvx2);
  } else {
    EXPECT_EQ(best, BatchPath::kScalar);
  }
}

}  // namespace
