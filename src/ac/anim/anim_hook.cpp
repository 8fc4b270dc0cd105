// Animation hook names and the sequence's AnimationDone hook.
#include "retroanim/ac/anim/anim_hook.h"

namespace retroanim::ac {

std::string_view hook_type_name(AnimationHookType type) {
  switch (type) {
    case AnimationHookType::kNoOp: return "NoOp";
    case AnimationHookType::kSound: return "Sound";
    case AnimationHookType::kSoundTable: return "SoundTable";
    case AnimationHookType::kAttack: return "Attack";
    case AnimationHookType::kAnimationDone: return "AnimationDone";
    case AnimationHookType::kReplaceObject: return "ReplaceObject";
    case AnimationHookType::kEthereal: return "Ethereal";
    case AnimationHookType::kTransparentPart: return "TransparentPart";
    case AnimationHookType::kLuminous: return "Luminous";
    case AnimationHookType::kLuminousPart: return "LuminousPart";
    case AnimationHookType::kDiffuse: return "Diffuse";
    case AnimationHookType::kDiffusePart: return "DiffusePart";
    case AnimationHookType::kScale: return "Scale";
    case AnimationHookType::kCreateParticle: return "CreateParticle";
    case AnimationHookType::kDestroyParticle: return "DestroyParticle";
    case AnimationHookType::kStopParticle: return "StopParticle";
    case AnimationHookType::kNoDraw: return "NoDraw";
    case AnimationHookType::kDefaultScript: return "DefaultScript";
    case AnimationHookType::kDefaultScriptPart: return "DefaultScriptPart";
    case AnimationHookType::kCallPES: return "CallPES";
    case AnimationHookType::kTransparent: return "Transparent";
    case AnimationHookType::kSoundTweaked: return "SoundTweaked";
    case AnimationHookType::kSetOmega: return "SetOmega";
    case AnimationHookType::kTextureVelocity: return "TextureVelocity";
    case AnimationHookType::kTextureVelocityPart: return "TextureVelocityPart";
    case AnimationHookType::kSetLight: return "SetLight";
    case AnimationHookType::kCreateBlockingParticle: return "CreateBlockingParticle";
  }
  return "Unknown";
}

// anim_done_hook (static AnimDoneHook in CSequence's module: { vftable, next NULL, direction 4294967294 = -2 })
const AnimationHook& anim_done_hook() {
  static const AnimationHook hook{AnimationHookType::kAnimationDone, AnimationHookDir::kUnknown, NoHookData{}, 0};
  return hook;
}

}  // namespace retroanim::ac
