// Animation hooks (client CAnimHook and its subclasses): events attached to an
// animation frame, handed to the object when playback crosses that frame in
// a matching direction. Plain data: the payload of each type as the client
// unpacks it (CAnimHook::UnPackHook 0x5271D0).
#pragma once

#include <cstdint>
#include <string_view>
#include <variant>

#include "retroanim/math/frame.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac {

// The hook type number stored in the dat (CAnimHook::GetType values).
enum class AnimationHookType : uint32_t {
  kNoOp = 0,
  kSound = 1,
  kSoundTable = 2,
  kAttack = 3,
  kAnimationDone = 4,
  kReplaceObject = 5,
  kEthereal = 6,
  kTransparentPart = 7,
  kLuminous = 8,
  kLuminousPart = 9,
  kDiffuse = 10,
  kDiffusePart = 11,
  kScale = 12,
  kCreateParticle = 13,
  kDestroyParticle = 14,
  kStopParticle = 15,
  kNoDraw = 16,
  kDefaultScript = 17,
  kDefaultScriptPart = 18,
  kCallPES = 19,
  kTransparent = 20,
  kSoundTweaked = 21,
  kSetOmega = 22,
  kTextureVelocity = 23,
  kTextureVelocityPart = 24,
  kSetLight = 25,
  kCreateBlockingParticle = 26,
};

// The name of a hook type ("Sound", "AnimationDone", ...), or "Unknown".
std::string_view hook_type_name(AnimationHookType type);

// The direction a hook fires in: the hook is handed over when the playback
// direction equals it, or always when it is Both (CSequence::execute_hooks).
// Unknown (-2) is what the client's hook constructors store before unpacking,
// and the direction of the sequence's own AnimationDone hook.
enum class AnimationHookDir : int32_t { kUnknown = -2, kBackward = -1, kBoth = 0, kForward = 1 };

// Payload of a hook with no data (NoOp, AnimationDone, DefaultScript).
struct NoHookData {
  friend bool operator==(const NoHookData&, const NoHookData&) = default;
};

// Sound (1): the sound's data id.
struct SoundHookData {
  uint32_t sound_id = 0;
  friend bool operator==(const SoundHookData&, const SoundHookData&) = default;
};

// SoundTable (2): the sound type played from the object's sound table.
struct SoundTableHookData {
  uint32_t sound_type = 0;
  friend bool operator==(const SoundTableHookData&, const SoundTableHookData&) = default;
};

// Attack (3): the attack cone (AttackCone::UnPack 0x527060).
struct AttackHookData {
  int32_t part_index = 0;
  float left_x = 0.0f, left_y = 0.0f;
  float right_x = 0.0f, right_y = 0.0f;
  float radius = 0.0f, height = 0.0f;
  friend bool operator==(const AttackHookData&, const AttackHookData&) = default;
};

// ReplaceObject (5): an AnimPartChange (part index, one byte in the dat; new part's data id).
struct ReplaceObjectHookData {
  uint32_t part_index = 0;
  uint32_t part_id = 0;
  friend bool operator==(const ReplaceObjectHookData&, const ReplaceObjectHookData&) = default;
};

// Ethereal (6), NoDraw (16), SetLight (25): one 32-bit switch.
struct SwitchHookData {
  int32_t value = 0;
  friend bool operator==(const SwitchHookData&, const SwitchHookData&) = default;
};

// Transparent (20), Luminous (8), Diffuse (10): a ramp from start to end over time seconds.
struct RampHookData {
  float start = 0.0f, end = 0.0f, time = 0.0f;
  friend bool operator==(const RampHookData&, const RampHookData&) = default;
};

// TransparentPart (7), LuminousPart (9), DiffusePart (11): a ramp on one part.
struct PartRampHookData {
  uint32_t part_index = 0;
  float start = 0.0f, end = 0.0f, time = 0.0f;
  friend bool operator==(const PartRampHookData&, const PartRampHookData&) = default;
};

