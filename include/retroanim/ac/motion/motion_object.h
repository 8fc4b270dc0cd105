// (retroanim's own) One animated object as an embedder drives it: a physics
// object (CPhysicsObj with its CPartArray and CSequence), optionally its
// motion table and MotionTableManager, and the hooks it receives recorded as
// plain events. This is the per-object state behind the C API's ra_ac_object
// (include/retroanim/retroanim.h); it adds no behaviour of its own: every
// call forwards to the ported classes, in the order the client (or the
// scenario runner, for advance()) calls them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "retroanim/ac/anim/anim_hook.h"
#include "retroanim/ac/motion/motion_interp.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/motion/motion_table_manager.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/ac/object/setup.h"
#include "retroanim/ac/motion/weenie_object.h"

namespace retroanim {
class WorkerPool;
}  // namespace retroanim

namespace retroanim::ac {

// A hook as plain numbers (the payload flattened by type, see
// flatten_hook): what the C API hands out as ra_ac_hook_event.
struct HookEvent {
  uint64_t object_id = 0;  // the id the object was created with (MotionObject::id)
  uint32_t type = 0;       // AnimationHookType
  int32_t direction = 0;   // AnimationHookDir (-2 for the sequence's own AnimationDone)
  uint32_t tag = 0;        // AnimationHook::tag (the scenario's hook index, 0 = none)
  uint32_t u[3] = {0, 0, 0};
  float f[7] = {0, 0, 0, 0, 0, 0, 0};
};

// The hook's payload as HookEvent fields (u = integers, f = floats), by type:
// Sound u0 sound_id; SoundTable u0 sound_type; Attack u0 part_index (int32
// bits), f0..f5 left_x, left_y, right_x, right_y, radius, height;
// ReplaceObject u0 part_index, u1 part_id; Ethereal/NoDraw/SetLight u0 value
// (int32 bits); Transparent/Luminous/Diffuse f0..f2 start, end, time;
// TransparentPart/LuminousPart/DiffusePart u0 part_index, f0..f2;
// Scale f0 end, f1 time; CreateParticle/CreateBlockingParticle u0
// emitter_info_id, u1 part_index, u2 emitter_id, f0..f6 offset origin x, y,
// z, rotation w, x, y, z; DestroyParticle/StopParticle u0 emitter_id;
// DefaultScriptPart u0 part_index; CallPES u0 pes_id, f0 pause;
// SoundTweaked u0 sound_id, f0..f2 probability, priority, volume; SetOmega
// f0..f2 axis; TextureVelocity f0, f1 u and v speed; TextureVelocityPart u0
// part_index, f0, f1. Other types have no payload.
HookEvent flatten_hook(const AnimationHook& hook, uint64_t object_id);

// The hook an event was flattened from (flatten_hook's inverse): type,
// direction and the payload of the type's struct, as the dat reader makes it
// (CAnimHook::UnPackHook's choice of class by type), rebuilt from u and f.
// The tag is kept. A type above 26 gets no payload.
AnimationHook hook_from_event(const HookEvent& event);

// Where a batch collects its objects' hooks during update_motion_objects:
// while `active`, a hook other than AnimationDone that an object in the
// batch executes is appended here (with the object's index in the batch)
// instead of to the object's own events, so the tick's list is built in one
// contiguous pass, without visiting each object's events afterwards. Only
// the calling thread writes it (update_objects hands hooks over there).
struct HookEventSink {
  std::vector<HookEvent> events;
  std::vector<uint32_t> owners;  // events[k] came from the object of index owners[k]
  bool active = false;
};

// One object. Not copyable or movable (the sequence points back at it).
class MotionObject final : public HookExecutor, public MotionHandler, public MotionDoneSink {
 public:
  // An object with the parts of `setup` (shared; must outlive the object),
  // animations from `provider` (shared), and the id its events carry.
  MotionObject(const Setup* setup, const AnimationProvider* provider, uint64_t id);
  MotionObject(const MotionObject&) = delete;
  MotionObject& operator=(const MotionObject&) = delete;

  uint64_t id() const { return id_; }
  PhysicsObj& physics() { return obj_; }
  const PhysicsObj& physics() const { return obj_; }
  Sequence& sequence() { return obj_.part_array()->sequence(); }
  const Sequence& sequence() const { return obj_.part_array()->sequence(); }

  // Gives the object a motion table (copied) and a MotionTableManager on it,
  // which then receives the part array's AnimationDone and UseTime calls.
  // False (nothing changed) once the object has an interpreter, which keeps
  // the manager it was made with.
  bool attach_motion_table(const MotionTable& table);
  // The manager, or nullptr before attach_motion_table.
  MotionTableManager* manager() { return manager_ ? &manager_->manager : nullptr; }
  const MotionTableManager* manager() const { return manager_ ? &manager_->manager : nullptr; }

