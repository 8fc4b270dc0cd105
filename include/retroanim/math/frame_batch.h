// Batched Frame operations: the same arithmetic as math::Frame, in the same
// order and precision, applied to many frames at once (four per step with
// AVX2, eight with AVX-512, where the CPU has them). Results are bit-identical
// to the one-at-a-time functions; only the speed and the storage layout differ.
#pragma once

#include <cstddef>
#include <vector>

#include "retroanim/math/batch_path.h"
#include "retroanim/math/frame.h"

namespace retroanim::math {

// A run of frames stored field by field (quaternion w, x, y, z, origin x, y, z,
// each a float array padded to a multiple of 8). The cached matrix is not
// stored: in a Frame it is always cache() of the quaternion (set_rotate either
// caches the new quaternion or keeps the old quaternion and matrix), so get()
// rebuilds it exactly.
class FrameArray {
 public:
  // The stored fields, in storage order.
  enum class Field : size_t { kQw = 0, kQx, kQy, kQz, kOx, kOy, kOz };
  // Number of stored fields.
  static constexpr size_t kFields = 7;

  // An empty array.
  FrameArray() = default;
  // Resizes to n frames; new frames are the identity.
  void resize(size_t n);
  // Number of frames.
  size_t size() const { return size_; }
  // Frame i, with its matrix cached.
  Frame get(size_t i) const;
  // Origin and quaternion of frame i.
  AFrame get_aframe(size_t i) const;
  // Stores the origin and quaternion of f at i.
  void set(size_t i, const Frame& f);
  // Stores an AFrame's origin and quaternion at i, as they are.
  void set(size_t i, const AFrame& f);
  // The float array of one field (stride() entries).
  float* field(Field k) { return data_.data() + static_cast<size_t>(k) * stride_; }
  // The float array of one field (stride() entries).
  const float* field(Field k) const { return data_.data() + static_cast<size_t>(k) * stride_; }
  // Entries per field (size rounded up to a multiple of 8).
  size_t stride() const { return stride_; }
  // Equality of every stored frame.
  friend bool operator==(const FrameArray& a, const FrameArray& b) { return a.size_ == b.size_ && a.data_ == b.data_; }

 private:
  std::vector<float> data_;
  size_t size_ = 0;
  size_t stride_ = 0;
};

// For i in [0, n) (n <= out.size()): frame i of `out` becomes f1 combined with
// parts[i], parts[i]'s origin scaled first — Frame::combine with scale
// (0x518FD0) as CPartArray::UpdateParts applies it to every part, including
// set_rotate keeping the old quaternion when the new one is invalid. Frames at
// n and beyond are untouched. `parts` must not lie inside `out`.
void combine_scaled_batch(const Frame& f1, const AFrame* parts, size_t n, Vec3 scale, FrameArray& out);

// True when combine_scaled_batch uses a vector path on this machine.
bool combine_scaled_batch_is_vectorised();

// The path combine_scaled_batch's default entry points use: best_batch_path()
// unless set_default_combine_path chose another.
BatchPath default_combine_path();

// Makes the default entry points use `path` (the scalar one when `path` is not
// available here) and returns the path now used; for tests and benchmarks
// (bench_ac_update's RETROANIM_BATCH_PATH), to measure one path through the
// whole chain. Every path gives the same results, so a switch while other
// threads run the kernel changes only their speed (each call reads the path once).
BatchPath set_default_combine_path(BatchPath path);

// combine_scaled_batch through a chosen path (the scalar one when `path` is
// not available here; kScalar: one Frame::combine at a time, kAvx2: four
// parts per step, kAvx512: eight); for tests and benchmarks.
void combine_scaled_batch(const Frame& f1, const AFrame* parts, size_t n, Vec3 scale, FrameArray& out,
                          BatchPath path);

// The same with the parts given field by field (n <= parts.size()): the
// result is bit-identical to the AFrame form with parts[i] = parts.get_aframe(i);
// only the loads are cheaper (no transposition).
void combine_scaled_batch(const Frame& f1, const FrameArray& parts, size_t n, Vec3 scale, FrameArray& out);

// The field-by-field form through a chosen path; for tests and benchmarks.
void combine_scaled_batch(const Frame& f1, const FrameArray& parts, size_t n, Vec3 scale, FrameArray& out,
                          BatchPath path);

}  // namespace retroanim::math
