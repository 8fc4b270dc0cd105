// Building the behaviour runtime from a saved behaviour graph
// (behavior_graph.h): creates every behaviour, IO, link and parameter in a
// BehaviorManager, resolves their references, registers the scripts (each
// with the object whose script list holds it as owner), gives building blocks
// whose prototype retroanim implements their function and callback, and sends
// them CKM_BEHAVIORLOAD. Object references point at the objects `object_at`
// returns, which must outlive the manager's use.
#pragma once

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "retroanim/ck/io/behavior_graph.h"
#include "retroanim/ck/behavior/behavior_manager.h"

namespace retroanim::ck {

// What build_behaviors made, indexed by file index.
struct LoadedBehaviors {
  std::unordered_map<FileIndex, Behavior*> behaviors;
  std::unordered_map<FileIndex, BehaviorIO*> ios;
  std::unordered_map<FileIndex, BehaviorLink*> links;
  std::unordered_map<FileIndex, Parameter*> parameters;
  std::unordered_map<FileIndex, ParameterIn*> parameter_ins;
  std::unordered_map<FileIndex, DataArray*> data_arrays;  // CKDataArray (52), owned by the manager
  std::unordered_map<FileIndex, ParameterOperation*> operations;  // CKParameterOperation (4)
  std::vector<Behavior*> scripts;  // behaviours with the script flag, in file order
  // Behaviours the reader could not read (old data versions), then references
  // to an object of another class than expected (dropped): "name: why".
  std::vector<std::string> skipped;

  // The behaviour named `name` (first in file order), or null.
  Behavior* find(const std::string& name) const;
  // The file index of a behaviour, or kNoObject.
  FileIndex index_of(const Behavior* b) const;
};

// The object a file index refers to (a null reference for kNoObject or an unknown index).
using ObjectLookup = std::function<ObjectRef(FileIndex)>;

// `object_at(index)` completed with what only the behaviour runtime knows:
// the loaded data array (data_array) or behaviour (script) at that index.
ObjectRef runtime_ref(const LoadedBehaviors& loaded, const ObjectLookup& object_at, FileIndex index);

// Builds `graph` into `manager` (see the file comment).
LoadedBehaviors build_behaviors(const BehaviorGraphDesc& graph, const ObjectLookup& object_at,
                                BehaviorManager& manager);

}  // namespace retroanim::ck