  // Gives the object a CMotionInterp (CMotionInterp::Create, nothing applied
  // until enter_default_state) over its physics object, motion table manager
  // and sequence, with a FixedWeenie answering as `weenie` (copied; nullopt:
  // no weenie). The interpreter becomes the physics object's movement sink
  // (HitGround, LeaveGround) and receives every MotionDone the manager
  // reports (CPhysicsObj::MotionDone -> MovementManager::MotionDone ->
  // CMotionInterp::MotionDone), after it is recorded in done(). Needs a
  // motion table, and only one interpreter per object: false otherwise.
  bool create_interp(const std::optional<FixedWeenie>& weenie);
  // The interpreter, or nullptr before create_interp.
  MotionInterp* interp() { return interp_ ? &interp_->interp : nullptr; }
  const MotionInterp* interp() const { return interp_ ? &interp_->interp : nullptr; }
  // The interpreter's weenie (its answers may be changed), or nullptr when it has none.
  FixedWeenie* weenie() { return interp_ && interp_->weenie ? &*interp_->weenie : nullptr; }

  // MotionTableManager::initialize_state (CMotionTable::SetDefaultState); false without a table.
  bool set_default_state();
  // MotionTableManager::PerformMovement of a movement; kNoAnimationTable without a table.
  MotionError perform_movement(const MovementStruct& movement);

  // The scenario runner's `update` step (src/ac/scenario.cpp): CSequence::update(dt,
  // offset) on the sequence's own clock (no quanta), object frame = frame
  // combined with offset (set_frame), the queued hooks recorded as events and
  // processed in order (AnimationDone reaches the manager), then UseTime.
  void advance(double dt);
  // CPhysicsObj::update_object (quanta, the client's time rules); hooks become events.
  void update_object(double cur_time) { obj_.update_object(cur_time); }
  // CPhysicsObj::UpdateObjectInternal for one quantum; hooks become events.
  void update_object_internal(float quantum) { obj_.update_object_internal(quantum); }

  // The events recorded since the last clear_events, in the order received.
  // (An object updated through update_motion_objects over a pool records its
  // AnimationDone events during its update and its other hooks after every
  // object's update, so within one update AnimationDone comes first there.)
  const std::vector<HookEvent>& events() const { return events_; }
  void clear_events() { events_.clear(); }
  // The motions the manager reported done since the last clear_done.
  const std::vector<uint32_t>& done() const { return done_; }
  void clear_done() { done_.clear(); }

  // A byte set to 1 whenever an event is recorded (a batch's flag for this
  // object, so a batch finds its objects with events without visiting all;
  // null = none). Only this object's updates write it.
  void set_event_flag(uint8_t* flag) { event_flag_ = flag; }
  uint8_t* event_flag() const { return event_flag_; }
  // The batch's sink and this object's index in the batch (null = none).
  void set_event_sink(HookEventSink* sink, uint32_t index) {
    sink_ = sink;
    sink_index_ = index;
  }

  // HookExecutor: a hook other than AnimationDone, recorded as an event.
  void execute(PhysicsObj& obj, const AnimationHook& hook) override;
  // MotionHandler: AnimationDone recorded (type 4, direction -2) and forwarded to the manager.
  void animation_done(bool success) override;
  // MotionHandler: UseTime forwarded to the manager.
  void use_time() override;
  // MotionDoneSink: a motion done, recorded.
  void motion_done(uint32_t motion, bool success) override;

 private:
  struct Manager {
    MotionTable table;
    SequenceMotionTarget target;
    MotionTableManager manager{nullptr};
    explicit Manager(Sequence& seq) : target(seq) {}
  };
  // What execute() and use_time() read, beside the vtable pointers (one
  // cache line: a batch tick touches little else of the object outside obj_).
  uint64_t id_;
  HookEventSink* sink_ = nullptr;
  std::unique_ptr<Manager> manager_;
  uint8_t* event_flag_ = nullptr;
  uint32_t sink_index_ = 0;
  bool recorded_ = false;  // advance(): the hooks are already recorded
  PhysicsObj obj_;
  std::vector<HookEvent> events_;
  std::vector<uint32_t> done_;
  // The interpreter part (create_interp). Declared last: destroyed first, and
  // the fields an update reads keep their places.
  struct Interp {
    std::optional<FixedWeenie> weenie;
    MotionInterp interp;
    Interp(const PhysicsObjMotion& object, const std::optional<FixedWeenie>& w)
        : weenie(w), interp(object, weenie ? &*weenie : nullptr) {}
  };
  std::unique_ptr<Interp> interp_;
  void record(const AnimationHook& hook) {
    events_.push_back(flatten_hook(hook, id_));
    if (event_flag_) *event_flag_ = 1;
  }
};

// update_objects (physics_obj.h) over `physics` (the physics objects of
// `objects`, same order): one quantum each, over `pool` (may be null). The
// tick's events then replace sink.events, in object order: for each object,
// the events it holds (those received before the tick, its AnimationDone
// events of the tick), cleared from it, then the hooks it executed during
// the tick. `flags[i]` must be objects[i]'s event flag (set_event_flag) and
// objects[i] must have `sink` with index i (set_event_sink); the flags are
// cleared. Results are those of update_objects.
void update_motion_objects(std::span<MotionObject* const> objects, std::span<PhysicsObj* const> physics,
                           std::span<uint8_t> flags, float quantum, WorkerPool* pool, HookEventSink& sink);

}  // namespace retroanim::ac
