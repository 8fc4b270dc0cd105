// Batched Frame::combine with scale (0x518FD0), bit-identical to the scalar
// form: the same double operations in the same order, rounded to float at the
// same points. IEEE double add/mul/div/sqrt and double->float rounding give the
// same results in AVX lanes as in scalar code (no FMA: -ffp-contract=off and
// the target enables only AVX2).
#include "retroanim/math/frame_batch.h"

#include <cstdint>

#if defined(__x86_64__) && defined(__GNUC__)
#define RETROANIM_FRAME_BATCH_AVX 1
#include <immintrin.h>
#endif

namespace retroanim::math {

static_assert(sizeof(AFrame) == 7 * sizeof(float), "AFrame must be 7 packed floats (origin, quaternion)");

void FrameArray::resize(size_t n) {
  const size_t stride = (n + 7) / 8 * 8;
  std::vector<float> d(stride * kFields, 0.0f);
  for (size_t i = 0; i < stride; ++i) d[i] = 1.0f;  // qw of the identity
  for (size_t k = 0; k < kFields && stride_ != 0; ++k)
    for (size_t i = 0; i < size_ && i < n; ++i) d[k * stride + i] = data_[k * stride_ + i];
  data_ = std::move(d);
  stride_ = stride;
  size_ = n;
}

Frame FrameArray::get(size_t i) const {
  return Frame({field(kOx)[i], field(kOy)[i], field(kOz)[i]}, field(kQw)[i], field(kQx)[i], field(kQy)[i],
               field(kQz)[i]);
}

AFrame FrameArray::get_aframe(size_t i) const {
  return AFrame{{field(kOx)[i], field(kOy)[i], field(kOz)[i]}, field(kQw)[i], field(kQx)[i], field(kQy)[i],
                field(kQz)[i]};
}

void FrameArray::set(size_t i, const Frame& f) {
  field(kQw)[i] = f.qw;
  field(kQx)[i] = f.qx;
  field(kQy)[i] = f.qy;
  field(kQz)[i] = f.qz;
  field(kOx)[i] = f.origin.x;
  field(kOy)[i] = f.origin.y;
  field(kOz)[i] = f.origin.z;
}

namespace {

// The scalar path for one frame: exactly Frame::combine with scale.
void combine_one(const Frame& f1, const AFrame& part, Vec3 scale, FrameArray& out, size_t i) {
  Frame f;  // the old quaternion matters when set_rotate reverts
  f.qw = out.field(FrameArray::kQw)[i];
  f.qx = out.field(FrameArray::kQx)[i];
  f.qy = out.field(FrameArray::kQy)[i];
  f.qz = out.field(FrameArray::kQz)[i];
  f.combine(f1, part, scale);
  out.set(i, f);
}

}  // namespace

#if RETROANIM_FRAME_BATCH_AVX
namespace {

#define RA_AVX2 __attribute__((target("avx2")))

// A float broadcast to four doubles.
RA_AVX2 inline __m256d b(float v) { return _mm256_set1_pd(static_cast<double>(v)); }

// Rounds four doubles to float and back (the client's float stores).
RA_AVX2 inline __m256d round_f(__m256d v) { return _mm256_cvtps_pd(_mm256_cvtpd_ps(v)); }

// Lanes that are NaN.
RA_AVX2 inline __m256d isnan4(__m256d v) { return _mm256_cmp_pd(v, v, _CMP_UNORD_Q); }

// Four floats at p[idx[k]] (lanes outside `mask` get `fill`), widened to double.
RA_AVX2 inline __m256d gather(const float* p, float fill, __m128i idx, __m128 mask) {
  return _mm256_cvtps_pd(_mm_mask_i32gather_ps(_mm_set1_ps(fill), p, idx, mask, 4));
}

// One origin row: ((sx*ma + sz*mb) + sy*mc) + o, rounded to float.
RA_AVX2 inline __m128 row(__m256d sx, __m256d sy, __m256d sz, float ma, float mb, float mc, float o) {
  __m256d s = _mm256_add_pd(_mm256_mul_pd(sx, b(ma)), _mm256_mul_pd(sz, b(mb)));
  s = _mm256_add_pd(s, _mm256_mul_pd(sy, b(mc)));
  return _mm256_cvtpd_ps(_mm256_add_pd(s, b(o)));
}

// Combines parts[i..i+3] (only the lanes set in `lanes`) into out.
RA_AVX2 __attribute__((noinline)) void combine4(const Frame& f1, const AFrame* parts, size_t i, __m128i lanes, Vec3 scale, FrameArray& out) {
  const __m128i idx = _mm_setr_epi32(0, 7, 14, 21);  // AFrame stride in floats
  const float* base = &parts[i].origin.x;
  const __m128 lane_mask = _mm_castsi128_ps(lanes);
  const __m256d o2x = gather(base + 0, 0.0f, idx, lane_mask), o2y = gather(base + 1, 0.0f, idx, lane_mask);
  const __m256d o2z = gather(base + 2, 0.0f, idx, lane_mask), w2 = gather(base + 3, 1.0f, idx, lane_mask);
  const __m256d x2 = gather(base + 4, 0.0f, idx, lane_mask), y2 = gather(base + 5, 0.0f, idx, lane_mask);
  const __m256d z2 = gather(base + 6, 0.0f, idx, lane_mask);
  const __m256d sx = _mm256_mul_pd(o2x, b(scale.x));
  const __m256d sy = _mm256_mul_pd(o2y, b(scale.y));
  const __m256d sz = _mm256_mul_pd(o2z, b(scale.z));
  const __m128 ox = row(sx, sy, sz, f1.m[0], f1.m[6], f1.m[3], f1.origin.x);
  const __m128 oy = row(sx, sy, sz, f1.m[1], f1.m[7], f1.m[4], f1.origin.y);
  const __m128 oz = row(sx, sy, sz, f1.m[2], f1.m[8], f1.m[5], f1.origin.z);
  const __m256d w1 = b(f1.qw), x1 = b(f1.qx), y1 = b(f1.qy), z1 = b(f1.qz);
  // nz = ((w1*z2 + x1*y2) - x2*y1) + w2*z1
  __m256d nz = _mm256_add_pd(_mm256_mul_pd(w1, z2), _mm256_mul_pd(x1, y2));
  nz = _mm256_add_pd(_mm256_sub_pd(nz, _mm256_mul_pd(x2, y1)), _mm256_mul_pd(w2, z1));
  // ny = ((w1*y2 - x1*z2) + x2*z1) + w2*y1
  __m256d ny = _mm256_sub_pd(_mm256_mul_pd(w1, y2), _mm256_mul_pd(x1, z2));
  ny = _mm256_add_pd(_mm256_add_pd(ny, _mm256_mul_pd(x2, z1)), _mm256_mul_pd(w2, y1));
  // nx = ((x2*w1 + w2*x1) + z2*y1) - y2*z1
  __m256d nx = _mm256_add_pd(_mm256_mul_pd(x2, w1), _mm256_mul_pd(w2, x1));
  nx = _mm256_sub_pd(_mm256_add_pd(nx, _mm256_mul_pd(z2, y1)), _mm256_mul_pd(y2, z1));
  // nw = ((w2*w1 - x2*x1) - y2*y1) - z2*z1
  __m256d nw = _mm256_sub_pd(_mm256_mul_pd(w2, w1), _mm256_mul_pd(x2, x1));
  nw = _mm256_sub_pd(_mm256_sub_pd(nw, _mm256_mul_pd(y2, y1)), _mm256_mul_pd(z2, z1));
  // set_rotate: its float arguments, 1/sqrt of the double sum, float products
  nw = round_f(nw);
  nx = round_f(nx);
  ny = round_f(ny);
  nz = round_f(nz);
  __m256d sum = _mm256_add_pd(_mm256_mul_pd(nw, nw), _mm256_mul_pd(nx, nx));
  sum = _mm256_add_pd(_mm256_add_pd(sum, _mm256_mul_pd(ny, ny)), _mm256_mul_pd(nz, nz));
  const __m256d inv = _mm256_div_pd(_mm256_set1_pd(1.0), _mm256_sqrt_pd(sum));
  const __m256d qw = round_f(_mm256_mul_pd(nw, inv));
  const __m256d qx = round_f(_mm256_mul_pd(nx, inv));
  const __m256d qy = round_f(_mm256_mul_pd(ny, inv));
  const __m256d qz = round_f(_mm256_mul_pd(inv, nz));
  // is_valid: no NaN in origin or quaternion; |float(z²+y²+x²+w²) - 1| <= 0.0002*5
  __m256d bad = _mm256_or_pd(isnan4(_mm256_cvtps_pd(ox)), isnan4(_mm256_cvtps_pd(oy)));
  bad = _mm256_or_pd(bad, isnan4(_mm256_cvtps_pd(oz)));
  bad = _mm256_or_pd(bad, _mm256_or_pd(isnan4(qw), isnan4(qx)));
  bad = _mm256_or_pd(bad, _mm256_or_pd(isnan4(qy), isnan4(qz)));
  __m256d norm = _mm256_add_pd(_mm256_mul_pd(qz, qz), _mm256_mul_pd(qy, qy));
  norm = _mm256_add_pd(_mm256_add_pd(norm, _mm256_mul_pd(qx, qx)), _mm256_mul_pd(qw, qw));
  norm = round_f(norm);
  const __m256d dev = _mm256_andnot_pd(_mm256_set1_pd(-0.0), _mm256_sub_pd(norm, _mm256_set1_pd(1.0)));
  bad = _mm256_or_pd(bad, isnan4(norm));
  bad = _mm256_or_pd(bad, _mm256_cmp_pd(_mm256_set1_pd(kAcEpsilon * 5.0), dev, _CMP_LT_OQ));
  // The 64-bit lane masks narrowed to 32-bit lanes.
  const __m128 keep_old = _mm_castsi128_ps(_mm256_castsi256_si128(
      _mm256_permutevar8x32_epi32(_mm256_castpd_si256(bad), _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7))));
  float* fq[4] = {out.field(FrameArray::kQw) + i, out.field(FrameArray::kQx) + i, out.field(FrameArray::kQy) + i,
                  out.field(FrameArray::kQz) + i};
  const __m128 nq[4] = {_mm256_cvtpd_ps(qw), _mm256_cvtpd_ps(qx), _mm256_cvtpd_ps(qy), _mm256_cvtpd_ps(qz)};
  for (int k = 0; k < 4; ++k) {
    // set_rotate keeps the old quaternion in lanes whose result is invalid.
    const __m128 v = _mm_blendv_ps(nq[k], _mm_loadu_ps(fq[k]), keep_old);
    _mm_maskstore_ps(fq[k], lanes, v);
  }
  _mm_maskstore_ps(out.field(FrameArray::kOx) + i, lanes, ox);
  _mm_maskstore_ps(out.field(FrameArray::kOy) + i, lanes, oy);
  _mm_maskstore_ps(out.field(FrameArray::kOz) + i, lanes, oz);
}

// The whole run in one AVX2 function so that consecutive groups overlap.
RA_AVX2 void combine_avx2(const Frame& f1, const AFrame* parts, size_t n, Vec3 scale, FrameArray& out) {
  size_t i = 0;
  const __m128i all = _mm_set1_epi32(-1);
  for (; i + 4 <= n; i += 4) combine4(f1, parts, i, all, scale, out);
  if (i < n) {
    const int r = static_cast<int>(n - i);
    const __m128i lanes = _mm_setr_epi32(-1, r > 1 ? -1 : 0, r > 2 ? -1 : 0, 0);
    combine4(f1, parts, i, lanes, scale, out);
  }
}

bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

}  // namespace
#endif

bool combine_scaled_batch_is_vectorised() {
#if RETROANIM_FRAME_BATCH_AVX
  return cpu_has_avx2();
#else
  return false;
#endif
}

void combine_scaled_batch(const Frame& f1, const AFrame* parts, size_t n, Vec3 scale, FrameArray& out) {
  if (n > out.size()) n = out.size();
#if RETROANIM_FRAME_BATCH_AVX
  if (cpu_has_avx2()) {
    combine_avx2(f1, parts, n, scale, out);
    return;
  }
#endif
  for (size_t i = 0; i < n; ++i) combine_one(f1, parts[i], scale, out, i);
}

}  // namespace retroanim::math
