// Batched PreparedAnimation::sample + compose_matrix. Each chunk of kChunk
// tracks is first located one track at a time (key_search::find with the
// track's context, giving the segment sample() finds) and its key records
// are prefetched; then the previous chunk is computed eight tracks per step:
// the two records of each track transposed into one vector per float, then
// segment_fraction, the lerps, Slerp's linear branch and the compose in float
// lanes with the scalar code's operations in the scalar code's order (no
// fused multiply-add: the project builds with -ffp-contract=off). IEEE float
// add, subtract, multiply and divide round the same in vector lanes as in
// scalar code, so every result the vector path keeps is bitwise the scalar
// one. The lanes it does not keep are recomputed by the scalar path: other
// record layouts and flags, clamped times, Slerp's acos branch
// (1 - |d| > 0.01), a zero quaternion (quat_to_matrix's identity) and any NaN
// in the matrix (x86 picks a NaN operand's payload by operand order, which
// the compiler may swap in a commutative operation). The WebAssembly build
// (-msimd128) computes four tracks per step the same way (block4).
#include "retroanim/ck/anim/prepared_animation_batch.h"

#include <algorithm>
#include <cstdint>

#include "ck/anim/key_search.h"
#include "math/simd_transpose.h"
#include "retroanim/math/transform_compose.h"
#include "retroanim/worker_pool.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define RETROANIM_ANIM_BATCH_AVX 1
#include <immintrin.h>
#endif
// WebAssembly with SIMD (the module of bindings/js, -msimd128): the same
// located chunks, four tracks per step in 128-bit lanes (block4 below).
#if defined(__wasm_simd128__)
#define RETROANIM_ANIM_BATCH_WASM 1
#include <wasm_simd128.h>
#endif
#define RETROANIM_ANIM_BATCH_VECTOR (RETROANIM_ANIM_BATCH_AVX || RETROANIM_ANIM_BATCH_WASM)

