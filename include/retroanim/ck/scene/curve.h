// CKCurve (class 43): the Virtools 3D curve (spec section 3). A curve is a 3D
// entity holding an ordered list of CurvePoints (non-owning pointers). Segments
// are cubic Hermite (Kochanek-Bartels TCB tangents or user tangents) or straight
// lines. The curve is evaluated by arc length: Update samples every Hermite
// segment with 100 chords, and GetPos maps a step in [0,1] to a length along
// the curve. Evaluation happens in curve-local space; GetPos then transforms
// the result by the curve's world matrix.
//
// Update is lazy: every edit (a point's parameters, tangents or world matrix,
// the curve's world matrix, fitting, open/closed, the point list) marks the
// curve dirty, and the next GetPos/GetLength/GetLocalPos runs Update.
// The lazy update mutates cached state from const accessors; it runs under
// the curve's own lock (checked without it once up to date), so a curve, and
// the points it reads, may be evaluated from several threads at once. Edits
// (and an explicit update()) are not: edit from one thread, while no thread
// evaluates.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "retroanim/ck/scene/curve_point.h"
#include "retroanim/ck/scene/entity.h"
#include "retroanim/error.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ck {


// How GetPos finds the segment holding a length: the original's linear scan
// over the points (the reference), a binary search over the same lengths
// that returns identical results in O(log n), or (kAuto, the default) the
// scan for short curves and the binary search from kAutoBinaryMinPoints on.
enum class SegmentSearch { kLinearScan, kBinary, kAuto };

// kAuto uses the binary search for curves with at least this many points
// (below it the scan is faster; bench/curve.cpp).
inline constexpr int kAutoBinaryMinPoints = 16;

// The polyline a renderer would draw for the curve (CreateLineMesh /
// UpdateMesh): vertices in curve-local space, joined in order by a line strip.
struct LineMesh {
  std::string name;                 // the curve's name + "LineMesh"
  std::vector<math::Vec3> vertices; // line strip, curve-local
  uint32_t color = 0xFFFFFFFFu;     // every vertex's colour (ARGB)
};

// The fields a curve stores in a file (chunk identifier 0xffc00000, spec
// section 3, apart from the point list), so a loader can set them at once.
struct CurveData {
  float fitting = 0.0f;  // +0x1c0
  int step_count = 100;  // +0x1bc (line mesh only)
  bool open = true;      // +0x1b4 (the constructor's default)
};

// The per-point values Update computes and GetPos reads, kept contiguous in
// the curve for fast evaluation (mirrors the points' own fields).
struct CurveKnot {
  math::Vec3 pos;      // fitted curve-local position
  math::Vec3 in, out;  // tangents (curve-local)
  float length = 0.0f; // arc length from the first point
  bool linear = false; // the segment leaving this point is straight
};

// The curve functions that can fail return a retroanim::Status whose code is
// the original's CKERROR (kInvalidParameter, kAlreadyPresent) and whose
// message says which check failed.

// CKCurve. Owned by a scene or the caller; its points are owned elsewhere.
class Curve : public Entity3d {
 public:
  // An open curve with no points, fitting 0, step count 100, white (FUN_10013610).
  Curve();
  // Detaches its points (they no longer refer to this curve).
  ~Curve() override;

  // CKCurve::GetLength (FUN_10014e8a): Update if dirty, then the total length.
  float get_length() const;

  // CKCurve::Open (FUN_10014f1b): makes the curve open; marks it dirty.
  void open();
  // CKCurve::Close (FUN_10014f50): makes the curve closed; marks it dirty.
  void close();
  // CKCurve::IsOpen (FUN_10014f85).
  bool is_open() const { return data_.open; }

  // CKCurve::GetPos (FUN_10014195, spec 3.4): the world position at step
  // (0..1, wrapped when closed, clamped when open) and, when dir is not null,
  // the normalised world direction. With fewer than 2 points, a null pos or a
  // non-finite step it returns kInvalidParameter (each with its own message) and leaves pos and dir untouched.
  Status get_pos(float step, math::Vec3* pos, math::Vec3* dir = nullptr,
                      SegmentSearch search = SegmentSearch::kAuto) const;

