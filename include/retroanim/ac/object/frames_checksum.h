// A checksum of where objects are (retroanim's own): FNV-1a (64-bit) over the
// IEEE-754 bits, little-endian, of each object's frame (origin x, y, z, then
// the quaternion w, x, y, z) followed by each of its parts' frames in the same
// order, objects in list order. Equal checksums mean bit-identical results
// (the same on every host and every thread count), which is what the batch
// tick's users compare (ra_ac_batch_checksum, `retroanim ac bench`).
#pragma once

#include <cstdint>
#include <span>

#include "retroanim/ac/object/physics_obj.h"

namespace retroanim::ac {

uint64_t frames_checksum(std::span<const PhysicsObj* const> objects);

}  // namespace retroanim::ac
