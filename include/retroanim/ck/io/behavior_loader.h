// Reading behaviours from a Virtools file: CKBehavior (8), CKBehaviorIO (9),
// CKBehaviorLink (6), CKParameterIn (2), CKParameterOut (3), CKParameterLocal
// (45), CKParameter (46) and 2D-curve parameter values, read from the raw
// chunks of a Scene's generic records (layouts in
// shared/formats/virtools-behaviors.md) into a plain BehaviorGraphDesc. The
// behaviour runtime builds from it (ck/behavior_builder.h); ck/scene_behaviors.h
// does both for a scene.
#pragma once

#include "retroanim/ck/io/behavior_graph.h"
#include "retroanim/ck/anim/curve2d.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/state_chunk.h"

namespace retroanim::ck::io {

// Reads every behaviour, IO, link and parameter of `scene`, and the script
// lists of its BeObjects. Throws retroanim::Error (file, object, byte offset)
// on a malformed chunk; behaviours of data versions before 5 are listed in
// `skipped`.
BehaviorGraphDesc read_behavior_graph(const Scene& scene);

// Reads a CK2dCurve from its saved sub-chunk (CK2dCurve::Read: data version
// >= 1 identifier 0x100, or the older 0x40 / 0x3f800 layout), then Update.
Curve2d read_curve2d(const StateChunk& chunk);

}  // namespace retroanim::ck::io
