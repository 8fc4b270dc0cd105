// The Virtools behaviour runtime: CKBehavior (a building block running a
// function, or a graph of sub-behaviours), CKBehaviorIO (input and output
// activations) and CKBehaviorLink (output -> input with a delay in frames).
// Graph execution follows CKBehavior::Execute: links of active IOs fire, the
// active sub-behaviours run in priority order, an activated output fires its
// links at once (delay 0, the destination runs in the same frame) or after
// `delay` frames, and a building block that does not return
// CKBR_ACTIVATENEXTFRAME becomes inactive until one of its inputs is
// activated again. Objects are owned by a BehaviorManager (behavior_manager.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "retroanim/ck/behavior/parameter.h"

namespace retroanim::ck {

class BehaviorManager;

// Return codes of a building block (CK_BEHAVIOR_RETURN).
namespace behavior_return {
inline constexpr int kOk = 0;                  // CKBR_OK: deactivated unless an input is active
inline constexpr int kActivateNextFrame = 1;   // CKBR_ACTIVATENEXTFRAME: runs again next frame
inline constexpr int kInfiniteLoop = 8;        // CKBR_INFINITELOOP
inline constexpr int kGenericError = 0xa000;   // CKBR_GENERICERROR
inline constexpr int kBehaviorError = 0xa002;  // CKBR_BEHAVIORERROR
inline constexpr int kOwnerError = 0xa004;     // CKBR_OWNERERROR
inline constexpr int kParameterError = 0xa008; // CKBR_PARAMETERERROR
}  // namespace behavior_return

// Callback messages (CKM_BEHAVIOR*) the runtime sends.
namespace behavior_message {
inline constexpr uint32_t kReset = 9;            // CKM_BEHAVIORRESET
inline constexpr uint32_t kLoad = 11;            // CKM_BEHAVIORLOAD
inline constexpr uint32_t kActivateScript = 16;  // CKM_BEHAVIORACTIVATESCRIPT
inline constexpr uint32_t kSettingsEdited = 13;  // CKM_BEHAVIORSETTINGSEDITED
}  // namespace behavior_message

// CK_BEHAVIOR_FLAGS bits used by the runtime and the loader.
namespace behavior_flag {
inline constexpr uint32_t kActive = 0x1;
inline constexpr uint32_t kScript = 0x2;
inline constexpr uint32_t kPrioritySaved = 0x4;
inline constexpr uint32_t kUseFunction = 0x8;
inline constexpr uint32_t kCompatibleClassId = 0x10;
inline constexpr uint32_t kTopmost = 0x4000;
inline constexpr uint32_t kBuildingBlock = 0x8000;
inline constexpr uint32_t kTargetable = 0x40000;
// CKBEHAVIOR_RESERVED0: set while the behaviour is on its graph's execution
// stack (queued to run this frame), so a second activation does not queue it twice.
inline constexpr uint32_t kQueued = 0x100000;
}  // namespace behavior_flag

// CK_BEHAVIORIO_TYPE and the active bit of CKBehaviorIO's flags.
namespace behavior_io_flag {
inline constexpr uint32_t kIn = 0x1;
inline constexpr uint32_t kOut = 0x2;
inline constexpr uint32_t kActive = 0x100;
}  // namespace behavior_io_flag

class Behavior;
class BehaviorLink;

// CKBehaviorIO: one input or output of a behaviour, with its activation.
class BehaviorIO {
 public:
  std::string name;
  ObjectId id = 0;
  uint32_t flags = behavior_io_flag::kIn;  // kIn or kOut, plus kActive
  Behavior* owner = nullptr;
  std::vector<BehaviorLink*> links;  // links whose source is this IO (non-owning)

  bool is_input() const { return (flags & behavior_io_flag::kIn) != 0; }
  bool active() const { return (flags & behavior_io_flag::kActive) != 0; }
  // CKBehaviorIO::Activate.
  void activate(bool on) {
    if (on) flags |= behavior_io_flag::kActive; else flags &= ~behavior_io_flag::kActive;
  }
};

// CKBehaviorLink: from `source` (an output of a sub-behaviour, or an input of
// the graph) to `destination`, firing after `initial_delay` frames (0 = in the
// same frame). `delay` is the countdown while the link waits.
class BehaviorLink {
 public:
  ObjectId id = 0;
  BehaviorIO* source = nullptr;
  BehaviorIO* destination = nullptr;
  int16_t initial_delay = 0;
  int16_t delay = 0;
  bool in_delayed_list = false;  // CKBL_OLD_IN_DELAYED_LIST
};

// What a building block function and callback receive (CKBehaviorContext).
struct BehaviorContext {
  Behavior* behavior = nullptr;
  float delta_ms = 0.0f;       // DeltaTime: the frame's time step in milliseconds
  double time_ms = 0.0;        // the manager's current time (start of this frame)
  uint32_t callback_message = 0;
  BehaviorManager* manager = nullptr;
};

// A building block's function (CKBEHAVIORFCT) and callback (CKBEHAVIORCALLBACKFCT).
using BehaviorFunction = int (*)(const BehaviorContext&);
using BehaviorCallback = int (*)(const BehaviorContext&);

// CKBehavior: a building block (function) or a graph (sub-behaviours and
// links). Pins are non-owning pointers into the manager's storage.
class Behavior {
 public:
  std::string name;
  ObjectId id = 0;
  uint32_t flags = 0;           // CK_BEHAVIOR_FLAGS
  Guid prototype_guid;          // building blocks only
  uint32_t version = 0;         // building block version
  int32_t priority = 0;
  uint32_t compatible_class_id = class_id::kBeObject;