namespace retroanim::ck {

namespace {

// One track through the scalar path: the batch's definition.
inline math::Matrix sample_world(const PreparedAnimation& p, float time, PlaybackContext* context) {
  const AnimationSample s = p.sample(time, context);
  return math::compose_matrix(s.position, s.scale, s.rotation);
}

inline PlaybackContext* context_at(std::span<PlaybackContext> contexts, size_t i) {
  return contexts.empty() ? nullptr : &contexts[i];
}

void run_scalar(std::span<const PreparedAnimation* const> anims, std::span<const float> times,
                std::span<PlaybackContext> contexts, std::span<math::Matrix> out, size_t n) {
  for (size_t i = 0; i < n; ++i) out[i] = sample_world(*anims[i], times[i], context_at(contexts, i));
}

#if RETROANIM_ANIM_BATCH_VECTOR

constexpr size_t kRecord = PreparedAnimation::kPrsRecord;  // px py pz qx qy qz qw sx sy sz
constexpr size_t kChunk = 32;                              // tracks located ahead of the computation
constexpr size_t kCacheLine = 64;                          // bytes
static_assert(kChunk <= 32, "Chunk::scalar holds one bit per track of a chunk");

// Two key records read in place of the lanes the scalar path computes.
alignas(64) constexpr float kDummy[2 * kRecord] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1};

// A chunk of located tracks: each one's segment records (record hi-1, then
// record hi), frame and segment key times (the fraction is divided in
// lanes), and the tracks left to the scalar path (a bit per track).
struct Chunk {
  const float* rec[kChunk];
  alignas(64) float t[kChunk];   // the frame
  alignas(64) float t0[kChunk];  // the segment's key times
  alignas(64) float t1[kChunk];
  uint32_t scalar;
};

// Prefetch for the batch's searches: only the time array's next cache line,
// and only when the remembered segment's step enters that line (an eighth of
// the prefetches: steps are 1-2 floats), not the key records ahead (the batch
// prefetches each track's records a chunk before it computes them).
struct PrefetchTimesOnEntry {
  const KeyGroup& g;
  [[gnu::always_inline]] void operator()(size_t k) const {  // always inlined: see PrefetchAhead in prepared_animation.cpp
    const float* ahead = g.times.data() + std::min(k + key_search::kPrefetchTimes, g.times.size() - 1);
    if ((reinterpret_cast<uintptr_t>(ahead) & (kCacheLine - 1)) < 2 * sizeof(float)) __builtin_prefetch(ahead);
  }
};

// Locates tracks [begin, end) into `c` and prefetches their records; with
// kWithContext, contexts holds a context per track (otherwise it is empty).
template <bool kWithContext>
void locate_chunk(std::span<const PreparedAnimation* const> anims, std::span<const float> times,
                  std::span<PlaybackContext> contexts, size_t begin, size_t end, Chunk& c) {
  c.scalar = 0;
  for (size_t i = begin; i < end; ++i) {
    const size_t k = i - begin;
    if (const KeyGroup* g = anims[i]->position_rotation_scale()) {
      const float t = times[i];
      const key_search::Segment at =
          key_search::find<key_search::Step::kBranchFree>(key_search::PackedTimes{g->times.data()}, g->times.size(), t, {g->ordered, g->guess_scale},
                           kWithContext ? &contexts[i].segment[0] : nullptr, PrefetchTimesOnEntry{*g});
      if (!at.clamped) {
        const float* rec = g->records() + (at.index - 1) * kRecord;
        // The 80 bytes span two or three cache lines: the first, rec + 16
        // (always in the second) and the last.
        __builtin_prefetch(rec);
        __builtin_prefetch(rec + 16);
        __builtin_prefetch(rec + 2 * kRecord - 1);
        c.rec[k] = rec;
        c.t[k] = t;
        c.t0[k] = g->times[at.index - 1];
        c.t1[k] = g->times[at.index];
        continue;
      }
    }
    c.scalar |= 1u << k;
    c.rec[k] = kDummy;
    c.t[k] = c.t0[k] = 0.0f;
    c.t1[k] = 1.0f;
  }
  for (size_t k = end - begin; k < kChunk; ++k) {
    c.rec[k] = kDummy;
    c.t[k] = c.t0[k] = 0.0f;
    c.t1[k] = 1.0f;
  }
}

#endif  // RETROANIM_ANIM_BATCH_VECTOR

#if RETROANIM_ANIM_BATCH_AVX

constexpr size_t kLanes = 8;  // tracks per AVX2 step (float lanes of a __m256)

#define RA_AVX2 __attribute__((target("avx2")))

using math::simd::transpose8;

// The 20 floats at rec[k] (two key records) of eight tracks as 20 vectors:
// v[j] holds float j of every track.
RA_AVX2 inline void load_records(const float* const rec[8], __m256 v[20]) {
  __m256 r[8];
  for (int k = 0; k < 8; ++k) r[k] = _mm256_loadu_ps(rec[k]);
  transpose8(r, v);
  for (int k = 0; k < 8; ++k) r[k] = _mm256_loadu_ps(rec[k] + 8);
  transpose8(r, v + 8);
  // Floats 16-19: tracks k and k+4 share a vector, then 4x4 transposes in each half.
  __m256 c[4];
  for (int k = 0; k < 4; ++k)
    c[k] = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(rec[k] + 16)), _mm_loadu_ps(rec[k + 4] + 16), 1);
  const __m256 t0 = _mm256_unpacklo_ps(c[0], c[1]), t1 = _mm256_unpackhi_ps(c[0], c[1]);
  const __m256 t2 = _mm256_unpacklo_ps(c[2], c[3]), t3 = _mm256_unpackhi_ps(c[2], c[3]);
  v[16] = _mm256_shuffle_ps(t0, t2, 0x44);
  v[17] = _mm256_shuffle_ps(t0, t2, 0xEE);
  v[18] = _mm256_shuffle_ps(t1, t3, 0x44);
  v[19] = _mm256_shuffle_ps(t1, t3, 0xEE);
}

// lerp_segment's v0 + (v1 - v0) * f (FUN_1004b8df).
RA_AVX2 inline __m256 lerp8(__m256 v0, __m256 v1, __m256 f) {
  return _mm256_add_ps(v0, _mm256_mul_ps(_mm256_sub_ps(v1, v0), f));
}

