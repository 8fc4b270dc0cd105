#include "retroanim/ck/behavior/scene_behaviors.h"

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <unordered_set>

#include "retroanim/ck/behavior/behavior.h"
#include "retroanim/ck/behavior/behavior_prototype.h"
#include "retroanim/ck/io/behavior_loader.h"
#include "retroanim/ck/io/scene.h"

namespace retroanim::ck {

ObjectRef object_ref_of(const Scene& scene, FileIndex index) {
  ObjectRef ref;
  const ObjectRecord* rec = scene.at(index);
  if (!rec) return ref;
  ref.id = rec->id;
  ref.class_id = rec->class_id;
  ref.name = rec->name;
  ref.entity = rec->entity;
  ref.curve = rec->curve;
  ref.object_animation = rec->object_animation;
  ref.keyed_animation = rec->keyed_animation;
  return ref;
}

BehaviorGraphBuilder graph_builder_for(const Scene& scene) {
  ObjectId max_id = 0;
  for (const ObjectRecord& r : scene.objects()) max_id = std::max(max_id, r.id);
  return BehaviorGraphBuilder(static_cast<FileIndex>(scene.objects().size()), max_id + 1);
}

LoadedBehaviors load_behaviors(const Scene& scene, BehaviorManager& manager) {
  const BehaviorGraphDesc graph = io::read_behavior_graph(scene);
  return build_behaviors(graph, [&scene](FileIndex i) { return object_ref_of(scene, i); }, manager);
}

std::vector<BlockUse> list_building_blocks(const Scene& scene) {
  const BehaviorGraphDesc graph = io::read_behavior_graph(scene);
  std::unordered_map<FileIndex, const SavedObject*> behaviors;
  for (const SavedObject& o : graph.objects)
    if (o.kind == SavedObjectKind::kBehavior) behaviors.emplace(o.index, &o);
  std::vector<BlockUse> uses;
  std::unordered_set<FileIndex> visited;
  std::function<void(const SavedObject&)> walk = [&](const SavedObject& b) {
    if (!visited.insert(b.index).second) return;  // a graph listed twice (or itself) counts once
    if (b.behavior.flags & saved_behavior_flag::kBuildingBlock) {
      auto it = std::find_if(uses.begin(), uses.end(),
                             [&](const BlockUse& u) { return u.guid == b.behavior.prototype_guid; });
      if (it == uses.end()) {
        BlockUse u;
        u.guid = b.behavior.prototype_guid;
        const BehaviorPrototype* proto = find_prototype(u.guid);
        u.implemented = proto != nullptr;
        u.name = proto ? proto->name : b.name;
        uses.push_back(u);
        it = uses.end() - 1;
      }
      ++it->count;
    }
    for (FileIndex sub : b.behavior.subs) {
      auto found = behaviors.find(sub);
      if (found != behaviors.end()) walk(*found->second);
    }
  };
  for (const SavedObject& o : graph.objects)
    if (o.kind == SavedObjectKind::kBehavior && (o.behavior.flags & behavior_flag::kScript)) walk(o);
  std::sort(uses.begin(), uses.end(), [](const BlockUse& a, const BlockUse& b) {
    if (a.name != b.name) return a.name < b.name;
    if (a.guid.d1 != b.guid.d1) return a.guid.d1 < b.guid.d1;
    return a.guid.d2 < b.guid.d2;
  });
  return uses;
}

}  // namespace retroanim::ck
