// The payload of an animation hook and a frame's placement as JSON, shared by
// the scenario trace and the dat dump so that both name every field the same way.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "retroanim/ac/anim/anim_hook.h"
#include "retroanim/math/frame.h"

namespace retroanim::ac {

// Turns a dat id into its JSON value (a number, or the dump's "0x..." string).
using HookIdJson = nlohmann::ordered_json (*)(uint32_t id);

// Adds the fields of `data` (sound_id, part_index, offset, ...) to the object
// `j`, in the order the dat stores them; ids go through `id_json`. Types
// without a payload add nothing.
void add_hook_payload_json(nlohmann::ordered_json& j, const AnimationHookData& data, HookIdJson id_json);

// A frame's origin and rotation as {"origin": [x, y, z], "rotation": [w, x, y, z]}
// (an AFrame of the dat, or a Frame of the scenario trace).
nlohmann::ordered_json transform_json(const math::AFrame& frame);
nlohmann::ordered_json transform_json(const math::Frame& frame);

}  // namespace retroanim::ac
