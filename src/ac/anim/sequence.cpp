// CSequence (client canim/CSequence).
#include "retroanim/ac/anim/sequence.h"

#include <cmath>

namespace retroanim::ac {

using math::kAcEpsilon;

void Sequence::erase_node(int i) {
  nodes_.erase(nodes_.begin() + i);
  auto fix = [i](int& idx) {
    if (idx == i) idx = kNoNode;
    else if (idx > i) --idx;
  };
  fix(first_cyclic_);
  fix(curr_anim_);
}

// CSequence::append_animation (0x525510)
void Sequence::append_animation(const AnimData& data) {
  AnimSequenceNode node(data, provider_);
  if (!node.has_anim()) return;  // the client deletes a node without animation
  nodes_.push_back(node);
  first_cyclic_ = static_cast<int>(nodes_.size()) - 1;
  if (curr_anim_ == kNoNode) {
    curr_anim_ = 0;
    frame_number_ = nodes_[0].get_starting_frame();
  }
}

// CSequence::update (0x525B80)
void Sequence::update(double quantum, math::Frame* offset) {
  if (!nodes_.empty()) {
    update_internal(quantum, offset);
    remove_played_links();
  } else if (offset != nullptr) {
    apply_physics(*offset, quantum, quantum);
  }
}

// CSequence::apply_physics (0x524AB0)
void Sequence::apply_physics(math::Frame& frame, double quantum, double sign) const {
  double q = std::fabs(quantum);
  if (sign < 0.0) q = -q;
  float dy = static_cast<float>(q * velocity_.y);
  float dz = static_cast<float>(q * velocity_.z);
  frame.origin.x = static_cast<float>(q * velocity_.x + frame.origin.x);
  frame.origin.y = static_cast<float>(static_cast<double>(dy) + frame.origin.y);
  frame.origin.z = static_cast<float>(static_cast<double>(dz) + frame.origin.z);
  // With a zero omega (either sign) the rotation never changes the frame, so
  // it is skipped (not in the client; results unchanged, FIDELITY.md): each
  // component of w is q * 0, a zero or (q infinite or NaN) a NaN; a matrix
  // of finite entries takes zeros to zeros, |w|^2 = 0 and grotate returns;
  // any NaN or infinity on the way makes |w|^2 NaN, and grotate's set_rotate
  // then gets NaN components and keeps the old quaternion and matrix.
  if (omega_.x == 0.0f && omega_.y == 0.0f && omega_.z == 0.0f) return;
  math::Vec3 w{static_cast<float>(q * omega_.x), static_cast<float>(q * omega_.y),
               static_cast<float>(q * omega_.z)};
  frame.rotate(w);
}

// CSequence::apricot (0x524B40): the decompiled name; it drops the played link nodes
void Sequence::remove_played_links() {
  while (!nodes_.empty() && curr_anim_ != 0 && first_cyclic_ != 0) erase_node(0);
}

// CSequence::combine_physics (0x5248C0)
void Sequence::combine_physics(math::Vec3 v, math::Vec3 o) {
  // Operand orders as in the client (x: old + new, y and z: new + old); the
  // sums are the same either way, the order is kept to read against it.
  velocity_.x = velocity_.x + v.x;
  velocity_.y = v.y + velocity_.y;
  velocity_.z = v.z + velocity_.z;
  omega_.x = omega_.x + o.x;
  omega_.y = o.y + omega_.y;
  omega_.z = o.z + omega_.z;
}

// CSequence::subtract_physics (0x524900)
void Sequence::subtract_physics(math::Vec3 v, math::Vec3 o) {
  velocity_ -= v;
  omega_ -= o;
}

// CSequence::clear_physics (0x524D50)
void Sequence::clear_physics() {
  velocity_ = {};
  omega_ = {};
}

// CSequence::clear_animations (0x524DC0)
void Sequence::clear_animations() {
  nodes_.clear();
  first_cyclic_ = kNoNode;
  frame_number_ = 0.0;
  curr_anim_ = kNoNode;
}

// CSequence::clear (0x5255B0)
void Sequence::clear() {
  clear_animations();
  clear_physics();
  placement_frame_ = nullptr;
  placement_frame_id_ = 0;
}

// CSequence::remove_cyclic_anims (0x524E40)
void Sequence::remove_cyclic_anims() {
  int node = first_cyclic_;
  while (node != kNoNode && node < static_cast<int>(nodes_.size())) {
    if (curr_anim_ == node) {
      int prev = node - 1;
      curr_anim_ = prev >= 0 ? prev : kNoNode;
      frame_number_ = prev >= 0 ? nodes_[prev].get_ending_frame() : 0.0;
    }
    // Removing `node` shifts the next one into its place.
    nodes_.erase(nodes_.begin() + node);
    if (curr_anim_ > node) --curr_anim_;
  }
  first_cyclic_ = nodes_.empty() ? kNoNode : static_cast<int>(nodes_.size()) - 1;
}

// CSequence::remove_link_animations (0x524BE0)
void Sequence::remove_link_animations(uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    if (first_cyclic_ == kNoNode || first_cyclic_ == 0) break;
    int prev = first_cyclic_ - 1;
    if (prev == curr_anim_) {
      curr_anim_ = first_cyclic_;
      frame_number_ = nodes_[first_cyclic_].get_starting_frame();
    }
    erase_node(prev);
  }
}

