// Saving behaviours in a Virtools file: the writing half of CKBehavior (8),
// CKBehaviorIO (9), CKBehaviorLink (6), CKParameterIn (2), CKParameterOut (3),
// CKParameterLocal (45), CKParameter (46) and CK2dCurve (the Save / Write
// layouts of shared/formats/virtools-behaviors.md, as io/behavior_loader.h
// reads them). A plain BehaviorGraphDesc (read from a file, edited, or built
// with ck/behavior_graph_builder.h) becomes the chunks of a Scene's records,
// which io/scene_io.h then saves like any other record.
#pragma once

#include "retroanim/ck/io/behavior_graph.h"
#include "retroanim/ck/anim/curve2d.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/state_chunk.h"

namespace retroanim::ck::io {

// The class id a saved behaviour object of `kind` has in a file (8, 9, 6, 2, 46, 45, 3).
uint32_t class_of(SavedObjectKind kind);

// The chunk of one behaviour object as the engine saves it (data version 10,
// chunk version 7, FILE-bound). Behaviours: identifier 0x10 (a null schematic
// interface), 0x20 (flags, the fields they announce, the object-list mask and
// the non-empty lists), and 0x200000 when scene_flags is set. IOs: 0x8.
// Links: 0x20. Input parameters: 0x1000 (type, source) or 0x800 (type,
// shared pin), then an empty 0x2000 when disabled. Parameters: 0x40 (type,
// save mode, value; "myself" locals save none), 0x20 (destinations of an
// output), empty 0x200 (myself) and 0x400 (setting) for locals.
StateChunk save_behavior_object(const SavedObject& object);

// CK2dCurve::Write inside a parameter: the mode-0 sub-chunk (class 14, data
// version 0) holding identifier 0xe and the curve's own chunk (data version 10,
// identifier 0x100: point count, the null point references as an id
// sequence, fitting, then per point its flags | 0x10000000, position, T, C, B,
// two zero floats and the tangents as Update computed them).
StateChunk write_curve2d(const Curve2d& curve);

// Writes `graph` into `scene`: each object's chunk goes to the record at its
// file index, which must be of the object's class; an object whose index is
// the scene's record count is appended as a new record (its id and name from
// the object; id 0 takes the largest id + 1), so a built graph's objects must
// come in index order after the existing records. A record that already has a
// chunk keeps every identifier the writer does not model (a script's schematic
// interface 0x10, CKObject data, a parameter value the reader keeps as kNone);
// the modelled ones are replaced (a saved chunk of another data version is
// replaced whole). Each owner in `graph.script_owners` gets its
// script list (CKBeObject identifier 0x800, in the graph's order) replacing the
// one it had. Objects and owners the graph does not list are left as they are.
// Throws retroanim::Error (file, object) for a missing record, an index out of
// order or a class mismatch.
void save_behavior_graph(Scene& scene, const BehaviorGraphDesc& graph);

}  // namespace retroanim::ck::io
