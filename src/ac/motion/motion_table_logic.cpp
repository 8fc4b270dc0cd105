#include "retroanim/ac/motion/motion_table_logic.h"

#include <cmath>
#include <optional>
#include <vector>

namespace retroanim::ac {

namespace {

constexpr uint32_t kStyle = motion_command::kStyle;
constexpr uint32_t kSubState = motion_command::kSubState;
constexpr uint32_t kModifier = motion_command::kModifier;
constexpr uint32_t kAction = motion_command::kAction;

// The recursion state of one top-level call: how deep re_modify has re-entered
// GetObjectSequence and how many times in all.
struct Recursion {
  int depth = 0;
  uint32_t calls = 0;
};

uint32_t key(uint32_t style, uint32_t motion) { return MotionTable::make_key(style, motion); }

// The count the client adds for an optional MotionData: its num_anims byte, or 0.
uint32_t count(const MotionData* d) { return d ? d->num_anims() : 0u; }

// The style's default substate. The client reads an uninitialised (or stale)
// variable when the style has none; a state whose style came from the table
// always has one, so 0 stands in for that case.
uint32_t style_default(const MotionTable& table, uint32_t style) {
  return table.find_style_default(style).value_or(0u);
}

bool get_object_sequence_at(const MotionTable& table, uint32_t motion, MotionState& state, MotionSequence& sequence,
                            float speed_mod, uint32_t& num_anims, bool stop_modifiers, Recursion& rec);
bool stop_sequence_motion_at(const MotionTable& table, uint32_t motion, MotionState& state,
                             MotionSequence& sequence, uint32_t& num_anims, Recursion& rec);

// CMotionTable::re_modify (0x5222E0), with the recursion depth of the caller.
void re_modify_at(const MotionTable& table, MotionSequence& sequence, MotionState& state, Recursion& rec) {
  if (state.modifiers.empty()) return;
  // Guards: the client would recurse without end on some tables (see the header).
  if (rec.depth >= kMaxReModifyDepth || rec.calls >= kMaxReModifyCalls) return;
  // The client copies the state and pops one entry of the copy per pass; only
  // the copy's length matters, so count the passes.
  std::size_t passes = state.modifiers.size();
  while (passes > 0) {
    if (state.modifiers.empty()) break;  // the client would read a null head here
    MotionListEntry head = state.modifiers.front();
    state.remove_modifier(0);
    --passes;
    uint32_t unused = 0;
    if (rec.calls >= kMaxReModifyCalls) break;
    ++rec.calls;
    ++rec.depth;
    get_object_sequence_at(table, head.motion, state, sequence, head.speed_mod, unused, false, rec);
    --rec.depth;
  }
}

// The style branch of GetObjectSequence (motion & 0x80000000). Returns true
// when handled.
bool change_style(const MotionTable& table, uint32_t motion, MotionState& state, MotionSequence& sequence,
                  float speed_mod, uint32_t& num_anims, Recursion& rec) {
  const uint32_t old_substate = state.substate;
  uint32_t old_default = style_default(table, state.style);
  const MotionData* pre_link = nullptr;
  if (old_substate != old_default)
    pre_link = get_link(table, state.style, old_substate, state.substate_mod, old_default, speed_mod);
  std::optional<uint32_t> new_default = table.find_style_default(motion);
  if (!new_default) return false;
  const MotionData* cycle = table.find_cycle(key(motion, *new_default));
  if (!cycle) return false;
  if (cycle->bitfield & motion_data_bits::kClearModifiers) state.clear_modifiers();
  const MotionData* link = get_link(table, state.style, old_default, state.substate_mod, motion, speed_mod);
  const MotionData* link2 = nullptr;
  if (!link && motion != state.style) {
    link = get_link(table, state.style, old_default, 1.0f, table.default_style, 1.0f);
    uint32_t table_default_substate = style_default(table, table.default_style);
    link2 = get_link(table, table.default_style, table_default_substate, 1.0f, motion, 1.0f);
  }
  sequence.clear_physics();
  sequence.remove_cyclic_anims();
  add_motion(sequence, pre_link, speed_mod);
  add_motion(sequence, link, speed_mod);
  add_motion(sequence, link2, speed_mod);
  add_motion(sequence, cycle, speed_mod);
  state.substate = *new_default;
  state.style = motion;
  state.substate_mod = speed_mod;
  re_modify_at(table, sequence, state, rec);
  num_anims = count(link) + count(link2) + count(cycle) + count(pre_link) - 1u;
  return true;
}

// The substate branch of GetObjectSequence (motion & 0x40000000). Returns
// true when handled.
bool change_substate(const MotionTable& table, uint32_t motion, MotionState& state, MotionSequence& sequence,
                     float speed_mod, uint32_t& num_anims, Recursion& rec) {
  const MotionData* cycle = table.find_cycle(key(state.style, motion));
  if (!cycle) cycle = table.find_cycle(key(table.default_style, motion));
  if (!cycle) return false;
  if (!is_allowed(table, motion, cycle, state)) return false;

  if (motion == state.substate && same_sign(speed_mod, state.substate_mod) && sequence.has_anims()) {
    change_cycle_speed(sequence, cycle, state.substate_mod, speed_mod);
    subtract_motion(sequence, cycle, state.substate_mod);
    combine_motion(sequence, cycle, speed_mod);
    state.substate_mod = speed_mod;
    return true;
  }

  if (cycle->bitfield & motion_data_bits::kClearModifiers) state.clear_modifiers();
  const MotionData* link = get_link(table, state.style, state.substate, state.substate_mod, motion, speed_mod);
  const MotionData* link2 = nullptr;
  if (!link || !same_sign(speed_mod, state.substate_mod)) {
    uint32_t def = style_default(table, state.style);
    link = get_link(table, state.style, state.substate, state.substate_mod, def, 1.0f);
    link2 = get_link(table, state.style, def, 1.0f, motion, speed_mod);
  }
  sequence.clear_physics();
  sequence.remove_cyclic_anims();
  if (link2) {
    add_motion(sequence, link, state.substate_mod);
    add_motion(sequence, link2, speed_mod);
  } else {
    float link_speed = (state.substate_mod >= 0.0f || speed_mod <= 0.0f) ? speed_mod : -speed_mod;
    add_motion(sequence, link, link_speed);
  }
  add_motion(sequence, cycle, speed_mod);
  const uint32_t old_substate = state.substate;
  if (old_substate != motion && (old_substate & kModifier)) {
    if (style_default(table, state.style) != motion) state.add_modifier_no_check(old_substate, state.substate_mod);
  }
  state.substate_mod = speed_mod;
  state.substate = motion;
  re_modify_at(table, sequence, state, rec);
  num_anims = count(link2) + count(cycle) + count(link) - 1u;
  return true;
}

// The action branch of GetObjectSequence (motion & 0x10000000). Returns true
// when handled.
bool perform_action(const MotionTable& table, uint32_t motion, MotionState& state, MotionSequence& sequence,
                    float speed_mod, uint32_t& num_anims, Recursion& rec) {
  const uint32_t substate = state.substate;
  const uint32_t cycle_key = key(state.style, substate);
  const MotionData* cycle = table.find_cycle(cycle_key);
  if (!cycle) return false;
  const MotionData* link = get_link(table, state.style, substate, state.substate_mod, motion, speed_mod);
  if (link) {
    state.add_action(motion, speed_mod);
    sequence.clear_physics();
    sequence.remove_cyclic_anims();
    add_motion(sequence, link, speed_mod);
    add_motion(sequence, cycle, state.substate_mod);
    re_modify_at(table, sequence, state, rec);
    num_anims = count(link);
    return true;
  }
  // No direct link: go through the style's default substate.
  const uint32_t def = style_default(table, state.style);
  const MotionData* to_default = get_link(table, state.style, substate, state.substate_mod, def, 1.0f);
  if (!to_default) return false;
  const MotionData* action = get_link(table, state.style, def, 1.0f, motion, speed_mod);
  if (!action) return false;
  const MotionData* cycle_again = table.find_cycle(cycle_key);
  if (!cycle_again) return false;
  const MotionData* back = get_link(table, state.style, def, 1.0f, substate, state.substate_mod);
  state.add_action(motion, speed_mod);
  sequence.clear_physics();
  sequence.remove_cyclic_anims();
  add_motion(sequence, to_default, 1.0f);
  add_motion(sequence, action, speed_mod);
  add_motion(sequence, back, 1.0f);
  add_motion(sequence, cycle_again, state.substate_mod);
  re_modify_at(table, sequence, state, rec);
  num_anims = count(to_default) + count(action);
  if (back) num_anims += count(back);
  return true;
}

// The modifier branch of GetObjectSequence (motion & 0x20000000). Returns
// true when handled.
bool apply_modifier(const MotionTable& table, uint32_t motion, MotionState& state, MotionSequence& sequence,
                    float speed_mod, Recursion& rec) {
  const MotionData* cycle = table.find_cycle(key(state.style, state.substate));
  if (!cycle || (cycle->bitfield & motion_data_bits::kClearModifiers)) return false;
  const MotionData* mod = table.find_modifier(key(state.style, motion));
  if (!mod) mod = table.find_modifier(motion & 0xffffffu);
  if (!mod) return false;
  if (!state.add_modifier(motion, speed_mod)) {
    uint32_t unused = 0;
    stop_sequence_motion_at(table, motion, state, sequence, unused, rec);
    if (!state.add_modifier(motion, speed_mod)) return false;
  }
  combine_motion(sequence, mod, speed_mod);
  return true;
}

// CMotionTable::GetObjectSequence (0x522860), with the recursion depth.
bool get_object_sequence_at(const MotionTable& table, uint32_t motion, MotionState& state, MotionSequence& sequence,
                            float speed_mod, uint32_t& num_anims, bool stop_modifiers, Recursion& rec) {
  num_anims = 0;
  if (state.style == 0) return false;
  if (state.substate == 0) return false;
  const uint32_t def = style_default(table, state.style);
  if (motion == def && !stop_modifiers && (state.substate & kModifier)) return true;

  if (motion & kStyle) {
    if (state.style == motion) return true;
    if (change_style(table, motion, state, sequence, speed_mod, num_anims, rec)) return true;
  }
  if (motion & kSubState) {
    if (change_substate(table, motion, state, sequence, speed_mod, num_anims, rec)) return true;
  }
  if (motion & kAction) {
    if (perform_action(table, motion, state, sequence, speed_mod, num_anims, rec)) return true;
  }
  if (motion & kModifier) {
    if (apply_modifier(table, motion, state, sequence, speed_mod, rec)) return true;
  }
  return false;
}

// CMotionTable::StopSequenceMotion (0x522FC0), with the recursion depth.
bool stop_sequence_motion_at(const MotionTable& table, uint32_t motion, MotionState& state,
                             MotionSequence& sequence, uint32_t& num_anims, Recursion& rec) {
  num_anims = 0;
  if ((motion & kSubState) && motion == state.substate) {
    uint32_t def = style_default(table, state.style);
    get_object_sequence_at(table, def, state, sequence, 1.0f, num_anims, true, rec);
    return true;
  }
  if (!(motion & kModifier)) return false;
  for (std::size_t i = 0; i < state.modifiers.size(); ++i) {
    if (state.modifiers[i].motion != motion) continue;
    const MotionData* mod = table.find_modifier(key(state.style, motion));
    if (!mod) mod = table.find_modifier(motion & 0xffffffu);
    if (!mod) return false;
    subtract_motion(sequence, mod, state.modifiers[i].speed_mod);
    state.remove_modifier(i);
    return true;
  }
  return false;
}

}  // namespace

// same_sign (0x522260)
bool same_sign(float a, float b) {
  if (a < 0.0f || std::isnan(a)) return !(b >= 0.0f);
  return !(b < 0.0f);
}

// add_motion (0x5224B0)
void add_motion(MotionSequence& sequence, const MotionData* data, float speed_mod) {
  if (!data) return;
  sequence.set_velocity(math::Vec3(speed_mod * data->velocity.x, speed_mod * data->velocity.y,
                                   speed_mod * data->velocity.z));
  sequence.set_omega(math::Vec3(speed_mod * data->omega.x, speed_mod * data->omega.y, speed_mod * data->omega.z));
  const uint32_t n = data->num_anims();  // the client loops over its one-byte count
  for (uint32_t i = 0; i < n; ++i) sequence.append_animation(speed_mod * data->anims[i]);
}

// combine_motion (0x522580)
void combine_motion(MotionSequence& sequence, const MotionData* data, float speed_mod) {
  if (!data) return;
  math::Vec3 o(speed_mod * data->omega.x, speed_mod * data->omega.y, speed_mod * data->omega.z);
  math::Vec3 v(speed_mod * data->velocity.x, speed_mod * data->velocity.y, speed_mod * data->velocity.z);
  sequence.combine_physics(v, o);
}

// subtract_motion (0x522600)
void subtract_motion(MotionSequence& sequence, const MotionData* data, float speed_mod) {
  if (!data) return;
  math::Vec3 o(speed_mod * data->omega.x, speed_mod * data->omega.y, speed_mod * data->omega.z);
  math::Vec3 v(speed_mod * data->velocity.x, speed_mod * data->velocity.y, speed_mod * data->velocity.z);
  sequence.subtract_physics(v, o);
}

// change_cycle_speed (0x522290)
void change_cycle_speed(MotionSequence& sequence, const MotionData* /*data*/, float old_speed, float new_speed) {
  if (std::fabs(old_speed) <= kMotionSpeedEpsilon) {
    if (std::fabs(new_speed) < kMotionSpeedEpsilon) sequence.multiply_cyclic_animation_framerate(0.0f);
  } else {
    float multiplier = new_speed / old_speed;
    sequence.multiply_cyclic_animation_framerate(multiplier);
  }
}

// CMotionTable::get_link (0x522710)
const MotionData* get_link(const MotionTable& table, uint32_t style, uint32_t substate, float substate_speed,
                           uint32_t motion, float speed) {
  const bool backward = speed < 0.0f || substate_speed < 0.0f;
  if (backward) {
    if (const MotionData* d = table.find_link(key(style, motion), substate)) return d;
    std::optional<uint32_t> def = table.find_style_default(style);
    if (!def) return nullptr;
    return table.find_link(key(style, substate), *def);
  }
  if (const MotionData* d = table.find_link(key(style, substate), motion)) return d;
  return table.find_link(style << 16, motion);
}

// CMotionTable::is_allowed (0x5226C0)
bool is_allowed(const MotionTable& table, uint32_t motion, const MotionData* data, const MotionState& state) {
  if (!data) return false;
  if ((data->bitfield & motion_data_bits::kOnlyFromDefault) && motion != state.substate) {
    std::optional<uint32_t> def = table.find_style_default(state.style);
    // Client: when the style has no default the comparison reads a pointer and fails.
    return def && *def == state.substate;
  }
  return true;
}

// CMotionTable::re_modify (0x5222E0)
void re_modify(const MotionTable& table, MotionSequence& sequence, MotionState& state) {
  Recursion rec;
  re_modify_at(table, sequence, state, rec);
}

// CMotionTable::GetObjectSequence (0x522860)
bool get_object_sequence(const MotionTable& table, uint32_t motion, MotionState& state, MotionSequence& sequence,
                         float speed_mod, uint32_t& num_anims, bool stop_modifiers) {
  Recursion rec;
  return get_object_sequence_at(table, motion, state, sequence, speed_mod, num_anims, stop_modifiers, rec);
}

// CMotionTable::StopSequenceMotion (0x522FC0)
bool stop_sequence_motion(const MotionTable& table, uint32_t motion, float /*speed*/, MotionState& state,
                          MotionSequence& sequence, uint32_t& num_anims) {
  Recursion rec;
  return stop_sequence_motion_at(table, motion, state, sequence, num_anims, rec);
}

// CMotionTable::SetDefaultState (0x5230A0)
bool set_default_state(const MotionTable& table, MotionState& state, MotionSequence& sequence,
                       uint32_t& num_anims) {
  std::optional<uint32_t> def = table.find_style_default(table.default_style);
  if (!def) return false;
  state.clear_modifiers();
  state.clear_actions();
  const MotionData* cycle = table.find_cycle(key(table.default_style, *def));
  if (!cycle) return false;
  state.style = table.default_style;
  state.substate = *def;
  state.substate_mod = 1.0f;
  num_anims = static_cast<uint32_t>(cycle->num_anims()) - 1u;
  sequence.clear_physics();
  sequence.clear_animations();
  add_motion(sequence, cycle, state.substate_mod);
  return true;
}

// CMotionTable::DoObjectMotion (0x523E90)
bool do_object_motion(const MotionTable& table, uint32_t motion, MotionState& state, MotionSequence& sequence,
                      float speed_mod, uint32_t& num_anims) {
  return get_object_sequence(table, motion, state, sequence, speed_mod, num_anims, false);
}

// CMotionTable::StopObjectMotion (body identical to StopSequenceMotion)
bool stop_object_motion(const MotionTable& table, uint32_t motion, float speed, MotionState& state,
                        MotionSequence& sequence, uint32_t& num_anims) {
  return stop_sequence_motion(table, motion, speed, state, sequence, num_anims);
}

// CMotionTable::StopObjectCompletely (0x523ED0)
bool stop_object_completely(const MotionTable& table, MotionState& state, MotionSequence& sequence,
                            uint32_t& num_anims) {
  bool any = false;
  for (int guard = 0; !state.modifiers.empty(); ++guard) {
    const MotionListEntry head = state.modifiers.front();
    const std::vector<MotionListEntry> before = state.modifiers;
    const uint32_t substate_before = state.substate;
    if (stop_sequence_motion(table, head.motion, head.speed_mod, state, sequence, num_anims)) any = true;
    // Guard: the client loops forever when stopping the head modifier changes
    // nothing (its data is missing under the current style); stop trying instead.
    if ((state.modifiers == before && state.substate == substate_before) || guard >= 1024) break;
  }
  bool stopped = stop_sequence_motion(table, state.substate, state.substate_mod, state, sequence, num_anims);
  return stopped ? true : any;
}

}  // namespace retroanim::ac
