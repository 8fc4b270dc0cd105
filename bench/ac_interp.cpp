// The motion interpreter (CMotionInterp). BM_InterpDoMotion: one object, a
// motion table of cycles only (no links, so every queued motion completes at
// once), per iteration CMotionInterp::DoMotion(WalkForward) and
// DoMotion(Ready) (each: the hold key, adjust_motion, DoInterpretedMotion with
// the contact rules, the manager's PerformMovement on a real CSequence, both
// queues, RawMotionState::ApplyMotion), then CheckForCompletedMotions;
// reported per DoMotion call (items). Paired in the same run: the 10,000-object
// tick of bench/ac_update.cpp (src/bench/workload.h) without interpreters and
// with a CMotionInterp attached to every object (the tick never calls it).
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "harness/bench/workload.h"
#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/motion/motion_interp.h"
#include "retroanim/ac/motion/motion_sequence.h"
#include "retroanim/ac/motion/motion_table_manager.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/ac/anim/sequence.h"
#include "support/ac_fixtures.h"

using namespace retroanim::ac;

namespace {

struct Forward : MotionDoneSink {
  MotionInterp* interp = nullptr;
  void motion_done(uint32_t, bool success) override { interp->motion_done(success); }
};

void BM_InterpDoMotion(benchmark::State& state) {
  MotionTable table;
  table.default_style = test::kNonCombat;
  table.style_defaults[test::kNonCombat] = test::kReady;
  table.cycles[MotionTable::make_key(test::kNonCombat, test::kReady)] = test::md({test::aReady});
  table.cycles[MotionTable::make_key(test::kNonCombat, test::kWalk)] = test::md({test::aWalk}, {0, 3.12f, 0});
  AnimationMap anims;
  for (uint32_t id : {test::aReady, test::aWalk}) {
    Animation a;
    a.id = id;
    a.num_parts = 1;
    a.part_frames.resize(8);
    for (auto& f : a.part_frames) f.parts.resize(1);
    anims.add(std::move(a));
  }
  Sequence seq;
  seq.set_animation_provider(&anims);
  SequenceMotionTarget target(seq);
  MotionTableManager mtm(&table);
  PhysicsObj obj;
  obj.state = physics_state_flag::kGravity;
  obj.transient_state |= transient_state_flag::kContact | transient_state_flag::kOnWalkable;
  obj.last_move_was_autonomous = true;
  FixedWeenie weenie;
  MotionInterp interp(PhysicsObjMotion{&obj, &mtm, &target}, &weenie);
  obj.set_movement_sink(&interp);
  Forward fwd;
  fwd.interp = &interp;
  mtm.set_owner(&fwd);
  interp.enter_default_state();
  mtm.check_for_completed_motions();
  const MovementParameters params;
  for (auto _ : state) {
    benchmark::DoNotOptimize(interp.do_motion(test::kWalk, params));
    benchmark::DoNotOptimize(interp.do_motion(test::kReady, params));
    mtm.check_for_completed_motions();
  }
  if (!interp.pending_motions.empty()) state.SkipWithError("motions left pending");
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * 2);
}
BENCHMARK(BM_InterpDoMotion);

std::unique_ptr<retroanim::bench::AcWorld>& world() {
  static std::unique_ptr<retroanim::bench::AcWorld> w =
      retroanim::bench::make_ac_world(10000, retroanim::bench::AcWorkload::kCyclic);
  return w;
}

void tick(benchmark::State& state) {
  auto& w = *world();
  const float quantum = 1.0f / 30.0f;
  for (auto _ : state) {
    for (auto& o : w.objects) o->update_object_internal(quantum);
    benchmark::ClobberMemory();
  }
  benchmark::DoNotOptimize(w.executor.count);
}

void BM_AcTick_NoInterp(benchmark::State& state) {
  for (auto& o : world()->objects) o->set_movement_sink(nullptr);
  tick(state);
}
BENCHMARK(BM_AcTick_NoInterp)->Unit(benchmark::kMillisecond);

void BM_AcTick_WithInterp(benchmark::State& state) {
  auto& w = *world();
  std::vector<std::unique_ptr<MotionInterp>> interps;
  for (auto& o : w.objects) {
    interps.push_back(std::make_unique<MotionInterp>(PhysicsObjMotion{o.get(), nullptr, nullptr}, nullptr));
    o->set_movement_sink(interps.back().get());
  }
  tick(state);
  for (auto& o : w.objects) o->set_movement_sink(nullptr);
}
BENCHMARK(BM_AcTick_WithInterp)->Unit(benchmark::kMillisecond);

// Run again after the paired one, so an order effect shows.
BENCHMARK(BM_AcTick_NoInterp)->Name("BM_AcTick_NoInterp_again")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
