// Sampling many prepared animations at once into matrices (retroanim's own,
// for server-scale playback): for each track, PreparedAnimation::sample
// followed by compose_matrix (SetStep's compose, FUN_1000c230), bit for bit
// the same results and the same context updates, eight tracks per step with
// AVX2 where the CPU has it (the kernel is an implementation detail).
#pragma once

#include <span>

#include "retroanim/ck/anim/prepared_animation.h"
#include "retroanim/math/batch_path.h"
#include "retroanim/math/matrix.h"

namespace retroanim {
class WorkerPool;
}  // namespace retroanim

namespace retroanim::ck {

// For each i below n, the smallest of out.size(), anims.size(), times.size()
// and (when not empty) contexts.size(): with
// s = anims[i]->sample(times[i], contexts.empty() ? nullptr : &contexts[i]),
// out[i] = compose_matrix(s.position, s.scale, s.rotation), bit for bit (NaNs
// included), and contexts[i] is updated as sample() updates it. For an animation
// with position, rotation and scale and no scale axis this is the local matrix
// SetStep writes (the world matrix of an entity without parent). Otherwise
// absent components take AnimationSample's defaults (origin, identity, unit
// scale) and the scale axis is ignored: set_step handles those as SetStep does.
// Every pointer in anims must be non-null.
void sample_world_batch(std::span<const PreparedAnimation* const> anims, std::span<const float> times,
                        std::span<PlaybackContext> contexts, std::span<math::Matrix> out);

// sample_world_batch through a chosen path (the scalar one when `path` is not
// available on this machine); for tests and benchmarks. Every path gives the
// same results; kAvx512 runs the AVX2 kernel.
void sample_world_batch(std::span<const PreparedAnimation* const> anims, std::span<const float> times,
                        std::span<PlaybackContext> contexts, std::span<math::Matrix> out, math::BatchPath path);

// What the pooled sample_world_batch takes one track to cost on one thread
// (nanoseconds; the vector path, keys in cache, docs/PERFORMANCE.md): its
// estimate of the batch's work for WorkerPool::threads_for.
inline constexpr double kSampleWorldCostNs = 20.0;

// sample_world_batch over a worker pool (retroanim's own; null = the
// single-thread call above): when the estimated work (tracks x
// kSampleWorldCostNs) gives at least two threads the pool's threshold each
// (WorkerPool::min_work() back to back, min_work_idle() after a pause),
// the tracks are split into up to four contiguous chunks per thread used
// (pool->threads_for; whole blocks of 32 tracks), each sampled by whichever
// thread is free next, with the best path; otherwise the calling thread
// samples them all. The results and context updates are those of the
// single-thread call, for every thread count. Several tracks may share one
// PreparedAnimation (it is only read); each context must be distinct.
void sample_world_batch(std::span<const PreparedAnimation* const> anims, std::span<const float> times,
                        std::span<PlaybackContext> contexts, std::span<math::Matrix> out, WorkerPool* pool);

}  // namespace retroanim::ck
