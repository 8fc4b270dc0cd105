// AC fixtures shared by the test programs (and, header-only, the benchmarks):
// named ids (the real client's style and command ids, animation ids of the
// dat's type 0x03), hooks, one-cycle tables for small dats, and a small
// human-like motion table used by the motion tests. Every expected value in the motion
// tests is traced by hand from the client's CMotionTable code over this table.
#pragma once

#include <cstdint>
#include <initializer_list>

#include "retroanim/ac/anim/anim_hook.h"
#include "retroanim/ac/motion/motion_table.h"

namespace retroanim::ac::test {

inline constexpr uint32_t kNonCombat = 0x8000003Du;  // default style
inline constexpr uint32_t kCombat = 0x8000003Cu;
inline constexpr uint32_t kMagic = 0x80000049u;     // reached only through the default style
inline constexpr uint32_t kReady = 0x41000003u;
inline constexpr uint32_t kWalk = 0x45000005u;
inline constexpr uint32_t kRun = 0x44000007u;
inline constexpr uint32_t kTurn = 0x6500000Du;      // substate from Ready, modifier otherwise
inline constexpr uint32_t kJump = 0x2500003Bu;      // modifier
inline constexpr uint32_t kWave = 0x13000087u;      // action with a direct link from Ready
inline constexpr uint32_t kBow = 0x1300007Du;       // action reachable only from Ready
inline constexpr uint32_t kUnknown = 0x41000099u;   // a substate the table lacks

// The id of the n-th test animation: dat object type 0x03 in the top byte.
inline constexpr uint32_t kAnimationIdBase = 0x03000000u;
inline constexpr uint32_t anim_id(uint32_t n) { return kAnimationIdBase + n; }

// The motion table ids the fixtures use (dat object type 0x09).
inline constexpr uint32_t kTestTableId = 0x09000001u;

// Animation ids of make_test_table().
inline constexpr uint32_t aReady = 0x03000001u, aWalk = 0x03000002u, aTurn = 0x03000003u, aRun = 0x03000004u;
inline constexpr uint32_t aCombatReady = 0x03000010u, aMagicReady = 0x03000011u;
inline constexpr uint32_t aReadyToWalk = 0x03000020u, aReadyToTurn = 0x03000021u, aWave1 = 0x03000022u,
                          aWave2 = 0x03000023u, aToCombat = 0x03000024u, aWalkToReady = 0x03000025u,
                          aCombatToNonCombat = 0x03000026u, aToMagic = 0x03000027u, aReadyToRun = 0x03000028u,
                          aBow = 0x03000029u, aRunToReady = 0x0300002Au, aWalkToRun = 0x0300002Bu;

// A hook of the given type, direction and payload.
inline AnimationHook hook(AnimationHookType type, AnimationHookDir direction, AnimationHookData data) {
  AnimationHook h;
  h.type = type;
  h.direction = direction;
  h.data = data;
  return h;
}

// The hook the small test dats put on frames: sound table 0x11, played forward.
inline AnimationHook sound_table_hook() {
  return hook(AnimationHookType::kSoundTable, AnimationHookDir::kForward, SoundTableHookData{0x11});
}

// A MotionData playing `anims` in order (each whole, at 30 fps) with the given physics and bits.
inline MotionData md(std::initializer_list<uint32_t> anims, math::Vec3 v = {}, math::Vec3 o = {},
                     uint8_t bitfield = 0) {
  MotionData d;
  for (uint32_t a : anims) d.anims.push_back(AnimData{a, 0, -1, 30.0f});
  d.velocity = v;
  d.omega = o;
  d.bitfield = bitfield;
  return d;
}

// A motion table `id` whose default style (non-combat) has one cycle, Ready, playing `anim`.
inline MotionTable one_cycle_table(uint32_t id, uint32_t anim) {
  MotionTable t;
  t.id = id;
  t.default_style = kNonCombat;
  t.style_defaults[kNonCombat] = kReady;
  t.cycles[MotionTable::make_key(kNonCombat, kReady)] = md({anim});
  return t;
}

inline MotionTable make_test_table() {
  using K = MotionTable;
  MotionTable t;
  t.id = kTestTableId;
  t.default_style = kNonCombat;
  t.style_defaults[kNonCombat] = kReady;
  t.style_defaults[kCombat] = kReady;
  t.style_defaults[kMagic] = kReady;
  t.cycles[K::make_key(kNonCombat, kReady)] = md({aReady});
  t.cycles[K::make_key(kNonCombat, kWalk)] = md({aWalk}, {0.0f, 3.12f, 0.0f});
  t.cycles[K::make_key(kNonCombat, kRun)] = md({aRun}, {0.0f, 4.0f, 0.0f});
  t.cycles[K::make_key(kNonCombat, kTurn)] = md({aTurn}, {}, {0.0f, 0.0f, 1.5f}, 2);
  t.cycles[K::make_key(kCombat, kReady)] = md({aCombatReady});
  t.cycles[K::make_key(kMagic, kReady)] = md({aMagicReady});
  t.modifiers[K::make_key(kNonCombat, kTurn)] = md({}, {}, {0.0f, 0.0f, 1.5f});
  t.modifiers[kJump & 0xffffffu] = md({}, {0.0f, 0.0f, 5.0f});
  auto& from_ready = t.links[K::make_key(kNonCombat, kReady)];
  from_ready[kWalk] = md({aReadyToWalk});
  from_ready[kRun] = md({aReadyToRun});
  from_ready[kTurn] = md({aReadyToTurn});
  from_ready[kWave] = md({aWave1, aWave2});
  from_ready[kBow] = md({aBow});
  from_ready[kCombat] = md({aToCombat});
  from_ready[kMagic] = md({aToMagic});
  t.links[K::make_key(kNonCombat, kWalk)][kReady] = md({aWalkToReady});
  t.links[K::make_key(kNonCombat, kWalk)][kRun] = md({aWalkToRun});
  t.links[K::make_key(kNonCombat, kRun)][kReady] = md({aRunToReady});
  t.links[K::make_key(kCombat, kReady)][kNonCombat] = md({aCombatToNonCombat});
  return t;
}

}  // namespace retroanim::ac::test
