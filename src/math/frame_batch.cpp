// Batched Frame::combine with scale (0x518FD0), bit-identical to the scalar
// form: the same double operations in the same order, rounded to float at the
// same points. IEEE double add/mul/div/sqrt and double->float rounding give the
// same results in AVX lanes as in scalar code. Fused multiply-adds appear only
// where the product is of two floats, which is exact in double, so fusing it
// cannot change the rounding (the rest of the project builds with
// -ffp-contract=off, so the compiler never fuses on its own).
//
// set_rotate's validity test after normalising is reduced, exactly, to "no
// NaN among the seven result floats". Each quaternion component is
// n_i * (1 / sqrt(sum n_j^2)) computed in double and rounded once to float,
// with n_i floats: the squares neither overflow nor underflow in double, so
// unless a component is NaN (a zero sum gives 0 * inf, an infinite one
// inf * 0) the float norm is within a few float ulps of 1, far inside the
// 5 * 0.0002 that is_valid allows, and no component is infinite. The scalar
// path keeps the client's literal test; the tests compare the two.
#include "retroanim/math/frame_batch.h"

#include <atomic>
#include <cstdint>

#if defined(__x86_64__) && defined(__GNUC__)
#define RETROANIM_FRAME_BATCH_AVX 1
#include <immintrin.h>

#include "math/simd_transpose.h"
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
  return Frame({field(Field::kOx)[i], field(Field::kOy)[i], field(Field::kOz)[i]}, field(Field::kQw)[i], field(Field::kQx)[i], field(Field::kQy)[i],
               field(Field::kQz)[i]);
}

AFrame FrameArray::get_aframe(size_t i) const {
  return AFrame{{field(Field::kOx)[i], field(Field::kOy)[i], field(Field::kOz)[i]}, field(Field::kQw)[i], field(Field::kQx)[i], field(Field::kQy)[i],
                field(Field::kQz)[i]};
}

namespace {

// Stores a frame's seven floats (Frame and AFrame have the same fields) into column i.
template <class AnyFrame>
void store_frame(FrameArray& a, size_t i, const AnyFrame& f) {
  a.field(FrameArray::Field::kQw)[i] = f.qw;
  a.field(FrameArray::Field::kQx)[i] = f.qx;
  a.field(FrameArray::Field::kQy)[i] = f.qy;
  a.field(FrameArray::Field::kQz)[i] = f.qz;
  a.field(FrameArray::Field::kOx)[i] = f.origin.x;
  a.field(FrameArray::Field::kOy)[i] = f.origin.y;
  a.field(FrameArray::Field::kOz)[i] = f.origin.z;
}

}  // namespace

void FrameArray::set(size_t i, const Frame& f) { store_frame(*this, i, f); }

void FrameArray::set(size_t i, const AFrame& f) { store_frame(*this, i, f); }

