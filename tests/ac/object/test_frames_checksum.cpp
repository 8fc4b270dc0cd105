// ac/object/frames_checksum.cpp: the FNV-1a (64-bit) hash of each object's
// frame (origin x, y, z, then qw, qx, qy, qz, each float's four bytes
// little-endian) and of its parts' frames. The expected values were computed
// independently (Python: struct.pack('<f') and the FNV-1a loop).
#include <gtest/gtest.h>

#include <vector>

#include "retroanim/ac/object/frames_checksum.h"
#include "retroanim/ac/object/physics_obj.h"

namespace {

using retroanim::ac::frames_checksum;
using retroanim::ac::PhysicsObj;

TEST(FramesChecksum, NoObjectsIsTheOffsetBasis) {
  EXPECT_EQ(frames_checksum({}), 0xcbf29ce484222325ull);
}

TEST(FramesChecksum, OneIdentityFrameWithoutParts) {
  PhysicsObj o;  // identity frame, no setup, no part array
  const PhysicsObj* list[] = {&o};
  EXPECT_EQ(frames_checksum(list), 0xec4baace83270ea8ull);  // floats 0, 0, 0, 1, 0, 0, 0
}

TEST(FramesChecksum, ObjectsAreHashedInOrderIntoOneStream) {
  PhysicsObj a, b;
  const PhysicsObj* twice[] = {&a, &b};
  EXPECT_EQ(frames_checksum(twice), 0x311c0a64f7039f55ull);  // the 7 floats twice
  b.set_frame(retroanim::math::Frame({1, 2, 3}, 1, 0, 0, 0));
  const PhysicsObj* moved[] = {&b};
  EXPECT_EQ(frames_checksum(moved), 0x50e35a8f3e11f4a5ull);  // floats 1, 2, 3, 1, 0, 0, 0
  const PhysicsObj* ab[] = {&a, &b};
  const PhysicsObj* ba[] = {&b, &a};
  EXPECT_NE(frames_checksum(ab), frames_checksum(ba));
}

}  // namespace
