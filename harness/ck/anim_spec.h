// An object animation described as JSON (the `retroanim ck anim --spec`
// format, retroanim.ck.anim-spec/1; docs/CLI.md):
//
//   {"format": "retroanim.ck.anim-spec/1", "length": 100, "flags": 0,
//    "controllers": [
//      {"class": "0x921ab801", "keys": [{"time": 0, "value": [0, 0, 0], "flags": 0,
//                                        "in": [0, 0, 0], "out": [0, 0, 0]}]},
//      {"class": "0x45b52a02", "keys": [{"time": 0, "value": [0, 0, 0, 1], "tension": 0,
//                                        "continuity": 0, "bias": 0, "ease_to": 0, "ease_from": 0}]}]}
//
// "format", "length" and "controllers" are required, "flags" (the object
// animation's stored flags word) defaults to 0. "class" is a controller's
// stored class id (CKANIMATION_CONTROLLER) as a "0x..." string; every key
// carries exactly the fields the file stores for that class: "time" and
// "value" (3 numbers for position / scale, 4 (x, y, z, w) for rotation /
// scale axis), the five TCB fields for TCB classes, the Bezier "flags" word
// (in-mode in the low 16 bits, out-mode in the high 16) for Bezier classes,
// whose "in" / "out" vectors are required when the mode has TANGENTS (0x20)
// and otherwise optional and [0, 0, 0] (what a loaded key holds there).
// Unknown fields, a class CreateController does not make, a morph class and
// a second controller for the same slot are errors. Each controller's keys
// are turned into the key block a file stores and read by decode_controller,
// the loader's own reader. Every number must be finite and fit a float.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "retroanim/ck/scene/entity.h"
#include "retroanim/ck/anim/object_animation.h"

namespace retroanim::ck::io {

// The format name a spec's "format" field must hold.
inline constexpr const char* kAnimSpecFormat = "retroanim.ck.anim-spec/1";

// An object animation built from a spec, with the entity it moves (no
// parent, identity matrices): the animation refers to the entity, so the
// entity is destroyed last.
struct SpecAnimation {
  std::unique_ptr<Entity3d> entity;
  std::unique_ptr<ObjectAnimation> animation;
};

// Builds an object animation from JSON text. `source` names the input in
// error messages; `name` becomes the animation's name (the entity is named
// "entity"). Throws retroanim::Error with one line naming the field
// (controllers[i].keys[k].field) on malformed JSON, missing fields, wrong
// types, unknown fields or numbers that are not finite floats.
SpecAnimation parse_anim_spec(std::string_view json_text, const std::string& source, const std::string& name);

// The spec of an object animation: its length, flags and its position,
// rotation, scale and scale-axis controllers with their keys (a morph
// controller is left out: specs cannot hold one), as JSON text that
// parse_anim_spec reads back to the same keys bit for bit.
std::string write_anim_spec(const ObjectAnimation& anim);

// Reads a spec file and builds its animation, named after the file (its name
// without folders and extension); errors as parse_anim_spec, plus unreadable
// or oversized files.
SpecAnimation read_anim_spec_file(const std::string& path);

}  // namespace retroanim::ck::io
