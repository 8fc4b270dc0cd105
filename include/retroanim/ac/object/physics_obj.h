// CPhysicsObj, the animation subset: the per-frame update chain that splits
// elapsed time into quanta, advances the part array's sequence, moves the
// object by the sequence's offset, places the parts and runs the hooks.
// Collision (transitions), gravity, children, particles and scripts are out of scope.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "retroanim/ac/anim/anim_hook.h"
#include "retroanim/ac/object/part_array.h"
#include "retroanim/math/frame.h"

namespace retroanim {
class WorkerPool;
}  // namespace retroanim

namespace retroanim::ac {

// PhysicsState bits the animation chain reads (CPhysicsObj::state).
namespace physics_state_flag {
inline constexpr uint32_t kStatic = 0x1;               // set_velocity does not make the object active
inline constexpr uint32_t kGravity = 0x400;            // falls when off walkable ground; the interpreter checks it
inline constexpr uint32_t kParticleEmitter = 0x1000;  // parts are not placed by set_frame
inline constexpr uint32_t kHidden = 0x4000;           // the no-animate flag: update_position_internal skips the sequence
inline constexpr uint32_t kSledding = 0x800000;       // calc_acceleration applies gravity even on walkable ground
inline constexpr uint32_t kFrozen = 0x1000000;        // update_object does nothing
}  // namespace physics_state_flag

// TransientState bits the animation chain reads (CPhysicsObj::transient_state).
namespace transient_state_flag {
inline constexpr uint32_t kContact = 0x1;
inline constexpr uint32_t kOnWalkable = 0x2;  // the animation offset is scaled by the object scale (else zeroed)
inline constexpr uint32_t kActive = 0x80;     // update_object_internal runs only when set
}  // namespace transient_state_flag

// Runs the hooks an object receives (the Execute of each CAnimHook subclass).
// AnimationDone is handled by the object itself and not passed here.
class HookExecutor {
 public:
  virtual ~HookExecutor() = default;
  // Executes one hook for `obj`.
  virtual void execute(class PhysicsObj& obj, const AnimationHook& hook) = 0;
};

// What the object tells its movement manager about the ground (the client's
// CPhysicsObj calls MovementManager::HitGround and ::LeaveGround, which pass
// them on to CMotionInterp; the interpreter lives in a higher layer and
// implements this).
class MovementSink {
 public:
  virtual ~MovementSink() = default;
  // MovementManager::HitGround (0x524300): the object became walkable-grounded.
  virtual void hit_ground() = 0;
  // MovementManager::LeaveGround (0x524320): the object left walkable ground.
  virtual void leave_ground() = 0;
};

// PhysicsGlobals::gravity (-9.8f) and the client's maximum velocity (50).
inline constexpr float kGravity = -9.8000002f;
inline constexpr float kMaxVelocity = 50.0f;

// The client's update constants (PhysicsGlobals / CPhysicsObj statics).
inline constexpr double kMinQuantum = 1.0 / 30.0;  // dbl_844570
inline constexpr double kMaxQuantum = 1.0 / 5.0;   // dbl_844578 (ACE uses 0.1)
inline constexpr double kHugeQuantum = 2.0;

// An animated object.
class PhysicsObj : public AnimHookSink {
 public:
  // An object without parts (state 0, active, scale 1, identity frame).
  PhysicsObj() = default;
  // Not copyable or movable: the sequence keeps a pointer to its object.
  PhysicsObj(const PhysicsObj&) = delete;
  // Not copyable or movable: the sequence keeps a pointer to its object.
  PhysicsObj& operator=(const PhysicsObj&) = delete;

  // Gives the object parts for `setup` (CPhysicsObj::InitPartArrayObject with
  // CPartArray::CreateSetup); the sequence hands its hooks to this object.
  void set_setup(const Setup* setup, const AnimationProvider* provider);

