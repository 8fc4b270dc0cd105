#include "retroanim/ck/io/animation_io.h"

#include <cstring>
#include <type_traits>
#include <variant>

#include "retroanim/io/byte_order.h"

namespace retroanim::ck::io {

namespace {

uint32_t fbits(float f) { return retroanim::io::float_bits(f); }

KeyBlockSource source_at(const ChunkReader& r) {
  return KeyBlockSource{r.chunk().origin.file, r.chunk().origin.object,
                        r.chunk().origin.data_offset + uint64_t{r.position()} * 4};
}

// Merge data (flags & 0x80): factor, anim A, anim B.
void read_merge(ChunkReader& r, ObjectAnimation& a, ObjectAnimationLinks& l) {
  if (a.flags & object_animation_flag::kMerged) {
    a.merge_factor = r.read_float();
    l.merged_a = r.read_object();
    l.merged_b = r.read_object();
  }
}

void set_app_vector(ObjectAnimation& a, math::Vec3 v) {
  if (v.x != 0.0f || v.y != 0.0f || v.z != 0.0f) a.app_vector = v;
}

// A fixed-layout key block of the older formats: byte size, key count, then
// the keys (`key_dwords` each) padded to dwords.
std::vector<uint32_t> read_sized_block(ChunkReader& r, uint32_t key_dwords, uint32_t& count) {
  uint32_t bytes = r.read_dword();
  count = r.read_dword();
  std::vector<uint8_t> raw = r.read_raw_bytes(bytes);
  if (uint64_t{count} * key_dwords * 4 > raw.size()) {
    r.fail("key count " + std::to_string(count) + " needs more than the block's " + std::to_string(bytes) + " bytes");
  }
  std::vector<uint32_t> out(size_t{count} * key_dwords);
  retroanim::io::load_u32_le_array(out.data(), raw.data(), out.size());
  return out;
}

// Linear keys of the older formats, turned into a key block for decode_controller.
void decode_sized(ChunkReader& r, KeyframeData& kf, uint32_t type, uint32_t key_dwords) {
  KeyBlockSource src = source_at(r);
  uint32_t count = 0;
  std::vector<uint32_t> keys = read_sized_block(r, key_dwords, count);
  if (count == 0) return;
  std::vector<uint32_t> block;
  block.reserve(keys.size() + 1);
  block.push_back(count);
  block.insert(block.end(), keys.begin(), keys.end());
  decode_controller(kf, type, block, src);
}

// Scale-axis keys of the older formats: 6 floats per key (time, unused, quaternion).
void decode_scale_axis_6(ChunkReader& r, KeyframeData& kf) {
  KeyBlockSource src = source_at(r);
  uint32_t count = 0;
  std::vector<uint32_t> keys = read_sized_block(r, 6, count);
  if (count == 0) return;
  std::vector<uint32_t> block;
  block.reserve(size_t{count} * 5 + 1);
  block.push_back(count);
  for (uint32_t i = 0; i < count; ++i) {
    block.push_back(keys[i * 6 + 0]);
    for (int k = 2; k < 6; ++k) block.push_back(keys[i * 6 + k]);
  }
  decode_controller(kf, controller_type::kLinearScaleAxis, block, src);
}

// Morph keys of the older formats (not modelled): time, byte size, vectors.
void skip_morph_keys(ChunkReader& r, int32_t key_count) {
  for (int32_t i = 0; i < key_count; ++i) {
    r.read_float();
    uint32_t bytes = r.read_dword();
    r.read_raw_bytes(bytes);
  }
}

// A vector as the saved float bits, x, y, z.
void push_value(std::vector<uint32_t>& o, math::Vec3 v) {
  o.push_back(fbits(v.x));
  o.push_back(fbits(v.y));
  o.push_back(fbits(v.z));
}

// A quaternion as the saved float bits, x, y, z, w.
void push_value(std::vector<uint32_t>& o, math::Quat q) {
  o.push_back(fbits(q.x));
  o.push_back(fbits(q.y));
  o.push_back(fbits(q.z));
  o.push_back(fbits(q.w));
}

}  // namespace

// CKObjectAnimation::Load (FUN_10058c51)
std::optional<ObjectAnimationLinks> read_object_animation(ChunkReader& r, ObjectAnimation& a) {
  ObjectAnimationLinks l;
  a.keyframes = KeyframeData{};
  if (r.data_version() >= 1) {
    if (r.seek_identifier(animation_chunk::kShared)) {
      l.shared_source = r.read_object();
      set_app_vector(a, r.read_vector());
      r.skip(4);
      a.flags = r.read_dword();
      l.entity = r.read_object();
      read_merge(r, a, l);
      return l;
    }
    if (r.seek_identifier(animation_chunk::kControllers)) {
      set_app_vector(a, r.read_vector());
      r.skip(4);
      a.flags = r.read_dword();
      l.entity = r.read_object();
      a.keyframes.set_length(r.read_float());
      read_merge(r, a, l);
      for (;;) {
        uint32_t type = r.read_dword();
        if (type == 0) break;
        uint32_t size = r.read_dword();
        KeyBlockSource src = source_at(r);
        std::vector<uint32_t> block = r.read_dwords(size);
        decode_controller(a.keyframes, type, block, src);  // unknown types: skipped by size
      }
      return l;
    }
    if (r.seek_identifier(animation_chunk::kNewData)) {
      set_app_vector(a, r.read_vector());
      r.skip(4);
      r.read_int();  // morph vertex count
      int32_t morph_keys = r.read_int();
      a.flags = r.read_dword();
      l.entity = r.read_object();
      a.keyframes.set_length(r.read_float());
      read_merge(r, a, l);
      if (morph_keys > 0) skip_morph_keys(r, morph_keys);
      decode_sized(r, a.keyframes, controller_type::kLinearPosition, 4);
      decode_sized(r, a.keyframes, controller_type::kLinearScale, 4);
      decode_sized(r, a.keyframes, controller_type::kLinearRotation, 5);
      decode_scale_axis_6(r, a.keyframes);
      a.keyframes.set_length(a.keyframes.length);
      return l;
    }
    return std::nullopt;
  }
  // Data version < 1: one identifier per field.
  bool found = false;
  if (r.seek_identifier(animation_chunk::kMorphKeys)) {
    found = true;
    int32_t morph_keys = r.read_int();
    if (morph_keys > 0) {
      r.read_int();  // vertex count
      skip_morph_keys(r, morph_keys);
    }
  }
  if (r.seek_identifier(animation_chunk::kPosKeys)) {
    found = true;
    decode_sized(r, a.keyframes, controller_type::kLinearPosition, 4);
  }
  if (r.seek_identifier(animation_chunk::kRotKeys)) {
    found = true;
    decode_sized(r, a.keyframes, controller_type::kLinearRotation, 5);
    decode_scale_axis_6(r, a.keyframes);
  }
  if (r.seek_identifier(animation_chunk::kScaleKeys)) {
    found = true;
    decode_sized(r, a.keyframes, controller_type::kLinearScale, 4);
  }
  if (r.seek_identifier(animation_chunk::kFlags)) {
    found = true;
    a.flags = r.read_dword();
  }
  if (r.seek_identifier(animation_chunk::kEntity)) {
    found = true;
    l.entity = r.read_object();
  }
  if (r.seek_identifier(animation_chunk::kLength)) {
    found = true;
    a.keyframes.set_length(r.read_float());
  }
  if (r.seek_identifier(animation_chunk::kMerge)) {
    found = true;
    a.merge_factor = r.read_float();
    if (r.read_int() != 0)
      a.flags |= object_animation_flag::kMerged;
    else
      a.flags &= ~object_animation_flag::kMerged;
    l.merged_a = r.read_object();
    l.merged_b = r.read_object();
  }
  if (r.seek_identifier(animation_chunk::kNewData)) {
    found = true;
    set_app_vector(a, r.read_vector());
  }
  if (!found) return std::nullopt;
  return l;
}

// A controller's key block as the loaders read it back: the key count, then
// per key its time, its value and the TCB or Bezier extras of its kind.
template <class Controller>
std::vector<uint32_t> encode_keys(const Controller& c) {
  std::vector<uint32_t> o;
  o.push_back(static_cast<uint32_t>(c.key_count()));
  std::visit(
      [&](const auto& keys) {
        using K = typename std::decay_t<decltype(keys)>::value_type;
        for (const K& k : keys) {
          o.push_back(fbits(k.time));
          push_value(o, k.value);
          if constexpr (std::is_same_v<K, TcbPositionKey> || std::is_same_v<K, TcbRotationKey>) {
            o.push_back(fbits(k.tension));
            o.push_back(fbits(k.continuity));
            o.push_back(fbits(k.bias));
            o.push_back(fbits(k.ease_to));
            o.push_back(fbits(k.ease_from));
          } else if constexpr (std::is_same_v<K, BezierPositionKey>) {
            o.push_back(k.flags);
            if (k.in_mode() & bezier_mode::kTangents) push_value(o, k.in_tangent);
            if (k.out_mode() & bezier_mode::kTangents) push_value(o, k.out_tangent);
          }
        }
      },
      c.keys);
  return o;
}

std::vector<uint32_t> encode_controller(const VectorController& c) { return encode_keys(c); }

std::vector<uint32_t> encode_controller(const QuatController& c) { return encode_keys(c); }

std::vector<uint32_t> encode_controller(const MorphController& c) { return c.raw; }

// CKObjectAnimation::Save
void write_object_animation(ChunkWriter& w, const ObjectAnimation& a, const ObjectAnimationLinks& l) {
  math::Vec3 root;
  if (a.keyed && a.keyed->root_animation == &a) {
    root = a.keyed->root_offset;
  } else if (a.app_vector) {
    root = *a.app_vector;
  }
  auto common_head = [&] {
    w.write_vector(root);
    for (int i = 0; i < 4; ++i) w.write_float(0.0f);
    w.write_dword(a.flags);
    w.write_object(l.entity);
  };
  auto merge = [&] {
    if (a.flags & object_animation_flag::kMerged) {
      w.write_float(a.merge_factor);
      w.write_object(l.merged_a);
      w.write_object(l.merged_b);
    }
  };
  if (l.shared_source != kNoObject) {
    w.write_identifier(animation_chunk::kShared);
    w.write_object(l.shared_source);
    common_head();
    merge();
    return;
  }
  w.write_identifier(animation_chunk::kControllers);
  common_head();
  w.write_float(a.keyframes.length);
  merge();
  auto emit = [&](uint32_t type, const std::vector<uint32_t>& block) {
    if (block.empty()) return;
    w.write_dword(type);
    w.write_dword(static_cast<uint32_t>(block.size()));
    for (uint32_t v : block) w.write_dword(v);
  };
  const KeyframeData& k = a.keyframes;
  if (k.position) emit(k.position->type, encode_controller(*k.position));
  if (k.rotation) emit(k.rotation->type, encode_controller(*k.rotation));
  if (k.scale) emit(k.scale->type, encode_controller(*k.scale));
  if (k.scale_axis) emit(k.scale_axis->type, encode_controller(*k.scale_axis));
  if (k.morph) emit(k.morph->type, encode_controller(*k.morph));
  w.write_dword(0);
}

// CKAnimation::Load (FUN_10047adc) + CKKeyedAnimation::Load (FUN_10049e10)
KeyedAnimationLinks read_keyed_animation(ChunkReader& r, KeyedAnimation& a) {
  KeyedAnimationLinks l;
  if (r.seek_identifier(animation_chunk::kAnimLength)) a.length = r.read_float();
  if (auto size = r.seek_identifier_size(animation_chunk::kAnimData)) {
    if (*size == 3) {
      // Older form: can be interrupted, linked to the frame rate, frame rate.
      bool can_break = r.read_int() != 0;
      bool linked = r.read_int() != 0;
      a.frame_rate = r.read_float();
      a.flags = (a.flags & ~(animation_flag::kLinkToFrameRate | animation_flag::kCanBeBreak)) |
                (linked ? animation_flag::kLinkToFrameRate : 0u) | (can_break ? animation_flag::kCanBeBreak : 0u);
    } else if (*size == 2) {
      a.flags = r.read_dword();
      a.frame_rate = r.read_float();
    }
  }
  if (r.seek_identifier(animation_chunk::kAnimBodyParts)) {
    (void)r.read_object_array();  // legacy body-part list, discarded
    l.root_entity = r.read_object();
  }
  if (r.seek_identifier(animation_chunk::kAnimCharacter)) l.character = r.read_object();
  if (r.seek_identifier(animation_chunk::kAnimStep)) a.step = r.read_float();
  if (r.seek_identifier(animation_chunk::kKeyedAnimList)) l.animations = r.read_object_array();
  if (r.seek_identifier(animation_chunk::kKeyedMerge)) {
    a.merged = r.read_int() != 0;
    a.merge_factor = r.read_float();
  }
  a.flags &= ~animation_flag::kSubAnimsSorted;
  return l;
}

// CKAnimation::Save + CKKeyedAnimation::Save (to a file)
void write_keyed_animation(ChunkWriter& w, const KeyedAnimation& a, const KeyedAnimationLinks& l) {
  w.write_identifier(animation_chunk::kAnimData);
  w.write_dword(a.flags);
  w.write_float(a.frame_rate);
  w.write_identifier(animation_chunk::kAnimLength);
  w.write_float(a.length);
  w.write_identifier(animation_chunk::kAnimBodyParts);
  w.write_dword(0);
  w.write_object(l.root_entity);
  w.write_identifier(animation_chunk::kAnimCharacter);
  w.write_object(l.character);
  w.write_identifier(animation_chunk::kAnimStep);
  w.write_float(a.step);
  w.write_identifier(animation_chunk::kKeyedAnimList);
  w.write_object_array(l.animations);
  w.write_identifier(animation_chunk::kKeyedMerge);
  w.write_int(a.merged ? 1 : 0);
  w.write_float(a.merge_factor);
}

}  // namespace retroanim::ck::io
