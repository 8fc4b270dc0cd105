#include "retroanim/ck/anim/controllers.h"

#include <cstdio>
#include <cstring>
#include <type_traits>

#include "retroanim/error.h"
#include "io/hex.h"

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
    throw Error(describe_error(source_.file, source_.object, off,
                               "controller " + retroanim::io::hex(type_, 8, retroanim::io::HexCase::kLower) + ": " + what));
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

// The fields after the value of a TCB key (TCB position and rotation keys
// alike): tension, continuity, bias, ease to, ease from.
template <class Key>
void read_tcb_fields(BlockReader& r, Key& k) {
  k.tension = r.f32();
  k.continuity = r.f32();
  k.bias = r.f32();
  k.ease_to = r.f32();
  k.ease_from = r.f32();
}

// One key of each kind, in its saved field order (spec 5.2). Fixed-size keys
// are covered by the count check; Bezier keys check each part they read.
void read_key(BlockReader& r, PositionKey& k) {  // FUN_1004bc0e
  k.time = r.f32();
  k.value = r.vec3();
}
void read_key(BlockReader& r, RotationKey& k) {  // FUN_1004c464
  k.time = r.f32();
  k.value = r.quat();
}
void read_key(BlockReader& r, TcbPositionKey& k) {  // FUN_1004cf6d
  k.time = r.f32();
  k.value = r.vec3();
  read_tcb_fields(r, k);
}
void read_key(BlockReader& r, TcbRotationKey& k) {  // FUN_1004da6c
  k.time = r.f32();
  k.value = r.quat();
  read_tcb_fields(r, k);
}
// FUN_1004f65a: Bezier keys are time, x, y, z, flags, then the In vector when
// the in-mode has kTangents and the Out vector when the out-mode has it.
void read_key(BlockReader& r, BezierPositionKey& k) {
  r.need(5, "a Bezier key");
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
}

// The smallest saved size of a key, in dwords (Bezier keys: without tangents).
template <class Key>
constexpr size_t min_key_dwords() {
  if constexpr (std::is_same_v<Key, PositionKey>) return 4;
  else if constexpr (std::is_same_v<Key, RotationKey>) return 5;
  else if constexpr (std::is_same_v<Key, TcbPositionKey>) return 9;
  else if constexpr (std::is_same_v<Key, TcbRotationKey>) return 10;
  else return 5;  // BezierPositionKey
}

// ReadKeysFrom of every controller kind: the key count, checked against the
// block so that at most remaining / min_key_dwords keys are allocated, then
// the keys back to back.
template <class Key>
std::vector<Key> read_keys(BlockReader& r) {
  uint32_t n = r.count(min_key_dwords<Key>());
  std::vector<Key> keys(n);
  for (Key& k : keys) read_key(r, k);
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
    case kLinearScaleAxis:  // no bare 8: CreateController has no case for it (the block is skipped)
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
        c.keys = read_keys<PositionKey>(r);
      else if (kind->interpolation == Interpolation::kTcb)
        c.keys = read_keys<TcbPositionKey>(r);
      else
        c.keys = read_keys<BezierPositionKey>(r);
      (kind->slot == ControllerSlot::kPosition ? data.position : data.scale) = std::move(c);
      break;
    }
    case ControllerSlot::kRotation:
    case ControllerSlot::kScaleAxis: {
      QuatController c;
      c.type = type;
      c.length = data.length;
      if (kind->interpolation == Interpolation::kLinear)
        c.keys = read_keys<RotationKey>(r);
      else
        c.keys = read_keys<TcbRotationKey>(r);
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
