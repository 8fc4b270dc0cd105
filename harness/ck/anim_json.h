// The JSON of `retroanim ck anim ... --json` (retroanim.ck.anim/1, docs/CLI.md):
// an object or keyed animation set with SetStep at each sample point and the
// animated entities' world matrices. Built here, in the harness, so that the
// CLI and the WebAssembly module (bindings/js) print the same document from
// the same code. Internal: exposes nlohmann-json, not installed.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"

namespace retroanim::ck {

// "a,b,c" as floats (std::stof: each the float nearest the decimal text).
// Throws a one-line retroanim::Error ("ck anim: --at: 'x' is not a number")
// on an empty list, an item that is not a number or one that is not finite;
// `option` names the list in the message.
std::vector<float> parse_anim_number_list(const std::string& text, const char* option);

// The (step, frame) pairs to sample an animation of `length` frames at:
// `at` (steps, "S1,S2,...") when not empty, else `frames` ("F1,F2,...",
// step = frame / length, 0 for a zero length). Throws as parse_anim_number_list.
std::vector<std::pair<float, float>> anim_sample_points(const std::string& at, const std::string& frames, float length);

// The document for an object animation (which must have an entity): name,
// entity, length and, per point, the step, the frame and the entity's world
// matrix after ck::set_step(anim, step). Moves the entity.
nlohmann::ordered_json object_animation_json(ObjectAnimation& anim, const std::vector<std::pair<float, float>>& points);

// The document for a keyed animation: name, root entity, length and, per
// point, every member with an entity (its animation, entity and world
// matrix) after ck::set_step(keyed, step); members without an entity are
// left out. Moves the entities.
nlohmann::ordered_json keyed_animation_json(KeyedAnimation& keyed, const std::vector<std::pair<float, float>>& points);

}  // namespace retroanim::ck
