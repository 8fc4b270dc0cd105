// CKKeyedAnimation (class 18, derived from CKAnimation, class 16; spec 5.6): a
// group of object animations played together (Play Global Animation), with a
// root entity / root animation whose position gets the keyed animation's root
// offset.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ck/scene/entity.h"
#include "retroanim/ck/anim/playback_context.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ck {

class ObjectAnimation;

// CK_ANIMATION_FLAGS bits (CKAnimation, SDK CKEnums.h).
namespace animation_flag {
inline constexpr uint32_t kLinkToFrameRate = 0x01;    // CKANIMATION_LINKTOFRAMERATE
inline constexpr uint32_t kCanBeBreak = 0x04;         // CKANIMATION_CANBEBREAK
inline constexpr uint32_t kAllowTurn = 0x08;          // CKANIMATION_ALLOWTURN
inline constexpr uint32_t kAlignOrientation = 0x10;   // CKANIMATION_ALIGNORIENTATION
inline constexpr uint32_t kSubAnimsSorted = 0x40;     // CKANIMATION_SUBANIMSSORTED (cleared on load)
}  // namespace animation_flag

// CKKeyedAnimation with its CKAnimation part: what the file holds plus the
// links the scene resolves (non-owning pointers the owner keeps valid) and the
// current step (runtime state).
class KeyedAnimation {
 public:
  std::string name;
  ObjectId id = 0;

  // CKAnimation (load FUN_10047adc).
  ObjectId character_id = 0;               // +0x1c (chunk 0x100)
  float length = 100.0f;                   // +0x20 frames (chunk 0x40)
  float step = 0.0f;                       // +0x24 current step (chunk 0x200; runtime state)
  ObjectId root_entity_id = 0;             // +0x28 as saved (chunk 0x80)
  Entity3d* root_entity = nullptr;         // +0x28 resolved
  uint32_t flags = animation_flag::kLinkToFrameRate | animation_flag::kCanBeBreak;  // +0x2c
  float frame_rate = 30.0f;                // +0x30

  // CKKeyedAnimation (load FUN_10049e10).
  std::vector<ObjectId> animation_ids;     // +0x34 as saved (chunk 0x1000)
  std::vector<ObjectAnimation*> animations;  // +0x34 resolved, same order
  bool merged = false;                     // +0x3c (chunk 0x100000)
  float merge_factor = 0.0f;               // +0x40 (chunk 0x100000)
  ObjectAnimation* root_animation = nullptr;  // +0x44: the animation of the root entity
  math::Vec3 root_offset;                  // +0x48: added to the root animation's position

  // CKAnimation::GetCharacter != null: the character then updates the
  // matrices itself and SetStep skips LocalMatrixChanged (keyed +0x6c).
  bool has_character() const { return character_id != 0; }
};

// After loading (FUN_10049e10's tail, FUN_1004a2d0): links every resolved
// object animation to `keyed` (anim.keyed), moves an animation's app vector
// into keyed.root_offset (the last one wins, and the animation loses it), and
// finds the root animation: the animation whose entity is the root entity
// (GetAnimation(root entity)). Call once `animations` and `root_entity` are resolved.
void link_keyed_animation(KeyedAnimation& keyed);

// CKKeyedAnimation::SetStep (FUN_10048366): clamps the step to [0, 1] and
// stores it (the original's +0x24); without a root entity, finds one
// (FUN_100499c1: the first member's entity's topmost ancestor, or the one
// right under a character) and its root animation; unless flag
// SUBANIMSSORTED is set, reorders `animations` parents first (a stable sort
// by hierarchy depth, FUN_10048282) and sets the flag; then sets every object
// animation's step with this keyed animation as the caller, so the root
// animation gets the root offset and, without a character, each entity's
// world matrix is recomputed. With contexts, object animation i (in the
// order after the sort) samples through contexts[i] (those beyond
// contexts.size() without one; a context that served another member only
// loses its remembered segments: the same results).
void set_step(KeyedAnimation& keyed, float step, std::span<PlaybackContext> contexts = {});

// SetFrame: set_step(frame_time / length); a zero length sets step 0.
void set_frame(KeyedAnimation& keyed, float frame_time);

}  // namespace retroanim::ck
