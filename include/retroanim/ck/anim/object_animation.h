// CKObjectAnimation (class 15, spec 5.1-5.4): the keyframe data that moves one
// 3D entity, its flags, merge settings and links; the Evaluate* functions
// (pure: they read the animation and return a value) and SetStep (which, as
// the original, stores the step in the animation, writes the entity's local
// matrix and lets the hierarchy recompute world matrices). The keys are only
// read while sampling; a caller's playback state lives in a PlaybackContext.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/ck/anim/controllers.h"
#include "retroanim/ck/scene/entity.h"
#include "retroanim/ck/anim/playback_context.h"
#include "retroanim/math/matrix.h"

namespace retroanim::ck {

class KeyedAnimation;

// CK_OBJECTANIMATION_FLAGS (CKEnums.h of the SDK; 4, 8 and 0x80 verified by spec 5.1).
namespace object_animation_flag {
inline constexpr uint32_t kIgnorePosition = 0x04;   // CK_OBJECTANIMATION_IGNOREPOS
inline constexpr uint32_t kIgnoreRotation = 0x08;   // CK_OBJECTANIMATION_IGNOREROT
inline constexpr uint32_t kIgnoreScale = 0x10;      // CK_OBJECTANIMATION_IGNORESCALE
inline constexpr uint32_t kIgnoreMorph = 0x20;      // CK_OBJECTANIMATION_IGNOREMORPH
inline constexpr uint32_t kIgnoreScaleAxis = 0x40;  // CK_OBJECTANIMATION_IGNORESCALEROT (shear)
inline constexpr uint32_t kMerged = 0x80;           // CK_OBJECTANIMATION_MERGED
inline constexpr uint32_t kWarper = 0x40000000;     // CK_OBJECTANIMATION_WARPER (transitions)
}  // namespace object_animation_flag

// CKObjectAnimation: what the file holds (keyframe data, flags, entity, merge
// settings, the 0x4000000 chunk's vector) plus the links the scene resolves
// (entity, merged animations, parent keyed animation; non-owning pointers that
// the owner keeps valid) and the current step (runtime state, written by SetStep).
class ObjectAnimation {
 public:
  std::string name;
  ObjectId id = 0;

  KeyframeData keyframes;                  // +0x1c (length in keyframes.length, frames)
  uint32_t flags = 0;                      // +0x20, object_animation_flag
  ObjectId entity_id = 0;                  // +0x24 as saved
  Entity3d* entity = nullptr;              // +0x24 resolved
  float merge_factor = 0.0f;               // +0x2c, saved only when flags & kMerged
  ObjectId merged_a_id = 0;                // +0x30 as saved (merged animations only)
  ObjectId merged_b_id = 0;                // +0x34 as saved
  const ObjectAnimation* merged_a = nullptr;  // +0x30 resolved
  const ObjectAnimation* merged_b = nullptr;  // +0x34 resolved
  // The 3 floats opening the 0x4000000 / 0x2000000 chunk: kept as app data
  // when nonzero; a keyed animation takes it over as its root offset (+0x48).
  std::optional<math::Vec3> app_vector;
  ObjectId shared_source_id = 0;           // 0x2000000 only: ShareDataFrom source
  KeyedAnimation* keyed = nullptr;         // +0x3c parent keyed animation (FUN_1004a2d0)

  float step = 0.0f;                       // +0x28 current step (runtime state)

