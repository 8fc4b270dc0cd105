// CPhysicsObj, the animation subset (client cphysobj/CPhysicsObj).
#include "retroanim/ac/object/physics_obj.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>

#include "retroanim/worker_pool.h"

namespace retroanim::ac {

namespace {

// Prefetches [p, p + bytes) line by line, two lines per step (the last step
// may hint the line after the range: a prefetch never faults).
inline void prefetch_lines(const void* p, size_t bytes, bool for_write) {
  const char* c = static_cast<const char*>(p);
#if defined(__GNUC__)
  // A side effect for the optimiser: GCC treats prefetches as none and has
  // dropped a function that only prefetched.
  asm volatile("" : : "r"(c));
#endif
  for (size_t off = 0; off < bytes; off += 128) {
    if (for_write) {
      __builtin_prefetch(c + off, 1, 3);
      __builtin_prefetch(c + off + 64, 1, 3);
    } else {
      __builtin_prefetch(c + off, 0, 3);
      __builtin_prefetch(c + off + 64, 0, 3);
    }
  }
}

}  // namespace

void PhysicsObj::set_setup(const Setup* setup, const AnimationProvider* provider) {
  part_array_.emplace(setup, provider);
  part_array_->sequence().set_object(this);
}

bool PhysicsObj::has_spheres() const {
  return part_array_.has_value() && part_array_->setup() != nullptr && !part_array_->setup()->spheres.empty();
}

// CPhysicsObj::set_frame (0x514090)
void PhysicsObj::set_frame(const math::Frame& in) {
  // The client copies `in`, fixes the copy and stores it; fixing frame_ after
  // storing is the same (also when `in` is frame_ itself).
  frame_ = in;
  // The client's !IsValid() && IsValidExceptForHeading(), tested in the other
  // order (both are pure): the cheap NaN test is false for every valid frame,
  // so the norm test runs only for a frame with a NaN in its quaternion.
  if (frame_.is_valid_except_for_heading() && !frame_.is_valid()) {
    frame_.qw = 0.0f;
    frame_.qx = 0.0f;
    frame_.qy = 0.0f;
    frame_.qz = 0.0f;
  }
  if (!(state & physics_state_flag::kParticleEmitter) && part_array_) part_array_->set_frame(frame_);
}

// CPhysicsObj::set_velocity (0x5113F0)
void PhysicsObj::set_velocity(const math::Vec3& v) {
  // Vector3::operator!= (0x45F9F0): a component differs by more than 0.0002.
  const bool differs = std::fabs(static_cast<double>(v.x) - velocity.x) > math::kAcEpsilon ||
                       std::fabs(static_cast<double>(v.y) - velocity.y) > math::kAcEpsilon ||
                       std::fabs(static_cast<double>(v.z) - velocity.z) > math::kAcEpsilon;
  if (differs) {
    velocity = v;
    // The decompilation lost the comparison's operands (only the flags test
    // is left); the magnitude against the maximum velocity, as ACE has it.
    const double len = std::sqrt(static_cast<double>(velocity.x) * velocity.x +
                                 static_cast<double>(velocity.y) * velocity.y +
                                 static_cast<double>(velocity.z) * velocity.z);
    if (len > kMaxVelocity) {
      // AC1Legacy::Vector3::normalize (0x452400), then the scale by 50.
      velocity.x = static_cast<float>(1.0 / len * velocity.x);
      velocity.y = static_cast<float>(1.0 / len * velocity.y);
      velocity.z = static_cast<float>(1.0 / len * velocity.z);
      velocity.x = static_cast<float>(50.0 * velocity.x);
      velocity.y = static_cast<float>(50.0 * velocity.y);
      velocity.z = static_cast<float>(50.0 * velocity.z);
    }
    jumped_this_frame = true;
  }
  if (!(state & physics_state_flag::kStatic)) transient_state |= transient_state_flag::kActive;
}

// CPhysicsObj::set_local_velocity (0x5114D0)
void PhysicsObj::set_local_velocity(const math::Vec3& v) {
  const float* m = frame_.m;
  math::Vec3 g;
  g.x = static_cast<float>(static_cast<double>(m[0]) * v.x + static_cast<double>(m[3]) * v.y +
                           static_cast<double>(m[6]) * v.z);
  g.y = static_cast<float>(static_cast<double>(m[1]) * v.x + static_cast<double>(m[4]) * v.y +
                           static_cast<double>(m[7]) * v.z);
  g.z = static_cast<float>(static_cast<double>(m[2]) * v.x + static_cast<double>(m[5]) * v.y +
                           static_cast<double>(m[8]) * v.z);
  set_velocity(g);
}

// CPhysicsObj::calc_acceleration (0x510950)
void PhysicsObj::calc_acceleration() {
  if ((transient_state & transient_state_flag::kContact) && (transient_state & transient_state_flag::kOnWalkable) &&
      !(state & physics_state_flag::kSledding)) {
    acceleration = {};
    omega = {};
  } else if (state & physics_state_flag::kGravity) {
    acceleration = {0.0f, 0.0f, kGravity};
  } else {
    acceleration = {};
  }
}

// CPhysicsObj::set_on_walkable (0x511310)
void PhysicsObj::set_on_walkable(bool on_walkable) {
  const bool was = (transient_state & transient_state_flag::kOnWalkable) != 0;
  if (on_walkable) transient_state |= transient_state_flag::kOnWalkable;
  else transient_state &= ~transient_state_flag::kOnWalkable;
  if (was) {
    if (!on_walkable && movement_) movement_->leave_ground();
  } else if (on_walkable && movement_) {
    movement_->hit_ground();
  }
  calc_acceleration();
}

// CPhysicsObj::SetPositionInternal (0x515330), the contact block only
void PhysicsObj::set_contact(bool contact, bool walkable) {
  if (contact) transient_state |= transient_state_flag::kContact;
  else transient_state &= ~transient_state_flag::kContact;
  calc_acceleration();
  if (transient_state & transient_state_flag::kContact) {
    set_on_walkable(walkable);
  } else {
    const bool was = (transient_state & transient_state_flag::kOnWalkable) != 0;
    transient_state &= ~transient_state_flag::kOnWalkable;
    if (was && movement_) movement_->leave_ground();
    calc_acceleration();
  }
}

// CPhysicsObj::process_hooks (0x511550), the animation-hook half
void PhysicsObj::process_hooks() {
  // A hook's execution may queue more hooks; run until the queue is drained in order.
  for (size_t i = 0; i < anim_hooks_.size(); ++i) {
    const AnimationHook* h = anim_hooks_[i];
    if (h->type == AnimationHookType::kAnimationDone) hook_anim_done();
    else if (executor_) executor_->execute(*this, *h);
  }
  anim_hooks_.clear();
}

// CPhysicsObj::Hook_AnimDone (0x50FDA0)
void PhysicsObj::hook_anim_done() {
  if (part_array_) part_array_->animation_done(true);
}

// CPhysicsObj::update_object (0x515D10)
void PhysicsObj::update_object(double cur_time) {
  if (state & physics_state_flag::kFrozen) {
    transient_state &= ~transient_state_flag::kActive;
    return;
  }
  double physics_time = update_time;
  double quantum = cur_time - update_time;
  if (!(quantum > math::kAcEpsilon) || quantum > kHugeQuantum) {
    update_time = cur_time;
    return;
  }
  if (quantum > kMaxQuantum) {
    do {
      physics_time = physics_time + kMaxQuantum;
      update_object_internal(static_cast<float>(kMaxQuantum));
      quantum = quantum - kMaxQuantum;
    } while (quantum > kMaxQuantum);
    if (quantum > kMinQuantum) {
      physics_time = physics_time + quantum;
      update_object_internal(static_cast<float>(quantum));
    }
  } else {
    physics_time = physics_time + quantum;
    update_object_internal(static_cast<float>(quantum));
  }
  update_time = physics_time;
}

// CPhysicsObj::UpdateObjectInternal (0x5156B0), without transitions, detection,
// targeting, the movement and position managers, particles and scripts
void PhysicsObj::update_object_internal(float quantum) {
  if (!(transient_state & transient_state_flag::kActive)) return;
  if (part_array_) {
    // The part frames set_frame writes at the end: their lines arrive while
    // the sequence advances (not in the client; no effect on results).
    const math::FrameArray& parts = part_array_->part_frames();
    prefetch_lines(parts.field(math::FrameArray::Field::kQw),
                   parts.stride() * math::FrameArray::kFields * sizeof(float), true);
  }
  math::Frame new_frame;
  update_position(quantum, new_frame, true);
  if (has_spheres()) {
    // The client runs a transition from the old to the new position; with no
    // collision it ends at the new position. The copy is not a no-op: -0 == +0,
    // and an equal origin takes the old origin's zero signs, as in the client.
    if (new_frame.origin == frame_.origin) new_frame.origin = frame_.origin;
    set_frame(new_frame);
  } else {
    if (transient_state & transient_state_flag::kOnWalkable) transient_state &= ~transient_state_flag::kActive;
    new_frame.origin = frame_.origin;
    set_frame(new_frame);
  }
  if (part_array_) part_array_->handle_movement();
}

// CPhysicsObj::UpdatePositionInternal (0x512C30), without the position manager and UpdatePhysicsInternal
void PhysicsObj::update_position_internal(float quantum, math::Frame& new_frame) {
  update_position(quantum, new_frame, false);
}

// Frame::combine (0x512DE0) of frame_ and `offset` into a fresh identity
// new_frame. Its origin is always computed; its rotation (set_rotate of the
// quaternion product: the normalised product, or, when that is invalid,
// new_frame's identity kept; the matrix cache() of either) depends only on
// the two quaternions once the origin holds no NaN (is_valid tests the
// origin too), so it is taken from the memo when both quaternions are
// bitwise those of the last call, with the matrix that combine left (cache()
// of the quaternion, the identity's when set_rotate reverted). Not in the
// client; the results are the combine's.
void PhysicsObj::combine_position(const math::Frame& offset, math::Frame& new_frame) {
  RotationMemo& memo = rotation_memo_;
  // The quaternions are each four consecutive floats (qw..qz) of their frames.
  static_assert(offsetof(math::Frame, qx) == offsetof(math::Frame, qw) + sizeof(float) &&
                offsetof(math::Frame, qz) == offsetof(math::Frame, qw) + 3 * sizeof(float));
  if (rotation_memo_valid_ && std::memcmp(memo.key, &frame_.qw, 4 * sizeof(float)) == 0 &&
      std::memcmp(memo.key + 4, &offset.qw, 4 * sizeof(float)) == 0) {
    const math::Vec3 moved = frame_.localtoglobal(offset.origin);
    if (!(std::isnan(moved.x) || std::isnan(moved.y) || std::isnan(moved.z))) {
      new_frame.origin = moved;
      new_frame.qw = memo.q[0];
      new_frame.qx = memo.q[1];
      new_frame.qy = memo.q[2];
      new_frame.qz = memo.q[3];
      std::memcpy(new_frame.m, memo.m, sizeof memo.m);
      return;
    }
  }
  new_frame.combine(frame_, offset);
  const math::Vec3& o = new_frame.origin;
  rotation_memo_valid_ = !(std::isnan(o.x) || std::isnan(o.y) || std::isnan(o.z));
  if (!rotation_memo_valid_) return;
  std::memcpy(memo.key, &frame_.qw, 4 * sizeof(float));
  std::memcpy(memo.key + 4, &offset.qw, 4 * sizeof(float));
  memo.q[0] = new_frame.qw;
  memo.q[1] = new_frame.qx;
  memo.q[2] = new_frame.qy;
  memo.q[3] = new_frame.qz;
  std::memcpy(memo.m, new_frame.m, sizeof memo.m);
}

void PhysicsObj::update_position(float quantum, math::Frame& new_frame, bool memo) {
  math::Frame offset;
  if (!(state & physics_state_flag::kHidden)) {
    if (part_array_) part_array_->update(quantum, &offset);
    if (transient_state & transient_state_flag::kOnWalkable) {
      const double s = scale;
      offset.origin.x = static_cast<float>(offset.origin.x * s);
      offset.origin.y = static_cast<float>(offset.origin.y * s);
      offset.origin.z = static_cast<float>(offset.origin.z * s);
    } else {
      // Multiplied by 0.0, not set to 0, as the client does: a negative
      // origin gives -0 and a non-finite one NaN, which the combine below keeps.
      offset.origin.x = static_cast<float>(offset.origin.x * 0.0);
      offset.origin.y = static_cast<float>(offset.origin.y * 0.0);
      offset.origin.z = static_cast<float>(offset.origin.z * 0.0);
    }
  }
  if (memo) combine_position(offset, new_frame);
  else new_frame.combine(frame_, offset);
  process_hooks();
}

}  // namespace retroanim::ac

