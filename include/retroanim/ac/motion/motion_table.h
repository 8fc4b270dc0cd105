// The data of an Asheron's Call motion table (client CMotionTable, dat type
// 0x09): the default style, each style's default substate, and the cycles,
// modifiers and links that turn motion commands into animations. The logic that
// reads it is in motion_table_logic.h.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>

#include "retroanim/ac/motion/motion_data.h"

namespace retroanim::ac {

// The classes of motion command: the high bits of a motion id, as the client's
// GetObjectSequence (0x522860) tests them.
namespace motion_command {
// A style (stance), e.g. NonCombat 0x8000003D.
inline constexpr uint32_t kStyle = 0x80000000u;
// A substate: a cycle the object stays in (Ready, WalkForward, ...).
inline constexpr uint32_t kSubState = 0x40000000u;
// A modifier: physics added on top of the cycle (Jump, turns while walking).
inline constexpr uint32_t kModifier = 0x20000000u;
// An action: links played once, returning to the cycle.
inline constexpr uint32_t kAction = 0x10000000u;
// The Ready substate, which the manager queues for stops and the default state.
inline constexpr uint32_t kReady = 0x41000003u;
}  // namespace motion_command

// A motion table's contents. Keys are the dat's: cycles and modifiers
// (style << 16) | (motion & 0xffffff); a modifier may also be stored under the
// bare motion & 0xffffff (the style-less fallback the client tries second);
// links have the outer key (style << 16) | (substate & 0xffffff) and the inner
// key the full motion id. Where a dat holds the same key twice, the client's
// hash returns the entry inserted last: readers must overwrite, not keep the first.
struct MotionTable {
  // The dat id (0x09xxxxxx), 0 when built in memory.
  uint32_t id = 0;
  // The style SetDefaultState starts in and the fallback style of lookups.
  uint32_t default_style = 0;
  // Each style's default substate (client CMotionTable::style_defaults).
  std::unordered_map<uint32_t, uint32_t> style_defaults;
  // Cycles by (style << 16) | (substate & 0xffffff).
  std::unordered_map<uint32_t, MotionData> cycles;
  // Modifiers by (style << 16) | (modifier & 0xffffff), or by modifier & 0xffffff.
  std::unordered_map<uint32_t, MotionData> modifiers;
  // Links: outer (style << 16) | (from & 0xffffff), inner the full "to" motion id.
  std::unordered_map<uint32_t, std::unordered_map<uint32_t, MotionData>> links;

  // The key of cycles, modifiers and outer links: (style << 16) | (motion & 0xffffff),
  // in 32-bit arithmetic (the style's top bits shift out), as the client builds it.
  static constexpr uint32_t make_key(uint32_t style, uint32_t motion) {
    return (style << 16) | (motion & 0xffffffu);
  }

  // The default substate of a style, or nothing when the table has none
  // (LongNIValHash<unsigned long>::lookup on style_defaults).
  std::optional<uint32_t> find_style_default(uint32_t style) const {
    auto it = style_defaults.find(style);
    if (it == style_defaults.end()) return std::nullopt;
    return it->second;
  }

  // The cycle stored under a key, or null (LongHash<MotionData>::lookup, 0x522680).
  const MotionData* find_cycle(uint32_t key) const {
    auto it = cycles.find(key);
    return it == cycles.end() ? nullptr : &it->second;
  }

  // The modifier stored under a key, or null (LongHash<MotionData>::lookup).
  const MotionData* find_modifier(uint32_t key) const {
    auto it = modifiers.find(key);
    return it == modifiers.end() ? nullptr : &it->second;
  }

  // The inner link table stored under an outer key, or null
  // (LongNIValHash<LongHash<MotionData>*>::lookup, 0x502D80).
  const std::unordered_map<uint32_t, MotionData>* find_link_table(uint32_t outer_key) const {
    auto it = links.find(outer_key);
    return it == links.end() ? nullptr : &it->second;
  }

  // The link stored under an outer key and a full motion id, or null.
  const MotionData* find_link(uint32_t outer_key, uint32_t motion) const {
    const auto* inner = find_link_table(outer_key);
    if (!inner) return nullptr;
    auto it = inner->find(motion);
    return it == inner->end() ? nullptr : &it->second;
  }
};

// Where motion tables are found by id (the client's DBObj::Get of type 0x09).
// The scenario runner uses it when "motion_table" is an id: an animation
// source that can also give motion tables (the portal.dat reader) implements
// both AnimationProvider and this interface.
class MotionTableProvider {
 public:
  virtual ~MotionTableProvider() = default;
  // The motion table with this id; throws retroanim::Error (naming the id)
  // when it is missing or malformed.
  virtual MotionTable get_motion_table(uint32_t id) const = 0;
};

}  // namespace retroanim::ac