// Scale (12): scale to `end` over `time` seconds.
struct ScaleHookData {
  float end = 0.0f, time = 0.0f;
  friend bool operator==(const ScaleHookData&, const ScaleHookData&) = default;
};

// CreateParticle (13) and CreateBlockingParticle (26, same payload; the client
// builds it on the CreateParticleHook layout and unpacks it the same way).
struct CreateParticleHookData {
  uint32_t emitter_info_id = 0;
  uint32_t part_index = 0;
  math::AFrame offset{};
  uint32_t emitter_id = 0;
  friend bool operator==(const CreateParticleHookData&, const CreateParticleHookData&) = default;
};

// DestroyParticle (14), StopParticle (15): the emitter id.
struct EmitterHookData {
  uint32_t emitter_id = 0;
  friend bool operator==(const EmitterHookData&, const EmitterHookData&) = default;
};

// DefaultScriptPart (18): the part index.
struct PartIndexHookData {
  uint32_t part_index = 0;
  friend bool operator==(const PartIndexHookData&, const PartIndexHookData&) = default;
};

// CallPES (19): a physics script id and a pause in seconds.
struct CallPESHookData {
  uint32_t pes_id = 0;
  float pause = 0.0f;
  friend bool operator==(const CallPESHookData&, const CallPESHookData&) = default;
};

// SoundTweaked (21): sound id, then probability, priority, volume (dat order).
struct SoundTweakedHookData {
  uint32_t sound_id = 0;
  float probability = 0.0f, priority = 0.0f, volume = 0.0f;
  friend bool operator==(const SoundTweakedHookData&, const SoundTweakedHookData&) = default;
};

// SetOmega (22): the new angular velocity.
struct SetOmegaHookData {
  math::Vec3 axis{};
  friend bool operator==(const SetOmegaHookData&, const SetOmegaHookData&) = default;
};

// TextureVelocity (23): texture scroll speeds.
struct TextureVelocityHookData {
  float u_speed = 0.0f, v_speed = 0.0f;
  friend bool operator==(const TextureVelocityHookData&, const TextureVelocityHookData&) = default;
};

// TextureVelocityPart (24): texture scroll speeds on one part.
struct TextureVelocityPartHookData {
  uint32_t part_index = 0;
  float u_speed = 0.0f, v_speed = 0.0f;
  friend bool operator==(const TextureVelocityPartHookData&, const TextureVelocityPartHookData&) = default;
};

// The payload of any hook type.
using AnimationHookData =
    std::variant<NoHookData, SoundHookData, SoundTableHookData, AttackHookData, ReplaceObjectHookData,
                 SwitchHookData, RampHookData, PartRampHookData, ScaleHookData, CreateParticleHookData,
                 EmitterHookData, PartIndexHookData, CallPESHookData, SoundTweakedHookData, SetOmegaHookData,
                 TextureVelocityHookData, TextureVelocityPartHookData>;

// One hook: its type, the direction it fires in, its payload, and a tag the
// creator may use freely (the scenario runner keeps the index of the hook's
// JSON there; the runtime never reads it).
struct AnimationHook {
  AnimationHookType type = AnimationHookType::kNoOp;
  AnimationHookDir direction = AnimationHookDir::kBoth;
  AnimationHookData data{};
  uint32_t tag = 0;
};

// The AnimationDone hook the sequence hands to the object when it leaves a
// link animation (the client's static anim_done_hook: type 4, direction -2 =
// Unknown, as its static initialiser stores; it is handed over directly, not
// through the direction filter).
const AnimationHook& anim_done_hook();

// Receives the hooks a sequence hands over (the client's CPhysicsObj::add_anim_hook).
class AnimHookSink {
 public:
  virtual ~AnimHookSink() = default;
  // Queues one hook; the pointer stays valid while its animation is alive.
  virtual void add_anim_hook(const AnimationHook& hook) = 0;
};

}  // namespace retroanim::ac
