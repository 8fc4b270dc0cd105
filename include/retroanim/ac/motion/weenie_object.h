// The questions the motion interpreter asks of an object's weenie (the
// client's CWeenieObject virtuals; ACCWeenieObject answers them from the
// player's qualities). An embedder answers them for its own objects.
#pragma once

#include <cstdint>
#include <optional>

namespace retroanim::ac {

// CWeenieObject, the virtuals CMotionInterp calls (vtable slot in brackets).
class WeenieObject {
 public:
  virtual ~WeenieObject() = default;
  // IsThePlayer [5]: with autonomous movement, the interpreter re-applies the raw state.
  virtual bool is_the_player() const = 0;
  // IsCreature [11]: non-creatures skip motion adjustment and contact rules.
  virtual bool is_creature() const = 0;
  // InqJumpVelocity [12]: the vertical jump velocity for an extent in 0..1; false when none.
  virtual bool inq_jump_velocity(float extent, float& v_z) const = 0;
  // InqRunRate [13]: the run rate; false when the weenie has none (the interpreter keeps its own).
  virtual bool inq_run_rate(float& rate) const = 0;
  // CanJump [15]: false when loaded down.
  virtual bool can_jump(float extent) const = 0;
  // JumpStaminaCost [16]: the stamina a jump costs (into `cost`); false refuses the jump.
  virtual bool jump_stamina_cost(float extent, int32_t& cost) const = 0;
};

// (retroanim's own) A weenie with fixed answers (the scenario runner's and
// the C API's weenie): the defaults are a player creature with no run rate or
// jump velocity of its own that may always jump.
class FixedWeenie final : public WeenieObject {
 public:
  bool is_player = true;
  bool is_creature_answer = true;
  std::optional<float> run_rate;       // nullopt: InqRunRate returns false
  std::optional<float> jump_velocity;  // nullopt: InqJumpVelocity returns false
  bool can_jump_answer = true;
  bool jump_stamina_answer = true;  // JumpStaminaCost's result (the cost is 0)

  bool is_the_player() const override { return is_player; }
  bool is_creature() const override { return is_creature_answer; }
  bool inq_jump_velocity(float /*extent*/, float& v_z) const override {
    if (!jump_velocity) return false;
    v_z = *jump_velocity;
    return true;
  }
  bool inq_run_rate(float& rate) const override {
    if (!run_rate) return false;
    rate = *run_rate;
    return true;
  }
  bool can_jump(float /*extent*/) const override { return can_jump_answer; }
  bool jump_stamina_cost(float /*extent*/, int32_t& cost) const override {
    cost = 0;
    return jump_stamina_answer;
  }
};

}  // namespace retroanim::ac
