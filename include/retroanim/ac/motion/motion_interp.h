// CMotionInterp (client canim/CMotionInterp): the motion interpreter. It turns
// raw motion commands (the player's input, a server's raw command) into
// interpreted ones (walk backwards as a slowed negative walk, left as negative
// right, the run rate applied when the hold key is Run), sends them to the
// motion table manager, queues each performed motion until the manager
// reports it done, decides whether a jump is allowed, and computes the state
// velocity the object leaves the ground with.
#pragma once

#include <cstdint>
#include <deque>

#include "retroanim/ac/motion/interpreted_motion_state.h"
#include "retroanim/ac/motion/movement_parameters.h"
#include "retroanim/ac/motion/physics_obj_motion.h"
#include "retroanim/ac/motion/raw_motion_state.h"
#include "retroanim/ac/motion/weenie_object.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac {

// The WERROR codes the interpreter returns.
namespace werror {
inline constexpr uint32_t kNone = 0;
inline constexpr uint32_t kNoAnimationTable = 7;        // the part array has no motion table manager
inline constexpr uint32_t kNoPhysicsObject = 8;
inline constexpr uint32_t kYouCantJumpWhileInTheAir = 0x24;
inline constexpr uint32_t kCantCrouchInCombat = 0x3F;
inline constexpr uint32_t kCantSitInCombat = 0x40;
inline constexpr uint32_t kCantLieDownInCombat = 0x41;
inline constexpr uint32_t kCantChatEmoteInCombat = 0x42;
inline constexpr uint32_t kNoMotionTableData = 0x43;
inline constexpr uint32_t kTooManyActions = 0x45;
inline constexpr uint32_t kGeneralMovementFailure = 0x47;
inline constexpr uint32_t kYouCantJumpFromThisPosition = 0x48;
inline constexpr uint32_t kCantJumpLoadedDown = 0x49;
}  // namespace werror

// The motion commands the interpreter treats specially (the 2013 client's ids).
namespace interp_motion {
inline constexpr uint32_t kReady = 0x41000003u;
inline constexpr uint32_t kWalkForward = 0x45000005u;
inline constexpr uint32_t kWalkBackwards = 0x45000006u;
inline constexpr uint32_t kRunForward = 0x44000007u;
inline constexpr uint32_t kFallen = 0x40000008u;
inline constexpr uint32_t kTurnRight = 0x6500000Du;
inline constexpr uint32_t kTurnLeft = 0x6500000Eu;
inline constexpr uint32_t kSideStepRight = 0x6500000Fu;
inline constexpr uint32_t kSideStepLeft = 0x65000010u;
inline constexpr uint32_t kDead = 0x40000011u;
inline constexpr uint32_t kCrouch = 0x41000012u;
inline constexpr uint32_t kSitting = 0x41000013u;
inline constexpr uint32_t kSleeping = 0x41000014u;
inline constexpr uint32_t kFalling = 0x40000015u;
inline constexpr uint32_t kNonCombat = 0x8000003Du;
}  // namespace interp_motion

// One motion the interpreter waits on (the client's MotionNode): the
// context id of its parameters, the motion, and the jump error a jump gets
// while it is the oldest (0 = a jump is allowed).
struct MotionNode {
  uint32_t context_id = 0;
  uint32_t motion = 0;
  uint32_t jump_error_code = 0;

  friend bool operator==(const MotionNode& a, const MotionNode& b) {
    return a.context_id == b.context_id && a.motion == b.motion && a.jump_error_code == b.jump_error_code;
  }
};

// The interpreter of one object. It receives HitGround and LeaveGround from
// the physics object (set it as the object's MovementSink) and MotionDone
// from whoever owns the motion table manager (call motion_done for each).
class MotionInterp final : public MovementSink {
 public:
  // CMotionInterp::Create (0x528C00): both states at their constructor
  // values, not initted, speed factor and run rate 1, no pending motions;
  // then SetWeenieObject and SetPhysicsObject (which apply nothing yet).
  // `weenie` may be null; it and the object's parts must outlive the interpreter.
  MotionInterp(const PhysicsObjMotion& object, const WeenieObject* weenie);

  // The interpreter's fields (CMotionInterp's, by name).
  bool initted = false;
  RawMotionState raw_state;
  InterpretedMotionState interpreted_state;
  float current_speed_factor = 1.0f;
  bool standing_longjump = false;
  float jump_extent = 0.0f;
  uint32_t server_action_stamp = 0;
  float my_run_rate = 1.0f;
  std::deque<MotionNode> pending_motions;  // head first

  const PhysicsObjMotion& object() const { return obj_; }
  const WeenieObject* weenie() const { return weenie_; }

  // CMotionInterp::SetWeenieObject (0x528920): re-applies the current movement when initted.
  void set_weenie_object(const WeenieObject* weenie);
  // CMotionInterp::SetPhysicsObject (0x528970): re-applies the current movement when initted.
  void set_physics_object(const PhysicsObjMotion& object);

