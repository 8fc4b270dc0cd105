#include "retroanim/ck/controllers.h"

#include <cstdio>
#include <cstring>

#include "retroanim/error.h"

namespace retroanim::ck {

namespace {

float as_float(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// Reads dwords from a key block, checking each read against its size.
class BlockReader {
 public:
  BlockReader(std::span<const uint32_t> block, const KeyBlockSource& source, uint32_t type)
      : block_(block), source_(source), type_(type) {}

  size_t position() const { return pos_; }
  size_t remaining() const { return block_.size() - pos_; }

  [[noreturn]] void fail(const std::string& what) const {
    std::optional<uint64_t> off;
    if (source_.offset) off = *source_.offset + static_cast<uint64_t>(pos_) * 4;
    char type_hex[16];
    std::snprintf(type_hex, sizeof type_hex, "0x%08x", type_);
    throw Error(describe_error(source_.file, source_.object, off,
                               std::string("controller ") + type_hex + ": " + what));
  }

  void need(size_t dwords, const char* what) const {
    if (remaining() < dwords) fail(std::string("key block too short for ") + what);
  }
  uint32_t u32() { return block_[pos_++]; }
  float f32() { return as_float(block_[pos_++]); }
  math::Vec3 vec3() {
    math::Vec3 v;
    v.x = f32();
    v.y = f32();
    v.z = f32();
    return v;
  }
  math::Quat quat() {
    math::Quat q;
    q.x = f32();
    q.y = f32();
    q.z = f32();
    q.w = f32();
    return q;
  }

  // The key count, checked against the dwords left (each key at least `min_dwords`).
  uint32_t count(size_t min_dwords) {
    need(1, "the key count");
    uint32_t n = u32();
    if (n > remaining() / min_dwords) fail("key count " + std::to_string(n) + " exceeds the block");
    return n;
  }

 private:
  std::span<const uint32_t> block_;
  const KeyBlockSource& source_;
  uint32_t type_;
  size_t pos_ = 0;
};

std::vector<PositionKey> read_linear_vector(BlockReader& r) {
  uint32_t n = r.count(4);
  std::vector<PositionKey> keys(n);
  for (auto& k : keys) {
    k.time = r.f32();
    k.value = r.vec3();
  }
  return keys;
}

std::vector<RotationKey> read_linear_quat(BlockReader& r) {
  uint32_t n = r.count(5);
  std::vector<RotationKey> keys(n);
  for (auto& k : keys) {
    k.time = r.f32();
    k.value = r.quat();
  }
  return keys;
}

std::vector<TcbPositionKey> read_tcb_vector(BlockReader& r) {
  uint32_t n = r.count(9);
  std::vector<TcbPositionKey> keys(n);
  for (auto& k : keys) {
    k.time = r.f32();
    k.value = r.vec3();
    k.tension = r.f32();
    k.continuity = r.f32();
    k.bias = r.f32();
    k.ease_to = r.f32();
    k.ease_from = r.f32();
  }
  return keys;
}

std::vector<TcbRotationKey> read_tcb_quat(BlockReader& r) {
  uint32_t n = r.count(10);
  std::vector<TcbRotationKey> keys(n);
  for (auto& k : keys) {
    k.time = r.f32();
    k.value = r.quat();
    k.tension = r.f32();
    k.continuity = r.f32();
    k.bias = r.f32();
    k.ease_to = r.f32();
    k.ease_from = r.f32();
  }
  return keys;
}

// FUN_1004f65a: Bezier keys are time, x, y, z, flags, then the In vector when
// the in-mode has kTangents and the Out vector when the out-mode has it.
std::vector<BezierPositionKey> read_bezier_vector(BlockReader& r) {
  uint32_t n = r.count(5);
  std::vector<BezierPositionKey> keys;
  keys.reserve(n);
  for (uint32_t i = 0; i < n; ++i) {
    r.need(5, "a Bezier key");
    BezierPositionKey k;
    k.time = r.f32();
    k.value = r.vec3();
    k.flags = r.u32();
    if (k.in_mode() & bezier_mode::kTangents) {
      r.need(3, "a Bezier in tangent");
      k.in_tangent = r.vec3();
    }
    if (k.out_mode() & bezier_mode::kTangents) {
      r.need(3, "a Bezier out tangent");
      k.out_tangent = r.vec3();
    }
    keys.push_back(k);
  }
  return keys;
}

}  // namespace

std::optional<ControllerKind> controller_kind(uint32_t type) {
  using namespace controller_type;
  switch (type) {
    case kLinearPosition:
    case kPositionBase:
      return ControllerKind{ControllerSlot::kPosition, Interpolation::kLinear};
    case kTcbPosition:
      return ControllerKind{ControllerSlot::kPosition, Interpolation::kTcb};
    case kBezierPosition:
      return ControllerKind{ControllerSlot::kPosition, Interpolation::kBezier};
    case kLinearRotation:
    case kRotationBase:
      return ControllerKind{ControllerSlot::kRotation, Interpolation::kLinear};
    case kTcbRotation:
      return ControllerKind{ControllerSlot::kRotation, Interpolation::kTcb};
    case kLinearScale:
    case kScaleBase:
      return ControllerKind{ControllerSlot::kScale, Interpolation::kLinear};
    case kTcbScale:
      return ControllerKind{ControllerSlot::kScale, Interpolation::kTcb};
    case kBezierScale:
      return ControllerKind{ControllerSlot::kScale, Interpolation::kBezier};
    case kLinearScaleAxis:
    case kScaleAxisBase:
      return ControllerKind{ControllerSlot::kScaleAxis, Interpolation::kLinear};
    case kTcbScaleAxis:
      return ControllerKind{ControllerSlot::kScaleAxis, Interpolation::kTcb};
    case kMorph:
    case kMorphBase:
      return ControllerKind{ControllerSlot::kMorph, Interpolation::kLinear};
    default:
      return std::nullopt;
  }
}

size_t VectorController::key_count() const {
  return std::visit([](const auto& v) { return v.size(); }, keys);
}

Interpolation VectorController::interpolation() const {
  switch (keys.index()) {
    case 0: return Interpolation::kLinear;
    case 1: return Interpolation::kTcb;
    default: return Interpolation::kBezier;
  }
}

size_t QuatController::key_count() const {
  return std::visit([](const auto& v) { return v.size(); }, keys);
}

Interpolation QuatController::interpolation() const {
  return keys.index() == 0 ? Interpolation::kLinear : Interpolation::kTcb;
}

// FUN_1004a5b2
void KeyframeData::set_length(float frames) {
  length = frames;
  if (position) position->length = frames;
  if (scale) scale->length = frames;
  if (rotation) rotation->length = frames;
  if (scale_axis) scale_axis->length = frames;
  if (morph) morph->length = frames;
}

// CreateController (FUN_1004a922) + ReadKeysFrom (controller slot +0x18)
size_t decode_controller(KeyframeData& data, uint32_t type, std::span<const uint32_t> block,
                         const KeyBlockSource& source) {
  std::optional<ControllerKind> kind = controller_kind(type);
  if (!kind) return 0;
  BlockReader r(block, source, type);
  switch (kind->slot) {
    case ControllerSlot::kPosition:
    case ControllerSlot::kScale: {
      VectorController c;
      c.type = type;
      c.length = data.length;
      if (kind->interpolation == Interpolation::kLinear)
        c.keys = read_linear_vector(r);
      else if (kind->interpolation == Interpolation::kTcb)
        c.keys = read_tcb_vector(r);
      else
        c.keys = read_bezier_vector(r);
      (kind->slot == ControllerSlot::kPosition ? data.position : data.scale) = std::move(c);
      break;
    }
    case ControllerSlot::kRotation:
    case ControllerSlot::kScaleAxis: {
      QuatController c;
      c.type = type;
      c.length = data.length;
      if (kind->interpolation == Interpolation::kLinear)
        c.keys = read_linear_quat(r);
      else
        c.keys = read_tcb_quat(r);
      (kind->slot == ControllerSlot::kRotation ? data.rotation : data.scale_axis) = std::move(c);
      break;
    }
    case ControllerSlot::kMorph: {
      MorphController c;
      c.type = type;
      c.length = data.length;
      r.need(1, "the key count");
      c.key_count = block[0];
      c.raw.assign(block.begin(), block.end());
      data.morph = std::move(c);
      return block.size();
    }
  }
  return r.position();
}

}  // namespace retroanim::ck
