#include <variant>

#include "legacy.h"

namespace retroanim::ck::legacy {

namespace {

template <class Key, class Value, class Segment>
bool evaluate_keys(std::span<const Key> keys, float t, Value& out, Segment segment, SegmentHint* hint = nullptr) {
  size_t n = keys.size();
  if (n == 0) return false;
  if (n == 1 || t <= keys[0].time) {
    out = keys[0].value;
    return true;
  }
  if (t >= keys[n - 1].time) {
    out = keys[n - 1].value;
    return true;
  }
  out = segment(keys, hint ? find_segment_hinted(keys, t, *hint) : ck::find_segment(keys, t), t);
  return true;
}

auto lerp_seg = [](std::span<const PositionKey> k, size_t hi, float t) { return lerp_segment(k[hi - 1], k[hi], t); };
auto slerp_seg = [](std::span<const RotationKey> k, size_t hi, float t) { return slerp_segment(k[hi - 1], k[hi], t); };
auto tcb_pos_seg = [](std::span<const TcbPositionKey> k, size_t hi, float t) { return tcb_segment(k, hi, t); };
auto tcb_rot_seg = [](std::span<const TcbRotationKey> k, size_t hi, float t) { return tcb_segment(k, hi, t); };
auto bezier_seg = [](std::span<const BezierPositionKey> k, size_t hi, float t) { return bezier_segment(k, hi, t); };

}  // namespace

// CKAnimController::Evaluate (position / scale controllers)
bool evaluate(const VectorController& controller, float t, math::Vec3& out, SegmentHint* hint) {
  if (auto* lin = std::get_if<std::vector<PositionKey>>(&controller.keys))
    return evaluate_keys(std::span<const PositionKey>(*lin), t, out, lerp_seg, hint);
  if (auto* tcb = std::get_if<std::vector<TcbPositionKey>>(&controller.keys))
    return evaluate_keys(std::span<const TcbPositionKey>(*tcb), t, out, tcb_pos_seg, hint);
  return evaluate_keys(std::span<const BezierPositionKey>(std::get<std::vector<BezierPositionKey>>(controller.keys)),
                       t, out, bezier_seg, hint);
}

// CKAnimController::Evaluate (rotation / scale-axis controllers)
bool evaluate(const QuatController& controller, float t, math::Quat& out, SegmentHint* hint) {
  if (auto* lin = std::get_if<std::vector<RotationKey>>(&controller.keys))
    return evaluate_keys(std::span<const RotationKey>(*lin), t, out, slerp_seg, hint);
  return evaluate_keys(std::span<const TcbRotationKey>(std::get<std::vector<TcbRotationKey>>(controller.keys)), t,
                       out, tcb_rot_seg, hint);
}

}  // namespace retroanim::ck::legacy
