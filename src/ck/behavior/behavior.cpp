#include "retroanim/ck/behavior/behavior.h"

#include <algorithm>

#include "retroanim/ck/behavior/behavior_manager.h"

namespace retroanim::ck {

namespace {

// The input or output at `pos` of `ios`; null when `pos` is out of range or the slot is empty.
BehaviorIO* io_at(const std::vector<BehaviorIO*>& ios, int pos) {
  if (pos < 0 || pos >= static_cast<int>(ios.size())) return nullptr;
  return ios[static_cast<size_t>(pos)];
}

}  // namespace

// CKBehavior::ActivateInput
void Behavior::activate_input(int pos, bool on) {
  if (BehaviorIO* io = io_at(inputs, pos)) io->activate(on);
}

// CKBehavior::IsInputActive
bool Behavior::is_input_active(int pos) const {
  const BehaviorIO* io = io_at(inputs, pos);
  return io && io->active();
}

// CKBehavior::ActivateOutput
void Behavior::activate_output(int pos, bool on) {
  if (BehaviorIO* io = io_at(outputs, pos)) io->activate(on);
}

// CKBehavior::IsOutputActive
bool Behavior::is_output_active(int pos) const {
  const BehaviorIO* io = io_at(outputs, pos);
  return io && io->active();
}

namespace {

const Parameter* source_of_pin(const Behavior& b, int pos) {
  if (pos < 0 || pos >= static_cast<int>(b.input_params.size()) || !b.input_params[pos]) return nullptr;
  return b.input_params[pos]->updated_source();
}

template <class V>
const Parameter* at(const V& v, int pos) {
  if (pos < 0 || pos >= static_cast<int>(v.size())) return nullptr;
  return v[pos];
}

}  // namespace

// CKBehavior::GetInputParameterValue
Status Behavior::get_input_value(int pos, void* buf, size_t size) const {
  const Parameter* p = source_of_pin(*this, pos);
  if (!p) return {StatusCode::kNotFound, "no input parameter (or no source) at that position"};
  return p->value.copy_to(buf, size);
}

float Behavior::input_float(int pos, float fallback) const {
  float v = fallback;
  get_input_value(pos, &v, sizeof v);
  return v;
}

int32_t Behavior::input_int(int pos, int32_t fallback) const {
  int32_t v = fallback;
  get_input_value(pos, &v, sizeof v);
  return v;
}

math::Vec3 Behavior::input_vector(int pos, math::Vec3 fallback) const {
  float f[3] = {fallback.x, fallback.y, fallback.z};
  get_input_value(pos, f, sizeof f);
  return {f[0], f[1], f[2]};
}

// CKBehavior::GetInputParameterObject
const ObjectRef* Behavior::input_object(int pos) const {
  const Parameter* p = source_of_pin(*this, pos);
  if (!p || p->value.kind() != ValueKind::kObject) return nullptr;
  return p->value.object().null() ? nullptr : &p->value.object();
}

const Curve2d* Behavior::input_curve2d(int pos) const {
  const Parameter* p = source_of_pin(*this, pos);
  if (!p || p->value.kind() != ValueKind::kCurve2d) return nullptr;
  return p->value.curve2d().get();
}

std::string Behavior::input_string(int pos) const {
  const Parameter* p = source_of_pin(*this, pos);
  if (!p || p->value.kind() != ValueKind::kString) return {};
  return p->value.string();
}

Parameter* Behavior::input_source(int pos) const {
  return const_cast<Parameter*>(source_of_pin(*this, pos));
}

Guid Behavior::input_type(int pos) const {
  if (pos < 0 || pos >= static_cast<int>(input_params.size()) || !input_params[pos]) return {};
  return input_params[pos]->type;
}

// CKBehavior::GetOutputParameterValue
float Behavior::output_float(int pos, float fallback) const {
  float v = fallback;
  if (const Parameter* p = at(output_params, pos)) p->value.copy_to(&v, sizeof v);
  return v;
}

// CKBehavior::SetOutputParameterValue
void Behavior::set_output_float(int pos, float v) {
  if (pos < 0 || pos >= static_cast<int>(output_params.size()) || !output_params[pos]) return;
  output_params[pos]->set_bytes(&v, sizeof v);
}

void Behavior::set_output_int(int pos, int32_t v) {
  if (pos < 0 || pos >= static_cast<int>(output_params.size()) || !output_params[pos]) return;
  output_params[pos]->set_bytes(&v, sizeof v);
}

void Behavior::set_output_string(int pos, const std::string& text) {
  Parameter* p = output_param(pos);
  if (!p) return;
  p->value.set_string(text);
  p->data_changed();
}

// CKBehavior::SetOutputParameterObject
void Behavior::set_output_object(int pos, const ObjectRef& object) {
  Parameter* p = output_param(pos);
  if (!p) return;
  p->value.set_object(object);
  p->data_changed();
}

Parameter* Behavior::output_param(int pos) const {
  if (pos < 0 || pos >= static_cast<int>(output_params.size())) return nullptr;
  return output_params[pos];
}

// CKBehavior::GetLocalParameterValue
float Behavior::local_float(int pos, float fallback) const {
  float v = fallback;
  if (const Parameter* p = at(local_params, pos)) p->value.copy_to(&v, sizeof v);
  return v;
}

int32_t Behavior::local_int(int pos, int32_t fallback) const {
  int32_t v = fallback;
  if (const Parameter* p = at(local_params, pos)) p->value.copy_to(&v, sizeof v);
  return v;
}

math::Vec3 Behavior::local_vector(int pos, math::Vec3 fallback) const {
  float f[3] = {fallback.x, fallback.y, fallback.z};
  if (const Parameter* p = at(local_params, pos)) p->value.copy_to(f, sizeof f);
  return {f[0], f[1], f[2]};
}

// CKBehavior::SetLocalParameterValue
void Behavior::set_local_float(int pos, float v) {
  if (pos < 0 || pos >= static_cast<int>(local_params.size()) || !local_params[pos]) return;
  local_params[pos]->set_bytes(&v, sizeof v);
}

void Behavior::set_local_vector(int pos, math::Vec3 v) {
  if (pos < 0 || pos >= static_cast<int>(local_params.size()) || !local_params[pos]) return;
  local_params[pos]->value.set_vector(v);
}

// CKBehavior::GetTarget
const ObjectRef* Behavior::target() const {
  if (!(flags & behavior_flag::kTargetable) || !target_param) return owner.null() ? nullptr : &owner;
  const Parameter* p = target_param->updated_source();
  if (!p || p->value.kind() != ValueKind::kObject || p->value.object().null()) return nullptr;
  return &p->value.object();
}

// CKBehavior::CallCallbackFunction
int Behavior::call_callback(uint32_t message, BehaviorManager* manager) {
  if (!callback) return 0;
  BehaviorContext ctx;
  ctx.behavior = this;
  ctx.callback_message = message;
  ctx.manager = manager;
  if (manager) ctx.time_ms = manager->time_ms();
  return callback(ctx);
}

// CKBehavior::CallSubBehaviorsCallbackFunction
void Behavior::call_sub_behaviors_callback(uint32_t message, BehaviorManager* manager) {
  if (!uses_function()) {
    for (Behavior* sub : sub_behaviors)
      if (sub && sub != this) sub->call_sub_behaviors_callback(message, manager);
  } else {
    call_callback(message, manager);
  }
}

// CKBehavior::Reset
void Behavior::reset() {
  if (!uses_function()) {
    for (BehaviorLink* link : sub_links)
      if (link) link->delay = link->initial_delay;
    for (BehaviorLink* link : delayed_links_)
      if (link) link->in_delayed_list = false;
    delayed_links_.clear();
    stack_.clear();
    for (Behavior* sub : sub_behaviors) {
      if (!sub || sub == this) continue;
      sub->flags &= ~behavior_flag::kActive;
      sub->reset();
    }
  }
  for (BehaviorIO* io : inputs)
    if (io) io->activate(false);
  for (BehaviorIO* io : outputs)
    if (io) io->activate(false);
  if (is_script()) activate_input(0, true);
}

// CKBehavior::ExecuteFunction
int Behavior::execute_function(BehaviorContext& ctx) {
  if (!function) {
    // A building block retroanim does not implement: reported (once), no
    // output fires, and it goes inactive as for any result without
    // CKBR_ACTIVATENEXTFRAME.
    if (ctx.manager) ctx.manager->report_unimplemented(*this);
    flags &= ~behavior_flag::kActive;
    return behavior_return::kGenericError;
  }
  ctx.behavior = this;
  int result = function(ctx);
  if (!(result & behavior_return::kActivateNextFrame)) flags &= ~behavior_flag::kActive;
  // (retroanim's own) never silent: an error result is recorded once per block and code.
  if (result >= behavior_return::kGenericError && ctx.manager) ctx.manager->report_failure(*this, result);
  return result;
}

// CKBehavior::Execute
int Behavior::execute(BehaviorContext& ctx) {
  if (uses_function()) return execute_function(ctx);
  check_ios_activation();
  int max_iterations = ctx.manager ? ctx.manager->max_iterations : 8000;
  int iterations = 0;
  int result = behavior_return::kOk;
  while (!stack_.empty()) {
    if (iterations > max_iterations) {
      result = behavior_return::kInfiniteLoop;
      break;
    }
    ++iterations;
    Behavior* sub = stack_.back();
    stack_.pop_back();
    sub->flags &= ~behavior_flag::kQueued;
    sub->execute(ctx);
    find_next_behaviors_to_execute(sub);
  }
  // Whatever is left after an infinite loop is dropped from the stack.
  for (Behavior* b : stack_) b->flags &= ~behavior_flag::kQueued;
  stack_.clear();
  check_behavior_activity();
  return result;
}

namespace {

void queue_delayed(std::vector<BehaviorLink*>& delayed, BehaviorLink* link) {
  if (link->delay == 0) link->delay = link->initial_delay;
  if (!link->in_delayed_list) {
    link->in_delayed_list = true;
    delayed.push_back(link);
  }
}

}  // namespace

// CKBehavior::CheckIOsActivation
void Behavior::check_ios_activation() {
  std::vector<BehaviorIO*>& to_deactivate = scratch_deactivate_;
  std::vector<BehaviorIO*>& to_activate = scratch_activate_;
  to_deactivate.clear();
  to_activate.clear();
  for (BehaviorLink* link : sub_links) {
    if (!link || !link->source || !link->source->active()) continue;
    to_deactivate.push_back(link->source);
    if (link->initial_delay != 0) {
      queue_delayed(delayed_links_, link);
    } else {
      to_activate.push_back(link->destination);
    }
  }
  for (BehaviorIO* io : to_deactivate) io->activate(false);
  for (BehaviorIO* io : to_activate) {
    if (!io) continue;
    io->activate(true);
    if (io->is_input() && io->owner) io->owner->flags |= behavior_flag::kActive;
  }
  // The active sub-behaviours, the first one on top of the stack.
  stack_.clear();
  for (auto it = sub_behaviors.rbegin(); it != sub_behaviors.rend(); ++it) {
    Behavior* sub = *it;
    if (sub && sub != this && sub->is_active()) {
      sub->flags |= behavior_flag::kQueued;
      stack_.push_back(sub);
    }
  }
}

// CKBehavior::FindNextBehaviorsToExecute
void Behavior::find_next_behaviors_to_execute(Behavior* sub) {
  for (BehaviorIO* out : sub->outputs) {
    if (!out || !out->active()) continue;
    out->activate(false);
    for (BehaviorLink* link : out->links) {
      if (!link) continue;
      if (link->initial_delay != 0) {
        queue_delayed(delayed_links_, link);
        continue;
      }
      BehaviorIO* dst = link->destination;
      if (!dst) continue;
      dst->activate(true);
      Behavior* dst_beh = dst->owner;
      if (!dst->is_input() || !dst_beh || dst_beh == this) continue;
      dst_beh->flags |= behavior_flag::kActive;
      if (dst_beh->flags & behavior_flag::kQueued) continue;
      dst_beh->flags |= behavior_flag::kQueued;
      // Insert above the first queued behaviour (from the top) whose priority
      // is not higher than the destination's.
      size_t pos = stack_.size();
      while (pos > 0 && dst_beh->priority < stack_[pos - 1]->priority) --pos;
      stack_.insert(stack_.begin() + static_cast<std::ptrdiff_t>(pos), dst_beh);
    }
  }
}

// CKBehavior::CheckBehaviorActivity
void Behavior::check_behavior_activity() {
  std::vector<BehaviorLink*>& remaining = scratch_links_;
  remaining.clear();
  for (BehaviorLink* link : delayed_links_) {
    if (!link) continue;
    link->delay = static_cast<int16_t>(link->delay - 1);
    if (link->delay > 0) {
      remaining.push_back(link);
      continue;
    }
    link->delay = 0;
    link->in_delayed_list = false;
    if (BehaviorIO* dst = link->destination) {
      if (dst->owner) dst->owner->flags |= behavior_flag::kActive;
      dst->activate(true);
    }
  }
  delayed_links_.swap(remaining);
  flags &= ~behavior_flag::kActive;
  if (!delayed_links_.empty()) {
    flags |= behavior_flag::kActive;
    return;
  }
  for (Behavior* sub : sub_behaviors) {
    if (sub && sub != this && sub->is_active()) {
      flags |= behavior_flag::kActive;
      return;
    }
  }
}

}  // namespace retroanim::ck
