// Animation (0x03) unpack/pack: CAnimation::UnPack (0x51FB50), AnimFrame::UnPack
// (0x51F8E0), AFrame::UnPack (0x5A9FB0), CAnimHook::UnPackHook (0x5271D0) and each hook's UnPack,
// AnimPartChange::UnPack (0x5ADA10) with Unpack_AsDataIDOfKnownType.
#include "retroanim/ac/io/animation_io.h"

#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "retroanim/error.h"

namespace retroanim::ac::io {

namespace {

[[noreturn]] void pack_fail(const std::string& object, const std::string& what) {
  throw Error(describe_error("", object, std::nullopt, what));
}

// The packed size of an AFrame: origin (3 floats) and rotation (4).
constexpr size_t kAFrameBytes = 28;

}  // namespace

namespace {

// AFrame::UnPack (0x5A9FB0) near the end of the bytes: field by field, so that
// a short read names the field (out of line: only the last frames take it).
[[gnu::noinline, gnu::cold]] math::AFrame read_aframe_fields(ByteReader& r) {
  math::AFrame f;
  f.origin = read_vec3(r, "frame origin");
  f.qw = r.f32("frame rotation");
  f.qx = r.f32("frame rotation");
  f.qy = r.f32("frame rotation");
  f.qz = r.f32("frame rotation");
  return f;
}

// AFrame::UnPack (0x5A9FB0): origin, then w, x, y, z. Always inlined into the
// frame loops: as a call, its 28-byte result went through memory and was
// copied again (bench_dat's unpack 1.03-1.30x slower than before the one
// byte reader, with half the instructions).
[[gnu::always_inline]] inline math::AFrame read_aframe(ByteReader& r) {
  if (r.remaining() < kAFrameBytes) [[unlikely]] return read_aframe_fields(r);
  // The whole frame is there: one check for its seven floats.
  const uint8_t* p = r.bytes(kAFrameBytes, "frame").data();
  auto at = [p](int i) { return retroanim::io::bits_float(retroanim::io::load_u32_le(p + 4 * i)); };
  math::AFrame f;
  f.origin = {at(0), at(1), at(2)};
  f.qw = at(3);
  f.qx = at(4);
  f.qy = at(5);
  f.qz = at(6);
  return f;
}

}  // namespace

// AFrame::UnPack (0x5A9FB0): origin, then w, x, y, z.
math::AFrame unpack_aframe(ByteReader& r) { return read_aframe(r); }

void pack_aframe(ByteWriter& w, const math::AFrame& f) {
  write_vec3(w, f.origin);
  w.f32(f.qw);
  w.f32(f.qx);
  w.f32(f.qy);
  w.f32(f.qz);
}

// Unpack_AsDataIDOfKnownType (0x6844F0).
uint32_t unpack_packed_id(ByteReader& r, uint32_t first_id, const char* what) {
  const uint16_t a = r.u16(what);
  if ((a & 0x8000u) == 0) return first_id + a;
  const uint16_t b = r.u16(what);
  return first_id + (static_cast<uint32_t>(b) | ((static_cast<uint32_t>(a) & 0x3FFFu) << 16));
}

// Pack_AsDataIDOfKnownType (0x684480).
void pack_packed_id(ByteWriter& w, uint32_t id, uint32_t first_id) {
  const uint32_t v = (id == 0 ? first_id : id) - first_id;
  if (v > 0x3FFFu) {
    if (v > 0x3FFFFFFFu) pack_fail("packed id", "id " + std::to_string(id) + " is beyond the packed range");
    w.u16(static_cast<uint16_t>((v >> 16) | 0x8000u));
    w.u16(static_cast<uint16_t>(v));
  } else {
    w.u16(static_cast<uint16_t>(v));
  }
}

// CAnimHook::UnPackHook (0x5271D0). The client reads the type and the direction, then switches
// on the type; type 4 (AnimationDone) and every type above 26 (and, as a signed int, below 0)
// have no case: it creates no hook, reads no payload (it has no way to know its size), aligns
// the stream (PackObj::ALIGN_PTR) and returns NULL, which AnimFrame::UnPack's add_to_list drops.
std::optional<AnimationHook> unpack_hook(ByteReader& r) {
  AnimationHook h;
  const uint32_t type = r.u32("hook type");
  h.direction = static_cast<AnimationHookDir>(r.i32("hook direction"));
  if (type > static_cast<uint32_t>(AnimationHookType::kCreateBlockingParticle) ||
      type == static_cast<uint32_t>(AnimationHookType::kAnimationDone)) {
    r.align4("hook padding");  // PackObj::ALIGN_PTR (0x4FFAF0)
    return std::nullopt;
  }
  h.type = static_cast<AnimationHookType>(type);
  switch (h.type) {
    case AnimationHookType::kAnimationDone:  // no dat form (above)
    case AnimationHookType::kNoOp:
    case AnimationHookType::kDefaultScript:
      h.data = NoHookData{};
      break;
    case AnimationHookType::kSound:  // SoundHook::UnPack
      h.data = SoundHookData{r.u32("sound id")};
      break;
    case AnimationHookType::kSoundTable:  // SoundTableHook::UnPack
      h.data = SoundTableHookData{r.u32("sound type")};
      break;
    case AnimationHookType::kAttack: {  // AttackCone::UnPack
      AttackHookData d;
      d.part_index = r.i32("attack part index");
      d.left_x = r.f32("attack cone");
      d.left_y = r.f32("attack cone");
      d.right_x = r.f32("attack cone");
      d.right_y = r.f32("attack cone");
      d.radius = r.f32("attack cone");
      d.height = r.f32("attack cone");
      h.data = d;
      break;
    }
    case AnimationHookType::kReplaceObject: {  // AnimPartChange::UnPack: 1-byte part index, packed GfxObj id
      ReplaceObjectHookData d;
      d.part_index = r.u8("replace part index");
      d.part_id = unpack_packed_id(r, 0x01000000u, "replace part id");
      h.data = d;
      break;
    }
    case AnimationHookType::kEthereal:
    case AnimationHookType::kNoDraw:
    case AnimationHookType::kSetLight:
      h.data = SwitchHookData{r.i32("hook switch")};
      break;
    case AnimationHookType::kLuminous:
    case AnimationHookType::kDiffuse:
    case AnimationHookType::kTransparent: {
      RampHookData d;
      d.start = r.f32("hook start");
      d.end = r.f32("hook end");
      d.time = r.f32("hook time");
      h.data = d;
      break;
    }
    case AnimationHookType::kTransparentPart:
    case AnimationHookType::kLuminousPart:
    case AnimationHookType::kDiffusePart: {
      PartRampHookData d;
      d.part_index = r.u32("hook part index");
      d.start = r.f32("hook start");
      d.end = r.f32("hook end");
      d.time = r.f32("hook time");
      h.data = d;
      break;
    }
    case AnimationHookType::kScale: {
      ScaleHookData d;
      d.end = r.f32("scale end");
      d.time = r.f32("scale time");
      h.data = d;
      break;
    }
    case AnimationHookType::kCreateParticle:
    case AnimationHookType::kCreateBlockingParticle: {  // CreateParticleHook::UnPack
      CreateParticleHookData d;
      d.emitter_info_id = r.u32("emitter info id");
      d.part_index = r.u32("particle part index");
      d.offset = unpack_aframe(r);
      d.emitter_id = r.u32("emitter id");
      h.data = d;
      break;
    }
    case AnimationHookType::kDestroyParticle:
    case AnimationHookType::kStopParticle:
      h.data = EmitterHookData{r.u32("emitter id")};
      break;
    case AnimationHookType::kDefaultScriptPart:
      h.data = PartIndexHookData{r.u32("script part index")};
      break;
    case AnimationHookType::kCallPES: {  // CallPESHook::UnPack
      CallPESHookData d;
      d.pes_id = r.u32("PES id");
      d.pause = r.f32("PES pause");
      h.data = d;
      break;
    }
    case AnimationHookType::kSoundTweaked: {  // SoundTweakedHook::UnPack: id, prob, prio, vol
      SoundTweakedHookData d;
      d.sound_id = r.u32("sound id");
      d.probability = r.f32("sound probability");
      d.priority = r.f32("sound priority");
      d.volume = r.f32("sound volume");
      h.data = d;
      break;
    }
    case AnimationHookType::kSetOmega:
      h.data = SetOmegaHookData{read_vec3(r, "omega axis")};
      break;
    case AnimationHookType::kTextureVelocity: {
      TextureVelocityHookData d;
      d.u_speed = r.f32("texture u speed");
      d.v_speed = r.f32("texture v speed");
      h.data = d;
      break;
    }
    case AnimationHookType::kTextureVelocityPart: {
      TextureVelocityPartHookData d;
      d.part_index = r.u32("texture part index");
      d.u_speed = r.f32("texture u speed");
      d.v_speed = r.f32("texture v speed");
      h.data = d;
      break;
    }
  }
  r.align4("hook padding");  // PackObj::ALIGN_PTR (0x4FFAF0)
  return h;
}

namespace {

template <typename T>
const T& payload(const AnimationHook& h) {
  const T* p = std::get_if<T>(&h.data);
  if (!p) {
    pack_fail("hook", std::string("payload does not match hook type ") + std::string(hook_type_name(h.type)));
  }
  return *p;
}

}  // namespace

void pack_hook(ByteWriter& w, const AnimationHook& h) {
  w.u32(static_cast<uint32_t>(h.type));
  w.i32(static_cast<int32_t>(h.direction));
  switch (h.type) {
    case AnimationHookType::kNoOp:
    case AnimationHookType::kAnimationDone:
    case AnimationHookType::kDefaultScript:
      break;
    case AnimationHookType::kSound:
      w.u32(payload<SoundHookData>(h).sound_id);
      break;
    case AnimationHookType::kSoundTable:
      w.u32(payload<SoundTableHookData>(h).sound_type);
      break;
    case AnimationHookType::kAttack: {
      const auto& d = payload<AttackHookData>(h);
      w.i32(d.part_index);
      w.f32(d.left_x);
      w.f32(d.left_y);
      w.f32(d.right_x);
      w.f32(d.right_y);
      w.f32(d.radius);
      w.f32(d.height);
      break;
    }
    case AnimationHookType::kReplaceObject: {
      const auto& d = payload<ReplaceObjectHookData>(h);
      if (d.part_index > 0xFF) pack_fail("ReplaceObject hook", "part index above 255 does not fit its byte");
      w.u8(static_cast<uint8_t>(d.part_index));
      pack_packed_id(w, d.part_id, 0x01000000u);
      break;
    }
    case AnimationHookType::kEthereal:
    case AnimationHookType::kNoDraw:
    case AnimationHookType::kSetLight:
      w.i32(payload<SwitchHookData>(h).value);
      break;
    case AnimationHookType::kLuminous:
    case AnimationHookType::kDiffuse:
    case AnimationHookType::kTransparent: {
      const auto& d = payload<RampHookData>(h);
      w.f32(d.start);
      w.f32(d.end);
      w.f32(d.time);
      break;
    }
    case AnimationHookType::kTransparentPart:
    case AnimationHookType::kLuminousPart:
    case AnimationHookType::kDiffusePart: {
      const auto& d = payload<PartRampHookData>(h);
      w.u32(d.part_index);
      w.f32(d.start);
      w.f32(d.end);
      w.f32(d.time);
      break;
    }
    case AnimationHookType::kScale: {
      const auto& d = payload<ScaleHookData>(h);
      w.f32(d.end);
      w.f32(d.time);
      break;
    }
    case AnimationHookType::kCreateParticle:
    case AnimationHookType::kCreateBlockingParticle: {
      const auto& d = payload<CreateParticleHookData>(h);
      w.u32(d.emitter_info_id);
      w.u32(d.part_index);
      pack_aframe(w, d.offset);
      w.u32(d.emitter_id);
      break;
    }
    case AnimationHookType::kDestroyParticle:
    case AnimationHookType::kStopParticle:
      w.u32(payload<EmitterHookData>(h).emitter_id);
      break;
    case AnimationHookType::kDefaultScriptPart:
      w.u32(payload<PartIndexHookData>(h).part_index);
      break;
    case AnimationHookType::kCallPES: {
      const auto& d = payload<CallPESHookData>(h);
      w.u32(d.pes_id);
      w.f32(d.pause);
      break;
    }
    case AnimationHookType::kSoundTweaked: {
      const auto& d = payload<SoundTweakedHookData>(h);
      w.u32(d.sound_id);
      w.f32(d.probability);
      w.f32(d.priority);
      w.f32(d.volume);
      break;
    }
    case AnimationHookType::kSetOmega:
      write_vec3(w, payload<SetOmegaHookData>(h).axis);
      break;
    case AnimationHookType::kTextureVelocity: {
      const auto& d = payload<TextureVelocityHookData>(h);
      w.f32(d.u_speed);
      w.f32(d.v_speed);
      break;
    }
    case AnimationHookType::kTextureVelocityPart: {
      const auto& d = payload<TextureVelocityPartHookData>(h);
      w.u32(d.part_index);
      w.f32(d.u_speed);
      w.f32(d.v_speed);
      break;
    }
    default:
      // A type the client has no unpack case for: only its header can be written (a payload's
      // size would be unknown to any reader), so tests can build the dats the client drops.
      if (!std::holds_alternative<NoHookData>(h.data)) {
        pack_fail("hook", "unknown hook type " + std::to_string(static_cast<uint32_t>(h.type)) +
                              " can only be written without a payload");
      }
      break;
  }
  w.align4();
}

// AnimFrame::UnPack (0x51F8E0).
AnimationFrame unpack_anim_frame(ByteReader& r, uint32_t num_parts) {
  AnimationFrame f;
  r.need_items(num_parts, kAFrameBytes, "part frame");
  f.parts.reserve(num_parts);
  for (uint32_t i = 0; i < num_parts; ++i) f.parts.push_back(read_aframe(r));
  const uint32_t num_hooks = r.u32("hook count");
  r.need_items(num_hooks, 8, "hook");
  f.hooks.reserve(num_hooks);
  for (uint32_t i = 0; i < num_hooks; ++i) {
    std::optional<AnimationHook> h = unpack_hook(r);
    if (h) f.hooks.push_back(std::move(*h));  // CAnimHook::add_to_list (0x526940) of NULL adds nothing
  }
  return f;
}

void pack_anim_frame(ByteWriter& w, const AnimationFrame& frame, uint32_t num_parts) {
  if (frame.parts.size() != num_parts) {
    pack_fail("anim frame", "has " + std::to_string(frame.parts.size()) + " part frames, expected " +
                                std::to_string(num_parts));
  }
  for (const auto& p : frame.parts) pack_aframe(w, p);
  w.u32(static_cast<uint32_t>(frame.hooks.size()));
  for (const auto& h : frame.hooks) pack_hook(w, h);
}

// CAnimation::UnPack (0x51FB50), after the DBObj id.
Animation unpack_animation(std::span<const uint8_t> bytes, const std::string& file, const std::string& object,
                           size_t* consumed) {
  ByteReader r(bytes, file, object);
  Animation a;
  a.id = r.u32("id");
  a.flags = r.u32("flags");
  a.num_parts = r.u32("part count");
  const uint32_t num_frames = r.u32("frame count");
  if ((a.flags & animation_flag::kHasPosFrames) != 0) {
    r.need_items(num_frames, kAFrameBytes, "pos frame");
    a.pos_frames.reserve(num_frames);
    for (uint32_t i = 0; i < num_frames; ++i) a.pos_frames.push_back(read_aframe(r));
  }
  // Each frame holds at least its part frames and a hook count.
  r.need_items(num_frames, static_cast<size_t>(a.num_parts) * kAFrameBytes + 4, "part frame");
  a.part_frames.reserve(num_frames);
  for (uint32_t i = 0; i < num_frames; ++i) a.part_frames.push_back(unpack_anim_frame(r, a.num_parts));
  if (consumed) *consumed = r.offset();
  fill_part_columns(a);
  return a;
}

std::vector<uint8_t> pack_animation(const Animation& a) {
  const bool pos = (a.flags & animation_flag::kHasPosFrames) != 0;
  if (pos && a.pos_frames.size() != a.part_frames.size()) {
    pack_fail("Animation", "flag 1 needs one pos frame per frame");
  }
  if (!pos && !a.pos_frames.empty()) pack_fail("Animation", "pos frames present without flag 1");
  ByteWriter w;
  w.u32(a.id);
  w.u32(a.flags);
  w.u32(a.num_parts);
  w.u32(static_cast<uint32_t>(a.part_frames.size()));
  if (pos) {
    for (const auto& f : a.pos_frames) pack_aframe(w, f);
  }
  for (const auto& f : a.part_frames) pack_anim_frame(w, f, a.num_parts);
  return w.take();
}

}  // namespace retroanim::ac::io
