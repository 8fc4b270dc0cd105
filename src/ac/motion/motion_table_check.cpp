#include "retroanim/ac/motion/motion_table_check.h"

#include <algorithm>
#include <cstdio>
#include <tuple>

#include "io/hex.h"

namespace retroanim::ac {

namespace {

std::string hex(uint32_t v) { return retroanim::io::hex(v, 8); }

void check_data(const MotionData& d, const std::string& where, uint32_t key, uint32_t motion,
                const AnimationProvider* animations, std::vector<MotionTableProblem>& out) {
  if (d.anims.size() > 255)
    out.push_back({MotionTableProblemCode::kTooManyAnimations, key, motion, 0,
                   where + ": " + std::to_string(d.anims.size()) + " animations (the client counts at most 255)"});
  if (!animations) return;
  for (const AnimData& a : d.anims)
    if (!animations->get_animation(a.anim_id))
      out.push_back({MotionTableProblemCode::kDanglingAnimation, key, motion, a.anim_id,
                     where + ": animation " + hex(a.anim_id) + " does not exist"});
}

}  // namespace

std::vector<MotionTableProblem> check_motion_table(const MotionTable& table, const AnimationProvider* animations) {
  std::vector<MotionTableProblem> out;
  std::optional<uint32_t> def = table.find_style_default(table.default_style);
  if (!def) {
    out.push_back({MotionTableProblemCode::kNoDefaultSubstate, table.default_style, 0, 0,
                   "default style " + hex(table.default_style) + " has no default substate"});
  } else if (!table.find_cycle(MotionTable::make_key(table.default_style, *def))) {
    out.push_back({MotionTableProblemCode::kNoDefaultCycle, MotionTable::make_key(table.default_style, *def), 0, 0,
                   "default style " + hex(table.default_style) + " has no cycle for its default substate " + hex(*def)});
  }
  for (const auto& [style, substate] : table.style_defaults) {
    if (style == table.default_style) continue;
    if (!table.find_cycle(MotionTable::make_key(style, substate)))
      out.push_back({MotionTableProblemCode::kStyleWithoutCycle, style, 0, 0,
                     "style " + hex(style) + " has no cycle for its default substate " + hex(substate)});
  }
  for (const auto& [key, d] : table.cycles) {
    if (d.num_anims() == 0)
      out.push_back({MotionTableProblemCode::kEmptyCycle, key, 0, 0, "cycle " + hex(key) + " has no animations"});
    check_data(d, "cycle " + hex(key), key, 0, animations, out);
  }
  for (const auto& [key, d] : table.modifiers) check_data(d, "modifier " + hex(key), key, 0, animations, out);
  for (const auto& [outer, inner] : table.links) {
    const uint32_t style_bits = outer >> 16;
    for (const auto& [motion, d] : inner) {
      const std::string where = "link " + hex(outer) + " -> " + hex(motion);
      check_data(d, where, outer, motion, animations, out);
      bool target_ok = true;
      if (motion & motion_command::kStyle) {
        std::optional<uint32_t> sd = table.find_style_default(motion);
        target_ok = sd && table.find_cycle(MotionTable::make_key(motion, *sd));
      } else if ((motion & motion_command::kSubState) && !(motion & motion_command::kModifier)) {
        // The link's style is known only by its low 16 bits: accept a cycle in
        // any style with those bits, or in the default style.
        target_ok = table.find_cycle(MotionTable::make_key(table.default_style, motion)) != nullptr;
        for (const auto& [style, unused] : table.style_defaults) {
          (void)unused;
          if ((style & 0xffffu) == style_bits && table.find_cycle(MotionTable::make_key(style, motion)))
            target_ok = true;
        }
      }
      if (!target_ok)
        out.push_back({MotionTableProblemCode::kLinkToMissingCycle, outer, motion, 0,
                       where + ": the target has no cycle"});
    }
  }
  std::sort(out.begin(), out.end(), [](const MotionTableProblem& a, const MotionTableProblem& b) {
    return std::tie(a.code, a.key, a.motion, a.anim_id) < std::tie(b.code, b.key, b.motion, b.anim_id);
  });
  return out;
}

}  // namespace retroanim::ac
