// Batched PreparedAnimation::sample + compose_matrix. Each chunk of kChunk
// tracks is first located one track at a time (key_search's step from the
// segment the track's context remembers, else key_search::find: the segment
// sample() finds) and its key records
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
// (-msimd128) computes four tracks per step the same way (block4); it has no
// prefetch instruction, so there each key record starts with its key time
// (PreparedAnimation::kRecordTime: the search reads the lines the kernel
// reads) and a pass over each chunk, a chunk before it is located, loads a
// float of every cache line its tracks will read (touch_chunk).
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

constexpr size_t kRecord = PreparedAnimation::kPrsRecord;  // [time] px py pz qx qy qz qw sx sy sz
constexpr size_t kTime = PreparedAnimation::kRecordTime;   // floats before px: the key time or none
constexpr size_t kChunk = 32;                              // tracks located ahead of the computation
constexpr size_t kCacheLine = 64;                          // bytes
static_assert(kChunk <= 32, "Chunk::scalar holds one bit per track of a chunk");

// Key records read in place of the lanes the scalar path computes: two
// (four for the WebAssembly build's touch_chunk).
struct DummyRecords {
  alignas(64) float v[4 * kRecord];
};
constexpr DummyRecords dummy_records() {
  DummyRecords d{};
  for (size_t r = 0; r < 4; ++r)
    for (size_t j = 6; j < 10; ++j) d.v[r * kRecord + kTime + j] = 1.0f;  // qw, sx, sy, sz
  return d;
}
constexpr DummyRecords kDummyRecords = dummy_records();
constexpr const float* kDummy = kDummyRecords.v;

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

#if RETROANIM_ANIM_BATCH_WASM
static_assert(kTime == 1, "the WebAssembly build's records start with their key time");

// A group's key times as the first float of each record.
struct RecordTimes {
  const float* records;
  float operator[](size_t i) const { return records[i * kRecord]; }
};

// WebAssembly has no prefetch. In its place, a chunk before it is located,
// one pass over the chunk reads a float from each cache line that the
// search and the kernel will read for each track whose context remembers a
// segment h (the records of keys h-1 to h+2), a load per line and nothing
// else, so that the chunk's cache and TLB misses are in flight together
// instead of one track at a time (no effect on results). It also keeps each
// track's group (position_rotation_scale()) in groups[i - begin] for
// locate_chunk.
void touch_chunk(std::span<const PreparedAnimation* const> anims, std::span<PlaybackContext> contexts,
                 size_t begin, size_t end, const KeyGroup** groups) {
  // The branch-free step reads the times of keys h-1 .. h+2 (each at the
  // start of its record), the kernel records k-1 and k for k <= h+2; the
  // rest of record h+2 is read too (measured: faster than without). First
  // the addresses (from data in cache), then the loads alone, so that the
  // reorder buffer holds as many of them as it can (measured: 10 % faster
  // than computing each address just before its loads).
  constexpr size_t kSpan = 4 * kRecord;
  const float* at[kChunk];
  for (size_t i = begin; i < end; ++i) {
    const KeyGroup* g = anims[i]->position_rotation_scale();
    groups[i - begin] = g;
    const size_t h = contexts[i].segment[0];
    at[i - begin] = !g || h < 1 || h + 4 > g->times.size() ? kDummy : g->records() + (h - 1) * kRecord;
  }
  for (size_t k = 0; k < end - begin; ++k) {
    const volatile float* rec = at[k];
    for (size_t f = 0; f < kSpan; f += kCacheLine / sizeof(float)) (void)rec[f];
    (void)rec[kSpan - 1];
  }
}
#endif

