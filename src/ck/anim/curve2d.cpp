#include "retroanim/ck/anim/curve2d.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace retroanim::ck {

using math::Vec2;

Curve2d::Curve2d() {
  Curve2dPoint a;
  a.pos = {0.0f, 0.0f};
  Curve2dPoint b;
  b.pos = {1.0f, 1.0f};
  points_ = {a, b};
  update();
}

Curve2d::Curve2d(std::vector<Curve2dPoint> points, float fitting) : points_(std::move(points)), fitting_(fitting) {
  update();
}

void Curve2d::set_points(std::vector<Curve2dPoint> points) {
  points_ = std::move(points);
  update();
}

// CK2dCurve::AddControlPoint
void Curve2d::add_control_point(Vec2 pos) {
  Curve2dPoint p;
  p.pos = pos;
  points_.push_back(p);
  update();
}

namespace {

// Scales tangent t so that its x becomes target_x; a tangent with x == 0 is kept.
Vec2 rescale_tangent(Vec2 t, float target_x) {
  if (t.x == 0.0f) return t;
  float s = target_x / t.x;
  return {t.x * s, t.y * s};
}

}  // namespace

// CK2dCurve::Update / UpdatePointsAndTangents (CK2dCurve 0x24001084 / 0x24001600)
void Curve2d::update() {
  std::stable_sort(points_.begin(), points_.end(),
                   [](const Curve2dPoint& a, const Curve2dPoint& b) { return a.pos.x < b.pos.x; });
  const size_t n = points_.size();
  if (n < 2) return;
  for (size_t i = 0; i < n; ++i) {
    Curve2dPoint& p = points_[i];
    Vec2 dp = i > 0 ? p.pos - points_[i - 1].pos : Vec2{};
    Vec2 dn = i + 1 < n ? points_[i + 1].pos - p.pos : Vec2{};
    if (!p.user_tangents) {
      // Kochanek-Bartels with the same factor assignment as the 3D curve (spec 3.2).
      float t1 = 1.0f - p.tension;
      float out_prev = (1.0f + p.continuity) * (1.0f + p.bias) * t1;
      float out_next = t1 * (1.0f - p.continuity) * (1.0f - p.bias);
      float in_prev = (1.0f + p.bias) * t1 * (1.0f - p.continuity);
      float in_next = (1.0f + p.continuity) * t1 * (1.0f - p.bias);
      p.out_tangent = {(out_prev * dp.x + out_next * dn.x) * 0.5f, (out_prev * dp.y + out_next * dn.y) * 0.5f};
      p.in_tangent = {(in_prev * dp.x + in_next * dn.x) * 0.5f, (in_prev * dp.y + in_next * dn.y) * 0.5f};
    }
    float chord_prev = dp.x == 0.0f ? 1e-4f : dp.x;
    float chord_next = dn.x == 0.0f ? 1e-4f : dn.x;
    p.in_tangent = rescale_tangent(p.in_tangent, i == 0 ? 1e-4f : chord_prev);
    p.out_tangent = rescale_tangent(p.out_tangent, i + 1 == n ? 1e-3f : chord_next);
  }
}

// CK2dCurve::GetY (CK2dCurve 0x24001b36)
float Curve2d::get_y(float x) const {
  if (x > 1.0f) x = 1.0f;
  if (x < 0.0f) x = 0.0f;
  const size_t n = points_.size();
  if (n < 2) return 0.0f;
  size_t j = 0;
  while (j < n && !(x <= points_[j].pos.x)) ++j;
  if (j == n) return 0.0f;
  const Curve2dPoint& a = points_[j ? j - 1 : 0];
  const Curve2dPoint& b = points_[j];
  float y = 0.0f;
  if (a.pos.x == b.pos.x) {
    y = a.pos.y;
  } else if (!a.linear) {
    // The first step evaluates at the linear estimate, every later one at the
    // midpoint of the bracket [lo, hi]; after each evaluation the next
    // midpoint is taken first and the bracket's side is moved to it, by the
    // comparison of the evaluation just made (openballance's transcription;
    // it converges only when the linear estimate is within 1e-5 or the root
    // lies where the lagging bracket goes; docs/FIDELITY.md).
    float s = (x - a.pos.x) / (b.pos.x - a.pos.x);
    float lo = 0.0f, hi = 1.0f;
    float px = 0.0f;
    int iterations = 0;
    do {
      if (iterations > 999) break;
      ++iterations;
      float h1 = ((s + s) - 3.0f) * s * s + 1.0f;
      float h2 = 3.0f - (s + s);
      float h3 = (s - 2.0f) * s + 1.0f;
      float sm1 = s - 1.0f;
      px = h1 * a.pos.x + h2 * b.pos.x * s * s + h3 * a.out_tangent.x * s + sm1 * b.in_tangent.x * s * s;
      y = h1 * a.pos.y + h2 * b.pos.y * s * s + h3 * a.out_tangent.y * s + sm1 * b.in_tangent.y * s * s;
      s = (hi + lo) * 0.5f;
      if (px < x) lo = s;
      if (x < px) hi = s;
    } while (std::fabs(static_cast<double>(px - x)) > 1e-5);
  } else {
    y = (x - a.pos.x) * (b.pos.y - a.pos.y) / (b.pos.x - a.pos.x) + a.pos.y;
  }
  if (y > 1.0f) return 1.0f;
  if (y < 0.0f) return 0.0f;
  return y;
}

}  // namespace retroanim::ck