namespace retroanim::ac {

void update_objects(std::span<PhysicsObj* const> objects, float quantum) {
  // A plain loop: software prefetching of the next objects' data (the object,
  // its part frames, sequence nodes and animation frame, a few places ahead)
  // was measured slower in every workload once the tick itself got cheaper
  // (the pointer chase to reach what to prefetch stalls the loop; the
  // hardware overlaps the plain loop's misses better): docs/PERFORMANCE.md.
  for (PhysicsObj* o : objects) o->update_object_internal(quantum);
}

namespace {

// One hook a thread collected, executed later on the calling thread.
struct DeferredHook {
  PhysicsObj* obj;
  const AnimationHook* hook;
  HookExecutor* executor;
};

// Stands in for an object's executor while its chunk updates: records the hook.
class CollectingExecutor final : public HookExecutor {
 public:
  explicit CollectingExecutor(std::vector<DeferredHook>& out) : out_(out) {}
  void execute(PhysicsObj& obj, const AnimationHook& hook) override { out_.push_back({&obj, &hook, target}); }
  HookExecutor* target = nullptr;

 private:
  std::vector<DeferredHook>& out_;
};

}  // namespace

void update_objects(std::span<PhysicsObj* const> objects, float quantum, WorkerPool* pool) {
  if (pool == nullptr) {
    update_objects(objects, quantum);
    return;
  }
  const size_t n = objects.size();
  // Threads only for enough work to pay for the hand-over (WorkerPool::min_work);
  // otherwise one chunk on the calling thread, its hooks deferred all the same.
  const unsigned use = pool->threads_for(n, kUpdateObjectCostNs);
  // A few chunks per thread, taken in turn as threads become free (so a worker
  // that starts late or runs slower shifts work to the others); each chunk's
  // hooks are kept apart (a cache line each: the threads push to them at the
  // same time) and handed over in chunk order.
  constexpr size_t kChunksPerThread = 4;
  const size_t parts = use <= 1 ? 1 : std::max<size_t>(1, std::min<size_t>(use * kChunksPerThread, n));
  struct alignas(64) ChunkHooks {
    std::vector<DeferredHook> hooks;
  };
  std::vector<ChunkHooks> hooks(parts);
  pool->run(
      parts,
      [&](size_t k) {
        const auto [first, last] = WorkerPool::chunk(n, parts, k);
        CollectingExecutor collect(hooks[k].hooks);
        // The loop of update_objects, each object's executor swapped for the
        // collector during its own update only.
        for (size_t i = first; i < last; ++i) {
          PhysicsObj& o = *objects[i];
          HookExecutor* own = o.hook_executor();
          if (own == nullptr) {
            o.update_object_internal(quantum);
            continue;
          }
          collect.target = own;
          o.set_hook_executor(&collect);
          o.update_object_internal(quantum);
          o.set_hook_executor(own);
        }
      },
      use);
  for (const auto& chunk : hooks)
    for (const DeferredHook& d : chunk.hooks) d.executor->execute(*d.obj, *d.hook);
}

}  // namespace retroanim::ac