// Locates tracks [begin, end) into `c` and prefetches their records; with
// kWithContext, contexts holds a context per track (otherwise it is empty).
// `groups`, when given, holds each track's position_rotation_scale().
template <bool kWithContext>
void locate_chunk(std::span<const PreparedAnimation* const> anims, std::span<const float> times,
                  std::span<PlaybackContext> contexts, size_t begin, size_t end, Chunk& c,
                  const KeyGroup* const* groups) {
  c.scalar = 0;
  for (size_t i = begin; i < end; ++i) {
    const size_t k = i - begin;
    if (const KeyGroup* g = groups ? groups[k] : anims[i]->position_rotation_scale()) {
      const float t = times[i];
#if RETROANIM_ANIM_BATCH_WASM
      // The key times in the records (kTime): the search reads the lines the kernel reads.
      const RecordTimes keys{g->records()};
      const key_search::NoPrefetch on_hit;
#else
      const key_search::PackedTimes keys{g->times.data()};
      const PrefetchTimesOnEntry on_hit{*g};
#endif
      // Sequential playback's step, else the search.
      uint32_t* remembered = kWithContext ? &contexts[i].segment[0] : nullptr;
      size_t hi = 0;
      const key_search::Segment at =
          remembered && key_search::step_remembered(keys, g->times.size(), t, g->ordered, remembered, on_hit, hi)
              ? key_search::Segment{false, hi}
              : key_search::find(keys, g->times.size(), t, {g->ordered, g->guess_scale}, remembered, on_hit);
      if (!at.clamped) {
        const float* rec = g->records() + (at.index - 1) * kRecord;
        // The 80 bytes span two or three cache lines: the first, rec + 16
        // (always in the second) and the last.
        __builtin_prefetch(rec);
        __builtin_prefetch(rec + 16);
        __builtin_prefetch(rec + 2 * kRecord - 1);
        c.rec[k] = rec;
        c.t[k] = t;
        if constexpr (kTime != 0) {
          c.t0[k] = rec[0];
          c.t1[k] = rec[kRecord];
        } else {
          c.t0[k] = g->times[at.index - 1];
          c.t1[k] = g->times[at.index];
        }
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
static_assert(kTime == 0 && kRecord == 10, "load_records reads px .. sz of two adjacent records");

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

// Four transposed loads: out[j] holds float `first + j` of the four tracks.
inline void load_transposed4(const float* const rec[4], size_t first, v128_t out[4]) {
  const v128_t r[4] = {wasm_v128_load(rec[0] + first), wasm_v128_load(rec[1] + first), wasm_v128_load(rec[2] + first),
                       wasm_v128_load(rec[3] + first)};
  transpose4(r, out);
}

inline v128_t lerp4(v128_t v0, v128_t v1, v128_t f) { return wasm_f32x4_add(v0, wasm_f32x4_mul(wasm_f32x4_sub(v1, v0), f)); }

inline v128_t dot4(v128_t a0, v128_t a1, v128_t a2, v128_t a3, v128_t b0, v128_t b1, v128_t b2, v128_t b3) {
  const v128_t s = wasm_f32x4_add(wasm_f32x4_mul(a0, b0), wasm_f32x4_mul(a1, b1));
  return wasm_f32x4_add(wasm_f32x4_add(s, wasm_f32x4_mul(a2, b2)), wasm_f32x4_mul(a3, b3));
}

// True in lanes that are NaN.
inline v128_t nan4(v128_t a) { return wasm_f32x4_ne(a, a); }

inline v128_t fraction4(v128_t t, v128_t t0, v128_t t1) {
  const v128_t dt = wasm_f32x4_sub(t1, t0);
  const v128_t f = wasm_f32x4_div(wasm_f32x4_sub(t, t0), dt);
  return wasm_v128_andnot(f, wasm_f32x4_eq(dt, wasm_f32x4_splat(0.0f)));
}

// Matrix row `row` (its three floats a, b, c of every track, then 0) into
// dst[0..3].
inline void store_row4(v128_t a, v128_t b, v128_t c, int row, math::Matrix* dst) {
  const v128_t in[4] = {a, b, c, wasm_f32x4_splat(0.0f)};
  v128_t rows[4];
  transpose4(in, rows);
  for (int j = 0; j < 4; ++j) wasm_v128_store(&dst[j].m[row][0], rows[j]);
}

// Four tracks of a chunk (from its k-th) into dst[0..3]: compose8's
// operations in four lanes. The quaternions and the scales of the two
// records (each record: the key time, then px py pz qx qy qz qw sx sy sz)
// are transposed into a vector per float, rows 0-2 transposed back into
// the matrices, and row 3 (the position lerp) computed per track in the
// record's own order. Returns the tracks the scalar path must recompute.
uint32_t block4(const Chunk& c, size_t k, math::Matrix* dst) {
  const float* const* rec = c.rec + k;
  const v128_t zero = wasm_f32x4_splat(0.0f), one = wasm_f32x4_splat(1.0f);
  const v128_t f = fraction4(wasm_v128_load(c.t + k), wasm_v128_load(c.t0 + k), wasm_v128_load(c.t1 + k));
  // Rotation: math::slerp (VxMath Slerp), its linear branch.
  v128_t q0[4], q1[4];
  load_transposed4(rec, kTime + 3, q0);
  load_transposed4(rec, kRecord + kTime + 3, q1);
  const v128_t d = dot4(q0[0], q0[1], q0[2], q0[3], q1[0], q1[1], q1[2], q1[3]);
  const v128_t sign = wasm_v128_bitselect(wasm_f32x4_splat(-1.0f), one, wasm_f32x4_lt(d, zero));
  const v128_t abs_d = wasm_v128_andnot(d, wasm_f32x4_splat(-0.0f));  // -d where d < 0 (±0 both give 1 - d = 1)
  v128_t scalar = wasm_f32x4_gt(wasm_f32x4_sub(one, abs_d), wasm_f32x4_splat(0.01f));  // acos branch
  const v128_t k0 = wasm_f32x4_sub(one, f), k1 = wasm_f32x4_mul(f, sign);
  const v128_t qx = wasm_f32x4_add(wasm_f32x4_mul(k0, q0[0]), wasm_f32x4_mul(k1, q1[0]));
  const v128_t qy = wasm_f32x4_add(wasm_f32x4_mul(k0, q0[1]), wasm_f32x4_mul(k1, q1[1]));
  const v128_t qz = wasm_f32x4_add(wasm_f32x4_mul(k0, q0[2]), wasm_f32x4_mul(k1, q1[2]));
  const v128_t qw = wasm_f32x4_add(wasm_f32x4_mul(k0, q0[3]), wasm_f32x4_mul(k1, q1[3]));
  // quat_to_matrix (VxQuaternion::ToMatrix); a zero quaternion is left to the scalar path.
  const v128_t n = dot4(qx, qy, qz, qw, qx, qy, qz, qw);
  scalar = wasm_v128_or(scalar, wasm_f32x4_eq(n, zero));
  const v128_t s = wasm_f32x4_div(wasm_f32x4_splat(2.0f), n);
  // Scale: lerp_segment; qw sx sy sz of each record loaded (qw unused).
  v128_t s0[4], s1[4];
  load_transposed4(rec, kTime + 6, s0);
  load_transposed4(rec, kRecord + kTime + 6, s1);
  // compose_matrix (FUN_1000c230): row i scaled by scale[i]. Any NaN in
  // the matrix makes `total`, the sum of its floats, NaN (an infinite
  // float's sum with its negative too: that track is then recomputed by the
  // scalar path as well, with the same result).
  const v128_t xx = wasm_f32x4_mul(qx, qx), yy = wasm_f32x4_mul(qy, qy), zz = wasm_f32x4_mul(qz, qz);
  const v128_t xy = wasm_f32x4_mul(qx, qy), xz = wasm_f32x4_mul(qx, qz), yz = wasm_f32x4_mul(qy, qz);
  const v128_t wx = wasm_f32x4_mul(qw, qx), wy = wasm_f32x4_mul(qw, qy), wz = wasm_f32x4_mul(qw, qz);
  const v128_t sx = lerp4(s0[1], s1[1], f), sy = lerp4(s0[2], s1[2], f), sz = lerp4(s0[3], s1[3], f);
  const v128_t m0 = wasm_f32x4_mul(wasm_f32x4_sub(one, wasm_f32x4_mul(s, wasm_f32x4_add(yy, zz))), sx);
  const v128_t m1 = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_sub(xy, wz)), sx);
  const v128_t m2 = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_add(xz, wy)), sx);
  store_row4(m0, m1, m2, 0, dst);
  const v128_t m4 = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_add(xy, wz)), sy);
  const v128_t m5 = wasm_f32x4_mul(wasm_f32x4_sub(one, wasm_f32x4_mul(s, wasm_f32x4_add(xx, zz))), sy);
  const v128_t m6 = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_sub(yz, wx)), sy);
  store_row4(m4, m5, m6, 1, dst);
  const v128_t m8 = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_sub(xz, wy)), sz);
  const v128_t m9 = wasm_f32x4_mul(wasm_f32x4_mul(s, wasm_f32x4_add(yz, wx)), sz);
  const v128_t m10 = wasm_f32x4_mul(wasm_f32x4_sub(one, wasm_f32x4_mul(s, wasm_f32x4_add(xx, yy))), sz);
  store_row4(m8, m9, m10, 2, dst);
  const v128_t row0 = wasm_f32x4_add(wasm_f32x4_add(m0, m1), m2);
  const v128_t row1 = wasm_f32x4_add(wasm_f32x4_add(m4, m5), m6);
  const v128_t row2 = wasm_f32x4_add(wasm_f32x4_add(m8, m9), m10);
  const v128_t total = wasm_f32x4_add(wasm_f32x4_add(row0, row1), row2);
  uint32_t lanes = static_cast<uint32_t>(wasm_i32x4_bitmask(wasm_v128_or(scalar, nan4(total))));
  // Row 3, the position (lerp_segment), per track: px py pz qx of its two
  // records lerped by its fraction, the fourth float then set to 1.
  alignas(16) float fk[4];
  wasm_v128_store(fk, f);
  v128_t positions = wasm_f32x4_splat(0.0f);  // their sum: NaN in lanes 0-2 when a position float is
  for (int j = 0; j < 4; ++j) {
    const v128_t p = lerp4(wasm_v128_load(rec[j] + kTime), wasm_v128_load(rec[j] + kRecord + kTime),
                           wasm_v128_load32_splat(&fk[j]));
    positions = wasm_f32x4_add(positions, p);
    wasm_v128_store(&dst[j].m[3][0], wasm_f32x4_replace_lane(p, 3, 1.0f));
  }
  // The four tracks together to the scalar path when any position is NaN.
  if ((wasm_i32x4_bitmask(nan4(positions)) & 7) != 0) lanes = 0xF;
  return lanes;
}

