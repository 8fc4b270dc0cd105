#include "retroanim/ck/scene_behaviors.h"

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

LoadedBehaviors load_behaviors(const Scene& scene, BehaviorManager& manager) {
  const BehaviorGraphDesc graph = io::read_behavior_graph(scene);
  return build_behaviors(graph, [&scene](FileIndex i) { return object_ref_of(scene, i); }, manager);
}

}  // namespace retroanim::ck
