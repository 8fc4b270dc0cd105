// MotionTableManager (client MotionTableManager, CMTableManager module): an
// object's motion table, its MotionState and the queue of motions waiting for
// their link animations to finish. It performs movement commands on a sequence
// and tells its owner when each motion is done.
#pragma once

#include <cstdint>
#include <deque>

#include "retroanim/ac/motion/motion_sequence.h"
#include "retroanim/ac/motion/motion_state.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/object/part_array.h"

namespace retroanim::ac {

// The codes PerformMovement returns (the client's WERROR values).
enum class MotionError : uint32_t {
  // The movement was performed.
  kNone = 0,
  // The manager has no motion table (WERROR 7).
  kNoAnimationTable = 7,
  // The table cannot perform the motion; nothing changed (WERROR 0x43).
  kNoMotionTableData = 0x43,
  // A movement type PerformMovement does not handle. The client returns an
  // arbitrary non-zero value here; this library returns this code.
  kUnhandledMovementType = 0xFFFFFFFFu,
};

// The movement types of the client's MovementStruct; PerformMovement handles
// InterpretedCommand (DoObjectMotion), StopInterpretedCommand (StopObjectMotion)
// and StopCompletely.
enum class MovementType : uint32_t {
  kInvalid = 0,
  kRawCommand = 1,
  kInterpretedCommand = 2,
  kStopRawCommand = 3,
  kStopInterpretedCommand = 4,
  kStopCompletely = 5,
  kMoveToObject = 6,
  kMoveToPosition = 7,
  kTurnToObject = 8,
  kTurnToHeading = 9,
};

// One movement command (the parts of the client's MovementStruct and
// MovementParameters that PerformMovement reads).
struct MovementStruct {
  // What to do.
  MovementType type = MovementType::kInterpretedCommand;
  // The motion id (ignored by StopCompletely).
  uint32_t motion = 0;
  // The speed (MovementParameters::speed).
  float speed = 1.0f;
};

// One entry of the pending queue (MotionTableManager::AnimNode): a motion and
// the number of link animations still to finish before it is done.
struct PendingMotion {
  // The motion id.
  uint32_t motion = 0;
  // Link animations still to finish (unsigned, as in the client).
  uint32_t num_anims = 0;

  // Entries compare equal when both fields are equal.
  friend bool operator==(const PendingMotion& a, const PendingMotion& b) {
    return a.motion == b.motion && a.num_anims == b.num_anims;
  }
};

// Receives MotionDone calls (the client calls CPhysicsObj::MotionDone, which
// forwards to the movement manager).
class MotionDoneSink {
 public:
  virtual ~MotionDoneSink() = default;
  // A motion completed (success) or was abandoned (!success).
  virtual void motion_done(uint32_t motion, bool success) = 0;
};

// An object's motion-table manager. It is the MotionHandler a PartArray
// forwards AnimationDone hooks and UseTime to (CPartArray::AnimationDone 0x517D30,
// CPartArray::HandleMovement 0x517D60).
class MotionTableManager final : public MotionHandler {
 public:
  // A manager without a table (MotionTableManager::Create with no id).
  MotionTableManager() = default;
  // A manager using `table`, which must outlive it (may be null).
  explicit MotionTableManager(const MotionTable* table) : table_(table) {}

  // Sets the table, which must outlive the manager (SetMotionTableID).
  void set_table(const MotionTable* table) { table_ = table; }
  // The table, or nullptr.
  const MotionTable* table() const { return table_; }
  // Sets who receives MotionDone (the client's physics_obj); may be null.
  void set_owner(MotionDoneSink* owner) { owner_ = owner; }

  // The motion state.
  const MotionState& state() const { return state_; }
  // The motion state, for callers that set it up directly.
  MotionState& state() { return state_; }
  // The pending queue, oldest first.
  const std::deque<PendingMotion>& pending() const { return pending_; }
  // The count of link animations finished since the head entry was queued.
  uint32_t animation_counter() const { return animation_counter_; }

  // SetDefaultState on the table (when there is one), then queues Ready with
  // the number of animations it added minus one (MotionTableManager::initialize_state 0x51C030).
  void initialize_state(MotionSequence& seq);

  // Performs a movement: DoObjectMotion, StopObjectMotion or StopCompletely on
  // the table, then queues the motion (Ready for the stops) with its animation
  // count (MotionTableManager::PerformMovement 0x51C0B0).
  MotionError perform_movement(const MovementStruct& ms, MotionSequence& seq);

  // Queues a motion and drops redundant link animations (MotionTableManager::add_to_queue 0x51BFE0).
  void add_to_queue(uint32_t motion, uint32_t num_anims, MotionSequence& seq);

  // When the newest entry with animations returns to a substate or style that
  // is still queued, removes the link animations queued since then from the
  // sequence and zeroes their counts (MotionTableManager::remove_redundant_links 0x51BF20).
  void remove_redundant_links(MotionSequence& seq);

  // Zeroes the counts of the entries after `index` (newest first) and removes
  // that many link animations from the sequence (MotionTableManager::truncate_animation_list 0x51BCA0).
  void truncate_animation_list(std::size_t index, MotionSequence& seq);

  // One link animation finished: completes every head entry whose count has
  // been reached, telling the owner (MotionTableManager::AnimationDone 0x51BCE0).
  void animation_done(bool success) override;

  // Completes head entries whose count is zero (MotionTableManager::CheckForCompletedMotions 0x51BE00).
  void check_for_completed_motions();

  // Per-frame service: CheckForCompletedMotions (MotionTableManager::UseTime).
  void use_time() override { check_for_completed_motions(); }

  // Abandons every pending motion: AnimationDone(false) until the queue is
  // empty (MotionTableManager::HandleExitWorld 0x51BDA0).
  void handle_exit_world();

  // Removes all link animations, then abandons every pending motion
  // (MotionTableManager::HandleEnterWorld 0x51BDD0).
  void handle_enter_world(MotionSequence& seq);

 private:
  // Completes the head entry: drops an action from the state and tells the owner.
  void complete_head(bool success);

  const MotionTable* table_ = nullptr;
  MotionDoneSink* owner_ = nullptr;
  MotionState state_;
  std::deque<PendingMotion> pending_;
  uint32_t animation_counter_ = 0;
};

}  // namespace retroanim::ac
