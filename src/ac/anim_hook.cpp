// Animation hook names and the sequence's AnimationDone hook.
#include "retroanim/ac/anim_hook.h"

namespace retroanim::ac {

std::string_view hook_type_name(AnimationHookType type) {
  switch (type) {
    case AnimationHookType::NoOp: return "NoOp";
    case AnimationHookType::Sound: return "Sound";
    case AnimationHookType::SoundTable: return "SoundTable";
    case AnimationHookType::Attack: return "Attack";
    case AnimationHookType::AnimationDone: return "AnimationDone";
    case AnimationHookType::ReplaceObject: return "ReplaceObject";
    case AnimationHookType::Ethereal: return "Ethereal";
    case AnimationHookType::TransparentPart: return "TransparentPart";
    case AnimationHookType::Luminous: return "Luminous";
    case AnimationHookType::LuminousPart: return "LuminousPart";
    case AnimationHookType::Diffuse: return "Diffuse";
    case AnimationHookType::DiffusePart: return "DiffusePart";
    case AnimationHookType::Scale: return "Scale";
    case AnimationHookType::CreateParticle: return "CreateParticle";
    case AnimationHookType::DestroyParticle: return "DestroyParticle";
    case AnimationHookType::StopParticle: return "StopParticle";
    case AnimationHookType::NoDraw: return "NoDraw";
    case AnimationHookType::DefaultScript: return "DefaultScript";
    case AnimationHookType::DefaultScriptPart: return "DefaultScriptPart";
    case AnimationHookType::CallPES: return "CallPES";
    case AnimationHookType::Transparent: return "Transparent";
    case AnimationHookType::SoundTweaked: return "SoundTweaked";
    case AnimationHookType::SetOmega: return "SetOmega";
    case AnimationHookType::TextureVelocity: return "TextureVelocity";
    case AnimationHookType::TextureVelocityPart: return "TextureVelocityPart";
    case AnimationHookType::SetLight: return "SetLight";
    case AnimationHookType::CreateBlockingParticle: return "CreateBlockingParticle";
  }
  return "Unknown";
}

// anim_done_hook (static AnimDoneHook in CSequence's module: { vftable, next NULL, direction 4294967294 = -2 })
const AnimationHook& anim_done_hook() {
  static const AnimationHook hook{AnimationHookType::AnimationDone, AnimationHookDir::Unknown, NoHookData{}, 0};
  return hook;
}

}  // namespace retroanim::ac
