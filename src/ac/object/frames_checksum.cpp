// The checksum of objects' frames (include/retroanim/ac/object/frames_checksum.h).
#include "retroanim/ac/object/frames_checksum.h"

#include <cstring>

namespace retroanim::ac {

namespace {

class Fnv1a64 {
 public:
  void add_float(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    for (int i = 0; i < 4; ++i) h_ = (h_ ^ static_cast<uint8_t>(bits >> (8 * i))) * 0x100000001b3ull;
  }
  uint64_t value() const { return h_; }

 private:
  uint64_t h_ = 0xcbf29ce484222325ull;
};

}  // namespace

uint64_t frames_checksum(std::span<const PhysicsObj* const> objects) {
  using FA = math::FrameArray;
  Fnv1a64 h;
  for (const PhysicsObj* o : objects) {
    const math::Frame& f = o->frame();
    for (float v : {f.origin.x, f.origin.y, f.origin.z, f.qw, f.qx, f.qy, f.qz}) h.add_float(v);
    const PartArray* pa = o->part_array();
    if (pa == nullptr) continue;
    const FA& parts = pa->part_frames();
    const FA::Field order[7] = {FA::Field::kOx, FA::Field::kOy, FA::Field::kOz, FA::Field::kQw,
                                FA::Field::kQx, FA::Field::kQy, FA::Field::kQz};
    for (size_t p = 0; p < parts.size(); ++p)
      for (FA::Field fld : order) h.add_float(parts.field(fld)[p]);
  }
  return h.value();
}

}  // namespace retroanim::ac
