// (retroanim's own) Motion timing from the client's motion-table and sequence rules.
#include "retroanim/ac/motion/motion_timing.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "retroanim/ac/motion/motion_sequence.h"
#include "retroanim/ac/motion/motion_table_logic.h"
#include "retroanim/ac/anim/sequence.h"

namespace retroanim::ac {

MotionTiming motion_timing(const MotionTable& table, const AnimationProvider& animations, uint32_t style,
                           uint32_t substate, float substate_speed, uint32_t motion, float speed) {
  MotionTiming out;
  // The object as it stands: its substate's cycle playing (add_motion of the
  // cycle at its speed, as GetObjectSequence leaves it).
  Sequence seq;
  seq.set_animation_provider(&animations);
  SequenceMotionTarget target(seq);
  MotionState state;
  state.style = style;
  state.substate = substate;
  state.substate_mod = substate_speed;
  const MotionData* cycle = table.find_cycle(MotionTable::make_key(style, substate));
  if (!cycle) cycle = table.find_cycle(MotionTable::make_key(table.default_style, substate));
  add_motion(target, cycle, substate_speed);
  // The same call MotionTableManager::PerformMovement makes.
  uint32_t num_anims = 0;
  if (!do_object_motion(table, motion, state, target, speed, num_anims)) return out;
  out.performed = true;
  const std::vector<AnimSequenceNode>& nodes = seq.nodes();
  // Playback starts at the current node (the first one queued after the old cycle was removed).
  const int first = std::max(seq.curr_anim_index(), 0);
  const int first_cyclic = seq.first_cyclic_index();
  double t = 0.0;
  for (int i = first; i < static_cast<int>(nodes.size()); ++i) {
    const AnimSequenceNode& n = nodes[static_cast<size_t>(i)];
    TimedAnimation a;
    a.anim_id = n.anim_id;
    a.low_frame = n.low_frame;
    a.high_frame = n.high_frame;
    a.framerate = n.framerate;
    a.cyclic = first_cyclic != Sequence::kNoNode && i >= first_cyclic;
    a.start = t;
    const double rate = n.framerate;
    const double frames = n.has_anim() ? static_cast<double>(n.high_frame) + 1.0 - n.low_frame : 0.0;
    if (!n.has_anim()) a.duration = 0.0;
    else if (std::fabs(rate) <= 0.0) a.duration = std::numeric_limits<double>::infinity();
    else a.duration = frames / std::fabs(rate);
    const uint32_t index = static_cast<uint32_t>(out.animations.size());
    if (n.has_anim() && std::isfinite(a.duration)) {
      if (rate > 0.0) {
        // Frame k's hooks when the frame number reaches k + 1 (k < high).
        for (int32_t k = n.low_frame; k < n.high_frame; ++k) {
          const AnimationFrame* f = n.get_part_frame(k);
          if (!f) continue;
          for (const AnimationHook& h : f->hooks)
            if (h.direction == AnimationHookDir::kBoth || h.direction == AnimationHookDir::kForward)
              out.hooks.push_back({t + (static_cast<double>(k) + 1.0 - n.low_frame) / rate, index, k, h});
        }
      } else {
        // Backward from high + 1 - 0.0002: frame k's hooks when it falls below k (k > low).
        const double startf = n.get_starting_frame();
        for (int32_t k = n.high_frame; k > n.low_frame; --k) {
          const AnimationFrame* f = n.get_part_frame(k);
          if (!f) continue;
          for (const AnimationHook& h : f->hooks)
            if (h.direction == AnimationHookDir::kBoth || h.direction == AnimationHookDir::kBackward)
              out.hooks.push_back({t + (startf - static_cast<double>(k)) / -rate, index, k, h});
        }
        a.duration = (startf - n.low_frame) / -rate;
      }
    }
    if (!a.cyclic && first_cyclic != 0) out.hooks.push_back({t + a.duration, index, -1, anim_done_hook()});
    if (a.cyclic && i == first_cyclic) out.cycle_start = t;
    if (a.cyclic) out.cycle_length += a.duration;
    t += a.duration;
    out.animations.push_back(a);
  }
  std::stable_sort(out.hooks.begin(), out.hooks.end(),
                   [](const TimedHook& x, const TimedHook& y) { return x.time < y.time; });
  return out;
}

}  // namespace retroanim::ac