// ((a0*b0 + a1*b1) + a2*b2) + a3*b3, as Quat dot and quat_to_matrix's norm sum.
RA_AVX2 inline __m256 dot8(__m256 a0, __m256 a1, __m256 a2, __m256 a3, __m256 b0, __m256 b1, __m256 b2, __m256 b3) {
  const __m256 s = _mm256_add_ps(_mm256_mul_ps(a0, b0), _mm256_mul_ps(a1, b1));
  return _mm256_add_ps(_mm256_add_ps(s, _mm256_mul_ps(a2, b2)), _mm256_mul_ps(a3, b3));
}

// Eight tracks from their records and fractions: the 16 matrix floats as
// m[row * 4 + column] of every track, and the tracks the scalar path must
// compute instead (a bit per track).
RA_AVX2 inline uint32_t compose8(const __m256 v[20], __m256 f, __m256 m[16]) {
  const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
  // Position and scale: lerp_segment.
  const __m256 px = lerp8(v[0], v[10], f), py = lerp8(v[1], v[11], f), pz = lerp8(v[2], v[12], f);
  const __m256 sx = lerp8(v[7], v[17], f), sy = lerp8(v[8], v[18], f), sz = lerp8(v[9], v[19], f);
  // Rotation: math::slerp (VxMath Slerp), its linear branch.
  const __m256 x0 = v[3], y0 = v[4], z0 = v[5], w0 = v[6];
  const __m256 x1 = v[13], y1 = v[14], z1 = v[15], w1 = v[16];
  const __m256 d = dot8(x0, y0, z0, w0, x1, y1, z1, w1);
  const __m256 sign = _mm256_blendv_ps(one, _mm256_set1_ps(-1.0f), _mm256_cmp_ps(d, zero, _CMP_LT_OQ));
  const __m256 abs_d = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), d);  // -d where d < 0 (±0 both give 1 - d = 1)
  __m256 scalar = _mm256_cmp_ps(_mm256_sub_ps(one, abs_d), _mm256_set1_ps(0.01f), _CMP_GT_OQ);  // acos branch
  const __m256 k0 = _mm256_sub_ps(one, f), k1 = _mm256_mul_ps(f, sign);
  const __m256 qx = _mm256_add_ps(_mm256_mul_ps(k0, x0), _mm256_mul_ps(k1, x1));
  const __m256 qy = _mm256_add_ps(_mm256_mul_ps(k0, y0), _mm256_mul_ps(k1, y1));
  const __m256 qz = _mm256_add_ps(_mm256_mul_ps(k0, z0), _mm256_mul_ps(k1, z1));
  const __m256 qw = _mm256_add_ps(_mm256_mul_ps(k0, w0), _mm256_mul_ps(k1, w1));
  // quat_to_matrix (VxQuaternion::ToMatrix); a zero quaternion is left to the scalar path.
  const __m256 n = dot8(qx, qy, qz, qw, qx, qy, qz, qw);
  scalar = _mm256_or_ps(scalar, _mm256_cmp_ps(n, zero, _CMP_EQ_OQ));
  const __m256 s = _mm256_div_ps(_mm256_set1_ps(2.0f), n);
  const __m256 xx = _mm256_mul_ps(qx, qx), yy = _mm256_mul_ps(qy, qy), zz = _mm256_mul_ps(qz, qz);
  const __m256 xy = _mm256_mul_ps(qx, qy), xz = _mm256_mul_ps(qx, qz), yz = _mm256_mul_ps(qy, qz);
  const __m256 wx = _mm256_mul_ps(qw, qx), wy = _mm256_mul_ps(qw, qy), wz = _mm256_mul_ps(qw, qz);
  // compose_matrix (FUN_1000c230): row i scaled by scale[i], row 3 = position.
  m[0] = _mm256_mul_ps(_mm256_sub_ps(one, _mm256_mul_ps(s, _mm256_add_ps(yy, zz))), sx);
  m[1] = _mm256_mul_ps(_mm256_mul_ps(s, _mm256_sub_ps(xy, wz)), sx);
  m[2] = _mm256_mul_ps(_mm256_mul_ps(s, _mm256_add_ps(xz, wy)), sx);
  m[3] = zero;
  m[4] = _mm256_mul_ps(_mm256_mul_ps(s, _mm256_add_ps(xy, wz)), sy);
  m[5] = _mm256_mul_ps(_mm256_sub_ps(one, _mm256_mul_ps(s, _mm256_add_ps(xx, zz))), sy);
  m[6] = _mm256_mul_ps(_mm256_mul_ps(s, _mm256_sub_ps(yz, wx)), sy);
  m[7] = zero;
  m[8] = _mm256_mul_ps(_mm256_mul_ps(s, _mm256_sub_ps(xz, wy)), sz);
  m[9] = _mm256_mul_ps(_mm256_mul_ps(s, _mm256_add_ps(yz, wx)), sz);
  m[10] = _mm256_mul_ps(_mm256_sub_ps(one, _mm256_mul_ps(s, _mm256_add_ps(xx, yy))), sz);
  m[11] = zero;
  m[12] = px;
  m[13] = py;
  m[14] = pz;
  m[15] = one;
  // Any NaN in the matrix: the scalar path gives its exact bits.
  // (An unordered compare of two floats is true when either is NaN.)
  __m256 nan = _mm256_cmp_ps(m[0], m[1], _CMP_UNORD_Q);
  nan = _mm256_or_ps(nan, _mm256_cmp_ps(m[2], m[4], _CMP_UNORD_Q));
  nan = _mm256_or_ps(nan, _mm256_cmp_ps(m[5], m[6], _CMP_UNORD_Q));
  nan = _mm256_or_ps(nan, _mm256_cmp_ps(m[8], m[9], _CMP_UNORD_Q));
  nan = _mm256_or_ps(nan, _mm256_cmp_ps(m[10], m[12], _CMP_UNORD_Q));
  nan = _mm256_or_ps(nan, _mm256_cmp_ps(m[13], m[14], _CMP_UNORD_Q));
  return static_cast<uint32_t>(_mm256_movemask_ps(_mm256_or_ps(scalar, nan)));
}