  ObjectRef owner;              // the BeObject the script belongs to
  Behavior* parent = nullptr;   // the graph listing this behaviour
  // The script this behaviour belongs to in its file (set by build_behaviors;
  // empty for behaviours built in memory): reports name it even when a
  // scenario runs the behaviour in a graph of its own.
  std::string file_script;

  std::vector<BehaviorIO*> inputs;
  std::vector<BehaviorIO*> outputs;
  std::vector<ParameterIn*> input_params;
  std::vector<Parameter*> output_params;
  std::vector<Parameter*> local_params;
  ParameterIn* target_param = nullptr;  // targetable behaviours (flag 0x40000)

  // Graph data.
  std::vector<Behavior*> sub_behaviors;
  std::vector<BehaviorLink*> sub_links;

  // Building-block data.
  BehaviorFunction function = nullptr;
  BehaviorCallback callback = nullptr;

  bool is_active() const { return (flags & behavior_flag::kActive) != 0; }
  bool is_script() const { return (flags & behavior_flag::kScript) != 0; }
  bool uses_function() const { return (flags & behavior_flag::kUseFunction) != 0; }

  // CKBehavior::ActivateInput / IsInputActive / ActivateOutput / IsOutputActive
  // (positions out of range are ignored / inactive).
  void activate_input(int pos, bool on = true);
  bool is_input_active(int pos) const;
  void activate_output(int pos, bool on = true);
  bool is_output_active(int pos) const;

  // CKBehavior::GetInputParameterValue: copies the real source's value into
  // buf (at most `size` bytes). Fails (kNotFound), buf untouched, without a
  // pin or source, or as copy_to does.
  Status get_input_value(int pos, void* buf, size_t size) const;
  // Typed helpers: the pin's value, or `fallback` when it has none.
  float input_float(int pos, float fallback) const;
  int32_t input_int(int pos, int32_t fallback) const;
  math::Vec3 input_vector(int pos, math::Vec3 fallback) const;
  // CKBehavior::GetInputParameterObject: the referenced object (null ref when none).
  const ObjectRef* input_object(int pos) const;
  // The 2D curve a pin reads (null when none).
  const Curve2d* input_curve2d(int pos) const;
  // The text a String pin reads ("" when none: CKParameter::GetReadDataPtr of
  // an empty string, or no source).
  std::string input_string(int pos) const;
  // The real source of input pin pos (CKParameterIn::GetRealSource), or null.
  Parameter* input_source(int pos) const;
  // The type of input pin pos (the pin's own type, not its source's).
  Guid input_type(int pos) const;

  // CKBehavior::Get/SetOutputParameterValue (set pushes to destinations).
  float output_float(int pos, float fallback) const;
  void set_output_float(int pos, float v);
  void set_output_int(int pos, int32_t v);
  void set_output_string(int pos, const std::string& text);
  void set_output_object(int pos, const ObjectRef& object);
  // The output parameter at pos, or null.
  Parameter* output_param(int pos) const;
  // CKBehavior::Get/SetLocalParameterValue.
  float local_float(int pos, float fallback) const;
  int32_t local_int(int pos, int32_t fallback) const;
  math::Vec3 local_vector(int pos, math::Vec3 fallback) const;
  void set_local_float(int pos, float v);
  void set_local_vector(int pos, math::Vec3 v);

  // CKBehavior::GetTarget: the target pin's object for targetable behaviours,
  // otherwise the owner. Null ref when none.
  const ObjectRef* target() const;

  // CKBehavior::CallCallbackFunction(message) for building blocks.
  int call_callback(uint32_t message, BehaviorManager* manager);
  // CKBehavior::CallSubBehaviorsCallbackFunction: the callback of every
  // building block in this graph, depth first, in sub-behaviour order.
  void call_sub_behaviors_callback(uint32_t message, BehaviorManager* manager);

  // CKBehavior::Reset: link delays back to their initial values, delayed links
  // dropped, sub-behaviours deactivated and reset, IOs deactivated; a script's
  // input 0 is activated.
  void reset();

  // CKBehavior::Execute: runs the function of a building block, or one frame
  // of a graph. Returns the return code.
  int execute(BehaviorContext& ctx);

 private:
  friend class BehaviorManager;
  // Graph execution state (CKBehavior's BehaviorGraphData).
  std::vector<Behavior*> stack_;
  std::vector<BehaviorLink*> delayed_links_;
  // Scratch lists of check_ios_activation / check_behavior_activity, kept
  // between frames so a frame allocates nothing once they have grown.
  std::vector<BehaviorIO*> scratch_deactivate_;
  std::vector<BehaviorIO*> scratch_activate_;
  std::vector<BehaviorLink*> scratch_links_;
  void check_ios_activation();
  void find_next_behaviors_to_execute(Behavior* sub);
  void check_behavior_activity();
  int execute_function(BehaviorContext& ctx);
};

}  // namespace retroanim::ck
