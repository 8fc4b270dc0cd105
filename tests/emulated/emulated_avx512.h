// AVX-512 for a machine without it: SIMDe's portable implementation of the
// intrinsics (Debian libsimde-dev), under their usual names, plus the four
// that SIMDe 0.7.4 lacks, written here lane by lane. Only for
// tests/emulated/test_avx512_kernel.cpp, which is compiled for AVX2.
#pragma once

#include <immintrin.h>
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>

namespace retroanim::emulated {

// Eight floats widened to doubles (exact).
inline simde__m512d cvtps_pd(__m256 a) {
  alignas(32) float f[8];
  _mm256_store_ps(f, a);
  alignas(64) double d[8];
  for (int i = 0; i < 8; ++i) d[i] = static_cast<double>(f[i]);
  return simde_mm512_load_pd(d);
}

// Eight doubles rounded to float (round to nearest, as the instruction under the default MXCSR).
inline __m256 cvtpd_ps(simde__m512d a) {
  alignas(64) double d[8];
  simde_mm512_store_pd(d, a);
  alignas(32) float f[8];
  for (int i = 0; i < 8; ++i) f[i] = static_cast<float>(d[i]);
  return _mm256_load_ps(f);
}

// The lanes of `m` loaded from p, the others from src; nothing read outside the mask.
inline __m256 mask_loadu_ps(__m256 src, unsigned char m, const float* p) {
  alignas(32) float f[8];
  _mm256_store_ps(f, src);
  for (int i = 0; i < 8; ++i)
    if ((m >> i) & 1) f[i] = p[i];
  return _mm256_load_ps(f);
}

// The lanes of `m` stored at p; nothing written outside the mask.
inline void mask_storeu_ps(float* p, unsigned char m, __m256 a) {
  alignas(32) float f[8];
  _mm256_store_ps(f, a);
  for (int i = 0; i < 8; ++i)
    if ((m >> i) & 1) p[i] = f[i];
}

}  // namespace retroanim::emulated

#undef _mm512_cvtps_pd
#undef _mm512_cvtpd_ps
#undef _mm256_mask_loadu_ps
#undef _mm256_mask_storeu_ps
#define _mm512_cvtps_pd retroanim::emulated::cvtps_pd
#define _mm512_cvtpd_ps retroanim::emulated::cvtpd_ps
#define _mm256_mask_loadu_ps retroanim::emulated::mask_loadu_ps
#define _mm256_mask_storeu_ps retroanim::emulated::mask_storeu_ps
