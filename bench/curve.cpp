// CKCurve::GetPos throughput: the 4-point Ballance menu camera curve and a
// 1,000-point curve, with the original's linear segment scan (the baseline)
// and the O(log n) binary search (identical results, see test_curve_search).
// The ratio binary/linear is the speed-up; the target is >= 20 M GetPos/s on
// the game curve on one core.
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <random>
#include <vector>

#include "retroanim/ck/scene/curve.h"
#include "harness/ck/curve_spec.h"

using namespace retroanim;

namespace {

struct Fixture {
  ck::io::SpecCurve game = ck::io::parse_curve_spec(ck::io::kMenuCameraCurveSpec, "game");
  std::vector<std::unique_ptr<ck::CurvePoint>> big_points;
  ck::Curve big;
  std::vector<float> steps;

  Fixture() {
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    // A closed 1,000-point wobbly loop (radius 500 +- 50), tension 0.
    for (int i = 0; i < 1000; ++i) {
      const float a = static_cast<float>(i) * 6.2831853f / 1000.0f;
      const float r = 500.0f + 50.0f * (u(rng) - 0.5f) * 2.0f;
      auto p = std::make_unique<ck::CurvePoint>();
      p->set_position({r * std::cos(a), 10.0f * u(rng), r * std::sin(a)});
      big.add_control_point(p.get());
      big_points.push_back(std::move(p));
    }
    big.close();
    for (int i = 0; i < 4096; ++i) steps.push_back(u(rng));
    game.curve->update();
    big.update();
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

void run(benchmark::State& state, const ck::Curve& curve, ck::SegmentSearch search, bool with_dir) {
  const std::vector<float>& steps = fixture().steps;
  size_t i = 0;
  math::Vec3 pos, dir;
  for (auto _ : state) {
    curve.get_pos(steps[i], &pos, with_dir ? &dir : nullptr, search);
    benchmark::DoNotOptimize(pos);
    benchmark::DoNotOptimize(dir);
    i = (i + 1) & 4095;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

void BM_GetPos_Game_LinearScan(benchmark::State& s) { run(s, *fixture().game.curve, ck::SegmentSearch::kLinearScan, false); }
void BM_GetPos_Game_Binary(benchmark::State& s) { run(s, *fixture().game.curve, ck::SegmentSearch::kBinary, false); }
void BM_GetPosDir_Game_LinearScan(benchmark::State& s) { run(s, *fixture().game.curve, ck::SegmentSearch::kLinearScan, true); }
void BM_GetPosDir_Game_Binary(benchmark::State& s) { run(s, *fixture().game.curve, ck::SegmentSearch::kBinary, true); }
void BM_GetPos_1000_LinearScan(benchmark::State& s) { run(s, fixture().big, ck::SegmentSearch::kLinearScan, false); }
void BM_GetPos_1000_Binary(benchmark::State& s) { run(s, fixture().big, ck::SegmentSearch::kBinary, false); }
void BM_GetPos_Game_Auto(benchmark::State& s) { run(s, *fixture().game.curve, ck::SegmentSearch::kAuto, false); }
void BM_GetPos_1000_Auto(benchmark::State& s) { run(s, fixture().big, ck::SegmentSearch::kAuto, false); }

// Update itself (the 100-chord arc lengths), forced every iteration.
void BM_Update_Game(benchmark::State& state) {
  const ck::Curve& c = *fixture().game.curve;
  for (auto _ : state) {
    c.mark_dirty();
    benchmark::DoNotOptimize(c.get_length());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

}  // namespace

BENCHMARK(BM_GetPos_Game_LinearScan);
BENCHMARK(BM_GetPos_Game_Binary);
BENCHMARK(BM_GetPosDir_Game_LinearScan);
BENCHMARK(BM_GetPosDir_Game_Binary);
BENCHMARK(BM_GetPos_1000_LinearScan);
BENCHMARK(BM_GetPos_1000_Binary);
BENCHMARK(BM_GetPos_Game_Auto);
BENCHMARK(BM_GetPos_1000_Auto);
BENCHMARK(BM_Update_Game);
BENCHMARK_MAIN();
