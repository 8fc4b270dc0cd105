// Checks of a motion table for the defects the client tolerates silently: the
// runtime behaves as the client does on them (refuses the motion, drops a node
// whose animation is missing, counts an empty cycle as 0xFFFFFFFF animations),
// and this check lets callers read what is wrong as codes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/motion/motion_table.h"

namespace retroanim::ac {

// What is wrong with a motion table entry.
enum class MotionTableProblemCode : uint32_t {
  // The default style has no default substate: SetDefaultState refuses.
  kNoDefaultSubstate = 1,
  // The default style's default substate has no cycle: SetDefaultState refuses.
  kNoDefaultCycle = 2,
  // A style's default substate has no cycle in that style: changing to the style is refused.
  kStyleWithoutCycle = 3,
  // A cycle without animations: the client's count (num_anims - 1) wraps to
  // 0xFFFFFFFF, so the motion never completes.
  kEmptyCycle = 4,
  // An animation id the animation source does not have: the sequence drops the
  // node, so the pending count waits for an animation that never plays.
  kDanglingAnimation = 5,
  // A link to a substate that has no cycle (in the link's style or the default
  // style) or to a style without a default cycle: GetObjectSequence never uses it.
  kLinkToMissingCycle = 6,
  // More than 255 animations in one entry: the client's count is one byte.
  kTooManyAnimations = 7,
};

// One defect: its code, where it is (the table's key, the link's motion when it
// is a link, the animation id when it is about one) and a one-line description.
struct MotionTableProblem {
  // What is wrong.
  MotionTableProblemCode code{};
  // The cycle/modifier key, the outer link key, or the style.
  uint32_t key = 0;
  // The inner link key (full motion id) for links, else 0.
  uint32_t motion = 0;
  // The animation id for kDanglingAnimation, else 0.
  uint32_t anim_id = 0;
  // A one-line description.
  std::string message;
};

// Lists the table's defects, sorted by code, key, motion and animation id (so
// the result is the same on every run). Animation ids are checked only when
// `animations` is given.
std::vector<MotionTableProblem> check_motion_table(const MotionTable& table,
                                                   const AnimationProvider* animations = nullptr);

}  // namespace retroanim::ac