  // CKCurve::GetLocalPos (FUN_1001483b): as get_pos, in curve-local space (the
  // direction is normalised in local space).
  Status get_local_pos(float step, math::Vec3* pos, math::Vec3* dir = nullptr,
                            SegmentSearch search = SegmentSearch::kAuto) const;

  // CKCurve::GetTangents(index) (FUN_10013bdc, spec 3.2): a user-tangent
  // point's stored tangents, or a TCB point's Kochanek-Bartels tangents from the
  // raw positions of the last Update. Does not run Update. Either output may be
  // null. kInvalidParameter when index is out of range.
  Status get_tangents(int index, math::Vec3* in, math::Vec3* out) const;
  // CKCurve::GetTangents(point) (FUN_10013b93): by the point's index in this curve.
  Status get_tangents(const CurvePoint* point, math::Vec3* in, math::Vec3* out) const;

  // CKCurve::SetTangents(index) (FUN_10013719): stores the tangents of a
  // user-tangent point; for a TCB point it derives a new bias from them (see
  // docs/FIDELITY.md). Marks the curve dirty.
  Status set_tangents(int index, const math::Vec3* in, const math::Vec3* out);
  // CKCurve::SetTangents(point) (FUN_10013b4a): by the point's index in this curve.
  Status set_tangents(CurvePoint* point, const math::Vec3* in, const math::Vec3* out);

  // CKCurve::SetFittingCoeff (FUN_10014eb8): marks the curve dirty.
  void set_fitting_coeff(float fitting);
  // CKCurve::GetFittingCoeff (FUN_10014ee0).
  float fitting_coeff() const { return data_.fitting; }

  // CKCurve::AddControlPoint (FUN_10013fcd): appends pt and makes this curve its
  // parent (keeping its world matrix). kAlreadyPresent if it is in the list.
  Status add_control_point(CurvePoint* pt);
  // CKCurve::InsertControlPoint: inserts pt at prev's index (before prev, as
  // XArray::Insert does), or appends it when prev is not in the list.
  Status insert_control_point(CurvePoint* prev, CurvePoint* pt);
  // CKCurve::RemoveControlPoint: removes pt (every occurrence with remove_all)
  // and detaches it from the curve. kInvalidParameter when pt is null or not
  // in the list.
  Status remove_control_point(CurvePoint* pt, bool remove_all = false);
  // CKCurve::GetControlPointCount (FUN_10013f7c).
  int control_point_count() const { return static_cast<int>(points_.size()); }
  // CKCurve::GetControlPoint (FUN_10013f95): null when index is out of range.
  CurvePoint* control_point(int index) const;
  // The control points in curve order.
  const std::vector<CurvePoint*>& control_points() const { return points_; }
  // CKCurve::RemoveAllControlPoints.
  Status remove_all_control_points();

  // CKCurve::SetStepCount (FUN_10013ef0): segments of the line mesh; marks dirty.
  Status set_step_count(int steps);
  // CKCurve::GetStepCount (FUN_10013f1a).
  int step_count() const { return data_.step_count; }

  // CKCurve::CreateLineMesh (FUN_10014f99): creates the (empty) line mesh
  // named name + "LineMesh"; Update then keeps it filled.
  Status create_line_mesh();
  // CKCurve::UpdateMesh (FUN_1001506d): fills the line mesh (creating it when
  // absent) with the polyline of about step_count segments, in curve-local space.
  Status update_mesh();
  // The line mesh, or null before create_line_mesh/update_mesh.
  const LineMesh* line_mesh() const { return mesh_ ? &*mesh_ : nullptr; }

