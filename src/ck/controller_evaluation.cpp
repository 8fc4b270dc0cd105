#include "retroanim/ck/controller_evaluation.h"

#include <variant>

namespace retroanim::ck {

// FUN_1004b8df (CKLinearPositionController::Evaluate, spec 5.3)
bool evaluate_linear(std::span<const PositionKey> keys, float t, math::Vec3& out) {
  size_t n = keys.size();
  if (n == 0) return false;
  if (t <= keys[0].time) {
    out = keys[0].value;
    return true;
  }
  if (t >= keys[n - 1].time) {
    out = keys[n - 1].value;
    return true;
  }
  size_t hi = find_segment(keys, t);
  out = lerp_segment(keys[hi - 1], keys[hi], t);
  return true;
}

// FUN_1004c150 (CKLinearRotationController::Evaluate, spec 5.3)
bool evaluate_linear(std::span<const RotationKey> keys, float t, math::Quat& out) {
  size_t n = keys.size();
  if (n == 0) return false;
  if (t <= keys[0].time) {
    out = keys[0].value;
    return true;
  }
  if (t >= keys[n - 1].time) {
    out = keys[n - 1].value;
    return true;
  }
  size_t hi = find_segment(keys, t);
  out = slerp_segment(keys[hi - 1], keys[hi], t);
  return true;
}

// FUN_1004ca20 (CKTCBPositionController::Evaluate): not yet implemented.
bool evaluate_tcb(std::span<const TcbPositionKey>, float, math::Vec3&) { return false; }

// FUN_1004d54e (CKTCBRotationController::Evaluate): not yet implemented.
bool evaluate_tcb(std::span<const TcbRotationKey>, float, math::Quat&) { return false; }

// FUN_1004efc5 (CKBezierPositionController::Evaluate): not yet implemented.
bool evaluate_bezier(std::span<const BezierPositionKey>, float, math::Vec3&) { return false; }

bool evaluate(const VectorController& controller, float t, math::Vec3& out) {
  if (auto* lin = std::get_if<std::vector<PositionKey>>(&controller.keys)) return evaluate_linear(*lin, t, out);
  if (auto* tcb = std::get_if<std::vector<TcbPositionKey>>(&controller.keys)) return evaluate_tcb(*tcb, t, out);
  return evaluate_bezier(std::get<std::vector<BezierPositionKey>>(controller.keys), t, out);
}

bool evaluate(const QuatController& controller, float t, math::Quat& out) {
  if (auto* lin = std::get_if<std::vector<RotationKey>>(&controller.keys)) return evaluate_linear(*lin, t, out);
  return evaluate_tcb(std::get<std::vector<TcbRotationKey>>(controller.keys), t, out);
}

}  // namespace retroanim::ck