namespace {

// The scalar path for one frame: exactly Frame::combine with scale.
void combine_one(const Frame& f1, const AFrame& part, Vec3 scale, FrameArray& out, size_t i) {
  Frame f;  // the old quaternion matters when set_rotate reverts
  f.qw = out.field(FrameArray::Field::kQw)[i];
  f.qx = out.field(FrameArray::Field::kQx)[i];
  f.qy = out.field(FrameArray::Field::kQy)[i];
  f.qz = out.field(FrameArray::Field::kQz)[i];
  f.combine(f1, part, scale);
  out.set(i, f);
}

// The parts as an array of AFrames (the dat's layout).
struct RowSource {
  explicit RowSource(const AFrame* p) : parts(p) {}
  const AFrame* parts;
  AFrame get(size_t i) const { return parts[i]; }
};

// The parts field by field: the seven field arrays in load order (origin
// x, y, z, then quaternion w, x, y, z), found once per run.
struct ColumnSource {
  explicit ColumnSource(const FrameArray& a)
      : parts(&a),
        fields{a.field(FrameArray::Field::kOx), a.field(FrameArray::Field::kOy), a.field(FrameArray::Field::kOz), a.field(FrameArray::Field::kQw),
               a.field(FrameArray::Field::kQx), a.field(FrameArray::Field::kQy), a.field(FrameArray::Field::kQz)} {}
  const FrameArray* parts;
  const float* fields[7];
  AFrame get(size_t i) const { return parts->get_aframe(i); }
};

// The output's seven field arrays, found once per run.
struct OutFields {
  explicit OutFields(FrameArray& a)
      : qw(a.field(FrameArray::Field::kQw)), qx(a.field(FrameArray::Field::kQx)), qy(a.field(FrameArray::Field::kQy)),
        qz(a.field(FrameArray::Field::kQz)), ox(a.field(FrameArray::Field::kOx)), oy(a.field(FrameArray::Field::kOy)),
        oz(a.field(FrameArray::Field::kOz)) {}
  // Seven rows of four floats, in the FrameArray's field order.
  explicit OutFields(float (&v)[7][4]) : qw(v[0]), qx(v[1]), qy(v[2]), qz(v[3]), ox(v[4]), oy(v[5]), oz(v[6]) {}
  float *qw, *qx, *qy, *qz, *ox, *oy, *oz;
};

template <class Source, class Arg>
void combine_scalar(const Frame& f1, const Arg& parts, size_t n, Vec3 scale, FrameArray& out) {
  const Source src(parts);
  for (size_t i = 0; i < n; ++i) combine_one(f1, src.get(i), scale, out, i);
}

}  // namespace