// segment_fraction: (t - t0) / (t1 - t0), 0 when t1 - t0 is 0.
RA_AVX2 inline __m256 fraction8(__m256 t, __m256 t0, __m256 t1) {
  const __m256 dt = _mm256_sub_ps(t1, t0);
  const __m256 f = _mm256_div_ps(_mm256_sub_ps(t, t0), dt);
  return _mm256_andnot_ps(_mm256_cmp_ps(dt, _mm256_setzero_ps(), _CMP_EQ_OQ), f);
}

// kLanes (eight) tracks of a chunk (from its k-th) computed into dst[0..7];
// returns the tracks the scalar path must recompute.
RA_AVX2 uint32_t block8(const Chunk& c, size_t k, math::Matrix* dst) {
  __m256 v[20], m[16], rows[8];
  load_records(c.rec + k, v);
  const __m256 f = fraction8(_mm256_load_ps(c.t + k), _mm256_load_ps(c.t0 + k), _mm256_load_ps(c.t1 + k));
  const uint32_t scalar = compose8(v, f, m);
  transpose8(m, rows);
  for (int k = 0; k < 8; ++k) _mm256_storeu_ps(&dst[k].m[0][0], rows[k]);
  transpose8(m + 8, rows);
  for (int k = 0; k < 8; ++k) _mm256_storeu_ps(&dst[k].m[2][0], rows[k]);
  return scalar;
}

#endif  // RETROANIM_ANIM_BATCH_AVX

#if RETROANIM_ANIM_BATCH_WASM

// The AVX2 kernel's operations on four tracks in WebAssembly SIMD lanes, in
// the same order (WebAssembly has no fused multiply-add; its f32x4
// arithmetic rounds as scalar IEEE floats do), with the same lanes left to
// the scalar path (the acos branch, a zero quaternion, any NaN: WebAssembly
// leaves a NaN's payload unspecified).

