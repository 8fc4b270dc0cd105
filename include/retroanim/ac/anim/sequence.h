// CSequence (client CSequence): the queue of animations an object plays, the
// current animation and frame number, and the velocity/omega that move the
// object while it plays. Runtime state; the animations themselves are shared
// read-only data owned by an AnimationProvider.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "retroanim/ac/anim/anim_data.h"
#include "retroanim/ac/anim/anim_hook.h"
#include "retroanim/ac/anim/anim_sequence_node.h"
#include "retroanim/ac/anim/animation.h"
#include "retroanim/math/frame.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac {

// The animation sequence. Nodes are kept in list order: the nodes before the
// first cyclic node are link animations (played once), the first cyclic node
// and those after it loop. Indices into nodes() stand for the client's node
// pointers; kNoNode stands for null.
class Sequence {
 public:
  // "No node" (the client's null node pointer).
  static constexpr int kNoNode = -1;

  // An empty sequence (CSequence::CSequence 0x5249F0).
  Sequence() = default;

  // Sets where appended animations are looked up (the client's DBObj cache).
  void set_animation_provider(const AnimationProvider* provider) { provider_ = provider; }
  // The animation provider, or nullptr.
  const AnimationProvider* animation_provider() const { return provider_; }

  // Sets the object hooks are handed to (CSequence::set_object 0x524820); null = hooks are not handed over.
  void set_object(AnimHookSink* sink) { hook_obj_ = sink; }
  // The object hooks are handed to, or nullptr.
  AnimHookSink* object() const { return hook_obj_; }

  // Queues an animation at the end; it becomes the first cyclic node (so every
  // node before it is a link). When no node is current it becomes the current
  // node at its starting frame. A node whose animation is missing is dropped
  // (CSequence::append_animation 0x525510).
  void append_animation(const AnimData& data);

  // Advances by `quantum` seconds: when nodes are queued, update_internal and
  // remove_played_links; otherwise only the physics. `offset` (may be null) receives the
  // motion: position frames and velocity/omega (CSequence::update 0x525B80).
  void update(double quantum, math::Frame* offset);

  // Moves `frame` by velocity * |quantum| and rotates it by omega * |quantum|
  // (local axis-angle, Frame::rotate), with quantum's magnitude taking the
  // sign of `sign` (CSequence::apply_physics 0x524AB0).
  void apply_physics(math::Frame& frame, double quantum, double sign) const;

  // Removes the played link nodes from the front: every node before the
  // current one, stopping at the first cyclic node.
  void remove_played_links();  // CSequence::apricot (0x524B40, the original's decompiled name)

  // Adds to velocity and omega (CSequence::combine_physics 0x5248C0).
  void combine_physics(math::Vec3 velocity, math::Vec3 omega);
  // Subtracts from velocity and omega (CSequence::subtract_physics 0x524900).
  void subtract_physics(math::Vec3 velocity, math::Vec3 omega);
  // Sets the velocity (CSequence::set_velocity 0x524880).
  void set_velocity(math::Vec3 v) { velocity_ = v; }
  // Sets the angular velocity (CSequence::set_omega 0x5248A0).
  void set_omega(math::Vec3 o) { omega_ = o; }
  // Zeroes velocity and omega (CSequence::clear_physics 0x524D50).
  void clear_physics();

  // Removes every node; no current node, frame number 0 (CSequence::clear_animations 0x524DC0).
  void clear_animations();
  // clear_animations, clear_physics and no placement frame (CSequence::clear 0x5255B0).
  void clear();
  // Removes the first cyclic node and every node after it; a current node among
  // them is replaced by the node before (at its ending frame) or none (frame 0);
  // the last remaining node becomes the first cyclic one (CSequence::remove_cyclic_anims 0x524E40).
  void remove_cyclic_anims();
  // Removes up to n link nodes just before the first cyclic node; a current
  // node among them is replaced by the first cyclic node at its starting frame
  // (CSequence::remove_link_animations 0x524BE0).
  void remove_link_animations(uint32_t n);
  // Removes every link node (CSequence::remove_all_link_animations 0x524CA0).
  void remove_all_link_animations();
  // Multiplies the framerate of the first cyclic node and every node after it
  // (CSequence::multiply_cyclic_animation_fr 0x524940).
  void multiply_cyclic_animation_framerate(float multiplier);