  // The part array, or nullptr.
  PartArray* part_array() { return part_array_ ? &*part_array_ : nullptr; }
  // The part array, or nullptr.
  const PartArray* part_array() const { return part_array_ ? &*part_array_ : nullptr; }

  // The object frame (m_position.frame).
  const math::Frame& frame() const { return frame_; }
  // Sets the object frame and places the parts (CPhysicsObj::set_frame 0x514090).
  void set_frame(const math::Frame& frame);

  // PhysicsState bits.
  uint32_t state = 0;
  // TransientState bits.
  uint32_t transient_state = transient_state_flag::kActive;
  // The object's scale (m_scale).
  float scale = 1.0f;
  // Time of the last update, seconds (update_time).
  double update_time = 0.0;
  // True when the object has collision spheres: then the new position is kept
  // whole (the client runs a transition; no collision is modelled here).
  // Without spheres the client keeps the old origin and takes only the rotation.
  bool has_spheres() const;

  // Who receives HitGround / LeaveGround (the client's movement_manager; may be null).
  void set_movement_sink(MovementSink* sink) { movement_ = sink; }
  MovementSink* movement_sink() const { return movement_; }

  // Both contact and on-walkable bits set (CPhysicsObj::on_ground 0x527B20).
  bool on_ground() const {
    return (transient_state & transient_state_flag::kContact) && (transient_state & transient_state_flag::kOnWalkable);
  }
  // Sets the global velocity: when it differs from the current one by more
  // than 0.0002 in a component, stores it (scaled down to 50 when longer) and
  // sets jumped_this_frame; then, unless static, makes the object active
  // (CPhysicsObj::set_velocity 0x5113F0; update_time is left alone: no timer here).
  void set_velocity(const math::Vec3& v);
  // set_velocity of `v` rotated from the object frame to global (CPhysicsObj::set_local_velocity 0x5114D0).
  void set_local_velocity(const math::Vec3& v);
  // Acceleration and omega zero on walkable ground (unless sledding), else
  // gravity when the gravity bit is set, else zero (CPhysicsObj::calc_acceleration 0x510950).
  void calc_acceleration();
  // Sets or clears the on-walkable bit; a change to walkable calls
  // HitGround, a change away LeaveGround; then calc_acceleration (CPhysicsObj::set_on_walkable 0x511310).
  void set_on_walkable(bool on_walkable);
  // The contact block of CPhysicsObj::SetPositionInternal (0x515330) after
  // the contact plane is copied: contact bit = `contact`, calc_acceleration;
  // with contact set_on_walkable(`walkable`, the plane test N.z >= floor_z),
  // else the walkable bit cleared, LeaveGround when it was set, calc_acceleration.
  void set_contact(bool contact, bool walkable);

  // Sets who executes non-AnimationDone hooks (may be null: they are dropped).
  void set_hook_executor(HookExecutor* executor) { executor_ = executor; }
  // Who executes non-AnimationDone hooks (may be null).
  HookExecutor* hook_executor() const { return executor_; }

  // Queues a hook (CPhysicsObj::add_anim_hook 0x514C20).
  void add_anim_hook(const AnimationHook& hook) override { anim_hooks_.push_back(&hook); }
  // The queued hooks.
  const std::vector<const AnimationHook*>& pending_hooks() const { return anim_hooks_; }

  // Executes the queued hooks in order and empties the queue; AnimationDone
  // calls hook_anim_done (CPhysicsObj::process_hooks 0x511550).
  void process_hooks();

  // Forwards animation_done(true) to the part array.
  void hook_anim_done();  // CPhysicsObj::Hook_AnimDone (0x50FDA0)

  // Advances the object to `cur_time` seconds: nothing when frozen; elapsed
  // time <= 0.0002 s or > 2 s is skipped (update_time = cur_time); up to
  // 0.2 s is one quantum; longer spans are cut into 0.2 s quanta and a
  // remainder run only when > 1/30 s (kept for the next call otherwise)
  // (CPhysicsObj::update_object 0x515D10).
  void update_object(double cur_time);

