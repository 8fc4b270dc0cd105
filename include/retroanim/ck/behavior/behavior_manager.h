// The behaviour manager: owns behaviours, IOs, links and parameters, holds the
// scripts, and runs the frame loop (CKBehaviorManager::Execute with the
// context's reset, CKContext::Reset -> CKM_BEHAVIORRESET). An engine port
// drives it from its own loop: reset() once, then execute(delta_ms) per frame.
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "retroanim/ck/behavior/behavior.h"
#include "retroanim/ck/behavior/behavior_prototype.h"
#include "retroanim/ck/behavior/block_report.h"
#include "retroanim/ck/behavior/data_array.h"
#include "retroanim/ck/behavior/parameter_operation.h"

namespace retroanim::ck {

// Owner of a set of behaviours and their pins, and the frame loop over its
// scripts. Pointers handed out stay valid for the manager's lifetime.
class BehaviorManager {
 public:
  BehaviorManager() = default;
  BehaviorManager(const BehaviorManager&) = delete;
  BehaviorManager& operator=(const BehaviorManager&) = delete;

  // Creates an empty behaviour (no pins, no function).
  Behavior& create_behavior(const std::string& name);
  // Creates an input or output IO owned by `owner` and appends it to its list.
  BehaviorIO& add_io(Behavior& owner, const std::string& name, bool input);
  // Creates an IO not yet attached to a behaviour (flags: behavior_io_flag bits).
  BehaviorIO& create_io(const std::string& name, uint32_t flags);
  // Creates a parameter (value holder) of the given class.
  Parameter& create_parameter(const std::string& name, Guid type, ParameterClass klass);
  // Creates an input parameter pin (not attached to a behaviour).
  ParameterIn& create_parameter_in(const std::string& name, Guid type);
  // Creates a link and registers it with its source IO.
  BehaviorLink& create_link(BehaviorIO& source, BehaviorIO& destination, int16_t delay);

  // Creates a building block from a prototype: its IOs, pins, outputs and
  // locals with the declared defaults. Each input pin gets its own
  // ParameterLocal holding the default (as the engine's
  // SetInputParameterDefaultValue does), owned by the block.
  Behavior& create_building_block(const BehaviorPrototype& proto, const std::string& name = {});

  // Creates a script (a graph with flag CKBEHAVIOR_SCRIPT and one input "Start")
  // owned by `owner`, and adds it to the scripts list.
  Behavior& create_script(const std::string& name, ObjectRef owner);
  // Adds a sub-behaviour to a graph (sets its parent).
  void add_sub_behavior(Behavior& graph, Behavior& sub);
  // Adds a link to a graph's link list.
  void add_sub_link(Behavior& graph, BehaviorLink& link);
  // Adds an existing behaviour to the scripts run by execute().
  void add_script(Behavior& script);
  // Empties the scripts list (the behaviours stay owned by the manager).
  void clear_scripts() { scripts_.clear(); }

  // CKContext::Reset (play from the start): every building block gets
  // CKM_BEHAVIORRESET, then every script is reset and activated (its Start
  // input active), and the time goes back to 0.
  void reset();

  // CKBehaviorManager::Execute(delta): runs every active script once, in the
  // order they were added, with DeltaTime = delta_ms; then advances the time.
  void execute(float delta_ms);

  // The current time in milliseconds (sum of the deltas executed so far).
  double time_ms() const { return time_ms_; }
  // The number of frames executed since reset().
  uint64_t frame() const { return frame_; }

  // The scripts in execution order.
  const std::vector<Behavior*>& scripts() const { return scripts_; }
  // Every behaviour the manager owns, in creation order.
  const std::deque<std::unique_ptr<Behavior>>& behaviors() const { return behaviors_; }

  // The building blocks without an implementation that became active since
  // reset(), each once, in the order they did (they fire no output).
  const std::vector<UnimplementedBlock>& unimplemented() const { return unimplemented_; }
  // Records `block` (a building block without a function that was about to
  // run) in unimplemented(), once per block.
  void report_unimplemented(const Behavior& block);

  // Records a block's error result (a CKBR_*ERROR code) in events(), once
  // per block and code (its outputs did not fire).
  void report_failure(const Behavior& block, int code);

  // (retroanim's own) What blocks did outside the animation runtime (sound,
  // textures, fog, messages, ...) and their error results, in order.
  const std::vector<BlockEvent>& events() const { return events_; }
  void record_event(const Behavior& block, std::string what, bool failure = false);
  // Records a failure event once per block for `what` (e.g. an operation
  // retroanim does not implement, which an Op block then does not run).
  void report_once(const Behavior& block, std::string what);

  // The active camera (CKRenderContext::AttachViewpointToCamera, as Set As
  // Active Camera calls it): a null reference until a block sets one.
  const ObjectRef& active_camera() const { return active_camera_; }
  void set_active_camera(const ObjectRef& camera) { active_camera_ = camera; }

  // CKScene::ActivateScript(script, TRUE, reset): the script becomes active
  // (reset first when `reset`) at the start of the next execute(), and joins
  // the scripts run from then on if it is not among them.
  void activate_script_next_frame(Behavior& script, bool reset);

  // CKContext::GetObjectByNameAndClass, as the parameter operation Get Object
  // By Name calls it: set by whoever loads the scene (the scenario runner
  // looks in its files by name and class). Unset, nothing is found.
  std::function<ObjectRef(const std::string& name, uint32_t class_id)> object_by_name;

  // CKContext::CreateObject(class, name) for Object Create: a new object
  // known by its id, class and name only (retroanim models no textures,
  // meshes, ...). Ids count up from kFirstCreatedId.
  ObjectRef create_object(uint32_t class_id, const std::string& name);
  static constexpr ObjectId kFirstCreatedId = 0x40000000;

  // rand() of the Microsoft C runtime the game links (seed 1 at reset()):
  // state = state * 214013 + 2531011, result (state >> 16) & 0x7fff.
  int rand();

  // A data array the manager owns (build_behaviors fills them from a file).
  DataArray& create_data_array();
  // A parameter operation the manager owns (its manager set to this one).
  ParameterOperation& create_operation();

  // The maximum number of sub-behaviour executions per graph and frame
  // (CKBehaviorManager's default 8000); past it the graph stops for the frame.
  int max_iterations = 8000;

 private:
  std::deque<std::unique_ptr<Behavior>> behaviors_;
  std::deque<std::unique_ptr<BehaviorIO>> ios_;
  std::deque<std::unique_ptr<BehaviorLink>> links_;
  std::deque<std::unique_ptr<Parameter>> parameters_;
  std::deque<std::unique_ptr<ParameterIn>> parameter_ins_;
  std::vector<Behavior*> scripts_;
  std::vector<UnimplementedBlock> unimplemented_;
  std::vector<const Behavior*> reported_;  // the blocks in unimplemented_
  std::vector<BlockEvent> events_;
  std::vector<std::pair<const Behavior*, int>> failed_;  // (block, code) already in events_
  ObjectRef active_camera_;
  struct PendingActivation {
    Behavior* script;
    bool reset;
  };
  std::vector<PendingActivation> pending_activations_;
  std::deque<std::unique_ptr<DataArray>> data_arrays_;
  std::deque<std::unique_ptr<ParameterOperation>> operations_;
  ObjectId next_created_id_ = kFirstCreatedId;
  uint32_t rand_state_ = 1;
  double time_ms_ = 0.0;
  uint64_t frame_ = 0;
};

}  // namespace retroanim::ck
