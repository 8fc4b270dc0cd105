// The Ballance menu camera curve (spec 3.3): 4 TCB points, tension -0.6, closed.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "retroanim/ck/curve.h"

using namespace retroanim;
using math::Matrix;
using math::Vec3;

namespace {

struct GameCurve {
  ck::Curve curve;
  std::vector<std::unique_ptr<ck::CurvePoint>> points;

  explicit GameCurve(float y_offset = 40.0f) {
    Matrix w;
    w.set_row(3, {0, y_offset, 0});
    curve.set_world_matrix(w);
    const Vec3 local[4] = {{94.98f, 0, 0.48f}, {-0.95f, 0, 95.46f}, {-95.46f, 0, -0.95f}, {1.43f, 0, -94.98f}};
    for (const Vec3& p : local) {
      auto pt = std::make_unique<ck::CurvePoint>();
      pt->set_position(math::multiply_matrix_vector(w, p));
      pt->set_tension(-0.6f);
      curve.add_control_point(pt.get());
      points.push_back(std::move(pt));
    }
    curve.close();
  }
};

}  // namespace

TEST(CurveGame, PointLengthsAndTotal) {
  GameCurve g;
  const float total = g.curve.get_length();
  std::printf("total %.9g lengths %.9g %.9g %.9g %.9g\n", total, g.points[0]->length(), g.points[1]->length(),
              g.points[2]->length(), g.points[3]->length());
  EXPECT_EQ(g.points[0]->length(), 0.0f);
  EXPECT_NEAR(g.points[1]->length(), 149.06f, 0.005f);
  EXPECT_NEAR(g.points[2]->length(), 298.27f, 0.005f);
  EXPECT_NEAR(g.points[3]->length(), 447.3f, 0.1f);
  EXPECT_NEAR(total, 595.2f, 0.1f);
}