// 4x4 transpose: out[k] holds float k of in[0..3].
inline void transpose4(const v128_t in[4], v128_t out[4]) {
  const v128_t t0 = wasm_i32x4_shuffle(in[0], in[1], 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(in[0], in[1], 2, 6, 3, 7);
  const v128_t t2 = wasm_i32x4_shuffle(in[2], in[3], 0, 4, 1, 5), t3 = wasm_i32x4_shuffle(in[2], in[3], 2, 6, 3, 7);
  out[0] = wasm_i32x4_shuffle(t0, t2, 0, 1, 4, 5);
  out[1] = wasm_i32x4_shuffle(t0, t2, 2, 3, 6, 7);
  out[2] = wasm_i32x4_shuffle(t1, t3, 0, 1, 4, 5);
  out[3] = wasm_i32x4_shuffle(t1, t3, 2, 3, 6, 7);
}

// The 20 floats at rec[k] of four tracks: v[j] holds float j of every track.
inline void load_records4(const float* const rec[4], v128_t v[20]) {
  for (int g = 0; g < 5; ++g) {
    const v128_t r[4] = {wasm_v128_load(rec[0] + 4 * g), wasm_v128_load(rec[1] + 4 * g), wasm_v128_load(rec[2] + 4 * g),
                         wasm_v128_load(rec[3] + 4 * g)};
    transpose4(r, v + 4 * g);
  }
}

inline v128_t lerp4(v128_t v0, v128_t v1, v128_t f) { return wasm_f32x4_add(v0, wasm_f32x4_mul(wasm_f32x4_sub(v1, v0), f)); }

inline v128_t dot4(v128_t a0, v128_t a1, v128_t a2, v128_t a3, v128_t b0, v128_t b1, v128_t b2, v128_t b3) {
  const v128_t s = wasm_f32x4_add(wasm_f32x4_mul(a0, b0), wasm_f32x4_mul(a1, b1));
  return wasm_f32x4_add(wasm_f32x4_add(s, wasm_f32x4_mul(a2, b2)), wasm_f32x4_mul(a3, b3));
}

// True in lanes where a or b is NaN.
inline v128_t unordered4(v128_t a, v128_t b) { return wasm_v128_or(wasm_f32x4_ne(a, a), wasm_f32x4_ne(b, b)); }

// compose8 on four tracks.
inline uint32_t compose4(const v128_t v[20], v128_t f, v128_t m[16]) {
  const v128_t zero = wasm_f32x4_splat(0.0f), one = wasm_f32x4_splat(1.0f);
  const v128_t px = lerp4(v[0], v[10], f), py = lerp4(v[1], v[11], f), pz = lerp4(v[2], v[12], f);
  const v128_t sx = lerp4(v[7], v[17], f), sy = lerp4(v[8], v[18], f), sz = lerp4(v[9], v[19], f);
  const v128_t x0 = v[3], y0 = v[4], z0 = v[5], w0 = v[6];
  const v128_t x1 = v[13], y1 = v[14], z1 = v[15], w1 = v[16];
  const v128_t d = dot4(x0, y0, z0, w0, x1, y1, z1, w1);
  const v128_t sign = wasm_v128_bitselect(wasm_f32x4_splat(-1.0f), one, wasm_f32x4_lt(d, zero));
  const v128_t abs_d = wasm_v128_andnot(d, wasm_f32x4_splat(-0.0f));
  v128_t scalar = wasm_f32x4_gt(wasm_f32x4_sub(one, abs_d), wasm_f32x4_splat(0.01f));  // acos branch
  const v128_t k0 = wasm_f32x4_sub(one, f), k1 = wasm_f32x4_mul(f, sign);
  const v128_t qx = wasm_f32x4_add(wasm_f32x4_mul(k0, x0), wasm_f32x4_mul(k1, x1));
  const v128_t qy = wasm_f32x4_add(wasm_f32x4_mul(k0, y0), wasm_f32x4_mul(k1, y1));
  const v128_t qz = wasm_f32x4_add(wasm_f32x4_mul(k0, z0), wasm_f32x4_mul(k1, z1));
  const v128_t qw = wasm_f32x4_add(wasm_f32x4_mul(k0, w0), wasm_f32x4_mul(k1, w1));
  const v128_t n = dot4(qx, qy, qz, qw, qx, qy, qz, qw);
  scalar = wasm_v128_or(scalar, wasm_f32x4_eq(n, zero));
  const v128_t s = wasm_f32x4_div(wasm_f32x4_splat(2.0f), n);
  const v128_t xx = wasm_f32x4_mul(qx, qx), yy = wasm_f32x4_mul(qy, qy), zz = wasm_f32x4_mul(qz, qz);
  const v128_t xy = wasm_f32x4_mul(qx, qy), xz = wasm_f32x4_mul(qx, qz), yz = wasm_f32x4_mul(qy, qz);
  const v128_t wx = wasm_f32x4_mul(qw, qx), wy = wasm_f32x4_mul(qw, qy), wz = wasm_f32x4_mul(qw, qz);
  m[0] = wasm_f32x4_mul(wasm_f32x4_sub(one, wasm_f32x4_mul(s, wasm_f32x4_add(yy, zz))), sx);
  m[1] = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_sub(xy, wz)), sx);
  m[2] = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_add(xz, wy)), sx);
  m[3] = zero;
  m[4] = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_add(xy, wz)), sy);
  m[5] = wasm_f32x4_mul(wasm_f32x4_sub(one, wasm_f32x4_mul(s, wasm_f32x4_add(xx, zz))), sy);
  m[6] = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_sub(yz, wx)), sy);
  m[7] = zero;
  m[8] = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_sub(xz, wy)), sz);
  m[9] = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_add(yz, wx)), sz);
  m[10] = wasm_f32x4_mul(wasm_f32x4_sub(one, wasm_f32x4_mul(s, wasm_f32x4_add(xx, yy))), sz);
  m[11] = zero;
  m[12] = px;
  m[13] = py;
  m[14] = pz;
  m[15] = one;
  v128_t nan = unordered4(m[0], m[1]);
  nan = wasm_v128_or(nan, unordered4(m[2], m[4]));
  nan = wasm_v128_or(nan, unordered4(m[5], m[6]));
  nan = wasm_v128_or(nan, unordered4(m[8], m[9]));
  nan = wasm_v128_or(nan, unordered4(m[10], m[12]));
  nan = wasm_v128_or(nan, unordered4(m[13], m[14]));
  return static_cast<uint32_t>(wasm_i32x4_bitmask(wasm_v128_or(scalar, nan)));
}

