// (retroanim's own) MotionObject: a physics object, its motion table manager
// and its hooks as events (the C API's per-object state).
#include "retroanim/ac/motion/motion_object.h"

#include <algorithm>

#include "retroanim/worker_pool.h"

namespace retroanim::ac {

namespace {

// A payload struct's fields into the event, by type (see flatten_hook).
struct Flatten {
  HookEvent& e;
  static uint32_t bits(int32_t v) { return static_cast<uint32_t>(v); }
  void operator()(const NoHookData&) const {}
  void operator()(const SoundHookData& d) const { e.u[0] = d.sound_id; }
  void operator()(const SoundTableHookData& d) const { e.u[0] = d.sound_type; }
  void operator()(const AttackHookData& d) const {
    e.u[0] = bits(d.part_index);
    e.f[0] = d.left_x, e.f[1] = d.left_y, e.f[2] = d.right_x, e.f[3] = d.right_y, e.f[4] = d.radius,
    e.f[5] = d.height;
  }
  void operator()(const ReplaceObjectHookData& d) const { e.u[0] = d.part_index, e.u[1] = d.part_id; }
  void operator()(const SwitchHookData& d) const { e.u[0] = bits(d.value); }
  void operator()(const RampHookData& d) const { e.f[0] = d.start, e.f[1] = d.end, e.f[2] = d.time; }
  void operator()(const PartRampHookData& d) const {
    e.u[0] = d.part_index;
    e.f[0] = d.start, e.f[1] = d.end, e.f[2] = d.time;
  }
  void operator()(const ScaleHookData& d) const { e.f[0] = d.end, e.f[1] = d.time; }
  void operator()(const CreateParticleHookData& d) const {
    e.u[0] = d.emitter_info_id, e.u[1] = d.part_index, e.u[2] = d.emitter_id;
    e.f[0] = d.offset.origin.x, e.f[1] = d.offset.origin.y, e.f[2] = d.offset.origin.z;
    e.f[3] = d.offset.qw, e.f[4] = d.offset.qx, e.f[5] = d.offset.qy, e.f[6] = d.offset.qz;
  }
  void operator()(const EmitterHookData& d) const { e.u[0] = d.emitter_id; }
  void operator()(const PartIndexHookData& d) const { e.u[0] = d.part_index; }
  void operator()(const CallPESHookData& d) const { e.u[0] = d.pes_id, e.f[0] = d.pause; }
  void operator()(const SoundTweakedHookData& d) const {
    e.u[0] = d.sound_id;
    e.f[0] = d.probability, e.f[1] = d.priority, e.f[2] = d.volume;
  }
  void operator()(const SetOmegaHookData& d) const { e.f[0] = d.axis.x, e.f[1] = d.axis.y, e.f[2] = d.axis.z; }
  void operator()(const TextureVelocityHookData& d) const { e.f[0] = d.u_speed, e.f[1] = d.v_speed; }
  void operator()(const TextureVelocityPartHookData& d) const {
    e.u[0] = d.part_index;
    e.f[0] = d.u_speed, e.f[1] = d.v_speed;
  }
};

}  // namespace

HookEvent flatten_hook(const AnimationHook& hook, uint64_t object_id) {
  HookEvent e;
  e.object_id = object_id;
  e.type = static_cast<uint32_t>(hook.type);
  e.direction = static_cast<int32_t>(hook.direction);
  e.tag = hook.tag;
  std::visit(Flatten{e}, hook.data);
  return e;
}

AnimationHook hook_from_event(const HookEvent& e) {
  AnimationHook h;
  h.type = static_cast<AnimationHookType>(e.type);
  h.direction = static_cast<AnimationHookDir>(e.direction);
  h.tag = e.tag;
  const auto i32 = [](uint32_t v) { return static_cast<int32_t>(v); };
  const uint32_t* u = e.u;
  const float* f = e.f;
  switch (h.type) {  // the payload struct of each type (anim_hook.h), fields as Flatten stores them
    case AnimationHookType::kSound: h.data = SoundHookData{u[0]}; break;
    case AnimationHookType::kSoundTable: h.data = SoundTableHookData{u[0]}; break;
    case AnimationHookType::kAttack: h.data = AttackHookData{i32(u[0]), f[0], f[1], f[2], f[3], f[4], f[5]}; break;
    case AnimationHookType::kReplaceObject: h.data = ReplaceObjectHookData{u[0], u[1]}; break;
    case AnimationHookType::kEthereal:
    case AnimationHookType::kNoDraw:
    case AnimationHookType::kSetLight: h.data = SwitchHookData{i32(u[0])}; break;
    case AnimationHookType::kTransparent:
    case AnimationHookType::kLuminous:
    case AnimationHookType::kDiffuse: h.data = RampHookData{f[0], f[1], f[2]}; break;
    case AnimationHookType::kTransparentPart:
    case AnimationHookType::kLuminousPart:
    case AnimationHookType::kDiffusePart: h.data = PartRampHookData{u[0], f[0], f[1], f[2]}; break;
    case AnimationHookType::kScale: h.data = ScaleHookData{f[0], f[1]}; break;
    case AnimationHookType::kCreateParticle:
    case AnimationHookType::kCreateBlockingParticle: {
      CreateParticleHookData d;
      d.emitter_info_id = u[0];
      d.part_index = u[1];
      d.emitter_id = u[2];
      d.offset.origin = {f[0], f[1], f[2]};
      d.offset.qw = f[3], d.offset.qx = f[4], d.offset.qy = f[5], d.offset.qz = f[6];
      h.data = d;
      break;
    }
    case AnimationHookType::kDestroyParticle:
    case AnimationHookType::kStopParticle: h.data = EmitterHookData{u[0]}; break;
    case AnimationHookType::kDefaultScriptPart: h.data = PartIndexHookData{u[0]}; break;
    case AnimationHookType::kCallPES: h.data = CallPESHookData{u[0], f[0]}; break;
    case AnimationHookType::kSoundTweaked: h.data = SoundTweakedHookData{u[0], f[0], f[1], f[2]}; break;
    case AnimationHookType::kSetOmega: h.data = SetOmegaHookData{math::Vec3{f[0], f[1], f[2]}}; break;
    case AnimationHookType::kTextureVelocity: h.data = TextureVelocityHookData{f[0], f[1]}; break;
    case AnimationHookType::kTextureVelocityPart: h.data = TextureVelocityPartHookData{u[0], f[0], f[1]}; break;
    default: h.data = NoHookData{}; break;  // NoOp, AnimationDone, DefaultScript, unknown types
  }
  return h;
}

MotionObject::MotionObject(const Setup* setup, const AnimationProvider* provider, uint64_t id) : id_(id) {
  obj_.set_setup(setup, provider);
  obj_.set_hook_executor(this);
  obj_.part_array()->set_motion_handler(this);
}

bool MotionObject::attach_motion_table(const MotionTable& table) {
  if (interp_) return false;
  auto m = std::make_unique<Manager>(sequence());
  m->table = table;
  m->manager.set_table(&m->table);
  m->manager.set_owner(this);
  manager_ = std::move(m);
  return true;
}

bool MotionObject::create_interp(const std::optional<FixedWeenie>& weenie) {
  if (!manager_ || interp_) return false;
  interp_ = std::make_unique<Interp>(PhysicsObjMotion{&obj_, &manager_->manager, &manager_->target}, weenie);
  obj_.set_movement_sink(&interp_->interp);
  return true;
}

bool MotionObject::set_default_state() {
  if (!manager_) return false;
  manager_->manager.initialize_state(manager_->target);
  return true;
}

MotionError MotionObject::perform_movement(const MovementStruct& movement) {
  if (!manager_) return MotionError::kNoAnimationTable;
  return manager_->manager.perform_movement(movement, manager_->target);
}

void MotionObject::advance(double dt) {
  // The scenario runner's update (src/ac/scenario.cpp, Runner::update), in its order.
  math::Frame offset;
  sequence().update(dt, &offset);
  math::Frame f = obj_.frame();
  f.combine(f, offset);
  obj_.set_frame(f);
  for (const AnimationHook* h : obj_.pending_hooks()) record(*h);
  recorded_ = true;
  obj_.process_hooks();  // AnimationDone -> part array -> animation_done -> the manager
  recorded_ = false;
  if (manager_) manager_->manager.use_time();
}

void MotionObject::execute(PhysicsObj& /*obj*/, const AnimationHook& hook) {
  if (recorded_) return;
  if (sink_ != nullptr && sink_->active) {
    sink_->events.push_back(flatten_hook(hook, id_));
    sink_->owners.push_back(sink_index_);
    return;
  }
  record(hook);
}

void MotionObject::animation_done(bool success) {
  if (!recorded_) record(anim_done_hook());
  if (manager_) manager_->manager.animation_done(success);
}

void MotionObject::use_time() {
  if (manager_) manager_->manager.use_time();
}

void MotionObject::motion_done(uint32_t motion, bool success) {
  done_.push_back(motion);
  if (interp_) interp_->interp.motion_done(success);  // CPhysicsObj::MotionDone -> MovementManager::MotionDone
}

void update_motion_objects(std::span<MotionObject* const> objects, std::span<PhysicsObj* const> physics,
                           std::span<uint8_t> flags, float quantum, WorkerPool* pool, HookEventSink& sink) {
  sink.events.clear();
  sink.owners.clear();
  struct Active {  // the sink takes hooks during the update only, even when it throws
    HookEventSink& s;
    explicit Active(HookEventSink& x) : s(x) { s.active = true; }
    ~Active() { s.active = false; }
  };
  {
    Active active(sink);
    update_objects(physics, quantum, pool);
  }
  // Objects holding events of their own (set before the tick, or AnimationDone
  // during it) are rare: their events go in front of their hooks of the tick.
  const size_t n = std::min(objects.size(), flags.size());
  size_t i = 0;
  while (i < n && flags[i] == 0) ++i;
  if (i == n) return;
  std::vector<HookEvent> merged;
  merged.reserve(sink.events.size());
  size_t k = 0;
  for (; i < n; ++i) {
    if (flags[i] == 0) continue;
    flags[i] = 0;
    while (k < sink.events.size() && sink.owners[k] < i) merged.push_back(sink.events[k++]);
    MotionObject& o = *objects[i];
    merged.insert(merged.end(), o.events().begin(), o.events().end());
    o.clear_events();
  }
  merged.insert(merged.end(), sink.events.begin() + static_cast<std::ptrdiff_t>(k), sink.events.end());
  sink.events.swap(merged);
}

}  // namespace retroanim::ac