  // New states, the motion tables initialised, [Ready, 0] queued, initted,
  // then LeaveGround (CMotionInterp::enter_default_state 0x528C80).
  void enter_default_state();

  // The entry points (each returns a WERROR code).
  uint32_t perform_movement(MovementType type, uint32_t motion, const MovementParameters& params);  // CMotionInterp::PerformMovement (0x528E80)
  uint32_t do_motion(uint32_t motion, const MovementParameters& params);  // CMotionInterp::DoMotion (0x528D20)
  uint32_t stop_motion(uint32_t motion, const MovementParameters& params);  // CMotionInterp::StopMotion (0x528530)
  uint32_t do_interpreted_motion(uint32_t motion, const MovementParameters& params);  // CMotionInterp::DoInterpretedMotion (0x528360)
  uint32_t stop_interpreted_motion(uint32_t motion, const MovementParameters& params);  // CMotionInterp::StopInterpretedMotion (0x528470)
  uint32_t stop_completely();  // CMotionInterp::StopCompletely (0x527E40)

  // Hold keys.
  void set_hold_key(HoldKey key, bool cancel_moveto);  // CMotionInterp::SetHoldKey (0x528BB0)
  void set_hold_run(bool run, bool cancel_moveto);     // CMotionInterp::set_hold_run (0x528B70)

  // Re-application of the states to the motion table.
  void apply_current_movement(bool cancel_moveto, bool disallow_jump);      // CMotionInterp::apply_current_movement (0x528870)
  void apply_raw_movement(bool cancel_moveto, bool disallow_jump);          // CMotionInterp::apply_raw_movement (0x5287E0)
  void apply_interpreted_movement(bool cancel_moveto, bool disallow_jump);  // CMotionInterp::apply_interpreted_movement (0x528600)
  // A server's interpreted state: style and movement taken, re-applied, and
  // the actions newer than the server action stamp performed; 1, or 0
  // without a physics object (CMotionInterp::move_to_interpreted_state 0x5289C0).
  uint32_t move_to_interpreted_state(const InterpretedMotionState& state);
  void report_exhaustion();  // CMotionInterp::ReportExhaustion (0x5288D0)

  // Interpretation of one command (in place).
  void adjust_motion(uint32_t& motion, float& speed, HoldKey key) const;  // CMotionInterp::adjust_motion (0x528010)
  void apply_run_to_command(uint32_t& motion, float& speed) const;        // CMotionInterp::apply_run_to_command (0x527BE0)

  // Speeds and velocities.
  math::Vec3 get_state_velocity() const;          // CMotionInterp::get_state_velocity (0x527D50)
  math::Vec3 get_leave_ground_velocity() const;   // CMotionInterp::get_leave_ground_velocity (0x5280C0)
  float get_max_speed() const;                    // CMotionInterp::get_max_speed (0x527CB0)
  float get_adjusted_max_speed() const;           // CMotionInterp::get_adjusted_max_speed (0x527D00)
  float get_jump_v_z() const;                     // CMotionInterp::get_jump_v_z (0x527AA0)

  // Jumps.
  uint32_t charge_jump();                                      // CMotionInterp::charge_jump (0x5281C0)
  uint32_t jump(float extent, int32_t& stamina_adjustment);    // CMotionInterp::jump (0x528780)
  uint32_t jump_is_allowed(float extent, int32_t& stamina_cost) const;  // CMotionInterp::jump_is_allowed (0x5282B0)
  uint32_t jump_charge_is_allowed() const;                     // CMotionInterp::jump_charge_is_allowed (0x527A50)
  static uint32_t motion_allows_jump(uint32_t substate);       // CMotionInterp::motion_allows_jump (0x5279E0)
  bool contact_allows_move(uint32_t motion) const;             // CMotionInterp::contact_allows_move (0x528240)

  // The ground and the manager's reports.
  void hit_ground() override;    // CMotionInterp::HitGround (0x528AC0)
  void leave_ground() override;  // CMotionInterp::LeaveGround (0x528B00)
  void motion_done(bool success);  // CMotionInterp::MotionDone (0x527EC0)
  void handle_exit_world();        // CMotionInterp::HandleExitWorld (0x527F30)

  // Queries.
  void add_to_queue(uint32_t context_id, uint32_t motion, uint32_t jump_error_code);  // CMotionInterp::add_to_queue (0x527B80)
  bool is_standing_still() const;  // CMotionInterp::is_standing_still (0x527FA0)
  bool motions_pending() const { return !pending_motions.empty(); }  // CMotionInterp::motions_pending (0x527FE0)
  uint32_t inq_style() const { return interpreted_state.current_style; }  // CMotionInterp::InqStyle (0x527B10)

 private:
  // The run rate the weenie gives, else my_run_rate; 1 without a weenie.
  double run_rate() const;
  // The "remove link animations when not in a cell" tail of several functions.
  void remove_links_if_no_cell() const;

  PhysicsObjMotion obj_;
  const WeenieObject* weenie_ = nullptr;
};

}  // namespace retroanim::ac
