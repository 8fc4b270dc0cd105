// CKCurvePoint (class 36): parameters, tangents and dirty marking (spec section 2).
#include "retroanim/ck/scene/curve_point.h"

#include "retroanim/ck/scene/curve.h"

namespace retroanim::ck {

// CKCurvePoint constructor: tension/continuity/bias 0, TCB, not linear.
CurvePoint::CurvePoint() { class_id = class_id::kCurvePoint; }

CurvePoint::~CurvePoint() {
  if (curve_) curve_->forget_point(this);
}

// FUN_10016dff: marks the owning curve as not up to date.
void CurvePoint::mark_curve_dirty() const {
  if (curve_) curve_->mark_dirty();
}

// CKCurvePoint::SetTension (FUN_10016cde)
void CurvePoint::set_tension(float tension) {
  data_.tension = tension;
  mark_curve_dirty();
}

// CKCurvePoint::SetContinuity (FUN_10016d13)
void CurvePoint::set_continuity(float continuity) {
  data_.continuity = continuity;
  mark_curve_dirty();
}

// CKCurvePoint::SetBias (FUN_10016ca9)
void CurvePoint::set_bias(float bias) {
  data_.bias = bias;
  mark_curve_dirty();
}

// CKCurvePoint::UseTCB (FUN_10016d7d)
void CurvePoint::use_tcb(bool use) {
  data_.user_tangents = !use;
  mark_curve_dirty();
}

// CKCurvePoint::SetLinear
void CurvePoint::set_linear(bool linear) {
  data_.linear = linear;
  mark_curve_dirty();
}

// CKCurvePoint::GetTangents (FUN_10016e7c)
void CurvePoint::get_tangents(math::Vec3* in, math::Vec3* out) const {
  if (in) *in = data_.in;
  if (out) *out = data_.out;
}

// CKCurvePoint::SetTangents (FUN_10016e2b)
void CurvePoint::set_tangents(const math::Vec3* in, const math::Vec3* out) {
  if (in) data_.in = *in;
  if (out) data_.out = *out;
  mark_curve_dirty();
}

void CurvePoint::set_data(const CurvePointData& data) {
  data_ = data;
  mark_curve_dirty();
}

// CKCurvePoint's transform overrides (SetPosition, SetWorldMatrix, ...) all
// notify the curve; here every world-matrix change funnels through this hook.
void CurvePoint::on_world_changed() { mark_curve_dirty(); }

}  // namespace retroanim::ck
