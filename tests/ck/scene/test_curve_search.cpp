// The O(log n) segment search returns exactly what the original's linear scan
// returns (same segment, so bit-identical positions and directions).
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "ck/scene/curve_test_util.h"

using namespace retroanim;
using math::Vec3;

namespace {

void expect_identical(const ck::Curve& c, std::mt19937& rng, int samples) {
  std::uniform_real_distribution<float> dist(-1.5f, 2.5f);
  const float len = c.get_length();
  for (int i = 0; i < samples; ++i) {
    float s = dist(rng);
    if (i % 7 == 0) s = static_cast<float>(i % 3) * 0.5f;  // exact knots and ends
    Vec3 a, b, da, db;
    ASSERT_EQ(c.get_pos(s, &a, &da, ck::SegmentSearch::kLinearScan), Status::kOk);
    ASSERT_EQ(c.get_pos(s, &b, &db, ck::SegmentSearch::kBinary), Status::kOk);
    ASSERT_EQ(std::memcmp(&a, &b, sizeof a), 0) << "step " << s;
    ASSERT_EQ(std::memcmp(&da, &db, sizeof da), 0) << "step " << s;
    ASSERT_EQ(c.get_pos(s, &b, &db, ck::SegmentSearch::kAuto), Status::kOk);
    ASSERT_EQ(std::memcmp(&a, &b, sizeof a), 0) << "step " << s;
  }
  // Every knot length exactly, where ties decide the segment.
  for (const ck::CurveKnot& k : c.knots()) {
    for (float L : {k.length, std::nextafter(k.length, 0.0f), std::nextafter(k.length, 2 * len + 1)}) {
      ASSERT_EQ(c.find_next_point(L, ck::SegmentSearch::kLinearScan), c.find_next_point(L, ck::SegmentSearch::kBinary))
          << L;
    }
  }
}

}  // namespace

TEST(CurveSearch, BinaryEqualsLinearOnTheGameCurve) {
  std::mt19937 rng(1);
  auto g = test::make_game_curve();
  expect_identical(g->curve, rng, 20000);
}

TEST(CurveSearch, BinaryEqualsLinearOnRandomCurves) {
  std::mt19937 rng(2);
  std::uniform_real_distribution<float> coord(-100.0f, 100.0f);
  for (int n : {2, 3, 17, 1000}) {
    for (bool closed : {false, true}) {
      std::vector<Vec3> pts;
      for (int i = 0; i < n; ++i) {
        // Every fifth point repeats the previous one: zero-length segments
        // give equal lengths, the ties the search must resolve like the scan.
        if (i % 5 == 4) {
          pts.push_back(pts.back());
        } else {
          pts.push_back({coord(rng), coord(rng), coord(rng)});
        }
      }
      test::OwnedCurve o(pts, closed, 0.3f);
      if (n > 2) o.point(1)->set_linear(true);
      SCOPED_TRACE(n);
      expect_identical(o.curve, rng, n == 1000 ? 5000 : 2000);
    }
  }
}
