// (retroanim's own) Building a behaviour graph in memory as a Virtools file
// saves it (behavior_graph.h): scripts, building blocks made from their
// prototypes (behavior_prototype.h), links and parameter values, with the
// objects laid out as the game's files hold them (each block's IOs, then each
// input pin after the local that feeds it, then its outputs and locals, then
// the block; the locals feeding constant pins are listed in the owning
// script's locals). io/behavior_writer.h saves the result into a scene, from
// which the behaviour runtime loads it like any file's scripts.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "retroanim/ck/io/behavior_graph.h"
#include "retroanim/ck/behavior/behavior_prototype.h"

namespace retroanim::ck {

class BehaviorGraphBuilder {
 public:
  // The objects built get the file indices first_index, first_index + 1, ...
  // (the scene's record count) and the ids first_id, first_id + 1, ... (above
  // the scene's largest id), in creation order.
  BehaviorGraphBuilder(FileIndex first_index, ObjectId first_id);

  // A script (flags script | topmost, compatible class BeObject, scene flags
  // 0x50 as in the game's files) with the input "Start", in the script list of
  // the BeObject at `owner` (kNoObject: no owner).
  FileIndex add_script(const std::string& name, FileIndex owner);

  // A building block of `proto` in the graph of the behaviour `parent`
  // (CKBehavior::InitFromPrototype): its inputs and outputs, an input pin per
  // declared input parameter fed by a local holding the declared default
  // (listed in the owning script's locals), its output parameters, its own
  // locals and settings, and for a targetable block the target pin (fed by a
  // null "Target" local). `name` defaults to the prototype's name.
  FileIndex add_block(FileIndex parent, const BehaviorPrototype& proto, const std::string& name = {});

  // A building block retroanim does not implement: a prototype GUID it does not
  // know, the given inputs and outputs, no parameters.
  FileIndex add_unknown_block(FileIndex parent, const std::string& name, Guid guid,
                              const std::vector<std::string>& inputs, const std::vector<std::string>& outputs);

  // A link in `parent`'s graph from IO `from` (an output of a block, or the
  // script's Start) to IO `to`, firing `delay` frames later (the initial and
  // current delay).
  FileIndex add_link(FileIndex parent, FileIndex from, FileIndex to, int16_t delay = 0);

  // The IO named `name` among a behaviour's inputs / outputs (a script's
  // input is "Start"). Throws retroanim::Error when there is none.
  FileIndex input(FileIndex behavior, const std::string& name) const;
  FileIndex output(FileIndex behavior, const std::string& name) const;

  // Sets the value of the local that feeds input pin `pin` of `behavior`.
  void set_input(FileIndex behavior, const std::string& pin, SavedParameterValue value);
  // Sets the value of the local (or setting) `local` of `behavior`.
  void set_local(FileIndex behavior, const std::string& local, SavedParameterValue value);
  // Sets the object a targetable block acts on (its target pin's local).
  void set_target(FileIndex behavior, FileIndex object);
  // Feeds input pin `pin` of `behavior` from output parameter `output` of
  // `source` instead of its local (which is removed from the graph).
  void connect(FileIndex behavior, const std::string& pin, FileIndex source, const std::string& output);

  // The graph built so far, and taking it.
  const BehaviorGraphDesc& graph() const { return graph_; }
  BehaviorGraphDesc take() { return std::move(graph_); }

  // Values for set_input / set_local.
  static SavedParameterValue float_value(float v);
  static SavedParameterValue int_value(int32_t v);
  static SavedParameterValue object_value(FileIndex object);
  static SavedParameterValue curve_value(const Curve2d& curve);
  // A prototype's default value as a saved value (bytes, string, 2D curve; a
  // null object reference for object types).
  static SavedParameterValue saved_value(const ParameterValue& value, Guid type);

 private:
  SavedObject& add(SavedObjectKind kind, const std::string& name);
  SavedObject& object(FileIndex index);
  const SavedObject& object(FileIndex index) const;
  SavedBehavior& behavior(FileIndex index);
  FileIndex script_of(FileIndex behavior) const;
  FileIndex find_io(FileIndex behavior, const std::string& name, bool input) const;
  FileIndex pin_local(FileIndex behavior, const std::string& pin) const;

  BehaviorGraphDesc graph_;
  FileIndex first_index_;
  ObjectId next_id_;
  std::unordered_map<FileIndex, FileIndex> parent_;
};

}  // namespace retroanim::ck
