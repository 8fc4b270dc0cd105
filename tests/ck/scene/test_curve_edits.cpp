// Lazy update: every kind of edit clears the curve's up-to-date flag, and the
// next evaluation reflects the edit.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "ck/scene/curve_test_util.h"

using namespace retroanim;
using math::Matrix;
using math::Vec3;

namespace {

struct Edit {
  std::string name;
  std::function<void(test::OwnedCurve&)> apply;
  bool changes_shape;  // the sampled world path must differ afterwards
};

std::vector<Vec3> sample(const ck::Curve& c) {
  std::vector<Vec3> out;
  for (int i = 0; i <= 20; ++i) {
    Vec3 p;
    EXPECT_EQ(c.get_pos(i / 20.0f, &p), Status::kOk);
    out.push_back(p);
  }
  return out;
}

}  // namespace

TEST(CurveEdits, EveryEditMarksTheCurveDirty) {
  const Vec3 t{0, 0, 30};
  const std::vector<Edit> edits = {
      {"tension", [](auto& o) { o.point(1)->set_tension(0.7f); }, true},
      {"continuity", [](auto& o) { o.point(1)->set_continuity(0.7f); }, true},
      {"bias", [](auto& o) { o.point(1)->set_bias(0.7f); }, true},
      {"linear", [](auto& o) { o.point(1)->set_linear(true); }, true},
      {"use_tcb", [](auto& o) { o.point(1)->use_tcb(false); }, false},  // keeps the last TCB tangents
      {"point set_tangents", [t](auto& o) { o.point(1)->use_tcb(false); o.curve.update(); o.point(1)->set_tangents(&t, &t); }, true},
      {"curve set_tangents", [t](auto& o) { o.point(1)->use_tcb(false); o.curve.update(); o.curve.set_tangents(1, &t, &t); }, true},
      {"point data", [](auto& o) { ck::CurvePointData d; d.tension = 0.9f; o.point(1)->set_data(d); }, true},
      {"point position", [](auto& o) { o.point(1)->set_position({12, 0, 3}); }, true},
      {"point world matrix", [](auto& o) { Matrix m = o.point(2)->world_matrix(); m[3][1] = 5; o.point(2)->set_world_matrix(m); }, true},
      {"curve moved with points", [](auto& o) { o.curve.set_position({0, 9, 0}); }, true},
      {"curve moved, points kept", [](auto& o) { o.curve.set_position({0, 9, 0}, nullptr, true); }, false},
      {"fitting", [](auto& o) { o.curve.set_fitting_coeff(0.5f); }, true},
      {"open", [](auto& o) { o.curve.open(); }, true},
      {"close", [](auto& o) { o.curve.open(); o.curve.update(); o.curve.close(); }, false},
      {"add point", [](auto& o) { o.add({-5, 0, 5}); }, true},
      {"insert point", [](auto& o) { auto p = std::make_unique<ck::CurvePoint>(); p->set_position({20, 0, 20});
                                     o.curve.insert_control_point(o.point(1), p.get()); o.points.push_back(std::move(p)); }, true},
      {"remove point", [](auto& o) { o.curve.remove_control_point(o.point(3)); }, true},
      {"set point list", [](auto& o) { o.curve.set_control_points({o.point(0), o.point(2), o.point(1), o.point(3)}); }, true},
      {"curve data", [](auto& o) { o.curve.set_data({0.25f, 100, false}); }, true},
      {"step count", [](auto& o) { o.curve.set_step_count(10); }, false},
  };
  for (const Edit& e : edits) {
    SCOPED_TRACE(e.name);
    test::OwnedCurve o({{0, 0, 0}, {10, 0, 0}, {10, 0, 10}, {0, 0, 10}}, true);
    const std::vector<Vec3> before = sample(o.curve);
    ASSERT_TRUE(o.curve.is_up_to_date());
    e.apply(o);
    EXPECT_FALSE(o.curve.is_up_to_date());
    const std::vector<Vec3> after = sample(o.curve);
    EXPECT_TRUE(o.curve.is_up_to_date());
    if (e.changes_shape) {
      EXPECT_NE(before, after);
    }
  }
}

TEST(CurveEdits, RemoveAllLeavesAnEmptyCurve) {
  test::OwnedCurve o({{0, 0, 0}, {10, 0, 0}}, false);
  EXPECT_GT(o.curve.get_length(), 0.0f);
  o.curve.remove_all_control_points();
  EXPECT_FALSE(o.curve.is_up_to_date());
  EXPECT_EQ(o.curve.get_length(), 0.0f);
  // Removed points no longer notify the curve.
  o.curve.update();
  o.point(0)->set_tension(0.5f);
  EXPECT_TRUE(o.curve.is_up_to_date());
}

TEST(CurveEdits, ColorRefreshesTheMesh) {
  test::OwnedCurve o({{0, 0, 0}, {10, 0, 0}}, false);
  o.point(0)->set_linear(true);
  o.curve.set_color(0xFF00FF00u);
  EXPECT_EQ(o.curve.line_mesh(), nullptr);  // no mesh until asked for
  o.curve.create_line_mesh();
  o.curve.set_color(0xFFFF0000u);
  ASSERT_NE(o.curve.line_mesh(), nullptr);
  EXPECT_EQ(o.curve.line_mesh()->color, 0xFFFF0000u);
  // A linear segment is one line: 2 vertices.
  ASSERT_EQ(o.curve.line_mesh()->vertices.size(), 2u);
  EXPECT_EQ(o.curve.line_mesh()->vertices[1], Vec3(10, 0, 0));
  // The mesh follows edits at the next Update.
  o.point(1)->set_position({20, 0, 0});
  o.curve.update();
  EXPECT_EQ(o.curve.line_mesh()->vertices[1], Vec3(20, 0, 0));
}
