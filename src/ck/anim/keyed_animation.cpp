#include "retroanim/ck/anim/keyed_animation.h"

#include <utility>
#include <vector>

#include "retroanim/ck/anim/object_animation.h"

namespace retroanim::ck {

// CKKeyedAnimation::Load tail (FUN_10049e10) with FUN_1004a2d0, and
// GetAnimation(root entity) for the root animation.
void link_keyed_animation(KeyedAnimation& keyed) {
  keyed.flags &= ~animation_flag::kSubAnimsSorted;
  for (ObjectAnimation* anim : keyed.animations) {
    if (!anim) continue;
    anim->keyed = &keyed;
    if (anim->app_vector) {
      keyed.root_offset = *anim->app_vector;
      anim->app_vector.reset();
    }
  }
  keyed.root_animation = nullptr;
  if (keyed.root_entity) {
    for (ObjectAnimation* anim : keyed.animations) {
      if (anim && anim->entity == keyed.root_entity) {
        keyed.root_animation = anim;
        break;
      }
    }
  }
}

namespace {

// CKCID_CHARACTER: a parent of this class ends the root search.
constexpr uint32_t kCharacterClassId = 40;

// Hierarchies deeper than this (only a broken scene could have one: the
// entity links refuse cycles) count as this deep.
constexpr size_t kMaxDepth = 4096;

// The number of ancestors of `e` (0 for no entity or a root).
size_t hierarchy_depth(const Entity3d* e) {
  size_t d = 0;
  for (const Entity3d* p = e ? e->parent() : nullptr; p && d < kMaxDepth; p = p->parent()) ++d;
  return d;
}

// FUN_100499c1 (CKRenderEngine's UpdateRootEntity): from the first member's
// entity up its ancestors to the first one whose parent is a character (class
// 40) or the keyed animation's own character, or has no parent: that entity
// is the root. The root animation is then looked up again (GetAnimation).
void update_root_entity(KeyedAnimation& keyed) {
  keyed.root_entity = nullptr;
  keyed.root_animation = nullptr;
  if (keyed.animations.empty() || !keyed.animations[0]) return;
  Entity3d* e = keyed.animations[0]->entity;
  for (size_t steps = 0; e && steps <= kMaxDepth; ++steps) {
    Entity3d* parent = e->parent();
    const bool character_parent =
        parent && (parent->class_id == kCharacterClassId || (keyed.has_character() && parent->id == keyed.character_id));
    if (character_parent || (!parent && !keyed.has_character())) {
      keyed.root_entity = e;
      break;
    }
    e = parent;
  }
  for (ObjectAnimation* anim : keyed.animations) {
    if (anim && keyed.root_entity && anim->entity == keyed.root_entity) {
      keyed.root_animation = anim;
      break;
    }
  }
}

// FUN_10048282: the members ordered parents first (a stable sort by the
// depth of their entities; members without an animation or entity keep
// their place relative to their neighbours as openballance's insertion sort
// leaves them).
void sort_animations(KeyedAnimation& keyed) {
  std::vector<ObjectAnimation*>& v = keyed.animations;
  for (size_t i = 1; i < v.size(); ++i) {
    for (size_t j = i; j > 0; --j) {
      ObjectAnimation* a = v[j - 1];
      ObjectAnimation* b = v[j];
      if (!a || !b || hierarchy_depth(a->entity) <= hierarchy_depth(b->entity)) break;
      std::swap(v[j - 1], v[j]);
    }
  }
}

}  // namespace

// CKKeyedAnimation::SetStep (vtable +0x64, FUN_10048366, openballance's
// reading): the step clamped to [0, 1]; without a root entity, the root found
// (FUN_100499c1); the members sorted parents first once (FUN_10048282, flag
// SUBANIMSSORTED); then every member's SetStep(step, keyed).
void set_step(KeyedAnimation& keyed, float step, std::span<PlaybackContext> contexts) {
  if (step > 1.0f) step = 1.0f;
  if (step < 0.0f) step = 0.0f;
  if (!keyed.root_entity) update_root_entity(keyed);
  if (!(keyed.flags & animation_flag::kSubAnimsSorted)) {
    sort_animations(keyed);
    keyed.flags |= animation_flag::kSubAnimsSorted;
  }
  keyed.step = step;  // the original's current step (+0x24): state of the keyed animation, as there
  for (size_t i = 0; i < keyed.animations.size(); ++i) {
    if (ObjectAnimation* anim = keyed.animations[i])
      set_step(*anim, step, SetStepCaller{&keyed, false}, i < contexts.size() ? &contexts[i] : nullptr);
  }
}

// CKKeyedAnimation::SetFrame
void set_frame(KeyedAnimation& keyed, float frame_time) {
  set_step(keyed, keyed.length == 0.0f ? 0.0f : frame_time / keyed.length);
}

}  // namespace retroanim::ck