inline v128_t fraction4(v128_t t, v128_t t0, v128_t t1) {
  const v128_t dt = wasm_f32x4_sub(t1, t0);
  const v128_t f = wasm_f32x4_div(wasm_f32x4_sub(t, t0), dt);
  return wasm_v128_andnot(f, wasm_f32x4_eq(dt, wasm_f32x4_splat(0.0f)));
}

// Four tracks of a chunk (from its k-th) into dst[0..3]; returns the tracks
// the scalar path must recompute.
uint32_t block4(const Chunk& c, size_t k, math::Matrix* dst) {
  v128_t v[20], m[16];
  load_records4(c.rec + k, v);
  const v128_t f = fraction4(wasm_v128_load(c.t + k), wasm_v128_load(c.t0 + k), wasm_v128_load(c.t1 + k));
  const uint32_t scalar = compose4(v, f, m);
  for (int r = 0; r < 4; ++r) {
    v128_t rows[4];
    transpose4(m + 4 * r, rows);
    for (int j = 0; j < 4; ++j) wasm_v128_store(&dst[j].m[r][0], rows[j]);
  }
  return scalar;
}

#endif  // RETROANIM_ANIM_BATCH_WASM

#if RETROANIM_ANIM_BATCH_VECTOR

// The vector path, kWidth tracks per `block` call: chunk c + 1 is located
// (and its records prefetched) before chunk c is computed; the lanes the
// blocks leave are then sampled one at a time.
template <size_t kWidth, uint32_t (*kBlock)(const Chunk&, size_t, math::Matrix*), bool kWithContext>
void run_vector(std::span<const PreparedAnimation* const> anims, std::span<const float> times,
                std::span<PlaybackContext> contexts, std::span<math::Matrix> out, size_t n) {
  static_assert(kChunk % kWidth == 0, "a chunk is whole blocks");
  Chunk chunks[2];
  math::Matrix tail[kWidth];
  locate_chunk<kWithContext>(anims, times, contexts, 0, std::min(kChunk, n), chunks[0]);
  for (size_t c = 0, idx = 0; c < n; c += kChunk, idx ^= 1) {
    const size_t end = std::min(c + kChunk, n);
    if (end < n)
      locate_chunk<kWithContext>(anims, times, contexts, end, std::min(end + kChunk, n), chunks[idx ^ 1]);
    const Chunk& ch = chunks[idx];
    uint32_t scalar = ch.scalar;
    for (size_t b = c; b < end; b += kWidth) {
      const size_t lanes = std::min(kWidth, end - b);
      math::Matrix* dst = lanes == kWidth ? &out[b] : tail;
      scalar |= kBlock(ch, b - c, dst) << (b - c);
      if (lanes < kWidth) std::copy(tail, tail + lanes, &out[b]);
    }
    if (end - c < kChunk) scalar &= (1u << (end - c)) - 1u;  // a partial last chunk: only its tracks
    for (; scalar != 0; scalar &= scalar - 1) {
      const size_t i = c + static_cast<size_t>(__builtin_ctz(scalar));
      out[i] = sample_world(*anims[i], times[i], context_at(contexts, i));
    }
  }
}