// CSequence::remove_all_link_animations (0x524CA0)
void Sequence::remove_all_link_animations() {
  while (first_cyclic_ != kNoNode && first_cyclic_ > 0) {
    int prev = first_cyclic_ - 1;
    if (prev == curr_anim_) {
      curr_anim_ = first_cyclic_;
      frame_number_ = nodes_[first_cyclic_].get_starting_frame();
    }
    erase_node(prev);
  }
}

// CSequence::multiply_cyclic_animation_fr (0x524940)
void Sequence::multiply_cyclic_animation_framerate(float multiplier) {
  if (first_cyclic_ == kNoNode) return;
  for (size_t i = static_cast<size_t>(first_cyclic_); i < nodes_.size(); ++i) nodes_[i].multiply_framerate(multiplier);
}

// CSequence::execute_hooks (0x524830)
void Sequence::execute_hooks(const AnimationFrame* frame, int dir) {
  if (hook_obj_ == nullptr || frame == nullptr) return;
  for (const AnimationHook& hook : frame->hooks) {
    int d = static_cast<int>(hook.direction);
    if (d == 0 || d == dir) hook_obj_->add_anim_hook(hook);
  }
}

// CSequence::update_internal (0x5255D0)
void Sequence::update_internal(double quantum, math::Frame* offset_frame) {
  // The client's floor(frame_number) comparisons use floor_for_compare (the same values, cheaper).
  uint32_t advances = 0;
  while (curr_anim_ != kNoNode) {
    const AnimSequenceNode* node = &nodes_[curr_anim_];
    const double framerate = node->framerate;
    const double frame_quantum = framerate * quantum;
    bool advance_anim = false;
    int32_t last_frame = frame_index(frame_number_);
    double time_left = 0.0;
    frame_number_ = frame_quantum + frame_number_;
    if (frame_quantum > 0.0) {
      if (static_cast<double>(node->high_frame) < floor_for_compare(frame_number_)) {
        double over = frame_number_ - static_cast<double>(node->high_frame) - 1.0;
        if (over < 0.0) over = 0.0;
        time_left = std::fabs(framerate) <= kAcEpsilon ? 0.0 : over / framerate;
        advance_anim = true;
        frame_number_ = static_cast<double>(node->high_frame);
      }
      const bool has_pos = node->anim->has_pos_frames();
      while (floor_for_compare(frame_number_) > static_cast<double>(last_frame)) {
        if (offset_frame != nullptr) {
          if (has_pos) {
            if (const math::AFrame* pf = node->get_pos_frame(last_frame)) offset_frame->combine(*offset_frame, *pf);
          }
          if (std::fabs(framerate) > kAcEpsilon) apply_physics(*offset_frame, 1.0 / framerate, quantum);
        }
        execute_hooks(node->get_part_frame(last_frame), 1);
        ++last_frame;
      }
    } else if (frame_quantum < 0.0) {
      if (static_cast<double>(node->low_frame) > floor_for_compare(frame_number_)) {
        double over = frame_number_ - static_cast<double>(node->low_frame);
        if (over > 0.0) over = 0.0;
        time_left = std::fabs(framerate) <= kAcEpsilon ? 0.0 : over / framerate;
        advance_anim = true;
        frame_number_ = static_cast<double>(node->low_frame);
      }
      const bool has_pos = node->anim->has_pos_frames();
      while (floor_for_compare(frame_number_) < static_cast<double>(last_frame)) {
        if (offset_frame != nullptr) {
          if (has_pos) {
            if (const math::AFrame* pf = node->get_pos_frame(last_frame)) offset_frame->subtract1(*offset_frame, *pf);
          }
          if (std::fabs(framerate) > kAcEpsilon) apply_physics(*offset_frame, 1.0 / framerate, quantum);
        }
        execute_hooks(node->get_part_frame(last_frame), -1);
        --last_frame;
      }
    } else {
      if (offset_frame != nullptr && std::fabs(quantum) > kAcEpsilon) apply_physics(*offset_frame, quantum, quantum);
      return;
    }
    if (!advance_anim) return;
    if (hook_obj_ != nullptr && first_cyclic_ != 0) hook_obj_->add_anim_hook(anim_done_hook());
    advance_to_next_animation(quantum, offset_frame);
    quantum = time_left;
    if (++advances >= kMaxAdvancesPerUpdate) return;
  }
}

