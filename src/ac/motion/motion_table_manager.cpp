#include "retroanim/ac/motion/motion_table_manager.h"

#include "retroanim/ac/motion/motion_table_logic.h"

namespace retroanim::ac {

// MotionTableManager::initialize_state (0x51C030)
void MotionTableManager::initialize_state(MotionSequence& seq) {
  uint32_t num_anims = 0;
  if (table_) set_default_state(*table_, state_, seq, num_anims);
  add_to_queue(motion_command::kReady, num_anims, seq);
}

// MotionTableManager::PerformMovement (0x51C0B0)
MotionError MotionTableManager::perform_movement(const MovementStruct& ms, MotionSequence& seq) {
  if (!table_) return MotionError::kNoAnimationTable;
  uint32_t num_anims = 0;
  switch (ms.type) {
    case MovementType::kInterpretedCommand:
      if (!do_object_motion(*table_, ms.motion, state_, seq, ms.speed, num_anims))
        return MotionError::kNoMotionTableData;
      add_to_queue(ms.motion, num_anims, seq);
      return MotionError::kNone;
    case MovementType::kStopInterpretedCommand:
      if (!stop_object_motion(*table_, ms.motion, ms.speed, state_, seq, num_anims))
        return MotionError::kNoMotionTableData;
      add_to_queue(motion_command::kReady, num_anims, seq);
      return MotionError::kNone;
    case MovementType::kStopCompletely:
      stop_object_completely(*table_, state_, seq, num_anims);
      add_to_queue(motion_command::kReady, num_anims, seq);
      return MotionError::kNone;
    default:
      return MotionError::kUnhandledMovementType;
  }
}

// MotionTableManager::add_to_queue (0x51BFE0)
void MotionTableManager::add_to_queue(uint32_t motion, uint32_t num_anims, MotionSequence& seq) {
  pending_.push_back(PendingMotion{motion, num_anims});
  remove_redundant_links(seq);
}

// MotionTableManager::remove_redundant_links (0x51BF20)
void MotionTableManager::remove_redundant_links(MotionSequence& seq) {
  // The newest entry that still waits for animations.
  std::size_t i = pending_.size();
  while (i > 0 && pending_[i - 1].num_anims == 0) --i;
  if (i == 0) return;
  const std::size_t newest = i - 1;
  const uint32_t motion = pending_[newest].motion;
  if ((motion & motion_command::kSubState) && !(motion & motion_command::kModifier)) {
    // A plain substate: look back for the same substate still waiting, past
    // entries that are done or are substates themselves.
    for (std::size_t j = newest; j > 0; --j) {
      const PendingMotion& p = pending_[j - 1];
      if (p.motion == motion && p.num_anims != 0) {
        truncate_animation_list(j - 1, seq);
        return;
      }
      if (p.num_anims != 0 && (p.motion & 0xB0000000u)) return;
    }
    return;
  }
  if (motion & motion_command::kStyle) {
    // A style: look back for the same style, past entries that are done or
    // are styles themselves.
    for (std::size_t j = newest; j > 0; --j) {
      const PendingMotion& p = pending_[j - 1];
      if (p.motion == motion) {
        truncate_animation_list(j - 1, seq);
        return;
      }
      if (p.num_anims != 0 && (p.motion & 0x70000000u)) return;
    }
  }
}

// MotionTableManager::truncate_animation_list (0x51BCA0)
void MotionTableManager::truncate_animation_list(std::size_t index, MotionSequence& seq) {
  if (index >= pending_.size()) return;
  uint32_t sum = 0;
  for (std::size_t j = pending_.size(); j - 1 > index; --j) {
    sum += pending_[j - 1].num_anims;
    pending_[j - 1].num_anims = 0;
  }
  seq.remove_link_animations(sum);
}

// The body shared by AnimationDone and CheckForCompletedMotions for the head entry.
void MotionTableManager::complete_head(bool success) {
  const PendingMotion head = pending_.front();
  if (head.motion & motion_command::kAction) state_.remove_action_head();
  // The client removes the head after MotionDone returns; nothing here lets the
  // owner change the queue, so the order is kept without re-checking.
  if (owner_) owner_->motion_done(head.motion, success);
  pending_.pop_front();
}

// MotionTableManager::AnimationDone (0x51BCE0)
void MotionTableManager::animation_done(bool success) {
  if (pending_.empty()) return;
  ++animation_counter_;
  while (!pending_.empty()) {
    const uint32_t needed = pending_.front().num_anims;
    if (needed > animation_counter_) break;
    complete_head(success);
    animation_counter_ -= needed;
  }
  if (animation_counter_ != 0 && pending_.empty()) animation_counter_ = 0;
}

// MotionTableManager::CheckForCompletedMotions (0x51BE00)
void MotionTableManager::check_for_completed_motions() {
  while (!pending_.empty() && pending_.front().num_anims == 0) complete_head(true);
}

// MotionTableManager::HandleExitWorld (0x51BDA0)
void MotionTableManager::handle_exit_world() {
  while (!pending_.empty()) animation_done(false);
}

// MotionTableManager::HandleEnterWorld (0x51BDD0)
void MotionTableManager::handle_enter_world(MotionSequence& seq) {
  seq.remove_all_link_animations();
  while (!pending_.empty()) animation_done(false);
}

}  // namespace retroanim::ac