#endif  // RETROANIM_ANIM_BATCH_WASM

#if RETROANIM_ANIM_BATCH_VECTOR

// The vector path, kWidth tracks per `block` call: chunk c + 1 is located
// (and its records prefetched) before chunk c is computed (in the
// WebAssembly build chunk c + 2 touched before that); the lanes the blocks
// leave are then sampled one at a time.
template <size_t kWidth, uint32_t (*kBlock)(const Chunk&, size_t, math::Matrix*), bool kWithContext>
void run_vector(std::span<const PreparedAnimation* const> anims, std::span<const float> times,
                std::span<PlaybackContext> contexts, std::span<math::Matrix> out, size_t n) {
  static_assert(kChunk % kWidth == 0, "a chunk is whole blocks");
  Chunk chunks[2];
  math::Matrix tail[kWidth];
#if RETROANIM_ANIM_BATCH_WASM
  // Chunk k is touched a chunk before it is located (two before it is
  // computed); the groups touch_chunk finds wait in a ring of three.
  constexpr bool kTouch = kWithContext;
  const KeyGroup* groups[3][kChunk];
  auto touch = [&](size_t chunk) {
    const size_t first = chunk * kChunk;
    if (first < n) touch_chunk(anims, contexts, first, std::min(first + kChunk, n), groups[chunk % 3]);
  };
  auto groups_of = [&](size_t chunk) -> const KeyGroup* const* { return kTouch ? groups[chunk % 3] : nullptr; };
  if (kTouch) {
    touch(0);
    touch(1);
  }
#else
  constexpr bool kTouch = false;
  auto touch = [](size_t) {};
  auto groups_of = [](size_t) -> const KeyGroup* const* { return nullptr; };
#endif
  locate_chunk<kWithContext>(anims, times, contexts, 0, std::min(kChunk, n), chunks[0], groups_of(0));
  for (size_t c = 0, idx = 0; c < n; c += kChunk, idx ^= 1) {
    const size_t end = std::min(c + kChunk, n);
    if (kTouch) touch(c / kChunk + 2);
    if (end < n)
      locate_chunk<kWithContext>(anims, times, contexts, end, std::min(end + kChunk, n), chunks[idx ^ 1],
                                 groups_of(c / kChunk + 1));
    const Chunk& ch = chunks[idx];
    uint32_t scalar = ch.scalar;
    size_t b = c;
    for (; b + kWidth <= end; b += kWidth) scalar |= kBlock(ch, b - c, &out[b]) << (b - c);
    if (b < end) {  // a partial last block: computed into `tail`
      scalar |= kBlock(ch, b - c, tail) << (b - c);
      std::copy(tail, tail + (end - b), &out[b]);
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