// CSequence::advance_to_next_animation (0x5252B0)
void Sequence::advance_to_next_animation(double quantum, math::Frame* offset_frame) {
  if (curr_anim_ == kNoNode) return;
  const int n = static_cast<int>(nodes_.size());
  if (quantum < 0.0) {
    const AnimSequenceNode& cur = nodes_[curr_anim_];
    if (cur.framerate >= 0.0f && offset_frame != nullptr) {
      if (cur.anim->has_pos_frames()) {
        if (const math::AFrame* pf = cur.get_pos_frame(frame_number_)) offset_frame->subtract1(*offset_frame, *pf);
      }
      if (std::fabs(static_cast<double>(cur.framerate)) > kAcEpsilon)
        apply_physics(*offset_frame, 1.0 / static_cast<double>(cur.framerate), quantum);
    }
    curr_anim_ = curr_anim_ > 0 ? curr_anim_ - 1 : n - 1;
    const AnimSequenceNode& next = nodes_[curr_anim_];
    frame_number_ = next.get_ending_frame();
    if (next.framerate < 0.0f && offset_frame != nullptr) {
      if (next.anim->has_pos_frames()) {
        if (const math::AFrame* pf = next.get_pos_frame(frame_number_)) offset_frame->combine(*offset_frame, *pf);
      }
      if (std::fabs(static_cast<double>(next.framerate)) > kAcEpsilon)
        apply_physics(*offset_frame, 1.0 / static_cast<double>(next.framerate), quantum);
    }
  } else {
    const AnimSequenceNode& cur = nodes_[curr_anim_];
    if (cur.framerate < 0.0f && offset_frame != nullptr) {
      if (cur.anim->has_pos_frames()) {
        if (const math::AFrame* pf = cur.get_pos_frame(frame_number_)) offset_frame->subtract1(*offset_frame, *pf);
      }
      if (std::fabs(static_cast<double>(cur.framerate)) > kAcEpsilon)
        apply_physics(*offset_frame, 1.0 / static_cast<double>(cur.framerate), quantum);
    }
    curr_anim_ = curr_anim_ + 1 < n ? curr_anim_ + 1 : first_cyclic_;
    if (curr_anim_ == kNoNode) return;
    const AnimSequenceNode& next = nodes_[curr_anim_];
    frame_number_ = next.get_starting_frame();
    if (next.framerate > 0.0f && offset_frame != nullptr) {
      if (next.anim->has_pos_frames()) {
        if (const math::AFrame* pf = next.get_pos_frame(frame_number_)) offset_frame->combine(*offset_frame, *pf);
      }
      if (std::fabs(static_cast<double>(next.framerate)) > kAcEpsilon)
        apply_physics(*offset_frame, 1.0 / static_cast<double>(next.framerate), quantum);
    }
  }
}

}  // namespace retroanim::ac
