// The instruction-set paths of retroanim's batch kernels (the frame batch of
// CPartArray::UpdateParts, the prepared-animation batch sampler): which ones
// this machine can run and which is the fastest. Every path of a kernel gives
// bit-identical results; only the speed differs.
#pragma once

namespace retroanim::math {

// A batch kernel's implementation.
enum class BatchPath {
  kScalar,  // one element at a time, the straight port
  kAvx2,    // AVX2 and FMA lanes
  kAvx512,  // AVX-512 F, VL and DQ lanes (kernels without an AVX-512 form run their AVX2 one)
};

// True when `path` can run on this machine.
bool batch_path_available(BatchPath path);

// The fastest path this machine can run (the one the kernels' default entry points use).
BatchPath best_batch_path();

}  // namespace retroanim::math