  // The part frames to show: those of the current node at floor(frame number),
  // or the placement frame when no node is current (CSequence::get_curr_animframe 0x524970).
  inline const AnimationFrame* get_curr_animframe() const;
  // floor(frame number) (CSequence::get_curr_frame_number 0x5249D0).
  int32_t get_curr_frame_number() const { return frame_index(frame_number_); }
  // Sets the placement frame shown when no node is current (CSequence::set_placement_frame 0x5249B0).
  void set_placement_frame(const AnimationFrame* frame, uint32_t id) {
    placement_frame_ = frame;
    placement_frame_id_ = id;
  }
  // The placement frame, or nullptr.
  const AnimationFrame* placement_frame() const { return placement_frame_; }
  // The placement frame's id.
  uint32_t placement_frame_id() const { return placement_frame_id_; }

  // Hands the hooks of `frame` whose direction is Both or equals `dir` to the
  // object, in order (CSequence::execute_hooks 0x524830). A null frame hands nothing.
  void execute_hooks(const AnimationFrame* frame, int dir);

  // True when any node is queued (CSequence::has_anims 0x524BD0).
  bool has_anims() const { return !nodes_.empty(); }
  // The queued nodes in list order.
  const std::vector<AnimSequenceNode>& nodes() const { return nodes_; }
  // Index of the current node, or kNoNode.
  int curr_anim_index() const { return curr_anim_; }
  // Index of the first cyclic node, or kNoNode.
  int first_cyclic_index() const { return first_cyclic_; }
  // The current node, or nullptr.
  const AnimSequenceNode* curr_anim() const { return curr_anim_ == kNoNode ? nullptr : &nodes_[curr_anim_]; }
  // The current (fractional) frame number.
  double frame_number() const { return frame_number_; }
  // The velocity (object-local units per second).
  math::Vec3 velocity() const { return velocity_; }
  // The angular velocity (object-local axis-angle radians per second).
  math::Vec3 omega() const { return omega_; }

  // The most animation advances one update may make before the remaining time
  // is dropped (a guard against endless loops on absurd framerates; the client
  // has none, and real data never comes near it).
  static constexpr uint32_t kMaxAdvancesPerUpdate = 1u << 16;

 private:
  // Plays `quantum` seconds, adding the motion to `offset_frame` (may be null).
  void update_internal(double quantum, math::Frame* offset_frame);  // CSequence::update_internal (0x5255D0)
  // Moves to the next (or previous) node, adding its entry motion to `offset_frame`.
  void advance_to_next_animation(double quantum, math::Frame* offset_frame);  // CSequence::advance_to_next_animation (0x5252B0)
  // Removes node i and fixes the stored indices (DLList removal).
  void erase_node(int i);

  std::vector<AnimSequenceNode> nodes_;
  int first_cyclic_ = kNoNode;
  math::Vec3 velocity_{};
  math::Vec3 omega_{};
  AnimHookSink* hook_obj_ = nullptr;
  double frame_number_ = 0.0;
  int curr_anim_ = kNoNode;
  const AnimationFrame* placement_frame_ = nullptr;
  uint32_t placement_frame_id_ = 0;
  const AnimationProvider* provider_ = nullptr;
};

// CSequence::get_curr_animframe (0x524970)
inline const AnimationFrame* Sequence::get_curr_animframe() const {
  if (curr_anim_ != kNoNode) return nodes_[curr_anim_].get_part_frame(frame_index(frame_number_));
  return placement_frame_;
}

}  // namespace retroanim::ac
