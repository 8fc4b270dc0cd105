// The CPhysicsObj and CPartArray functions the motion interpreter calls that
// reach the motion table manager: the physics object (object layer) cannot
// see the manager, so the interpreter calls these with the object, its part
// array's MotionTableManager and the sequence the manager drives.
#pragma once

#include <cstdint>

#include "retroanim/ac/motion/movement_parameters.h"
#include "retroanim/ac/motion/motion_sequence.h"
#include "retroanim/ac/motion/motion_table_manager.h"
#include "retroanim/ac/object/physics_obj.h"

namespace retroanim::ac {

// The object a CMotionInterp drives. `manager` null stands for a part array
// without a motion table manager, `sequence` null for an object without a
// part array.
struct PhysicsObjMotion {
  PhysicsObj* physics = nullptr;
  MotionTableManager* manager = nullptr;
  MotionSequence* sequence = nullptr;

  // PerformMovement of an InterpretedCommand with the parameters' speed; 71
  // without a part array, 7 without a manager (CPhysicsObj::DoInterpretedMotion
  // 0x50EA70, CPartArray::DoInterpretedMotion 0x518750).
  uint32_t do_interpreted_motion(uint32_t motion, const MovementParameters& params) const;
  // The same for StopInterpretedCommand (CPhysicsObj::StopInterpretedMotion
  // 0x50EA90, CPartArray::StopInterpretedMotion 0x5187F0).
  uint32_t stop_interpreted_motion(uint32_t motion, const MovementParameters& params) const;
  // PerformMovement of StopCompletely (CPhysicsObj::StopCompletely_Internal
  // 0x50EAD0, CPartArray::StopCompletelyInternal 0x518890).
  void stop_completely_internal() const;
  // MotionTableManager::HandleEnterWorld: every link animation removed and
  // every pending motion completed (CPhysicsObj::RemoveLinkAnimations 0x50FE20,
  // CPartArray::HandleEnterWorld 0x517D70).
  void remove_link_animations() const;
  // MotionTableManager::initialize_state (CPhysicsObj::InitializeMotionTables
  // 0x50EA60, CPartArray::InitializeMotionTables 0x517D10).
  void initialize_motion_tables() const;
  // MotionTableManager::CheckForCompletedMotions (CPhysicsObj::CheckForCompletedMotions
  // 0x50FE30, CPartArray::CheckForCompletedMotions 0x517D50).
  void check_for_completed_motions() const;
};

}  // namespace retroanim::ac
