// The CPhysicsObj / CPartArray motion forwards (client cphysobj/CPhysicsObj, CPartArray).
#include "retroanim/ac/motion/physics_obj_motion.h"

namespace retroanim::ac {

// CPhysicsObj::DoInterpretedMotion (0x50EA70) and CPartArray::DoInterpretedMotion (0x518750)
uint32_t PhysicsObjMotion::do_interpreted_motion(uint32_t motion, const MovementParameters& params) const {
  if (!sequence) return 71;
  if (!manager) return 7;
  return static_cast<uint32_t>(
      manager->perform_movement({MovementType::kInterpretedCommand, motion, params.speed}, *sequence));
}

// CPhysicsObj::StopInterpretedMotion (0x50EA90) and CPartArray::StopInterpretedMotion (0x5187F0)
uint32_t PhysicsObjMotion::stop_interpreted_motion(uint32_t motion, const MovementParameters& params) const {
  if (!sequence) return 71;
  if (!manager) return 7;
  return static_cast<uint32_t>(
      manager->perform_movement({MovementType::kStopInterpretedCommand, motion, params.speed}, *sequence));
}

// CPhysicsObj::StopCompletely_Internal (0x50EAD0) and CPartArray::StopCompletelyInternal (0x518890)
void PhysicsObjMotion::stop_completely_internal() const {
  if (sequence && manager) manager->perform_movement({MovementType::kStopCompletely, 0, 1.0f}, *sequence);
}

// CPhysicsObj::RemoveLinkAnimations (0x50FE20) and CPartArray::HandleEnterWorld (0x517D70)
void PhysicsObjMotion::remove_link_animations() const {
  if (sequence && manager) manager->handle_enter_world(*sequence);
}

// CPhysicsObj::InitializeMotionTables (0x50EA60) and CPartArray::InitializeMotionTables (0x517D10)
void PhysicsObjMotion::initialize_motion_tables() const {
  if (sequence && manager) manager->initialize_state(*sequence);
}

// CPhysicsObj::CheckForCompletedMotions (0x50FE30) and CPartArray::CheckForCompletedMotions (0x517D50)
void PhysicsObjMotion::check_for_completed_motions() const {
  if (sequence && manager) manager->check_for_completed_motions();
}

}  // namespace retroanim::ac