  // CKCurve::GetColor: the mesh colour as an ARGB dword (default white).
  uint32_t color() const { return color_; }
  // CKCurve::SetColor: sets the colour and refreshes the mesh when there is one.
  void set_color(uint32_t argb);

  // CKCurve::Update (FUN_1001586d, spec 3.3): recomputes the points' raw and
  // fitted curve-local positions, their tangents and arc lengths, and the total
  // length; then refreshes the line mesh if there is one, and marks the curve up
  // to date. Does nothing while loading.
  void update() const;

  // True when no edit happened since the last Update (the original's object flag 0x400).
  bool is_up_to_date() const { return !dirty_; }
  // Clears the up-to-date flag (ModifyObjectFlags(0, 0x400)): the next evaluation runs Update.
  void mark_dirty() const { dirty_ = true; }

  // The "loading" guard (+0x1c8): while set, Update does nothing.
  void begin_loading() { loading_ = true; }
  // Ends loading and marks the curve dirty, as CKCurve::Load does at its end.
  void end_loading() { loading_ = false; dirty_ = true; }
  bool is_loading() const { return loading_; }

  // Fitting, step count and open flag at once (for loaders); marks the curve dirty.
  void set_data(const CurveData& data);
  const CurveData& data() const { return data_; }
  // Replaces the point list (a loader's object array, in curve order): null
  // entries are dropped, each point is attached to this curve (and parented
  // to it, keeping its world matrix); marks the curve dirty.
  void set_control_points(const std::vector<CurvePoint*>& points);

  // The segment holding length L, as GetPos step 4 finds it: next = the first
  // index k with point[k].length > L, or n-1 (open) / 0 (closed) when none.
  // Requires an up-to-date curve with at least one point.
  int find_next_point(float L, SegmentSearch search) const;

  // The evaluation cache filled by Update (one knot per point, curve order).
  const std::vector<CurveKnot>& knots() const { return knots_; }

 protected:
  // A change of the curve's world matrix marks it dirty.
  void on_world_changed() override;

 private:
  friend class CurvePoint;
  int wrap(int i) const;
  int index_of(const CurvePoint* pt) const;
  void attach(CurvePoint* pt);
  void detach(CurvePoint* pt);
  void forget_point(CurvePoint* pt);  // called by ~CurvePoint
  Status evaluate_local(float step, math::Vec3* pos, math::Vec3* dir, SegmentSearch search) const;
  // evaluate_local past its step 1 (Update if dirty).
  Status evaluate_local_updated(float step, math::Vec3* pos, math::Vec3* dir, SegmentSearch search) const;
  // evaluate_local's cold paths, out of line so that its success path keeps
  // the step in a register: Update, then the rest; the refusal.
  Status evaluate_local_after_update(float step, math::Vec3* pos, math::Vec3* dir, SegmentSearch search) const;
  Status refuse_evaluation(float step, const math::Vec3* pos) const;
  void compute_tangents(int index, math::Vec3* in, math::Vec3* out) const;
  void fill_mesh() const;
  // The evaluations' "Update if dirty": update() under update_mutex_ unless up to date.
  void ensure_up_to_date() const {
    if (dirty_.load(std::memory_order_acquire)) [[unlikely]] update_locked();
  }
  void update_locked() const;

  std::vector<CurvePoint*> points_;  // +0x1a8
  CurveData data_;                   // open +0x1b4, steps +0x1bc, fitting +0x1c0
  uint32_t color_ = 0xFFFFFFFFu;     // +0x1c4
  bool loading_ = false;             // +0x1c8
  mutable float length_ = 0.0f;      // +0x1b8
  mutable std::atomic<bool> dirty_{true};  // !(object flags & 0x400); stored last by update()
  mutable std::mutex update_mutex_;          // one lazy update at a time
  mutable bool lengths_sorted_ = true;  // knot lengths non-decreasing (binary search valid)
  mutable std::vector<CurveKnot> knots_;
  mutable std::optional<LineMesh> mesh_;
};

}  // namespace retroanim::ck