#if RETROANIM_FRAME_BATCH_AVX
namespace {

// AVX2 with FMA. FMA is used only for a*b + c where a and b are floats
// widened to double: their product is exact in double (24 + 24 significant
// bits), so the fused and the separate forms round identically.
#define RA_SIMD __attribute__((target("avx2,fma")))

// A float broadcast to four doubles.
RA_SIMD inline __m256d b(float v) { return _mm256_set1_pd(static_cast<double>(v)); }

// Four AFrames given as four rows of eight floats (each row an AFrame's seven
// fields and one ignored float) split into their seven fields, each widened to
// four doubles: origin x, y, z, then w, x, y, z.
RA_SIMD inline void transpose4(__m256 r0, __m256 r1, __m256 r2, __m256 r3, __m256d f[7]) {
  const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
  const __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
  const __m256 c04 = _mm256_shuffle_ps(t0, t2, 0x44), c15 = _mm256_shuffle_ps(t0, t2, 0xEE);
  const __m256 c26 = _mm256_shuffle_ps(t1, t3, 0x44), c37 = _mm256_shuffle_ps(t1, t3, 0xEE);
  f[0] = _mm256_cvtps_pd(_mm256_castps256_ps128(c04));
  f[1] = _mm256_cvtps_pd(_mm256_castps256_ps128(c15));
  f[2] = _mm256_cvtps_pd(_mm256_castps256_ps128(c26));
  f[3] = _mm256_cvtps_pd(_mm256_castps256_ps128(c37));
  f[4] = _mm256_cvtps_pd(_mm256_extractf128_ps(c04, 1));
  f[5] = _mm256_cvtps_pd(_mm256_extractf128_ps(c15, 1));
  f[6] = _mm256_cvtps_pd(_mm256_extractf128_ps(c26, 1));
}

// AFrames i..i+3 (28 floats); the float after them must be readable (it is ignored).
RA_SIMD inline void load4(const RowSource& src, size_t i, __m256d f[7]) {
  const float* p = &src.parts[i].origin.x;
  transpose4(_mm256_loadu_ps(p), _mm256_loadu_ps(p + 7), _mm256_loadu_ps(p + 14), _mm256_loadu_ps(p + 21), f);
}

// AFrames i..i+3 (28 floats), reading nothing after them.
RA_SIMD inline void load4_last(const RowSource& src, size_t i, __m256d f[7]) {
  const float* p = &src.parts[i].origin.x;
  const __m256i seven = _mm256_setr_epi32(-1, -1, -1, -1, -1, -1, -1, 0);
  transpose4(_mm256_loadu_ps(p), _mm256_loadu_ps(p + 7), _mm256_loadu_ps(p + 14), _mm256_maskload_ps(p + 21, seven),
             f);
}

// Parts i..i+3 of a field-by-field array (always inside its padded fields).
RA_SIMD inline void load4(const ColumnSource& src, size_t i, __m256d f[7]) {
  for (int k = 0; k < 7; ++k) f[k] = _mm256_cvtps_pd(_mm_loadu_ps(src.fields[k] + i));
}

RA_SIMD inline void load4_last(const ColumnSource& src, size_t i, __m256d f[7]) { load4(src, i, f); }

// f1 and the scale, broadcast once per run.
struct Broadcast {
  __m256d m[9], o[3], w1, x1, y1, z1, s[3];
};

// One origin row: ((sx*ma + sz*mb) + sy*mc) + o, rounded to float. With a unit
// scale sx, sy, sz are the part's floats, so the products are exact and fuse.
template <bool kUnitScale>
RA_SIMD inline __m128 row(__m256d sx, __m256d sy, __m256d sz, __m256d ma, __m256d mb, __m256d mc, __m256d o) {
  __m256d s;
  if constexpr (kUnitScale) {
    s = _mm256_fmadd_pd(sz, mb, _mm256_mul_pd(sx, ma));
    s = _mm256_fmadd_pd(sy, mc, s);
  } else {
    s = _mm256_add_pd(_mm256_mul_pd(sx, ma), _mm256_mul_pd(sz, mb));
    s = _mm256_add_pd(s, _mm256_mul_pd(sy, mc));
  }
  return _mm256_cvtpd_ps(_mm256_add_pd(s, o));
}

// The first half of Frame::combine with scale (0x518FD0) for four parts at
// once: the new origins (stored at out[i..i+3]; set_rotate never reverts
// them), the lanes where an origin is NaN, and the product quaternion
// rounded to float with the double sum of its squares, which set_rotate
// normalises. Kept apart from the second half so that the square roots and
// divisions of several groups are in flight at once: one group's chain from
// its loads to its quaternion stores is longer than the core can hide.
struct Product {
  __m128 q[4];       // w, x, y, z of the product, as the floats set_rotate takes
  __m256d sum;       // the double sum of their squares
  __m128 bad_origin;  // all ones in the lanes with a NaN in the new origin
};

template <bool kUnitScale>
RA_SIMD inline void combine4_product(const Broadcast& c, const __m256d in[7], const OutFields& out, size_t i,
                                     Product& p) {
  const __m256d w2 = in[3], x2 = in[4], y2 = in[5], z2 = in[6];
  __m256d sx = in[0], sy = in[1], sz = in[2];
  if constexpr (!kUnitScale) {
    sx = _mm256_mul_pd(sx, c.s[0]);
    sy = _mm256_mul_pd(sy, c.s[1]);
    sz = _mm256_mul_pd(sz, c.s[2]);
  }
  const __m128 ox = row<kUnitScale>(sx, sy, sz, c.m[0], c.m[6], c.m[3], c.o[0]);
  const __m128 oy = row<kUnitScale>(sx, sy, sz, c.m[1], c.m[7], c.m[4], c.o[1]);
  const __m128 oz = row<kUnitScale>(sx, sy, sz, c.m[2], c.m[8], c.m[5], c.o[2]);
  _mm_storeu_ps(out.ox + i, ox);
  _mm_storeu_ps(out.oy + i, oy);
  _mm_storeu_ps(out.oz + i, oz);
  // an unordered comparison is true when either operand is NaN
  p.bad_origin = _mm_or_ps(_mm_cmpunord_ps(ox, oy), _mm_cmpunord_ps(oz, oz));
  const __m256d w1 = c.w1, x1 = c.x1, y1 = c.y1, z1 = c.z1;
  // nz = ((w1*z2 + x1*y2) - x2*y1) + w2*z1
  __m256d nz = _mm256_fmadd_pd(x1, y2, _mm256_mul_pd(w1, z2));
  nz = _mm256_fmadd_pd(w2, z1, _mm256_fnmadd_pd(x2, y1, nz));
  // ny = ((w1*y2 - x1*z2) + x2*z1) + w2*y1
  __m256d ny = _mm256_fnmadd_pd(x1, z2, _mm256_mul_pd(w1, y2));
  ny = _mm256_fmadd_pd(w2, y1, _mm256_fmadd_pd(x2, z1, ny));
  // nx = ((x2*w1 + w2*x1) + z2*y1) - y2*z1
  __m256d nx = _mm256_fmadd_pd(w2, x1, _mm256_mul_pd(x2, w1));
  nx = _mm256_fnmadd_pd(y2, z1, _mm256_fmadd_pd(z2, y1, nx));
  // nw = ((w2*w1 - x2*x1) - y2*y1) - z2*z1
  __m256d nw = _mm256_fnmadd_pd(x2, x1, _mm256_mul_pd(w2, w1));
  nw = _mm256_fnmadd_pd(z2, z1, _mm256_fnmadd_pd(y2, y1, nw));
  // set_rotate's float arguments and the double sum of their squares
  p.q[0] = _mm256_cvtpd_ps(nw);
  p.q[1] = _mm256_cvtpd_ps(nx);
  p.q[2] = _mm256_cvtpd_ps(ny);
  p.q[3] = _mm256_cvtpd_ps(nz);
  nw = _mm256_cvtps_pd(p.q[0]);
  nx = _mm256_cvtps_pd(p.q[1]);
  ny = _mm256_cvtps_pd(p.q[2]);
  nz = _mm256_cvtps_pd(p.q[3]);
  __m256d sum = _mm256_fmadd_pd(nx, nx, _mm256_mul_pd(nw, nw));
  p.sum = _mm256_fmadd_pd(nz, nz, _mm256_fmadd_pd(ny, ny, sum));
}

// The second half: set_rotate on the product (1/sqrt of the double sum, the
// float products) and the quaternion stored at out[i..i+3], except in the
// lanes where is_valid fails, which keep their old quaternion. is_valid is
// "no NaN among the seven floats" (see the file comment).
RA_SIMD inline void combine4_normalise(const Product& p, const OutFields& out, size_t i) {
  const __m256d inv = _mm256_div_pd(_mm256_set1_pd(1.0), _mm256_sqrt_pd(p.sum));
  __m128 q[4];
  q[0] = _mm256_cvtpd_ps(_mm256_mul_pd(_mm256_cvtps_pd(p.q[0]), inv));
  q[1] = _mm256_cvtpd_ps(_mm256_mul_pd(_mm256_cvtps_pd(p.q[1]), inv));
  q[2] = _mm256_cvtpd_ps(_mm256_mul_pd(_mm256_cvtps_pd(p.q[2]), inv));
  q[3] = _mm256_cvtpd_ps(_mm256_mul_pd(inv, _mm256_cvtps_pd(p.q[3])));
  const __m128 bad =
      _mm_or_ps(p.bad_origin, _mm_or_ps(_mm_cmpunord_ps(q[0], q[1]), _mm_cmpunord_ps(q[2], q[3])));
  float* fq[4] = {out.qw + i, out.qx + i, out.qy + i, out.qz + i};
  if (_mm_movemask_ps(bad) != 0)
    for (int k = 0; k < 4; ++k) q[k] = _mm_blendv_ps(q[k], _mm_loadu_ps(fq[k]), bad);
  for (int k = 0; k < 4; ++k) _mm_storeu_ps(fq[k], q[k]);
}

// The whole run. Groups of four; the last group ends at n and may overlap the
// one before it (recomputing a part gives the same frame, and a reverted
// lane keeps the same old quaternion), so no lane past n is touched.
template <bool kUnitScale, class Source, class Arg>
RA_SIMD void combine_run(const Frame& f1, const Arg& parts, size_t n, Vec3 scale, FrameArray& out_array) {
  // Built here: the stores below cannot change them, so their pointers stay in registers.
  const Source src(parts);
  const OutFields out(out_array);
  Broadcast c;
  for (int k = 0; k < 9; ++k) c.m[k] = b(f1.m[k]);
  c.o[0] = b(f1.origin.x);
  c.o[1] = b(f1.origin.y);
  c.o[2] = b(f1.origin.z);
  c.w1 = b(f1.qw);
  c.x1 = b(f1.qx);
  c.y1 = b(f1.qy);
  c.z1 = b(f1.qz);
  c.s[0] = b(scale.x);
  c.s[1] = b(scale.y);
  c.s[2] = b(scale.z);
  __m256d in[7];
  if (n < 4) {
    // Fewer than four parts: a padded copy (identity in the unused lanes)
    // through the scalar store of the used lanes.
    AFrame tail[4];
    for (size_t k = 0; k < n; ++k) tail[k] = src.get(k);
    load4_last(RowSource(tail), 0, in);
    // The group's output: the old quaternions of the used lanes (kept where
    // set_rotate reverts), copied back for those lanes only.
    alignas(16) float v[7][4] = {};
    const OutFields tmp(v);
    for (size_t k = 0; k < n; ++k) {
      v[0][k] = out.qw[k];
      v[1][k] = out.qx[k];
      v[2][k] = out.qy[k];
      v[3][k] = out.qz[k];
    }
    Product prod;
    combine4_product<kUnitScale>(c, in, tmp, 0, prod);
    combine4_normalise(prod, tmp, 0);
    for (size_t k = 0; k < n; ++k) {
      out.qw[k] = v[0][k];
      out.qx[k] = v[1][k];
      out.qy[k] = v[2][k];
      out.qz[k] = v[3][k];
      out.ox[k] = v[4][k];
      out.oy[k] = v[5][k];
      out.oz[k] = v[6][k];
    }
    return;
  }
  // Groups of four parts start at 0, 4, 8, ... and the last at n - 4. They go
  // through the two halves a batch at a time: every group's product, then
  // every group's normalisation, in group order (an overlapping last group
  // reads the quaternions its predecessor stored, as one group after another would).
  constexpr size_t kBatch = 8;
  Product p[kBatch];
  const size_t last = n - 4;
  for (size_t first = 0;; first += 4 * kBatch) {
    size_t count = 0;
    for (size_t i = first; count < kBatch && i <= last + 3; i += 4, ++count) {
      const size_t at = i > last ? last : i;
      if (at == last) load4_last(src, at, in);
      else load4(src, at, in);
      combine4_product<kUnitScale>(c, in, out, at, p[count]);
    }
    for (size_t k = 0; k < count; ++k) {
      const size_t i = first + 4 * k;
      combine4_normalise(p[k], out, i > last ? last : i);
    }
    if (first + 4 * kBatch >= n) break;
  }
}

// ---- AVX-512: eight parts per step, masked loads and stores for the tail ----

// GCC 12's AVX-512 intrinsics pass an "undefined" vector as the unused
// merge source, which -W(maybe-)uninitialized reports at every use.
#pragma GCC diagnostic push
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#pragma GCC diagnostic ignored "-Wuninitialized"

#if defined(RETROANIM_EMULATED_AVX512)
// tests/emulated: this file built for AVX2 with the AVX-512 intrinsics emulated (SIMDe).
#define RA_AVX512
#else
#define RA_AVX512 __attribute__((target("avx512f,avx512vl,avx512dq,avx2,fma")))
#endif

// A float broadcast to eight doubles.
RA_AVX512 inline __m512d b8(float v) { return _mm512_set1_pd(static_cast<double>(v)); }

// AFrames i..i+7 (56 floats; lanes past `lanes` read nothing and hold the
// identity), split into their seven fields widened to eight doubles.
RA_AVX512 inline void load8(const RowSource& src, size_t i, __mmask8 lanes, __m512d f[7]) {
  const float* p = &src.parts[i].origin.x;
  __m256 row[8];
  for (int k = 0; k < 8; ++k) {
    // Row k: AFrame k's seven floats (the eighth float is never read).
    const __mmask8 m = (lanes >> k) & 1 ? static_cast<__mmask8>(0x7F) : static_cast<__mmask8>(0);
    row[k] = _mm256_mask_loadu_ps(_mm256_setr_ps(0, 0, 0, 1, 0, 0, 0, 0), m, p + 7 * k);
  }
  // Transpose the 8x8 block (the eighth column, never read, is dropped).
  __m256 col[8];
  simd::transpose8(row, col);
  for (int k = 0; k < 7; ++k) f[k] = _mm512_cvtps_pd(col[k]);
}

// Parts i..i+7 of a field-by-field array, widened to doubles. All eight are
// read: i is a multiple of 8 below the array's size, and its fields are
// padded to a multiple of 8 (the lanes past the run's end hold the padding's
// identity frames or later parts, computed and never stored).
RA_AVX512 inline void load8(const ColumnSource& src, size_t i, __mmask8, __m512d f[7]) {
  for (int k = 0; k < 7; ++k) f[k] = _mm512_cvtps_pd(_mm256_loadu_ps(src.fields[k] + i));
}

// f1 and the scale, broadcast once per run.
struct Broadcast8 {
  __m512d m[9], o[3], w1, x1, y1, z1, s[3];
};

// One origin row, as row() above, for eight lanes.
template <bool kUnitScale>
RA_AVX512 inline __m256 row8(__m512d sx, __m512d sy, __m512d sz, __m512d ma, __m512d mb, __m512d mc, __m512d o) {
  __m512d s;
  if constexpr (kUnitScale) {
    s = _mm512_fmadd_pd(sz, mb, _mm512_mul_pd(sx, ma));
    s = _mm512_fmadd_pd(sy, mc, s);
  } else {
    s = _mm512_add_pd(_mm512_mul_pd(sx, ma), _mm512_mul_pd(sz, mb));
    s = _mm512_add_pd(s, _mm512_mul_pd(sy, mc));
  }
  return _mm512_cvtpd_ps(_mm512_add_pd(s, o));
}

// The two halves of Frame::combine with scale (0x518FD0) for eight parts at
// once, as combine4_product / combine4_normalise above: the first stores the
// origins at out[i..i+7] in the lanes of `lanes` and keeps the product
// quaternion, its sum of squares and the NaN-origin lanes; the second
// normalises and stores the quaternion in those lanes, except where
// set_rotate reverts (they keep their old quaternion).
struct Product8 {
  __m256 q[4];          // w, x, y, z of the product, as the floats set_rotate takes
  __m512d sum;          // the double sum of their squares
  __mmask8 bad_origin;  // the lanes with a NaN in the new origin
};

template <bool kUnitScale>
RA_AVX512 inline void combine8_product(const Broadcast8& c, const __m512d in[7], __mmask8 lanes,
                                       const OutFields& out, size_t i, Product8& p) {
  const __m512d w2 = in[3], x2 = in[4], y2 = in[5], z2 = in[6];
  __m512d sx = in[0], sy = in[1], sz = in[2];
  if constexpr (!kUnitScale) {
    sx = _mm512_mul_pd(sx, c.s[0]);
    sy = _mm512_mul_pd(sy, c.s[1]);
    sz = _mm512_mul_pd(sz, c.s[2]);
  }
  const __m256 ox = row8<kUnitScale>(sx, sy, sz, c.m[0], c.m[6], c.m[3], c.o[0]);
  const __m256 oy = row8<kUnitScale>(sx, sy, sz, c.m[1], c.m[7], c.m[4], c.o[1]);
  const __m256 oz = row8<kUnitScale>(sx, sy, sz, c.m[2], c.m[8], c.m[5], c.o[2]);
  _mm256_mask_storeu_ps(out.ox + i, lanes, ox);
  _mm256_mask_storeu_ps(out.oy + i, lanes, oy);
  _mm256_mask_storeu_ps(out.oz + i, lanes, oz);
  // an unordered comparison is true when either operand is NaN
  p.bad_origin = static_cast<__mmask8>(_mm256_cmp_ps_mask(ox, oy, _CMP_UNORD_Q) |
                                       _mm256_cmp_ps_mask(oz, oz, _CMP_UNORD_Q));
  const __m512d w1 = c.w1, x1 = c.x1, y1 = c.y1, z1 = c.z1;
  __m512d nz = _mm512_fmadd_pd(x1, y2, _mm512_mul_pd(w1, z2));
  nz = _mm512_fmadd_pd(w2, z1, _mm512_fnmadd_pd(x2, y1, nz));
  __m512d ny = _mm512_fnmadd_pd(x1, z2, _mm512_mul_pd(w1, y2));
  ny = _mm512_fmadd_pd(w2, y1, _mm512_fmadd_pd(x2, z1, ny));
  __m512d nx = _mm512_fmadd_pd(w2, x1, _mm512_mul_pd(x2, w1));
  nx = _mm512_fnmadd_pd(y2, z1, _mm512_fmadd_pd(z2, y1, nx));
  __m512d nw = _mm512_fnmadd_pd(x2, x1, _mm512_mul_pd(w2, w1));
  nw = _mm512_fnmadd_pd(z2, z1, _mm512_fnmadd_pd(y2, y1, nw));
  // set_rotate's float arguments and the double sum of their squares
  p.q[0] = _mm512_cvtpd_ps(nw);
  p.q[1] = _mm512_cvtpd_ps(nx);
  p.q[2] = _mm512_cvtpd_ps(ny);
  p.q[3] = _mm512_cvtpd_ps(nz);
  nw = _mm512_cvtps_pd(p.q[0]);
  nx = _mm512_cvtps_pd(p.q[1]);
  ny = _mm512_cvtps_pd(p.q[2]);
  nz = _mm512_cvtps_pd(p.q[3]);
  __m512d sum = _mm512_fmadd_pd(nx, nx, _mm512_mul_pd(nw, nw));
  p.sum = _mm512_fmadd_pd(nz, nz, _mm512_fmadd_pd(ny, ny, sum));
}

RA_AVX512 inline void combine8_normalise(const Product8& p, __mmask8 lanes, const OutFields& out, size_t i) {
  const __m512d inv = _mm512_div_pd(_mm512_set1_pd(1.0), _mm512_sqrt_pd(p.sum));
  const __m256 fw = _mm512_cvtpd_ps(_mm512_mul_pd(_mm512_cvtps_pd(p.q[0]), inv));
  const __m256 fx = _mm512_cvtpd_ps(_mm512_mul_pd(_mm512_cvtps_pd(p.q[1]), inv));
  const __m256 fy = _mm512_cvtpd_ps(_mm512_mul_pd(_mm512_cvtps_pd(p.q[2]), inv));
  const __m256 fz = _mm512_cvtpd_ps(_mm512_mul_pd(inv, _mm512_cvtps_pd(p.q[3])));
  // is_valid: no NaN among the seven floats (see the file comment)
  const __mmask8 bad = static_cast<__mmask8>(p.bad_origin | _mm256_cmp_ps_mask(fw, fx, _CMP_UNORD_Q) |
                                             _mm256_cmp_ps_mask(fy, fz, _CMP_UNORD_Q));
  const __mmask8 set_q = static_cast<__mmask8>(lanes & ~bad);
  _mm256_mask_storeu_ps(out.qw + i, set_q, fw);
  _mm256_mask_storeu_ps(out.qx + i, set_q, fx);
  _mm256_mask_storeu_ps(out.qy + i, set_q, fy);
  _mm256_mask_storeu_ps(out.qz + i, set_q, fz);
}

// The whole run, eight parts per group, the groups through the two halves
// four at a time (as combine_run); the last group may be partial (masked lanes).
template <bool kUnitScale, class Source, class Arg>
RA_AVX512 void combine_run8(const Frame& f1, const Arg& parts, size_t n, Vec3 scale, FrameArray& out_array) {
  // Built here: the stores below cannot change them, so their pointers stay in registers.
  const Source src(parts);
  const OutFields out(out_array);
  Broadcast8 c;
  for (int k = 0; k < 9; ++k) c.m[k] = b8(f1.m[k]);
  c.o[0] = b8(f1.origin.x);
  c.o[1] = b8(f1.origin.y);
  c.o[2] = b8(f1.origin.z);
  c.w1 = b8(f1.qw);
  c.x1 = b8(f1.qx);
  c.y1 = b8(f1.qy);
  c.z1 = b8(f1.qz);
  c.s[0] = b8(scale.x);
  c.s[1] = b8(scale.y);
  c.s[2] = b8(scale.z);
  auto mask_of = [n](size_t at) {
    return n - at >= 8 ? static_cast<__mmask8>(0xFF) : static_cast<__mmask8>((1u << (n - at)) - 1u);
  };
  constexpr size_t kBatch = 4;
  Product8 p[kBatch];
  __m512d in[7];
  for (size_t first = 0; first < n; first += 8 * kBatch) {
    size_t count = 0;
    for (size_t i = first; count < kBatch && i < n; i += 8, ++count) {
      const __mmask8 lanes = mask_of(i);
      load8(src, i, lanes, in);
      combine8_product<kUnitScale>(c, in, lanes, out, i, p[count]);
    }
    for (size_t k = 0; k < count; ++k) {
      const size_t i = first + 8 * k;
      combine8_normalise(p[k], mask_of(i), out, i);
    }
  }
}

#pragma GCC diagnostic pop

}  // namespace
#endif

