// The behaviours of a loaded scene: reads its behaviour graph
// (io/behavior_loader.h) and builds it (behavior_builder.h) with object
// references into the scene's runtime objects, so the scene must outlive the
// manager's use. This is where io and the behaviour runtime meet; the header
// names the scene only by declaration.
#pragma once

#include <vector>

#include "retroanim/ck/behavior/behavior_builder.h"
#include "retroanim/ck/behavior/behavior_graph_builder.h"
#include "retroanim/ck/behavior/block_report.h"
#include "retroanim/ck/scene/file_index.h"
#include "retroanim/ck/behavior/parameter.h"

namespace retroanim::ck {

class Scene;

// Reads and builds every behaviour of `scene` into `manager`. Throws
// retroanim::Error (file, object, byte offset) on a malformed chunk.
LoadedBehaviors load_behaviors(const Scene& scene, BehaviorManager& manager);

// Every kind of building block the scene's scripts use (depth first through
// each script's graph, every script of the file): GUID, name, how many blocks
// and whether retroanim implements it; sorted by name, then GUID. Throws
// retroanim::Error as load_behaviors does.
std::vector<BlockUse> list_building_blocks(const Scene& scene);

// A builder whose objects come after the scene's records: file indices from
// the record count on, ids above the largest id (io/behavior_writer.h's
// save_behavior_graph then appends them as records).
BehaviorGraphBuilder graph_builder_for(const Scene& scene);

// The object reference a parameter holds for the scene record at `index`
// (null reference for kNoObject).
ObjectRef object_ref_of(const Scene& scene, FileIndex index);

}  // namespace retroanim::ck
