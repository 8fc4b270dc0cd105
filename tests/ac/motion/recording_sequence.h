// A MotionSequence for tests: keeps the node list (AnimData per node and the
// first cyclic index, with CSequence's list rules) and the physics, and logs
// every call, so tests can assert exactly what the motion table did.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "retroanim/ac/motion/motion_sequence.h"

namespace retroanim::ac::test {

class RecordingSequence : public MotionSequence {
 public:
  std::vector<AnimData> nodes;
  int first_cyclic = -1;
  math::Vec3 velocity{};
  math::Vec3 omega{};
  std::vector<std::string> log;

  void append_animation(const AnimData& a) override {
    log.push_back("append " + std::to_string(a.anim_id));
    nodes.push_back(a);
    first_cyclic = static_cast<int>(nodes.size()) - 1;
  }
  void set_velocity(const math::Vec3& v) override { velocity = v; }
  void set_omega(const math::Vec3& o) override { omega = o; }
  void combine_physics(const math::Vec3& v, const math::Vec3& o) override {
    log.push_back("combine");
    velocity = velocity + v;
    omega = omega + o;
  }
  void subtract_physics(const math::Vec3& v, const math::Vec3& o) override {
    log.push_back("subtract");
    velocity = velocity - v;
    omega = omega - o;
  }
  void clear_physics() override { velocity = {}; omega = {}; }
  void clear_animations() override {
    log.push_back("clear_animations");
    nodes.clear();
    first_cyclic = -1;
  }
  void remove_cyclic_anims() override {
    log.push_back("remove_cyclic");
    if (first_cyclic >= 0) nodes.resize(static_cast<std::size_t>(first_cyclic));
    first_cyclic = static_cast<int>(nodes.size()) - 1;
  }
  void remove_link_animations(uint32_t n) override {
    log.push_back("remove_link " + std::to_string(n));
    for (uint32_t i = 0; i < n && first_cyclic > 0; ++i) {
      nodes.erase(nodes.begin() + (first_cyclic - 1));
      --first_cyclic;
    }
  }
  void remove_all_link_animations() override {
    log.push_back("remove_all_link");
    while (first_cyclic > 0) {
      nodes.erase(nodes.begin() + (first_cyclic - 1));
      --first_cyclic;
    }
  }
  bool has_anims() const override { return !nodes.empty(); }
  void multiply_cyclic_animation_framerate(float m) override {
    log.push_back("multiply " + std::to_string(m));
    if (first_cyclic < 0) return;
    for (std::size_t i = static_cast<std::size_t>(first_cyclic); i < nodes.size(); ++i) {
      // AnimSequenceNode::multiply_framerate swaps low/high for a negative multiplier.
      if (m < 0.0f) std::swap(nodes[i].low_frame, nodes[i].high_frame);
      nodes[i].framerate *= m;
    }
  }

  // The anim ids of the nodes, in order.
  std::vector<uint32_t> ids() const {
    std::vector<uint32_t> r;
    for (const AnimData& a : nodes) r.push_back(a.anim_id);
    return r;
  }
};

}  // namespace retroanim::ac::test