bool combine_scaled_batch_is_vectorised() { return default_combine_path() != BatchPath::kScalar; }

namespace {

// Runs `path`, which must be available on this machine, over the parts
// given by `parts` (an AFrame array or a FrameArray, read through Source).
template <class Source, class Arg>
inline void combine_dispatch(const Frame& f1, const Arg& parts, size_t n, Vec3 scale, FrameArray& out,
                             BatchPath path) {
  if (n > out.size()) n = out.size();
  if (n == 0) return;
  const bool unit = scale.x == 1.0f && scale.y == 1.0f && scale.z == 1.0f;
#if RETROANIM_FRAME_BATCH_AVX
  if (path == BatchPath::kAvx512) {
    if (unit) combine_run8<true, Source>(f1, parts, n, scale, out);
    else combine_run8<false, Source>(f1, parts, n, scale, out);
    return;
  }
  if (path == BatchPath::kAvx2) {
    if (unit) combine_run<true, Source>(f1, parts, n, scale, out);
    else combine_run<false, Source>(f1, parts, n, scale, out);
    return;
  }
#endif
  (void)unit;
  (void)path;
  combine_scalar<Source>(f1, parts, n, scale, out);
}

// The path the default entry points use: the best one, chosen on first use,
// unless a test or benchmark set another (set_default_combine_path).
std::atomic<BatchPath>& default_path_slot() {
  static std::atomic<BatchPath> slot{best_batch_path()};
  return slot;
}

}  // namespace

