// Unpacking and packing of Animation files (dat type 0x03) and of the pieces
// other files share with them: AFrame, AnimFrame (part frames + hooks) and the
// animation hooks, field for field as the client's UnPack functions read them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/anim/anim_hook.h"
#include "retroanim/ac/io/pack_primitives.h"
#include "retroanim/math/frame.h"

namespace retroanim::ac::io {

// AFrame::UnPack: origin x, y, z then quaternion w, x, y, z (28 bytes).
math::AFrame unpack_aframe(ByteReader& r);
// Writes an AFrame in the dat order.
void pack_aframe(ByteWriter& w, const math::AFrame& f);

// CAnimHook::UnPackHook: type, direction, the type's payload, then alignment
// to 4 bytes from the start of the file. A type the client has no case for
// (4 AnimationDone, or above 26) gives no hook, as the client's NULL: its
// 8-byte header is read, no payload (its size is unknown), the stream aligned.
std::optional<AnimationHook> unpack_hook(ByteReader& r);
// Writes a hook as UnPackHook reads it (Pack + ALIGN_PTR); throws Error when the
// payload does not match the type or cannot be stored (a ReplaceObject part
// index above 255, a part id beyond the packed range). A type without an
// unpack case (4, above 26) is written as its header alone (NoHookData only).
void pack_hook(ByteWriter& w, const AnimationHook& hook);

// AnimFrame::UnPack: num_parts frames, a hook count and the hooks (those
// unpack_hook gives none for are dropped, as add_to_list drops NULL).
AnimationFrame unpack_anim_frame(ByteReader& r, uint32_t num_parts);
// Writes an AnimFrame; throws Error unless it has exactly num_parts frames.
void pack_anim_frame(ByteWriter& w, const AnimationFrame& frame, uint32_t num_parts);

// The id every dat object starts with, then CAnimation::UnPack: flags,
// num_parts, num_frames, pos_frames when flags & 1, then the part frames.
// `consumed`, when given, receives the number of bytes read.
Animation unpack_animation(std::span<const uint8_t> bytes, const std::string& file = "",
                           const std::string& object = "Animation", size_t* consumed = nullptr);
// The bytes unpack_animation reads back as `anim`; throws Error when the
// animation is inconsistent (see check_animation).
std::vector<uint8_t> pack_animation(const Animation& anim);

// Unpack_AsDataIDOfKnownType: a 16-bit offset from `first_id`, or, when its
// top bit is set, 14 more high bits and a second 16-bit word.
uint32_t unpack_packed_id(ByteReader& r, uint32_t first_id, const char* what);
// Pack_AsDataIDOfKnownType: 2 bytes when id - first_id <= 0x3FFF, else 4;
// id 0 packs as first_id. Throws Error when the offset exceeds 0x3FFFFFFF.
void pack_packed_id(ByteWriter& w, uint32_t id, uint32_t first_id);

}  // namespace retroanim::ac::io
