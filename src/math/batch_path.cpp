// CPU detection for the batch kernels' paths.
#include "retroanim/math/batch_path.h"

namespace retroanim::math {

namespace {

#if defined(__x86_64__) && defined(__GNUC__)
bool cpu_has_avx2_fma() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

bool cpu_has_avx512() {
  static const bool has = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                          __builtin_cpu_supports("avx512dq") && cpu_has_avx2_fma();
  return has;
}
#endif

}  // namespace

bool batch_path_available(BatchPath path) {
  switch (path) {
    case BatchPath::kScalar:
      return true;
#if defined(__x86_64__) && defined(__GNUC__)
    case BatchPath::kAvx2:
      return cpu_has_avx2_fma();
    case BatchPath::kAvx512:
      return cpu_has_avx512();
#endif
    default:
      return false;
  }
}

BatchPath best_batch_path() {
  if (batch_path_available(BatchPath::kAvx512)) return BatchPath::kAvx512;
  if (batch_path_available(BatchPath::kAvx2)) return BatchPath::kAvx2;
  return BatchPath::kScalar;
}

}  // namespace retroanim::math