BatchPath default_combine_path() { return default_path_slot().load(std::memory_order_relaxed); }

BatchPath set_default_combine_path(BatchPath path) {
  const BatchPath used = batch_path_available(path) ? path : BatchPath::kScalar;
  default_path_slot().store(used, std::memory_order_relaxed);
  return used;
}

void combine_scaled_batch(const Frame& f1, const AFrame* parts, size_t n, Vec3 scale, FrameArray& out,
                          BatchPath path) {
  combine_dispatch<RowSource>(f1, parts, n, scale, out, batch_path_available(path) ? path : BatchPath::kScalar);
}

void combine_scaled_batch(const Frame& f1, const AFrame* parts, size_t n, Vec3 scale, FrameArray& out) {
  combine_dispatch<RowSource>(f1, parts, n, scale, out, default_combine_path());
}

void combine_scaled_batch(const Frame& f1, const FrameArray& parts, size_t n, Vec3 scale, FrameArray& out,
                          BatchPath path) {
  if (n > parts.size()) n = parts.size();
  combine_dispatch<ColumnSource>(f1, parts, n, scale, out, batch_path_available(path) ? path : BatchPath::kScalar);
}

void combine_scaled_batch(const Frame& f1, const FrameArray& parts, size_t n, Vec3 scale, FrameArray& out) {
  if (n > parts.size()) n = parts.size();
  combine_dispatch<ColumnSource>(f1, parts, n, scale, out, default_combine_path());
}

}  // namespace retroanim::math
