// CKCurvePoint (class 36): a control point of a Virtools 3D curve (spec section 2).
// A curve point is a full 3D entity whose parent is its curve; its position is
// its world position (row 3 of its world matrix). It carries the Kochanek-Bartels
// parameters (tension, continuity, bias), a "user tangents" flag (the original's
// not_tcb), a "linear" flag for the segment leaving it, and its in/out tangents.
// The curve's Update fills in the derived fields (curve-local raw and fitted
// positions, TCB tangents, arc length from the first point).
#pragma once

#include "retroanim/ck/scene/entity.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ck {

class Curve;

// The fields a curve point stores in a file (chunk identifier 0x10000000,
// spec section 2), in one struct so a loader can set them all at once.
struct CurvePointData {
  float tension = 0.0f;     // +0x1ac
  float continuity = 0.0f;  // +0x1b0
  float bias = 0.0f;        // +0x1b4
  bool user_tangents = false;  // not_tcb (+0x1ec): in/out are the user's, not recomputed
  bool linear = false;         // +0x1f0: the segment leaving this point is a straight line
  math::Vec3 in;               // in tangent, curve-local (+0x1c8)
  math::Vec3 out;              // out tangent, curve-local (+0x1d4)
};

// A control point of a Curve. Owned by a scene or by the caller; the curve
// holds it through a non-owning pointer. Every setter that changes the shape
// marks the owning curve dirty (the original's FUN_10016dff), so the next
// GetPos/GetLength reruns Update.
class CurvePoint : public Entity3d {
 public:
  // A point with tension/continuity/bias 0, TCB tangents, not linear, no curve.
  CurvePoint();
  // Leaves its curve (removing every reference the curve holds to it).
  ~CurvePoint() override;

  // CKCurvePoint::GetCurve (FUN_10016c95): the curve this point belongs to, or null.
  Curve* curve() const { return curve_; }

  // CKCurvePoint::GetTension (+0x1ac).
  float tension() const { return data_.tension; }
  // CKCurvePoint::SetTension (FUN_10016cde): sets tension and marks the curve dirty.
  void set_tension(float tension);
  // CKCurvePoint::GetContinuity (+0x1b0).
  float continuity() const { return data_.continuity; }
  // CKCurvePoint::SetContinuity (FUN_10016d13): sets continuity and marks the curve dirty.
  void set_continuity(float continuity);
  // CKCurvePoint::GetBias (+0x1b4).
  float bias() const { return data_.bias; }
  // CKCurvePoint::SetBias (FUN_10016ca9): sets bias and marks the curve dirty.
  void set_bias(float bias);

  // CKCurvePoint::IsTCB (FUN_10016d9c): true when the tangents are computed
  // from tension/continuity/bias (not_tcb == 0).
  bool is_tcb() const { return !data_.user_tangents; }
  // CKCurvePoint::UseTCB (FUN_10016d7d): not_tcb = !use. Also marks the curve
  // dirty (see docs/FIDELITY.md).
  void use_tcb(bool use);

  // CKCurvePoint::IsLinear (FUN_10016d48): the segment leaving this point is straight.
  bool is_linear() const { return data_.linear; }
  // CKCurvePoint::SetLinear: sets the flag and marks the curve dirty.
  void set_linear(bool linear);

  // CKCurvePoint::GetLength (FUN_10016db8): arc length from the curve's first
  // point, as of the curve's last Update.
  float length() const { return length_; }

  // CKCurvePoint::GetTangents (FUN_10016e7c): the stored in/out tangents
  // (curve-local); either pointer may be null.
  void get_tangents(math::Vec3* in, math::Vec3* out) const;
  // The stored in tangent (curve-local).
  math::Vec3 in_tangent() const { return data_.in; }
  // The stored out tangent (curve-local).
  math::Vec3 out_tangent() const { return data_.out; }
  // CKCurvePoint::SetTangents (FUN_10016e2b): stores the non-null tangents and
  // marks the curve dirty. For a TCB point the next Update overwrites them.
  void set_tangents(const math::Vec3* in, const math::Vec3* out);

  // The curve-local position computed by the last Update (+0x1bc, FUN_10016ad0).
  math::Vec3 raw_position() const { return raw_; }
  // Sets the raw position (FUN_10016b00); Update overwrites it. Old files (data
  // version < 5, identifier 0x80000000) store it.
  void set_raw_position(math::Vec3 raw) { raw_ = raw; }
  // The fitted curve-local position used for evaluation (+0x1e0, FUN_10016b30).
  math::Vec3 fitted_position() const { return fitted_; }

  // Every stored field at once (for loaders and tools).
  const CurvePointData& data() const { return data_; }
  // Sets every stored field at once and marks the curve dirty (nothing is
  // recomputed until the curve is next evaluated).
  void set_data(const CurvePointData& data);

 protected:
  // A change of this point's world matrix marks its curve dirty.
  void on_world_changed() override;

 private:
  friend class Curve;
  void mark_curve_dirty() const;

  Curve* curve_ = nullptr;  // +0x1a8
  CurvePointData data_;
  float length_ = 0.0f;     // +0x1b8, set by Update
  math::Vec3 raw_;          // +0x1bc, set by Update
  math::Vec3 fitted_;       // +0x1e0, set by Update
};

}  // namespace retroanim::ck
