// CMotionInterp (client canim/CMotionInterp). Speeds are floats as in the
// client; products the client computes on the x87 stack are computed here in
// double and rounded to float where the client stores them (docs/FIDELITY.md).
#include "retroanim/ac/motion/motion_interp.h"

#include <cmath>

namespace retroanim::ac {

namespace m = interp_motion;

// CMotionInterp::Create (0x528C00)
MotionInterp::MotionInterp(const PhysicsObjMotion& object, const WeenieObject* weenie) {
  set_weenie_object(weenie);
  set_physics_object(object);
}

double MotionInterp::run_rate() const {
  if (!weenie_) return 1.0;
  float rate = 0.0f;
  if (weenie_->inq_run_rate(rate)) return rate;
  return my_run_rate;
}

void MotionInterp::remove_links_if_no_cell() const {
  if (obj_.physics && !obj_.physics->in_cell) obj_.remove_link_animations();
}

// CMotionInterp::SetWeenieObject (0x528920)
void MotionInterp::set_weenie_object(const WeenieObject* weenie) {
  weenie_ = weenie;
  if (obj_.physics && initted) {
    if ((!weenie_ || weenie_->is_the_player()) && obj_.physics->last_move_was_autonomous)
      apply_raw_movement(true, false);
    else
      apply_interpreted_movement(true, false);
  }
}

// CMotionInterp::SetPhysicsObject (0x528970)
void MotionInterp::set_physics_object(const PhysicsObjMotion& object) {
  obj_ = object;
  if (obj_.physics && initted) {
    if ((!weenie_ || weenie_->is_the_player()) && obj_.physics->last_move_was_autonomous)
      apply_raw_movement(true, false);
    else
      apply_interpreted_movement(true, false);
  }
}

// CMotionInterp::enter_default_state (0x528C80)
void MotionInterp::enter_default_state() {
  raw_state = RawMotionState{};
  interpreted_state = InterpretedMotionState{};
  obj_.initialize_motion_tables();
  // Appended without clearing the queue (ACE clears it).
  pending_motions.push_back(MotionNode{0, m::kReady, 0});
  initted = true;
  leave_ground();
}

// CMotionInterp::PerformMovement (0x528E80)
uint32_t MotionInterp::perform_movement(MovementType type, uint32_t motion, const MovementParameters& params) {
  uint32_t r;
  switch (type) {
    case MovementType::kRawCommand: r = do_motion(motion, params); break;
    case MovementType::kInterpretedCommand: r = do_interpreted_motion(motion, params); break;
    case MovementType::kStopRawCommand: r = stop_motion(motion, params); break;
    case MovementType::kStopInterpretedCommand: r = stop_interpreted_motion(motion, params); break;
    case MovementType::kStopCompletely:
      stop_completely();
      r = werror::kNone;
      break;
    default: return werror::kGeneralMovementFailure;
  }
  obj_.check_for_completed_motions();
  return r;
}

// CMotionInterp::DoMotion (0x528D20)
uint32_t MotionInterp::do_motion(uint32_t motion, const MovementParameters& params) {
  if (!obj_.physics) return werror::kNoPhysicsObject;
  // The client copies every field (ACE's copy drops the autonomous bit, the
  // action stamp, the context id and the jump-block bit).
  MovementParameters adjusted = params;
  // (cancel_moveto: no MoveToManager here.)
  if (params.has(movement_param_flag::kSetHoldKey))
    set_hold_key(params.hold_key_to_apply, params.has(movement_param_flag::kCancelMoveTo));
  uint32_t new_motion = motion;
  adjust_motion(new_motion, adjusted.speed, params.hold_key_to_apply);
  if (interpreted_state.current_style != m::kNonCombat) {
    if (motion == m::kCrouch) return werror::kCantCrouchInCombat;
    if (motion == m::kSitting) return werror::kCantSitInCombat;
    if (motion == m::kSleeping) return werror::kCantLieDownInCombat;
    if (motion & 0x2000000u) return werror::kCantChatEmoteInCombat;
  }
  if ((motion & 0x10000000u) && interpreted_state.get_num_actions() >= 6) return werror::kTooManyActions;
  const uint32_t r = do_interpreted_motion(new_motion, adjusted);
  if (r == werror::kNone && params.has(movement_param_flag::kModifyRawState)) raw_state.apply_motion(motion, params);
  return r;
}

// CMotionInterp::StopMotion (0x528530)
uint32_t MotionInterp::stop_motion(uint32_t motion, const MovementParameters& params) {
  if (!obj_.physics) return werror::kNoPhysicsObject;
  // (cancel_moveto: no MoveToManager here.) Every field copied, as in DoMotion.
  MovementParameters adjusted = params;
  uint32_t new_motion = motion;
  adjust_motion(new_motion, adjusted.speed, params.hold_key_to_apply);
  const uint32_t r = stop_interpreted_motion(new_motion, adjusted);
  if (r == werror::kNone && params.has(movement_param_flag::kModifyRawState)) raw_state.remove_motion(motion);
  return r;
}

// CMotionInterp::DoInterpretedMotion (0x528360)
uint32_t MotionInterp::do_interpreted_motion(uint32_t motion, const MovementParameters& params) {
  if (!obj_.physics) return werror::kNoPhysicsObject;
  uint32_t r;
  const bool modify = params.has(movement_param_flag::kModifyInterpretedState);
  if (contact_allows_move(motion)) {
    if (standing_longjump && (motion == m::kWalkForward || motion == m::kRunForward || motion == m::kSideStepRight)) {
      if (modify) interpreted_state.apply_motion(motion, params);
      r = werror::kNone;
    } else {
      if (motion == m::kDead) obj_.remove_link_animations();
      r = obj_.do_interpreted_motion(motion, params);
      if (r == werror::kNone) {
        uint32_t jump_error;
        if (params.has(movement_param_flag::kDisableJumpDuringLink)) {
          jump_error = werror::kYouCantJumpFromThisPosition;
        } else {
          jump_error = motion_allows_jump(motion);
          if (jump_error == 0 && !(motion & 0x10000000u))
            jump_error = motion_allows_jump(interpreted_state.forward_command);
        }
        add_to_queue(params.context_id, motion, jump_error);
        if (modify) interpreted_state.apply_motion(motion, params);
      }
    }
  } else if (!(motion & 0x10000000u)) {
    if (modify) interpreted_state.apply_motion(motion, params);
    r = werror::kNone;
  } else {
    r = werror::kYouCantJumpWhileInTheAir;
  }
  remove_links_if_no_cell();
  return r;
}

// CMotionInterp::StopInterpretedMotion (0x528470)
uint32_t MotionInterp::stop_interpreted_motion(uint32_t motion, const MovementParameters& params) {
  if (!obj_.physics) return werror::kNoPhysicsObject;
  uint32_t r;
  const bool modify = params.has(movement_param_flag::kModifyInterpretedState);
  if (!contact_allows_move(motion) ||
      (standing_longjump && (motion == m::kWalkForward || motion == m::kRunForward || motion == m::kSideStepRight))) {
    if (modify) interpreted_state.remove_motion(motion);
    r = werror::kNone;
  } else {
    r = obj_.stop_interpreted_motion(motion, params);
    if (r == werror::kNone) {
      add_to_queue(params.context_id, m::kReady, 0);
      if (modify) interpreted_state.remove_motion(motion);
    }
  }
  remove_links_if_no_cell();
  return r;
}

// CMotionInterp::StopCompletely (0x527E40)
uint32_t MotionInterp::stop_completely() {
  if (!obj_.physics) return werror::kNoPhysicsObject;
  // (cancel_moveto: no MoveToManager here.)
  const uint32_t jump_error = motion_allows_jump(interpreted_state.forward_command);
  raw_state.forward_command = m::kReady;
  raw_state.forward_speed = 1.0f;
  raw_state.sidestep_command = 0;
  raw_state.turn_command = 0;
  interpreted_state.forward_command = m::kReady;
  interpreted_state.forward_speed = 1.0f;
  interpreted_state.sidestep_command = 0;
  interpreted_state.turn_command = 0;
  obj_.stop_completely_internal();
  add_to_queue(0, m::kReady, jump_error);
  remove_links_if_no_cell();
  return werror::kNone;
}

// CMotionInterp::SetHoldKey (0x528BB0)
void MotionInterp::set_hold_key(HoldKey key, bool cancel_moveto) {
  const HoldKey cur = raw_state.current_holdkey;
  if (key == cur) return;
  if (key == HoldKey::kNone) {
    if (cur == HoldKey::kRun) {
      raw_state.current_holdkey = HoldKey::kNone;
      apply_current_movement(cancel_moveto, false);
    }
  } else if (key == HoldKey::kRun && cur != HoldKey::kRun) {
    // ACE's SetHoldKey has no Run case.
    raw_state.current_holdkey = HoldKey::kRun;
    apply_current_movement(cancel_moveto, false);
  }
}

// CMotionInterp::set_hold_run (0x528B70)
void MotionInterp::set_hold_run(bool run, bool cancel_moveto) {
  if (!run != (raw_state.current_holdkey != HoldKey::kRun)) {
    raw_state.current_holdkey = run ? HoldKey::kRun : HoldKey::kNone;
    apply_current_movement(cancel_moveto, false);
  }
}

// CMotionInterp::apply_current_movement (0x528870)
void MotionInterp::apply_current_movement(bool cancel_moveto, bool disallow_jump) {
  if (!obj_.physics || !initted) return;
  // The player (or an object without a weenie) moving autonomously re-applies
  // its raw state; ACE decides by IsCreature.
  if ((!weenie_ || weenie_->is_the_player()) && obj_.physics->last_move_was_autonomous)
    apply_raw_movement(cancel_moveto, disallow_jump);
  else
    apply_interpreted_movement(cancel_moveto, disallow_jump);
}

// CMotionInterp::ReportExhaustion (0x5288D0)
void MotionInterp::report_exhaustion() {
  if (!obj_.physics || !initted) return;
  if ((!weenie_ || weenie_->is_the_player()) && obj_.physics->last_move_was_autonomous)
    apply_raw_movement(false, false);
  else
    apply_interpreted_movement(false, false);
}

// CMotionInterp::apply_raw_movement (0x5287E0)
void MotionInterp::apply_raw_movement(bool cancel_moveto, bool disallow_jump) {
  if (!obj_.physics) return;
  InterpretedMotionState& is = interpreted_state;
  is.current_style = raw_state.current_style;
  is.forward_speed = raw_state.forward_speed;
  is.forward_command = raw_state.forward_command;
  is.sidestep_command = raw_state.sidestep_command;
  is.sidestep_speed = raw_state.sidestep_speed;
  is.turn_command = raw_state.turn_command;
  is.turn_speed = raw_state.turn_speed;
  adjust_motion(is.forward_command, is.forward_speed, raw_state.forward_holdkey);
  adjust_motion(is.sidestep_command, is.sidestep_speed, raw_state.sidestep_holdkey);
  adjust_motion(is.turn_command, is.turn_speed, raw_state.turn_holdkey);
  apply_interpreted_movement(cancel_moveto, disallow_jump);
}

// CMotionInterp::apply_interpreted_movement (0x528600)
void MotionInterp::apply_interpreted_movement(bool cancel_moveto, bool disallow_jump) {
  if (!obj_.physics) return;
  MovementParameters params;
  // Set hold key, modify interpreted state, cancel move-to and the jump block
  // cleared, then cancel move-to and the jump block set from the arguments.
  params.bitfield = (params.bitfield & 0xFFFD37FFu) |
                    ((static_cast<uint32_t>(cancel_moveto) | 4u * static_cast<uint32_t>(disallow_jump)) << 15);
  if (interpreted_state.forward_command == m::kRunForward) my_run_rate = interpreted_state.forward_speed;
  do_interpreted_motion(interpreted_state.current_style, params);
  if (contact_allows_move(interpreted_state.forward_command)) {
    if (standing_longjump) {
      params.speed = 1.0f;
      do_interpreted_motion(m::kReady, params);
      stop_interpreted_motion(m::kSideStepRight, params);
    } else {
      params.speed = interpreted_state.forward_speed;
      do_interpreted_motion(interpreted_state.forward_command, params);
      const uint32_t sidestep = interpreted_state.sidestep_command;
      if (sidestep) {
        params.speed = interpreted_state.sidestep_speed;
        do_interpreted_motion(sidestep, params);
      } else {
        stop_interpreted_motion(m::kSideStepRight, params);
      }
    }
  } else {
    params.speed = 1.0f;
    do_interpreted_motion(m::kFalling, params);
  }
  const uint32_t turn = interpreted_state.turn_command;
  if (turn) {
    params.speed = interpreted_state.turn_speed;
    do_interpreted_motion(turn, params);
  } else if (obj_.physics) {
    // StopInterpretedMotion's body without the contact test, on TurnRight.
    if (obj_.stop_interpreted_motion(m::kTurnRight, params) == werror::kNone) {
      add_to_queue(params.context_id, m::kReady, 0);
      if (params.has(movement_param_flag::kModifyInterpretedState)) interpreted_state.remove_motion(m::kTurnRight);
    }
    remove_links_if_no_cell();
  }
}

// CMotionInterp::move_to_interpreted_state (0x5289C0)
uint32_t MotionInterp::move_to_interpreted_state(const InterpretedMotionState& state) {
  if (!obj_.physics) return 0;
  raw_state.current_style = state.current_style;
  // (cancel_moveto: no MoveToManager here.)
  const bool disallow_jump = motion_allows_jump(interpreted_state.forward_command) != 0;
  interpreted_state.copy_movement_from(state);
  apply_current_movement(true, disallow_jump);
  MovementParameters params;
  for (const ActionNode& a : state.actions) {
    // The stamps compare in 15 bits with wrap-around (ACE masks the server's stamp with 0x7FFFF).
    const uint32_t stamp = a.stamp & 0x7FFFu;
    const uint32_t server = server_action_stamp & 0x7FFFu;
    const uint32_t diff = stamp <= server ? server - stamp : stamp - server;
    const bool newer = diff <= 0x3FFFu ? server < stamp : stamp < server;
    if (!newer) continue;
    // Performed for a weenie that is not the player, or when not autonomous
    // (ACE: a creature, or when autonomous).
    if ((weenie_ && !weenie_->is_the_player()) || !a.autonomous) {
      server_action_stamp = a.stamp;
      params.speed = a.speed;
      params.set(movement_param_flag::kAutonomous, a.autonomous);
      do_interpreted_motion(a.action, params);
    }
  }
  return 1;
}

// CMotionInterp::adjust_motion (0x528010)
void MotionInterp::adjust_motion(uint32_t& motion, float& speed, HoldKey key) const {
  if (weenie_ && !weenie_->is_creature()) return;
  switch (motion) {
    case m::kRunForward: return;
    case m::kWalkBackwards:
      motion = m::kWalkForward;
      speed = static_cast<float>(static_cast<double>(-0.65f) * speed);
      break;
    case m::kTurnLeft:
      motion = m::kTurnRight;
      speed = static_cast<float>(speed * -1.0);
      break;
    case m::kSideStepLeft:
      motion = m::kSideStepRight;
      speed = static_cast<float>(speed * -1.0);
      [[fallthrough]];
    case m::kSideStepRight:
      // WalkAnimSpeed / SidestepAnimSpeed * SidestepFactor, the float 3.12 in double.
      speed = static_cast<float>(static_cast<double>(3.12f) / 1.25 * 0.5 * speed);
      break;
    default: break;
  }
  if (key == HoldKey::kInvalid) key = raw_state.current_holdkey;
  if (key == HoldKey::kRun) apply_run_to_command(motion, speed);
}

// CMotionInterp::apply_run_to_command (0x527BE0)
void MotionInterp::apply_run_to_command(uint32_t& motion, float& speed) const {
  const double rate = run_rate();
  switch (motion) {
    case m::kWalkForward:
      if (speed > 0.0f) motion = m::kRunForward;
      speed = static_cast<float>(rate * speed);
      break;
    case m::kTurnRight: speed = static_cast<float>(1.5 * speed); break;
    case m::kSideStepRight: {
      const double v = rate * speed;
      speed = static_cast<float>(v);
      if (std::fabs(v) > 3.0) speed = v <= 0.0 ? -3.0f : 3.0f;
      break;
    }
    default: break;
  }
}

// CMotionInterp::get_state_velocity (0x527D50)
math::Vec3 MotionInterp::get_state_velocity() const {
  math::Vec3 v;
  v.x = interpreted_state.sidestep_command == m::kSideStepRight
            ? static_cast<float>(1.25 * interpreted_state.sidestep_speed)
            : 0.0f;
  if (interpreted_state.forward_command == m::kWalkForward)
    v.y = static_cast<float>(static_cast<double>(3.12f) * interpreted_state.forward_speed);
  else if (interpreted_state.forward_command == m::kRunForward)
    v.y = static_cast<float>(4.0 * interpreted_state.forward_speed);
  else
    v.y = 0.0f;
  v.z = 0.0f;
  // Capped at 4 times the run rate, 1 without a weenie (ACE's cap uses my_run_rate then).
  const double max_speed = run_rate() * 4.0;
  const double len = std::sqrt(static_cast<double>(v.x) * v.x + static_cast<double>(v.y) * v.y +
                               static_cast<double>(v.z) * v.z);
  if (len > max_speed) {
    v.x = static_cast<float>(1.0 / len * v.x * max_speed);
    v.y = static_cast<float>(1.0 / len * v.y * max_speed);
    v.z = static_cast<float>(1.0 / len * v.z * max_speed);
  }
  return v;
}

// CMotionInterp::get_leave_ground_velocity (0x5280C0)
math::Vec3 MotionInterp::get_leave_ground_velocity() const {
  math::Vec3 v = get_state_velocity();
  const float vz = get_jump_v_z();
  v.z = vz;
  if (std::fabs(v.x) < math::kAcEpsilon && std::fabs(v.y) < math::kAcEpsilon && std::fabs(vz) < math::kAcEpsilon) {
    // Standing still: the current global velocity rotated into the object
    // frame (set_local_velocity turns it back).
    const PhysicsObj& p = *obj_.physics;
    const float* mm = p.frame().m;
    const math::Vec3 g = p.velocity;
    v.x = static_cast<float>(static_cast<double>(mm[1]) * g.y + static_cast<double>(mm[0]) * g.x +
                             static_cast<double>(mm[2]) * g.z);
    v.y = static_cast<float>(static_cast<double>(mm[4]) * g.y + static_cast<double>(mm[3]) * g.x +
                             static_cast<double>(mm[5]) * g.z);
    v.z = static_cast<float>(static_cast<double>(mm[7]) * g.y + static_cast<double>(mm[6]) * g.x +
                             static_cast<double>(mm[8]) * g.z);
  }
  return v;
}

// CMotionInterp::get_max_speed (0x527CB0)
float MotionInterp::get_max_speed() const { return static_cast<float>(run_rate() * 4.0); }

// CMotionInterp::get_adjusted_max_speed (0x527D00)
float MotionInterp::get_adjusted_max_speed() const {
  double rate = run_rate();
  if (interpreted_state.forward_command == m::kRunForward)
    rate = static_cast<double>(interpreted_state.forward_speed) / current_speed_factor;
  return static_cast<float>(rate * 4.0);
}

// CMotionInterp::get_jump_v_z (0x527AA0)
float MotionInterp::get_jump_v_z() const {
  float extent = jump_extent;
  if (extent < math::kAcEpsilon) return 0.0f;
  if (extent > 1.0f) extent = 1.0f;
  if (!weenie_) return 10.0f;
  float v_z = extent;
  if (weenie_->inq_jump_velocity(extent, v_z)) return v_z;
  return 0.0f;
}

// CMotionInterp::jump_charge_is_allowed (0x527A50)
uint32_t MotionInterp::jump_charge_is_allowed() const {
  if (weenie_ && !weenie_->can_jump(jump_extent)) return werror::kCantJumpLoadedDown;
  const uint32_t f = interpreted_state.forward_command;
  if (f == m::kFallen || (f > 0x41000011u && f <= m::kSleeping)) return werror::kYouCantJumpFromThisPosition;
  return werror::kNone;
}

// CMotionInterp::charge_jump (0x5281C0)
uint32_t MotionInterp::charge_jump() {
  if (weenie_ && !weenie_->can_jump(jump_extent)) return werror::kCantJumpLoadedDown;
  const uint32_t f = interpreted_state.forward_command;
  // Fallen (ACE tests Falling) and Crouch..Sleeping inclusive (ACE excludes Sleeping).
  if (f == m::kFallen || (f > 0x41000011u && f <= m::kSleeping)) return werror::kYouCantJumpFromThisPosition;
  // (The client reads the physics object here without testing it.)
  if (obj_.physics && obj_.physics->on_ground() && f == m::kReady && !interpreted_state.sidestep_command &&
      !interpreted_state.turn_command)
    standing_longjump = true;
  return werror::kNone;
}

// CMotionInterp::contact_allows_move (0x528240)
bool MotionInterp::contact_allows_move(uint32_t motion) const {
  if (!obj_.physics) return false;
  if (motion == m::kDead || motion == m::kFalling || (motion >= m::kTurnRight && motion <= m::kTurnLeft)) return true;
  if (weenie_ && !weenie_->is_creature()) return true;
  const PhysicsObj& p = *obj_.physics;
  if (!(p.state & physics_state_flag::kGravity)) return true;
  return p.on_ground();
}

// CMotionInterp::jump_is_allowed (0x5282B0)
uint32_t MotionInterp::jump_is_allowed(float extent, int32_t& stamina_cost) const {
  if (!obj_.physics) return werror::kYouCantJumpWhileInTheAir;
  const PhysicsObj& p = *obj_.physics;
  const bool may = (weenie_ && !weenie_->is_creature()) || !(p.state & physics_state_flag::kGravity) || p.on_ground();
  if (!may) return werror::kYouCantJumpWhileInTheAir;
  // (IsFullyConstrained: no PositionManager here, never constrained.)
  // The oldest pending motion's jump error, whatever the queue's length (ACE
  // needs more than one pending motion).
  if (!pending_motions.empty() && pending_motions.front().jump_error_code != 0)
    return pending_motions.front().jump_error_code;
  uint32_t r = jump_charge_is_allowed();
  if (r != werror::kNone) return r;
  r = motion_allows_jump(interpreted_state.forward_command);
  if (r != werror::kNone || !weenie_) return r;
  if (!weenie_->jump_stamina_cost(extent, stamina_cost)) return werror::kGeneralMovementFailure;
  return werror::kNone;
}

// CMotionInterp::jump (0x528780)
uint32_t MotionInterp::jump(float extent, int32_t& stamina_adjustment) {
  if (!obj_.physics) return werror::kNoPhysicsObject;
  // (cancel_moveto: no MoveToManager here.)
  const uint32_t r = jump_is_allowed(extent, stamina_adjustment);
  if (r != werror::kNone) {
    standing_longjump = false;
  } else {
    jump_extent = extent;
    obj_.physics->set_on_walkable(false);
  }
  return r;
}

// CMotionInterp::motion_allows_jump (0x5279E0)
uint32_t MotionInterp::motion_allows_jump(uint32_t s) {
  // The motions a jump is refused from: Reload..Pickup, the attacks
  // 0x1000006F..0x10000078 and 0x10000128..0x10000131, Fallen (ACE: Falling),
  // AimLevel..MagicPray, Crouch..Sleeping.
  const bool refused = (s >= 0x1000006Fu && s <= 0x10000078u) || (s >= 0x10000128u && s <= 0x10000131u) ||
                       s == m::kFallen || (s >= 0x40000016u && s <= 0x40000018u) ||
                       (s >= 0x4000001Eu && s <= 0x40000039u) || (s >= m::kCrouch && s <= m::kSleeping);
  return refused ? werror::kYouCantJumpFromThisPosition : werror::kNone;
}

// CMotionInterp::HitGround (0x528AC0)
void MotionInterp::hit_ground() {
  if (!obj_.physics) return;
  if (weenie_ && !weenie_->is_creature()) return;
  if (!(obj_.physics->state & physics_state_flag::kGravity)) return;
  obj_.remove_link_animations();
  apply_current_movement(false, false);
}

// CMotionInterp::LeaveGround (0x528B00)
void MotionInterp::leave_ground() {
  if (!obj_.physics) return;
  if (weenie_ && !weenie_->is_creature()) return;
  if (!(obj_.physics->state & physics_state_flag::kGravity)) return;
  const math::Vec3 v = get_leave_ground_velocity();
  obj_.physics->set_local_velocity(v);
  standing_longjump = false;
  jump_extent = 0.0f;
  obj_.remove_link_animations();
  apply_current_movement(false, false);
}

// CMotionInterp::MotionDone (0x527EC0)
void MotionInterp::motion_done(bool /*success*/) {
  if (!obj_.physics || pending_motions.empty()) return;
  if (pending_motions.front().motion & 0x10000000u) {
    // (unstick_from_object: no PositionManager here.)
    interpreted_state.remove_action();
    raw_state.remove_action();
  }
  if (!pending_motions.empty()) pending_motions.pop_front();
}

// CMotionInterp::HandleExitWorld (0x527F30)
void MotionInterp::handle_exit_world() {
  while (!pending_motions.empty()) {
    if (!obj_.physics) return;  // the client loops for ever here; nothing can change the queue
    if (pending_motions.front().motion & 0x10000000u) {
      interpreted_state.remove_action();
      raw_state.remove_action();
    }
    pending_motions.pop_front();
  }
}

// CMotionInterp::add_to_queue (0x527B80)
void MotionInterp::add_to_queue(uint32_t context_id, uint32_t motion, uint32_t jump_error_code) {
  pending_motions.push_back(MotionNode{context_id, motion, jump_error_code});
}

// CMotionInterp::is_standing_still (0x527FA0)
bool MotionInterp::is_standing_still() const {
  return obj_.physics && obj_.physics->on_ground() && interpreted_state.forward_command == m::kReady &&
         !interpreted_state.sidestep_command && !interpreted_state.turn_command;
}

}  // namespace retroanim::ac