#endif

}  // namespace

void sample_world_batch(std::span<const PreparedAnimation* const> anims, std::span<const float> times,
                        std::span<PlaybackContext> contexts, std::span<math::Matrix> out, math::BatchPath path) {
  size_t n = std::min({out.size(), anims.size(), times.size()});
  if (!contexts.empty()) n = std::min(n, contexts.size());
  if (n == 0) return;
#if RETROANIM_ANIM_BATCH_AVX
  // kAvx512 runs the AVX2 kernel too: a sixteen-lane AVX-512 kernel measured
  // the same (the scalar searches, not the arithmetic, bound the batch).
  if (path != math::BatchPath::kScalar && math::batch_path_available(path)) {
    if (contexts.empty())
      run_vector<kLanes, block8, false>(anims, times, contexts, out, n);
    else
      run_vector<kLanes, block8, true>(anims, times, contexts, out, n);
    return;
  }
#elif RETROANIM_ANIM_BATCH_WASM
  // WebAssembly: the SIMD kernel whatever the path (best_batch_path() is
  // kScalar there: the paths name x86 instruction sets); its results are the
  // scalar path's bits all the same.
  (void)path;
  if (contexts.empty())
    run_vector<4, block4, false>(anims, times, contexts, out, n);
  else
    run_vector<4, block4, true>(anims, times, contexts, out, n);
  return;
#else
  (void)path;
#endif
  run_scalar(anims, times, contexts, out, n);
}

void sample_world_batch(std::span<const PreparedAnimation* const> anims, std::span<const float> times,
                        std::span<PlaybackContext> contexts, std::span<math::Matrix> out) {
  static const math::BatchPath best = math::best_batch_path();
  sample_world_batch(anims, times, contexts, out, best);
}

void sample_world_batch(std::span<const PreparedAnimation* const> anims, std::span<const float> times,
                        std::span<PlaybackContext> contexts, std::span<math::Matrix> out, WorkerPool* pool) {
  constexpr size_t kThreadBlock = 32;  // tracks per unit of work: whole vector chunks
  size_t n = std::min({out.size(), anims.size(), times.size()});
  if (!contexts.empty()) n = std::min(n, contexts.size());
  const unsigned use = pool == nullptr ? 1u : pool->threads_for(n, kSampleWorldCostNs);
  if (use <= 1 || n <= kThreadBlock) {
    if (pool == nullptr) {
      sample_world_batch(anims, times, contexts, out);
      return;
    }
    // One task on the calling thread, through the pool all the same: the
    // run counts for the pool's idle() (back-to-back batches then split once
    // their work is worth it, the workers woken for the batches after).
    pool->run(1, [&](size_t) { sample_world_batch(anims, times, contexts, out); }, 1);
    return;
  }
  // A few tasks per thread, taken in turn as threads become free, so that a
  // worker that starts late or runs slower shifts work to the others.
  constexpr size_t kTasksPerThread = 4;
  const size_t blocks = (n + kThreadBlock - 1) / kThreadBlock;
  const size_t parts = std::min<size_t>(static_cast<size_t>(use) * kTasksPerThread, blocks);
  pool->run(
      parts,
      [&](size_t k) {
        const auto [b0, b1] = WorkerPool::chunk(blocks, parts, k);
        const size_t first = b0 * kThreadBlock, count = std::min(b1 * kThreadBlock, n) - first;
        sample_world_batch(anims.subspan(first, count), times.subspan(first, count),
                           contexts.empty() ? contexts : contexts.subspan(first, count), out.subspan(first, count));
      },
      use);
}

}  // namespace retroanim::ck
