#include "retroanim/ck/behavior/behavior_manager.h"
#include <deque>
#include <memory>
#include <utility>

namespace retroanim::ck {

namespace {

// A new default object, owned by `list`.
template <typename T>
T& add_owned(std::deque<std::unique_ptr<T>>& list) {
  list.push_back(std::make_unique<T>());
  return *list.back();
}

}  // namespace

Behavior& BehaviorManager::create_behavior(const std::string& name) {
  Behavior& b = add_owned(behaviors_);
  b.name = name;
  return b;
}

BehaviorIO& BehaviorManager::add_io(Behavior& owner, const std::string& name, bool input) {
  BehaviorIO& io = create_io(name, input ? behavior_io_flag::kIn : behavior_io_flag::kOut);
  io.owner = &owner;
  (input ? owner.inputs : owner.outputs).push_back(&io);
  return io;
}

BehaviorIO& BehaviorManager::create_io(const std::string& name, uint32_t flags) {
  BehaviorIO& io = add_owned(ios_);
  io.name = name;
  io.flags = flags;
  return io;
}

Parameter& BehaviorManager::create_parameter(const std::string& name, Guid type, ParameterClass klass) {
  Parameter& p = add_owned(parameters_);
  p.name = name;
  p.type = type;
  p.klass = klass;
  return p;
}

ParameterIn& BehaviorManager::create_parameter_in(const std::string& name, Guid type) {
  ParameterIn& p = add_owned(parameter_ins_);
  p.name = name;
  p.type = type;
  return p;
}

BehaviorLink& BehaviorManager::create_link(BehaviorIO& source, BehaviorIO& destination, int16_t delay) {
  BehaviorLink& l = add_owned(links_);
  l.source = &source;
  l.destination = &destination;
  l.initial_delay = delay;
  l.delay = delay;
  source.links.push_back(&l);
  return l;
}

// CKBehavior::InitFromPrototype (+ SetInputParameterDefaultValue)
Behavior& BehaviorManager::create_building_block(const BehaviorPrototype& proto, const std::string& name) {
  Behavior& b = create_behavior(name.empty() ? proto.name : name);
  b.flags = behavior_flag::kUseFunction | behavior_flag::kBuildingBlock | proto.behavior_flags;
  b.prototype_guid = proto.guid;
  b.version = proto.version;
  b.compatible_class_id = proto.compatible_class_id;
  b.function = proto.function;
  b.callback = proto.callback;
  for (const auto& n : proto.inputs) add_io(b, n, true);
  for (const auto& n : proto.outputs) add_io(b, n, false);
  for (const auto& d : proto.input_params) {
    ParameterIn& pin = create_parameter_in(d.name, d.type);
    pin.owner = &b;
    if (d.default_value.kind() != ValueKind::kNone) {
      Parameter& local = create_parameter(d.name, d.type, ParameterClass::kLocal);
      local.value = d.default_value;
      local.owner = &b;
      pin.direct_source = &local;
    }
    b.input_params.push_back(&pin);
  }
  for (const auto& d : proto.output_params) {
    Parameter& p = create_parameter(d.name, d.type, ParameterClass::kOut);
    p.value = d.default_value;
    p.owner = &b;
    b.output_params.push_back(&p);
  }
  for (const auto& d : proto.locals) {
    Parameter& p = create_parameter(d.name, d.type, ParameterClass::kLocal);
    p.value = d.default_value;
    p.is_setting = d.is_setting;
    p.owner = &b;
    b.local_params.push_back(&p);
  }
  if (proto.behavior_flags & behavior_flag::kTargetable) {
    ParameterIn& t = create_parameter_in("Target", proto.target_type);
    t.owner = &b;
    b.target_param = &t;
  }
  return b;
}

Behavior& BehaviorManager::create_script(const std::string& name, ObjectRef owner) {
  Behavior& s = create_behavior(name);
  s.flags = behavior_flag::kScript | behavior_flag::kTopmost;
  s.owner = std::move(owner);
  add_io(s, "Start", true);
  add_script(s);
  return s;
}

void BehaviorManager::add_sub_behavior(Behavior& graph, Behavior& sub) {
  sub.parent = &graph;
  graph.sub_behaviors.push_back(&sub);
}

void BehaviorManager::add_sub_link(Behavior& graph, BehaviorLink& link) { graph.sub_links.push_back(&link); }

void BehaviorManager::add_script(Behavior& script) {
  for (Behavior* s : scripts_)
    if (s == &script) return;
  scripts_.push_back(&script);
}

// CKContext::Reset -> WarnAllBehaviors(CKM_BEHAVIORRESET), then the scripts'
// CKBehavior::Activate(TRUE, reset)
void BehaviorManager::reset() {
  for (auto& b : behaviors_)
    if (b->uses_function()) b->call_callback(behavior_message::kReset, this);
  for (Behavior* s : scripts_) {
    s->reset();
    s->flags |= behavior_flag::kActive;
  }
  time_ms_ = 0.0;
  frame_ = 0;
  unimplemented_.clear();
  reported_.clear();
  events_.clear();
  failed_.clear();
  active_camera_ = ObjectRef{};
  pending_activations_.clear();
  next_created_id_ = kFirstCreatedId;
  rand_state_ = 1;
}

namespace {

std::string script_of(const Behavior& block) {
  if (!block.file_script.empty()) return block.file_script;
  for (const Behavior* g = block.parent; g; g = g->parent)
    if (g->is_script()) return g->name;
  return {};
}

const char* return_code_name(int code) {
  switch (code) {
    case behavior_return::kGenericError: return "CKBR_GENERICERROR";
    case behavior_return::kBehaviorError: return "CKBR_BEHAVIORERROR";
    case behavior_return::kOwnerError: return "CKBR_OWNERERROR";
    case behavior_return::kParameterError: return "CKBR_PARAMETERERROR";
    default: return "an error code";
  }
}

}  // namespace

void BehaviorManager::record_event(const Behavior& block, std::string what, bool failure) {
  BlockEvent e;
  e.frame = frame_;
  e.block = block.name;
  e.guid = block.prototype_guid;
  e.script = script_of(block);
  e.id = block.id;
  e.what = std::move(what);
  e.failure = failure;
  events_.push_back(std::move(e));
}

void BehaviorManager::report_failure(const Behavior& block, int code) {
  for (const auto& [b, c] : failed_)
    if (b == &block && c == code) return;
  failed_.emplace_back(&block, code);
  std::string what = std::string("returned ") + return_code_name(code);
  if (code == behavior_return::kOwnerError) what += " (no target object)";
  if (code == behavior_return::kParameterError) what += " (a parameter is missing or wrong)";
  what += ": its outputs do not fire";
  record_event(block, std::move(what), true);
}

void BehaviorManager::report_once(const Behavior& block, std::string what) {
  for (const auto& [b, c] : failed_)
    if (b == &block && c == 0) return;
  failed_.emplace_back(&block, 0);
  record_event(block, std::move(what), true);
}

void BehaviorManager::activate_script_next_frame(Behavior& script, bool reset) {
  for (PendingActivation& p : pending_activations_)
    if (p.script == &script) {
      p.reset = p.reset || reset;
      return;
    }
  pending_activations_.push_back({&script, reset});
}

ObjectRef BehaviorManager::create_object(uint32_t class_id, const std::string& name) {
  ObjectRef ref;
  ref.id = next_created_id_++;
  ref.class_id = class_id;
  ref.name = name;
  return ref;
}

// rand (MSVC CRT)
int BehaviorManager::rand() {
  rand_state_ = rand_state_ * 214013u + 2531011u;
  return static_cast<int>((rand_state_ >> 16) & 0x7fff);
}

ParameterOperation& BehaviorManager::create_operation() {
  operations_.push_back(std::make_unique<ParameterOperation>());
  operations_.back()->manager = this;
  return *operations_.back();
}

DataArray& BehaviorManager::create_data_array() {
  data_arrays_.push_back(std::make_unique<DataArray>());
  return *data_arrays_.back();
}

void BehaviorManager::report_unimplemented(const Behavior& block) {
  for (const Behavior* b : reported_)
    if (b == &block) return;
  reported_.push_back(&block);
  UnimplementedBlock u;
  u.name = block.name;
  u.guid = block.prototype_guid;
  u.id = block.id;
  u.frame = frame_;
  u.script = script_of(block);
  unimplemented_.push_back(std::move(u));
}

// CKBehaviorManager::Execute
void BehaviorManager::execute(float delta_ms) {
  BehaviorContext ctx;
  ctx.delta_ms = delta_ms;
  ctx.time_ms = time_ms_;
  ctx.manager = this;
  // CKBehaviorManager::Execute's first pass: the scripts activated last frame
  // (CKBEHAVIOR_ACTIVATENEXTFRAME, with CKBEHAVIOR_RESETNEXTFRAME).
  std::vector<PendingActivation> pending;
  pending.swap(pending_activations_);
  for (const PendingActivation& p : pending) {
    if (p.reset) p.script->reset();
    p.script->flags |= behavior_flag::kActive;
    add_script(*p.script);
  }
  for (Behavior* s : scripts_) {
    if (!s->is_active()) continue;
    s->execute(ctx);
  }
  time_ms_ += static_cast<double>(delta_ms);
  ++frame_;
}

}  // namespace retroanim::ck
