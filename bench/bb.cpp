// Behaviour runtime throughput: a frame loop of N Bezier Progression ->
// Position On Curve pairs (the menu camera graph, N times) against the same
// work done by direct calls (GetY + GetPos + SetPosition per entity), so the
// ratio is the cost of the runtime (links, activations, parameter reads).
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "retroanim/ck/behavior/bb/bezier_progression.h"
#include "retroanim/ck/behavior/bb/position_on_curve.h"
#include "retroanim/ck/behavior/behavior_manager.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"

using namespace retroanim;
using namespace retroanim::ck;

namespace {

struct GameCurve {
  std::vector<std::unique_ptr<CurvePoint>> points;
  Curve curve;
  GameCurve() {
    const math::Vec3 p[4] = {{94.98f, 40, 0.48f}, {-0.95f, 40, 95.46f}, {-95.46f, 40, -0.95f}, {1.43f, 40, -94.98f}};
    for (const auto& v : p) {
      auto pt = std::make_unique<CurvePoint>();
      pt->set_position(v);
      pt->set_tension(-0.6f);
      curve.add_control_point(pt.get());
      points.push_back(std::move(pt));
    }
    curve.close();
  }
};

struct Graph {
  GameCurve gc;
  std::vector<std::unique_ptr<Entity3d>> cams;
  BehaviorManager m;
  explicit Graph(int n) {
    Behavior& script = m.create_script("S", {});
    ObjectRef curve_ref;
    curve_ref.curve = &gc.curve;
    curve_ref.entity = &gc.curve;
    curve_ref.class_id = class_id::kCurve;
    for (int i = 0; i < n; ++i) {
      cams.push_back(std::make_unique<Entity3d>());
      Behavior& bp = m.create_building_block(bb::bezier_progression_prototype());
      Behavior& poc = m.create_building_block(bb::position_on_curve_prototype());
      m.add_sub_behavior(script, bp);
      m.add_sub_behavior(script, poc);
      bp.input_params[0]->real_source()->value.set_float(44000.0f + static_cast<float>(i));
      Parameter& c = m.create_parameter("Curve", param_guid::kCurve, ParameterClass::kLocal);
      c.value.set_object(curve_ref);
      poc.input_params[bb::position_on_curve_pin::kCurve]->direct_source = &c;
      poc.input_params[bb::position_on_curve_pin::kProgression]->direct_source =
          bp.output_params[bb::bezier_progression_pin::kValue];
      ObjectRef t;
      t.entity = cams.back().get();
      t.class_id = class_id::k3dEntity;
      Parameter& tp = m.create_parameter("Target", param_guid::k3dEntity, ParameterClass::kLocal);
      tp.value.set_object(t);
      poc.target_param->direct_source = &tp;
      auto link = [&](BehaviorIO& a, BehaviorIO& b, int16_t d) { m.add_sub_link(script, m.create_link(a, b, d)); };
      link(*script.inputs[0], *bp.inputs[0], 0);
      link(*bp.outputs[1], *bp.inputs[1], 1);
      link(*bp.outputs[0], *bp.inputs[0], 1);
      link(*bp.outputs[0], *poc.inputs[0], 0);
      link(*bp.outputs[1], *poc.inputs[0], 0);
    }
    m.reset();
  }
};

// The runtime: one execute() per iteration moves all N cameras.
void BM_FrameLoop_BezierToPositionOnCurve(benchmark::State& state) {
  Graph g(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    g.m.execute(1000.0f / 60.0f);
    benchmark::DoNotOptimize(g.cams.back()->world_matrix());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_FrameLoop_BezierToPositionOnCurve)->Arg(1)->Arg(100)->Arg(1000);

// Baseline: the same arithmetic without the runtime.
void BM_Baseline_DirectCalls(benchmark::State& state) {
  GameCurve gc;
  Curve2d y_eq_x;
  int n = static_cast<int>(state.range(0));
  std::vector<std::unique_ptr<Entity3d>> cams;
  std::vector<float> elapsed(n, 0.0f);
  for (int i = 0; i < n; ++i) cams.push_back(std::make_unique<Entity3d>());
  for (auto _ : state) {
    for (int i = 0; i < n; ++i) {
      float duration = 44000.0f + static_cast<float>(i);
      elapsed[i] += 1000.0f / 60.0f;
      if (elapsed[i] > duration) elapsed[i] = 1000.0f / 60.0f;
      float p = elapsed[i] / duration;
      if (p > 1.0f) p = 1.0f;
      float v = y_eq_x.get_y(p);
      math::Vec3 pos;
      gc.curve.get_pos(v, &pos);
      cams[i]->set_position(pos);
    }
    benchmark::DoNotOptimize(cams.back()->world_matrix());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Baseline_DirectCalls)->Arg(1)->Arg(100)->Arg(1000);

}  // namespace

BENCHMARK_MAIN();