  // GetLength: the length in frames (the keyframe data's).
  float length() const { return keyframes.length; }
};

// EvaluatePosition (+0x6c, FUN_10056d02): with kIgnorePosition, out = 0 and
// false. Not merged: the position controller's value at `time` (frames) (false without
// a controller or keys). Merged: anim A at factor 0, anim B at factor 1,
// otherwise A and B blended by the merge factor at the same relative time.
bool evaluate_position(const ObjectAnimation& anim, float time, math::Vec3& out);

// EvaluateScale (+0x70, FUN_100571a0): as evaluate_position, for the scale
// controller and kIgnoreScale.
bool evaluate_scale(const ObjectAnimation& anim, float time, math::Vec3& out);

// EvaluateRotation (+0x74, FUN_10056f38): as evaluate_position, for the
// rotation controller and kIgnoreRotation (a merged blend uses Slerp).
bool evaluate_rotation(const ObjectAnimation& anim, float time, math::Quat& out);

// EvaluateScaleAxis (+0x78, FUN_10057333): as evaluate_rotation, for the
// scale-axis controller and kIgnoreScaleAxis.
bool evaluate_scale_axis(const ObjectAnimation& anim, float time, math::Quat& out);

// Which of its three ways SetStep went. Not a retroanim::Status: two of the
// three are successes the caller tells apart (written, or skipped because the
// entity is driven); only kNoEntity is the original's failure
// (CKERR_NOTINITIALIZED), and the C API maps it to its own code.
enum class SetStepOutcome {
  kApplied,        // the local matrix was written (or nothing was animated)
  kNoEntity,       // no entity: error CKERR_NOTINITIALIZED, nothing written
  kEntityDriven,   // the entity has kAnimationDriven and no force: nothing written
};

// How SetStep was called: by a caller (nullptr keyed), by a keyed animation
// (keyed set), or with the "-1" force sentinel (force = true) that skips the
// driven-entity check.
struct SetStepCaller {
  const KeyedAnimation* keyed = nullptr;
  bool force = false;
};

// The bits of AnimationSample::present, as SetStep numbers the components.
namespace sample_bit {
inline constexpr uint32_t kScale = 1;
inline constexpr uint32_t kScaleAxis = 2;
inline constexpr uint32_t kPosition = 4;
inline constexpr uint32_t kRotation = 8;
// Position, rotation and scale: SetStep then takes nothing from the current matrix.
inline constexpr uint32_t kPositionRotationScale = kPosition | kRotation | kScale;
}  // namespace sample_bit

// The transform components evaluated at one time: which ones were present
// (sample_bit) and their values.
struct AnimationSample {
  uint32_t present = 0;  // sample_bit
  math::Vec3 position;
  math::Vec3 scale{1.0f, 1.0f, 1.0f};
  math::Quat rotation;
  math::Quat scale_axis;
};

// SetStep steps 3-4: evaluates the four components at `time` (frames), and
// adds the parent keyed animation's root offset when this is its root
// animation. With a context, the segment searches use and update it
// (bit-identical results; merged animations' sources do not use it).
AnimationSample sample_animation(const ObjectAnimation& anim, float time, PlaybackContext* context = nullptr);
// The rotation component of sample_animation alone (the same value, bit for
// bit; false when the animation has none): for callers that need only it.
bool sample_rotation(const ObjectAnimation& anim, float time, math::Quat& out, PlaybackContext* context = nullptr);

// SetStep step 5: the entity's new local matrix from a sample and the current
// local matrix (missing components are taken from it, FUN_1005695c). Returns
// nullopt when nothing was evaluated (the local matrix is left alone).
std::optional<math::Matrix> animated_local_matrix(const AnimationSample& sample,
                                                  const math::Matrix& current_local);

// SetStep (slot +0xe4, FUN_100578ca, spec 5.4 steps 1-6): anim.step = `step`
// (the original's +0x28), time = step * length; evaluates, composes the
// entity's local matrix and, unless the calling keyed animation has a
// character, runs LocalMatrixChanged (world = parent.world ∘ local, children
// recomputed). Morph (step 7) is not done. With a context, the segment
// searches use and update it (same results). Through a PreparedAnimation:
// the overload in prepared_animation.h.
SetStepOutcome set_step(ObjectAnimation& anim, float step, SetStepCaller caller = {},
                       PlaybackContext* context = nullptr);

// SetFrame (FUN_10058042): set_step(frame_time / length); does nothing and
// returns kNoEntity-like failure (false) when the length is 0.
bool set_frame(ObjectAnimation& anim, float frame_time, SetStepCaller caller = {});

}  // namespace retroanim::ck
