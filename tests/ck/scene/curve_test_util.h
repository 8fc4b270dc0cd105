// Helpers for the curve tests: a curve that owns its points.
#pragma once

#include <memory>
#include <vector>

#include "retroanim/ck/scene/curve.h"

namespace retroanim::test {

// A curve and the points it references, built from world positions.
struct OwnedCurve {
  std::vector<std::unique_ptr<ck::CurvePoint>> points;
  ck::Curve curve;  // declared after the points: destroyed first

  OwnedCurve() = default;
  OwnedCurve(const std::vector<math::Vec3>& world_positions, bool closed, float tension = 0.0f,
             const math::Matrix& world = math::Matrix{}) {
    curve.set_world_matrix(world);
    for (const math::Vec3& p : world_positions) add(p, tension);
    if (closed) curve.close();
  }

  ck::CurvePoint* add(math::Vec3 world_pos, float tension = 0.0f) {
    auto pt = std::make_unique<ck::CurvePoint>();
    pt->set_position(world_pos);
    pt->set_tension(tension);
    curve.add_control_point(pt.get());
    points.push_back(std::move(pt));
    return points.back().get();
  }

  ck::CurvePoint* point(size_t i) { return points[i].get(); }
};

// The Ballance menu camera curve from spec 3.3: curve-local points, tension
// -0.6, closed, curve world matrix translating by (0, y, 0).
inline std::unique_ptr<OwnedCurve> make_game_curve(float y = 40.0f) {
  math::Matrix w;
  w.set_row(3, {0, y, 0});
  const math::Vec3 local[4] = {{94.98f, 0, 0.48f}, {-0.95f, 0, 95.46f}, {-95.46f, 0, -0.95f}, {1.43f, 0, -94.98f}};
  std::vector<math::Vec3> world;
  for (const math::Vec3& p : local) world.push_back(math::multiply_matrix_vector(w, p));
  return std::make_unique<OwnedCurve>(world, true, -0.6f, w);
}

}  // namespace retroanim::test
