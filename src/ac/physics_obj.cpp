// CPhysicsObj, the animation subset (client cphysobj/CPhysicsObj).
#include "retroanim/ac/physics_obj.h"

namespace retroanim::ac {

void PhysicsObj::set_setup(const Setup* setup, const AnimationProvider* provider) {
  part_array_ = std::make_unique<PartArray>(setup, provider);
  part_array_->sequence().set_object(this);
}

bool PhysicsObj::has_spheres() const {
  return part_array_ != nullptr && part_array_->setup() != nullptr && !part_array_->setup()->spheres.empty();
}

// CPhysicsObj::set_frame (0x514090)
void PhysicsObj::set_frame(const math::Frame& in) {
  math::Frame f = in;
  if (!f.is_valid() && f.is_valid_except_for_heading()) {
    f.qw = 0.0f;
    f.qx = 0.0f;
    f.qy = 0.0f;
    f.qz = 0.0f;
  }
  frame_ = f;
  if (!(state & kStateParticleEmitter) && part_array_) part_array_->SetFrame(frame_);
}

// CPhysicsObj::process_hooks (0x511550), the animation-hook half
void PhysicsObj::process_hooks() {
  // A hook's execution may queue more hooks; run until the queue is drained in order.
  for (size_t i = 0; i < anim_hooks_.size(); ++i) {
    const AnimationHook* h = anim_hooks_[i];
    if (h->type == AnimationHookType::AnimationDone) Hook_AnimDone();
    else if (executor_) executor_->execute(*this, *h);
  }
  anim_hooks_.clear();
}

// CPhysicsObj::Hook_AnimDone (0x50FDA0)
void PhysicsObj::Hook_AnimDone() {
  if (part_array_) part_array_->AnimationDone(true);
}

// CPhysicsObj::update_object (0x515D10)
void PhysicsObj::update_object(double cur_time) {
  if (state & kStateFrozen) {
    transient_state &= ~static_cast<uint32_t>(kTransientActive);
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
      UpdateObjectInternal(static_cast<float>(kMaxQuantum));
      quantum = quantum - kMaxQuantum;
    } while (quantum > kMaxQuantum);
    if (quantum > kMinQuantum) {
      physics_time = physics_time + quantum;
      UpdateObjectInternal(static_cast<float>(quantum));
    }
  } else {
    physics_time = physics_time + quantum;
    UpdateObjectInternal(static_cast<float>(quantum));
  }
  update_time = physics_time;
}

// CPhysicsObj::UpdateObjectInternal (0x5156B0), without transitions, detection,
// targeting, the movement and position managers, particles and scripts
void PhysicsObj::UpdateObjectInternal(float quantum) {
  if (!(transient_state & kTransientActive)) return;
  math::Frame new_frame;
  UpdatePositionInternal(quantum, new_frame);
  if (has_spheres()) {
    // The client runs a transition from the old to the new position; with no
    // collision it ends at the new position.
    if (new_frame.origin == frame_.origin) new_frame.origin = frame_.origin;
    set_frame(new_frame);
  } else {
    if (transient_state & kTransientOnWalkable) transient_state &= ~static_cast<uint32_t>(kTransientActive);
    new_frame.origin = frame_.origin;
    set_frame(new_frame);
  }
  if (part_array_) part_array_->HandleMovement();
}

// CPhysicsObj::UpdatePositionInternal (0x512C30), without the position manager and UpdatePhysicsInternal
void PhysicsObj::UpdatePositionInternal(float quantum, math::Frame& new_frame) {
  math::Frame offset;
  if (!(state & kStateHidden)) {
    if (part_array_) part_array_->Update(quantum, &offset);
    if (transient_state & kTransientOnWalkable) {
      const double s = scale;
      offset.origin.x = static_cast<float>(offset.origin.x * s);
      offset.origin.y = static_cast<float>(offset.origin.y * s);
      offset.origin.z = static_cast<float>(offset.origin.z * s);
    } else {
      offset.origin.x = static_cast<float>(offset.origin.x * 0.0);
      offset.origin.y = static_cast<float>(offset.origin.y * 0.0);
      offset.origin.z = static_cast<float>(offset.origin.z * 0.0);
    }
  }
  new_frame.combine(frame_, offset);
  process_hooks();
}

}  // namespace retroanim::ac
