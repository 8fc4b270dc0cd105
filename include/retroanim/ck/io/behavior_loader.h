// Loading behaviours from a Virtools file: CKBehavior (8), CKBehaviorIO (9),
// CKBehaviorLink (6), CKParameterIn (2), CKParameterOut (3), CKParameterLocal
// (45), CKParameter (46) and 2D-curve parameter values, read from the raw
// chunks of a Scene's generic records (layouts in
// shared/formats/virtools-behaviors.md). The result lives in a
// BehaviorManager, ready to reset() and execute(); object references point at
// the scene's runtime objects, so the scene must outlive the manager's use.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "retroanim/ck/behavior_manager.h"
#include "retroanim/ck/curve2d.h"
#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/ck/scene.h"

namespace retroanim::ck::io {

// What load_behaviors made, indexed by file index.
struct LoadedBehaviors {
  std::unordered_map<FileIndex, Behavior*> behaviors;
  std::unordered_map<FileIndex, BehaviorIO*> ios;
  std::unordered_map<FileIndex, BehaviorLink*> links;
  std::unordered_map<FileIndex, Parameter*> parameters;
  std::unordered_map<FileIndex, ParameterIn*> parameter_ins;
  std::vector<Behavior*> scripts;  // behaviours with the script flag, in file order
  // Behaviours the loader could not read (old data versions): "name: why".
  std::vector<std::string> skipped;

  // The behaviour named `name` (first in file order), or null.
  Behavior* find(const std::string& name) const;
  // The file index of a behaviour, or kNoObject.
  FileIndex index_of(const Behavior* b) const;
};

// Loads every behaviour, IO, link and parameter of `scene` into `manager`,
// resolves their references, registers the scripts (each with the BeObject
// whose script list holds it as owner), gives building blocks whose prototype
// retroanim implements their function and callback, and sends them
// CKM_BEHAVIORLOAD. Throws retroanim::Error (file, object, byte offset) on a
// malformed chunk; a reference to an object of another class than expected
// is dropped (no source, no owner) and listed in `skipped`.
LoadedBehaviors load_behaviors(const Scene& scene, BehaviorManager& manager);

// Reads a CK2dCurve from its saved sub-chunk (CK2dCurve::Read: data version
// >= 1 identifier 0x100, or the older 0x40 / 0x3f800 layout), then Update.
Curve2d read_curve2d(const StateChunk& chunk);

// The object reference a parameter holds for the scene record at `index`
// (null reference for kNoObject).
ObjectRef object_ref_of(const Scene& scene, FileIndex index);

}  // namespace retroanim::ck::io
