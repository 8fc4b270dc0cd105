// CKCurve (class 43): point list, Update, GetPos and the line mesh (spec section 3).
#include "retroanim/ck/scene/curve.h"

#include <algorithm>
#include <cmath>

#include "retroanim/math/hermite.h"
#include "retroanim/math/matrix.h"

namespace retroanim::ck {

namespace {

// The failures of the curve functions: the original's CKERROR codes, each
// with the library's message.
constexpr Status kNoPosition{StatusCode::kInvalidParameter, "no position output given"};
constexpr Status kTooFewPoints{StatusCode::kInvalidParameter, "the curve needs at least 2 control points"};
constexpr Status kStepNotFinite{StatusCode::kInvalidParameter, "the step is not a finite number"};
constexpr Status kBadIndex{StatusCode::kInvalidParameter, "no control point at that index"};
constexpr Status kNoPoint{StatusCode::kInvalidParameter, "no control point given"};
constexpr Status kNotInCurve{StatusCode::kInvalidParameter, "the point is not in the curve"};
constexpr Status kNoTangents{StatusCode::kInvalidParameter, "a TCB point needs both tangents"};
constexpr Status kAlreadyInCurve{StatusCode::kAlreadyPresent, "the point is already in the curve"};

}  // namespace

using math::Vec3;

namespace {
// The line mesh is capped at this many segments so a bad step count from a
// file cannot allocate without bound (the original would try).
constexpr int kMaxMeshSteps = 1 << 20;
// Number of chords Update uses per Hermite segment (spec 3.3).
constexpr int kLengthChords = 100;
}  // namespace

// CKCurve constructor (FUN_10013610): open, step count 100, fitting 0, white.
Curve::Curve() { class_id = class_id::kCurve; }

Curve::~Curve() {
  for (CurvePoint* p : points_) {
    if (p && p->curve_ == this) p->curve_ = nullptr;
  }
}

// CKCurve's world-matrix changes clear the up-to-date flag.
void Curve::on_world_changed() { mark_dirty(); }

// CKCurve::GetLength (FUN_10014e8a)
float Curve::get_length() const {
  ensure_up_to_date();
  return length_;
}

// CKCurve::Open (FUN_10014f1b)
void Curve::open() {
  data_.open = true;
  mark_dirty();
}

// CKCurve::Close (FUN_10014f50)
void Curve::close() {
  data_.open = false;
  mark_dirty();
}

// CKCurve::SetFittingCoeff (FUN_10014eb8)
void Curve::set_fitting_coeff(float fitting) {
  data_.fitting = fitting;
  mark_dirty();
}

// CKCurve::SetStepCount (FUN_10013ef0)
Status Curve::set_step_count(int steps) {
  data_.step_count = steps;
  mark_dirty();
  return Status::kOk;
}

void Curve::set_data(const CurveData& data) {
  data_ = data;
  mark_dirty();
}

// Index wrap (FUN_1001603e, spec 3.1): modulo n when closed, clamped when open.
int Curve::wrap(int i) const {
  const int n = static_cast<int>(points_.size());
  if (n <= 0) return 0;
  if (data_.open) return i < 0 ? 0 : (i >= n ? n - 1 : i);
  return i < 0 ? (i % n + n) % n : i % n;
}

int Curve::index_of(const CurvePoint* pt) const {
  auto it = std::find(points_.begin(), points_.end(), pt);
  return it == points_.end() ? -1 : static_cast<int>(it - points_.begin());
}

// CKCurvePoint::SetCurve(curve): the point joins this curve and becomes its
// child, keeping its world matrix. A point leaves any other curve first.
void Curve::attach(CurvePoint* pt) {
  if (pt->curve_ && pt->curve_ != this) pt->curve_->forget_point(pt);
  pt->curve_ = this;
  if (pt->parent() != this) pt->set_parent(this, true);
}

// CKCurvePoint::SetCurve(NULL): the point forgets the curve (it stays a child).
void Curve::detach(CurvePoint* pt) {
  if (pt->curve_ == this && index_of(pt) < 0) pt->curve_ = nullptr;
}

void Curve::forget_point(CurvePoint* pt) {
  points_.erase(std::remove(points_.begin(), points_.end(), pt), points_.end());
  if (pt->curve_ == this) pt->curve_ = nullptr;
  mark_dirty();
}

// CKCurve::AddControlPoint (FUN_10013fcd)
Status Curve::add_control_point(CurvePoint* pt) {
  if (!pt) return kNoPoint;
  if (index_of(pt) >= 0) return kAlreadyInCurve;
  attach(pt);
  points_.push_back(pt);
  mark_dirty();
  return Status::kOk;
}

// CKCurve::InsertControlPoint (0x10014063)
Status Curve::insert_control_point(CurvePoint* prev, CurvePoint* pt) {
  if (!pt) return kNoPoint;
  if (index_of(pt) >= 0) return kAlreadyInCurve;
  attach(pt);
  const int at = prev ? index_of(prev) : -1;
  if (at < 0) {
    points_.push_back(pt);
  } else {
    points_.insert(points_.begin() + at, pt);
  }
  mark_dirty();
  return Status::kOk;
}

// CKCurve::RemoveControlPoint
Status Curve::remove_control_point(CurvePoint* pt, bool remove_all) {
  if (!pt) return kNoPoint;
  auto it = std::find(points_.begin(), points_.end(), pt);
  if (it == points_.end()) return kNotInCurve;
  if (remove_all) {
    points_.erase(std::remove(points_.begin(), points_.end(), pt), points_.end());
  } else {
    points_.erase(it);
  }
  detach(pt);
  mark_dirty();
  return Status::kOk;
}

// CKCurve::GetControlPoint (FUN_10013f95)
CurvePoint* Curve::control_point(int index) const {
  if (index < 0 || index >= static_cast<int>(points_.size())) return nullptr;
  return points_[static_cast<size_t>(index)];
}

// CKCurve::RemoveAllControlPoints
Status Curve::remove_all_control_points() {
  std::vector<CurvePoint*> old;
  old.swap(points_);
  for (CurvePoint* p : old) {
    if (p->curve_ == this) p->curve_ = nullptr;
  }
  mark_dirty();
  return Status::kOk;
}

void Curve::set_control_points(const std::vector<CurvePoint*>& points) {
  for (CurvePoint* p : points_) {
    if (p->curve_ == this) p->curve_ = nullptr;
  }
  points_.clear();
  points_.reserve(points.size());
  for (CurvePoint* p : points) {
    if (!p) continue;
    attach(p);
    points_.push_back(p);
  }
  mark_dirty();
}

// Kochanek-Bartels tangents of a TCB point (part of FUN_10013bdc, spec 3.2),
// or a user-tangent point's stored tangents.
void Curve::compute_tangents(int index, Vec3* in, Vec3* out) const {
  const CurvePoint* p = points_[static_cast<size_t>(index)];
  if (!p->is_tcb()) {
    p->get_tangents(in, out);
    return;
  }
  const Vec3 pc = p->raw_;
  const Vec3 dp = pc - points_[static_cast<size_t>(wrap(index - 1))]->raw_;
  const Vec3 dn = points_[static_cast<size_t>(wrap(index + 1))]->raw_ - pc;
  const float t = p->data_.tension, c = p->data_.continuity, b = p->data_.bias;
  if (out) {
    const float kn = (1.0f - t) * (1.0f - c) * (1.0f - b);
    const float kp = (1.0f - t) * (1.0f + c) * (1.0f + b);
    *out = (dn * kn + dp * kp) / 2.0f;
  }
  if (in) {
    const float kn = (1.0f - t) * (1.0f + c) * (1.0f - b);
    const float kp = (1.0f - t) * (1.0f - c) * (1.0f + b);
    *in = (dn * kn + dp * kp) / 2.0f;
  }
}

// CKCurve::GetTangents(index) (FUN_10013bdc)
Status Curve::get_tangents(int index, Vec3* in, Vec3* out) const {
  if (index < 0 || index >= static_cast<int>(points_.size())) return kBadIndex;
  compute_tangents(index, in, out);
  return Status::kOk;
}

// CKCurve::GetTangents(point) (FUN_10013b93)
Status Curve::get_tangents(const CurvePoint* point, Vec3* in, Vec3* out) const {
  if (!point) return kNoPoint;
  const int index = index_of(point);
  if (index < 0) return kNotInCurve;
  return get_tangents(index, in, out);
}

// CKCurve::SetTangents(index) (FUN_10013719). For a TCB point the bias is
// solved from the sum of the requested tangents along the axis where the
// incoming and outgoing chords differ most (inferred; docs/FIDELITY.md).
Status Curve::set_tangents(int index, const Vec3* in, const Vec3* out) {
  if (index < 0 || index >= static_cast<int>(points_.size())) return kBadIndex;
  CurvePoint* p = points_[static_cast<size_t>(index)];
  if (!p->is_tcb()) {
    p->set_tangents(in, out);
    return Status::kOk;
  }
  if (!in || !out) return kNoTangents;
  const Vec3 pc = p->raw_;
  const Vec3 a = pc - points_[static_cast<size_t>(wrap(index - 1))]->raw_;  // incoming chord
  const Vec3 b = points_[static_cast<size_t>(wrap(index + 1))]->raw_ - pc;  // outgoing chord
  const Vec3 sum = a + b;
  const Vec3 diff = a - b;
  const Vec3 tsum = *in + *out;
  const float ax = std::fabs(diff.x), ay = std::fabs(diff.y), az = std::fabs(diff.z);
  const int k = (ax >= ay && ax >= az) ? 0 : (ay >= az ? 1 : 2);
  float bias = 0.0f;
  if (diff[k] != 0.0f) bias = (tsum[k] / (1.0f - p->data_.tension) + sum[k]) / diff[k];
  // A tension of exactly 1 divides by zero: keep the bias (defined result).
  if (!std::isfinite(bias)) return Status::kOk;
  p->set_bias(bias);
  return Status::kOk;
}

// CKCurve::SetTangents(point) (FUN_10013b4a)
Status Curve::set_tangents(CurvePoint* point, const Vec3* in, const Vec3* out) {
  if (!point) return kNoPoint;
  const int index = index_of(point);
  if (index < 0) return kNotInCurve;
  return set_tangents(index, in, out);
}

// The lazy Update of GetPos/GetLength, safe for concurrent evaluators: the
// first to find the curve dirty updates it under the lock; the others wait,
// find it up to date and read what update() wrote before clearing dirty_.
void Curve::update_locked() const {
  std::lock_guard lock(update_mutex_);
  if (dirty_.load(std::memory_order_relaxed)) update();
}

// CKCurve::Update (FUN_1001586d, spec 3.3)
void Curve::update() const {
  if (loading_) return;
  const int n = static_cast<int>(points_.size());

  // 1. raw = pos = the point's world position in the curve's frame.
  const math::Matrix inv = math::inverse_matrix(world_matrix());
  for (CurvePoint* p : points_) {
    p->raw_ = math::multiply_matrix_vector(inv, p->world_matrix().row(3));
    p->fitted_ = p->raw_;
  }
  // 2. Tangents from the raw positions (TCB points get theirs recomputed).
  for (int i = 0; i < n; ++i) {
    Vec3 in, out;
    compute_tangents(i, &in, &out);
    CurvePoint* p = points_[static_cast<size_t>(i)];
    p->data_.in = in;
    p->data_.out = out;
  }
  // 3. Fitting: pull each point towards the midpoint of its raw neighbours.
  const float fitting = data_.fitting;
  if (fitting > 0.0f) {
    for (int i = 0; i < n; ++i) {
      CurvePoint* p = points_[static_cast<size_t>(i)];
      const Vec3 prev = points_[static_cast<size_t>(wrap(i - 1))]->raw_;
      const Vec3 next = points_[static_cast<size_t>(wrap(i + 1))]->raw_;
      p->fitted_ = p->raw_ + ((prev + next) / 2.0f - p->raw_) * fitting;
    }
  }
  // 4. Arc lengths: linear segments by their chord, Hermite segments by kLengthChords chords.
  float len = 0.0f;
  const int segments = data_.open ? n - 1 : n;
  for (int i = 0; i < segments; ++i) {
    CurvePoint* pi = points_[static_cast<size_t>(i)];
    CurvePoint* pj = points_[static_cast<size_t>(i + 1 < n ? i + 1 : 0)];
    pi->length_ = len;
    if (pi->data_.linear) {
      len += math::magnitude(pj->fitted_ - pi->fitted_);
    } else {
      const Vec3 p0 = pi->fitted_, t0 = pi->data_.out, p1 = pj->fitted_, t1 = pj->data_.in;
      Vec3 last = p0;
      for (int k = 1; k <= kLengthChords; ++k) {
        const float s = static_cast<float>(k) / static_cast<float>(kLengthChords);
        const Vec3 cur = math::hermite(p0, t0, p1, t1, s);
        len += math::magnitude(cur - last);
        last = cur;
      }
    }
    if (i != n - 1) pj->length_ = len;
  }
  length_ = len;

  // The contiguous evaluation cache GetPos reads.
  knots_.resize(static_cast<size_t>(n));
  lengths_sorted_ = true;
  for (int i = 0; i < n; ++i) {
    const CurvePoint* p = points_[static_cast<size_t>(i)];
    CurveKnot& k = knots_[static_cast<size_t>(i)];
    k.pos = p->fitted_;
    k.in = p->data_.in;
    k.out = p->data_.out;
    k.length = p->length_;
    k.linear = p->data_.linear;
    // NaN lengths (only from non-finite input) make the list unsorted: the
    // binary search then falls back to the linear scan so both always agree.
    if (!(i == 0 ? k.length == k.length : knots_[static_cast<size_t>(i - 1)].length <= k.length)) {
      lengths_sorted_ = false;
    }
  }
  // 5. UpdateMesh, then up to date.
  if (mesh_) fill_mesh();
  dirty_.store(false, std::memory_order_release);
}

// GetPos step 4 (FUN_10014195): the first point whose length exceeds L.
// Aligned to a cache line so that the scan's small loop never straddles two
// (code placement only: a straddling loop ran 1.4x slower on Zen 4).
[[gnu::aligned(64)]] int Curve::find_next_point(float L, SegmentSearch search) const {
  const int n = static_cast<int>(knots_.size());
  int next = n;
  if (search == SegmentSearch::kAuto) {
    search = n >= kAutoBinaryMinPoints ? SegmentSearch::kBinary : SegmentSearch::kLinearScan;
  }
  if (search == SegmentSearch::kBinary && lengths_sorted_) {
    // Lengths are non-decreasing: upper_bound finds the same first k with length > L.
    int lo = 0, hi = n;
    while (lo < hi) {
      const int mid = lo + (hi - lo) / 2;
      if (L < knots_[static_cast<size_t>(mid)].length) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    next = lo;
  } else {
    for (int k = 0; k < n; ++k) {
      if (knots_[static_cast<size_t>(k)].length > L) {
        next = k;
        break;
      }
    }
  }
  if (next == n) next = data_.open ? n - 1 : 0;
  return next;
}

// evaluate_local when the curve is dirty: step 1's Update, then the rest.
[[gnu::cold, gnu::noinline]] Status Curve::evaluate_local_after_update(float step, Vec3* pos, Vec3* dir,
                                                                       SegmentSearch search) const {
  update_locked();
  return evaluate_local_updated(step, pos, dir, search);
}

// evaluate_local's step 3 refused: which check failed.
[[gnu::cold, gnu::noinline]] Status Curve::refuse_evaluation(float step, const Vec3* pos) const {
  const int n = static_cast<int>(knots_.size());
  if (!pos) return kNoPosition;
  if (!std::isfinite(step) && static_cast<int>(points_.size()) >= 2 && n >= 2) return kStepNotFinite;
  return kTooFewPoints;
}

// The local part of CKCurve::GetPos (FUN_10014195), spec 3.4 steps 1-6:
// writes the curve-local position and the unnormalised direction.
Status Curve::evaluate_local(float step, Vec3* pos, Vec3* dir, SegmentSearch search) const {
  // 1. Update if dirty (out of line, then the rest).
  if (dirty_.load(std::memory_order_acquire)) [[unlikely]] return evaluate_local_after_update(step, pos, dir, search);
  return evaluate_local_updated(step, pos, dir, search);
}

// evaluate_local's steps 2-6.
[[gnu::always_inline]] inline Status Curve::evaluate_local_updated(float step, Vec3* pos, Vec3* dir,
                                                                   SegmentSearch search) const {
  const int n = static_cast<int>(knots_.size());
  // 3. Fewer than 2 points or no output: error, outputs untouched. A NaN or
  // infinite step is refused too (the original would return NaN or hang).
  if (!pos || static_cast<int>(points_.size()) < 2 || n < 2 || !std::isfinite(step)) [[unlikely]] {
    return refuse_evaluation(step, pos);
  }
  // 2. Step: wrapped into [0,1] when closed, clamped when open.
  if (data_.open) {
    if (step > 1.0f) step = 1.0f;
    if (step < 0.0f) step = 0.0f;
  } else {
    if (step > 1.0f) step -= std::trunc(step);
    // The original adds 1 until step >= 0; for every step where that loop
    // ends, step - floor(step) is the same float (both are exact). For
    // |step| >= 2^25 the loop would never end; this gives 0.
    if (step < 0.0f) step = step - std::floor(step);
  }
  // 4. The segment holding L.
  const float L = step * length_;
  const int next = find_next_point(L, search);
  int prev = next - 1;
  if (prev < 0) prev = data_.open ? 0 : n - 1;
  const CurveKnot& k0 = knots_[static_cast<size_t>(prev)];
  const CurveKnot& k1 = knots_[static_cast<size_t>(next)];
  // 5. Parameter within the segment.
  const float L0 = k0.length;
  const float L1 = next == 0 ? length_ : k1.length;
  const float s = (L1 == L0) ? 0.0f : (L - L0) / (L1 - L0);
  // 6. Linear or Hermite.
  Vec3 p, d;
  if (k0.linear) {
    d = k1.pos - k0.pos;
    p = k0.pos + d * s;
  } else {
    p = math::hermite(k0.pos, k0.out, k1.pos, k1.in, s);
    if (dir) d = math::hermite(k0.pos, k0.out, k1.pos, k1.in, s + 0.01f) - p;
  }
  *pos = p;
  if (dir) *dir = d;
  return Status::kOk;
}

// CKCurve::GetLocalPos (FUN_1001483b): as GetPos without the world transform.
Status Curve::get_local_pos(float step, Vec3* pos, Vec3* dir, SegmentSearch search) const {
  if (!pos) return kNoPosition;
  Vec3 p, d;
  const Status st = evaluate_local(step, &p, dir ? &d : nullptr, search);
  if (st != Status::kOk) return st;
  *pos = p;
  if (dir) *dir = math::normalize(d);
  return Status::kOk;
}

// CKCurve::GetPos (FUN_10014195, spec 3.4)
Status Curve::get_pos(float step, Vec3* pos, Vec3* dir, SegmentSearch search) const {
  if (!pos) return kNoPosition;
  Vec3 p, d;
  const Status st = evaluate_local(step, &p, dir ? &d : nullptr, search);
  if (st != Status::kOk) return st;
  // 7. World transform: a point transform for pos, a rotation then Normalize for dir.
  *pos = math::multiply_matrix_vector(world_matrix(), p);
  if (dir) *dir = math::normalize(math::rotate_vector(world_matrix(), d));
  return Status::kOk;
}

// CKCurve::CreateLineMesh (FUN_10014f99)
Status Curve::create_line_mesh() {
  mesh_.emplace();
  mesh_->name = name + "LineMesh";
  mesh_->color = color_;
  return Status::kOk;
}

// CKCurve::UpdateMesh (FUN_1001506d)
Status Curve::update_mesh() {
  if (!mesh_) create_line_mesh();
  if (dirty_) update();  // update() fills the mesh
  else fill_mesh();
  return Status::kOk;
}

// CKCurve::SetColor
void Curve::set_color(uint32_t argb) {
  color_ = argb;
  if (mesh_) update_mesh();
}

// The body of UpdateMesh (FUN_1001506d, inferred): every Hermite segment gets
// floor(step_count * segment_length / length) line segments (at least 1) at
// uniform parameter steps; a linear segment gets one. The strip ends on the
// last point (open) or the first (closed). With fewer than 2 points the mesh
// is step_count + 1 vertices at the origin.
void Curve::fill_mesh() const {
  LineMesh& mesh = *mesh_;
  mesh.color = color_;
  mesh.vertices.clear();
  const int steps = std::clamp(data_.step_count, 0, kMaxMeshSteps);
  const int n = static_cast<int>(knots_.size());
  if (n < 2) {
    mesh.vertices.assign(static_cast<size_t>(steps) + 1, Vec3{});
    return;
  }
  const float inv_len = length_ != 0.0f ? 1.0f / length_ : 0.0f;
  const int segments = data_.open ? n - 1 : n;
  for (int i = 0; i < segments; ++i) {
    const CurveKnot& a = knots_[static_cast<size_t>(i)];
    const bool wraps = i + 1 >= n;
    const CurveKnot& b = knots_[wraps ? 0 : static_cast<size_t>(i + 1)];
    const float l1 = wraps ? length_ : b.length;
    const double want = std::floor(static_cast<double>(l1 - a.length) * static_cast<double>(steps) *
                                   static_cast<double>(inv_len));
    // !(want >= 1) also catches NaN from non-finite input.
    const int seg_steps = !(want >= 1.0) ? 1 : (want > kMaxMeshSteps ? kMaxMeshSteps : static_cast<int>(want));
    if (a.linear || seg_steps == 1) {
      mesh.vertices.push_back(a.pos);
    } else {
      const float inv_steps = 1.0f / static_cast<float>(seg_steps);
      for (int k = 0; k < seg_steps; ++k) {
        mesh.vertices.push_back(math::hermite(a.pos, a.out, b.pos, b.in, static_cast<float>(k) * inv_steps));
      }
    }
  }
  mesh.vertices.push_back(data_.open ? knots_[static_cast<size_t>(n - 1)].pos : knots_[0].pos);
}

}  // namespace retroanim::ck