  // One quantum of the animation chain.
  void update_object_internal(float quantum);  // CPhysicsObj::UpdateObjectInternal (0x5156B0)

  // Advances the sequence into an offset frame, scales or zeroes its origin,
  // combines it into the position giving `new_frame`, then runs the hooks
  // (in the client's order).
  void update_position_internal(float quantum, math::Frame& new_frame);  // CPhysicsObj::UpdatePositionInternal (0x512C30)

 private:
  // update_position_internal; `memo`: new_frame is a fresh identity frame
  // (as update_object_internal passes it), so the rotation memo may be used.
  void update_position(float quantum, math::Frame& new_frame, bool memo);
  // new_frame.combine(frame_, offset) for a fresh identity new_frame, its
  // rotation taken from rotation_memo_ when the two quaternions are those of
  // the last call (the rotation is a pure function of them then).
  void combine_position(const math::Frame& offset, math::Frame& new_frame);

  // The last rotation combine_position computed: the two quaternions it
  // combined (frame_, offset), the resulting quaternion and its matrix
  // (cache() of it).
  struct RotationMemo {
    float key[8];
    float q[4];
    float m[9];
  };

  math::Frame frame_{};
  std::optional<PartArray> part_array_;  // held in place: one less indirection per update
  std::vector<const AnimationHook*> anim_hooks_;
  HookExecutor* executor_ = nullptr;
  RotationMemo rotation_memo_{};
  bool rotation_memo_valid_ = false;

 public:
  // The motion side (read and written by the motion interpreter; the update
  // chain above uses none of it). Declared last: the update's fields keep
  // their places.
  // m_velocityVector: the global velocity (set_velocity; nothing here integrates it).
  math::Vec3 velocity{};
  // m_accelerationVector and m_omegaVector, as calc_acceleration leaves them.
  math::Vec3 acceleration{};
  math::Vec3 omega{};
  // last_move_was_autonomous (0 in the client's constructor; DoMotion and StopMotion set it).
  bool last_move_was_autonomous = false;
  // jumped_this_frame: set_velocity changed the velocity.
  bool jumped_this_frame = false;
  // Whether the object is in a cell (the client's `cell` pointer is not
  // null). retroanim has no cells; objects count as placed.
  bool in_cell = true;

 private:
  MovementSink* movement_ = nullptr;
};

// Runs update_object_internal(quantum) on each object in order (not in the
// client: a server-scale convenience, the plain loop).
void update_objects(std::span<PhysicsObj* const> objects, float quantum);

// What update_objects over a pool takes one object's update to cost on one
// thread (nanoseconds; a 30-part object in cache, docs/PERFORMANCE.md): its
// estimate of a tick's work for WorkerPool::threads_for.
inline constexpr double kUpdateObjectCostNs = 190.0;

// update_objects over a worker pool (retroanim's own; null = the loop above):
// when the tick's estimated work (objects x kUpdateObjectCostNs) gives at
// least two threads the pool's threshold each (WorkerPool::min_work() back
// to back, min_work_idle() after a pause), the objects are split into
// up to four contiguous chunks per thread used (pool->threads_for), each run
// by whichever thread is free next with the loop above; otherwise the
// calling thread runs them all as one chunk, with the hooks still deferred
// as below. Each object's
// frame, parts, sequence and AnimationDone handling are exactly those of the
// plain loop. The other hooks are not executed during the update: each
// thread collects them (object, hook, the object's executor) and, once every
// chunk is done, the calling thread executes them in object order (an
// object's hooks in the order it queued them). So what the executors observe
// is the same for every thread count, the executors need not be thread-safe,
// and they see each object after its whole quantum (the plain loop runs them
// in the middle of it, before set_frame). Objects must be distinct; objects
// may share their Setup, AnimationProvider and animations (read only).
void update_objects(std::span<PhysicsObj* const> objects, float quantum, WorkerPool* pool);

}  // namespace retroanim::ac
