// The CKObjectAnimation and CKKeyedAnimation chunks: CKObjectAnimation::Load
// (FUN_10058c51: 0x4000000 controller list, 0x2000000 shared data, 0x1000
// older single block, data version < 1 legacy identifiers), CKAnimation::Load
// (FUN_10047adc) + CKKeyedAnimation::Load (FUN_10049e10), and the matching
// Save layouts. Key blocks are decoded by ck::decode_controller (ReadKeysFrom)
// and encoded by encode_controller (WriteKeysTo / DumpKeysTo).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "retroanim/ck/anim/controllers.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/io/state_chunk.h"

namespace retroanim::ck::io {

// CK_STATESAVEFLAGS_OBJECTANIMATION / _ANIMATION / _KEYEDANIMATION identifiers.
namespace animation_chunk {
inline constexpr uint32_t kControllers = 0x4000000;  // current layout (the game's)
inline constexpr uint32_t kShared = 0x2000000;       // ShareDataFrom another animation
inline constexpr uint32_t kNewData = 0x1000;         // older single block (also the < 1 vector)
inline constexpr uint32_t kMorphKeys = 0x200000;     // < 1: morph keys
inline constexpr uint32_t kPosKeys = 0x4000;         // < 1: linear position keys
inline constexpr uint32_t kRotKeys = 0x8000;         // < 1: linear rotation and scale-axis keys
inline constexpr uint32_t kScaleKeys = 0x20000;      // < 1: linear scale keys
inline constexpr uint32_t kFlags = 0x40000;          // < 1: flags
inline constexpr uint32_t kEntity = 0x80000;         // < 1: entity
inline constexpr uint32_t kLength = 0x2000;          // < 1: length
inline constexpr uint32_t kMerge = 0x100000;         // < 1: merge factor, merged, anim A, anim B
// CKAnimation / CKKeyedAnimation
inline constexpr uint32_t kAnimData = 0x10;          // flags + frame rate (or the older 12-byte form)
inline constexpr uint32_t kAnimLength = 0x40;
inline constexpr uint32_t kAnimBodyParts = 0x80;     // an (unused) object array, then the root entity
inline constexpr uint32_t kAnimCharacter = 0x100;
inline constexpr uint32_t kAnimStep = 0x200;
inline constexpr uint32_t kKeyedAnimList = 0x1000;
inline constexpr uint32_t kKeyedMerge = 0x100000;
}  // namespace animation_chunk

// The references an object animation chunk holds.
struct ObjectAnimationLinks {
  FileIndex entity = kNoObject;
  FileIndex merged_a = kNoObject;
  FileIndex merged_b = kNoObject;
  FileIndex shared_source = kNoObject;
};

// CKObjectAnimation::Load (FUN_10058c51): fills `anim` (keyframes, flags,
// merge factor, app vector) and returns its references. Unknown controller
// types are skipped by their size. Returns nullopt when no layout is present.
std::optional<ObjectAnimationLinks> read_object_animation(ChunkReader& reader, ObjectAnimation& anim);

// CKObjectAnimation::Save: identifier 0x4000000 (or 0x2000000 when
// links.shared_source is set) with the controllers in the order position,
// rotation, scale, scale axis, morph.
void write_object_animation(ChunkWriter& writer, const ObjectAnimation& anim, const ObjectAnimationLinks& links);

// WriteKeysTo for one controller: the key block (count, then the keys) in the
// layout decode_controller reads.
std::vector<uint32_t> encode_controller(const VectorController& c);
std::vector<uint32_t> encode_controller(const QuatController& c);
std::vector<uint32_t> encode_controller(const MorphController& c);

// The references a keyed animation chunk holds.
struct KeyedAnimationLinks {
  FileIndex root_entity = kNoObject;
  FileIndex character = kNoObject;
  std::vector<FileIndex> animations;
};

// CKAnimation::Load (FUN_10047adc) + CKKeyedAnimation::Load (FUN_10049e10)
// from a file: length, flags and frame rate, root entity, character, step,
// the animation list and the merge state.
KeyedAnimationLinks read_keyed_animation(ChunkReader& reader, KeyedAnimation& anim);

// CKAnimation::Save + CKKeyedAnimation::Save to a file.
void write_keyed_animation(ChunkWriter& writer, const KeyedAnimation& anim, const KeyedAnimationLinks& links);

}  // namespace retroanim::ck::io
