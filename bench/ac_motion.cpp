// Motion-table commands at server scale: 10,000 objects, each with a CSequence
// and a MotionTableManager over a human-like table, run one "round" of
// commands per iteration: WalkForward (link + cycle), TurnRight while walking
// (a modifier), RunForward (link + cycle, re_modify re-applies the turn), stop
// the turn, stop the run (link back to Ready), then the AnimationDone calls and
// UseTime that complete the pending motions, and the sequence's remove_played_links via a
// zero update. Baseline in the same run: the same objects making the same
// sequence edits directly (clear_physics, remove_cyclic_anims, append the link
// and cycle animations, set/combine/subtract physics, remove the links), i.e.
// the sequence work any implementation must do, without the table logic.
// Report: time per round of 5 commands per object and the ratio to the baseline.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/motion/motion_sequence.h"
#include "retroanim/ac/motion/motion_table_manager.h"
#include "retroanim/ac/anim/sequence.h"
#include "support/ac_fixtures.h"

using namespace retroanim::ac;

namespace {

constexpr int kObjects = 10000;
using test::kReady;
using test::kRun;
using test::kTurn;
using test::kWalk;
using test::md;
constexpr uint32_t kStyle = test::kNonCombat;
constexpr uint32_t aReady = 0x03000001u, aWalk = 0x03000002u, aRun = 0x03000003u, aTurn = 0x03000004u,
                   aR2W = 0x03000010u, aW2Run = 0x03000011u, aRun2R = 0x03000012u, aR2T = 0x03000013u;

// The table's animations: 8 frames of one part each.
class Anims : public AnimationMap {
 public:
  Anims() {
    for (uint32_t id : {aReady, aWalk, aRun, aTurn, aR2W, aW2Run, aRun2R, aR2T}) {
      Animation a;
      a.id = id;
      a.num_parts = 1;
      a.part_frames.resize(8);
      for (auto& f : a.part_frames) f.parts.resize(1);
      add(std::move(a));
    }
  }
};

MotionTable make_table() {
  MotionTable t;
  t.default_style = kStyle;
  t.style_defaults[kStyle] = kReady;
  t.cycles[MotionTable::make_key(kStyle, kReady)] = md({aReady});
  t.cycles[MotionTable::make_key(kStyle, kWalk)] = md({aWalk}, {0, 3.12f, 0});
  t.cycles[MotionTable::make_key(kStyle, kRun)] = md({aRun}, {0, 4.0f, 0});
  t.cycles[MotionTable::make_key(kStyle, kTurn)] = md({aTurn}, {}, {0, 0, 1.5f}, 2);
  t.modifiers[MotionTable::make_key(kStyle, kTurn)] = md({}, {}, {0, 0, 1.5f});
  t.links[MotionTable::make_key(kStyle, kReady)][kWalk] = md({aR2W});
  t.links[MotionTable::make_key(kStyle, kReady)][kTurn] = md({aR2T});
  t.links[MotionTable::make_key(kStyle, kWalk)][kRun] = md({aW2Run});
  t.links[MotionTable::make_key(kStyle, kRun)][kReady] = md({aRun2R});
  return t;
}

struct Object {
  Sequence seq;
  SequenceMotionTarget target{seq};
  MotionTableManager mtm;
};

struct World {
  Anims anims;
  MotionTable table = make_table();
  std::vector<std::unique_ptr<Object>> objects;
  World() {
    for (int i = 0; i < kObjects; ++i) {
      auto o = std::make_unique<Object>();
      o->seq.set_animation_provider(&anims);
      o->mtm.set_table(&table);
      o->mtm.initialize_state(o->target);
      o->mtm.use_time();
      objects.push_back(std::move(o));
    }
  }
};

World& world() {
  static World w;
  return w;
}

void BM_MotionCommands(benchmark::State& state) {
  World& w = world();
  const MovementStruct walk{MovementType::kInterpretedCommand, kWalk, 1.0f};
  const MovementStruct turn{MovementType::kInterpretedCommand, kTurn, 1.0f};
  const MovementStruct run{MovementType::kInterpretedCommand, kRun, 1.0f};
  const MovementStruct stop_turn{MovementType::kStopInterpretedCommand, kTurn, 1.0f};
  const MovementStruct stop_run{MovementType::kStopInterpretedCommand, kRun, 1.0f};
  uint64_t errors = 0;
  for (auto _ : state) {
    for (auto& o : w.objects) {
      errors += static_cast<uint32_t>(o->mtm.perform_movement(walk, o->target));
      errors += static_cast<uint32_t>(o->mtm.perform_movement(turn, o->target));
      errors += static_cast<uint32_t>(o->mtm.perform_movement(run, o->target));
      errors += static_cast<uint32_t>(o->mtm.perform_movement(stop_turn, o->target));
      errors += static_cast<uint32_t>(o->mtm.perform_movement(stop_run, o->target));
      // The remaining link animations finish: complete everything, drop the links.
      while (!o->mtm.pending().empty()) o->mtm.animation_done(true);
      o->seq.remove_all_link_animations();
      o->mtm.use_time();
    }
  }
  if (errors != 0) state.SkipWithError("a command was refused");
  state.SetItemsProcessed(state.iterations() * kObjects * 5);
}
BENCHMARK(BM_MotionCommands)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The same sequence edits without the motion table: the floor of the work.
void BM_MotionCommands_BaselineDirectSequence(benchmark::State& state) {
  World& w = world();
  const MotionTable& t = w.table;
  const MotionData& walk = *t.find_cycle(MotionTable::make_key(kStyle, kWalk));
  const MotionData& run = *t.find_cycle(MotionTable::make_key(kStyle, kRun));
  const MotionData& ready = *t.find_cycle(MotionTable::make_key(kStyle, kReady));
  const MotionData& turn = *t.find_modifier(MotionTable::make_key(kStyle, kTurn));
  const MotionData& r2w = *t.find_link(MotionTable::make_key(kStyle, kReady), kWalk);
  const MotionData& w2run = *t.find_link(MotionTable::make_key(kStyle, kWalk), kRun);
  const MotionData& run2r = *t.find_link(MotionTable::make_key(kStyle, kRun), kReady);
  auto transition = [](Sequence& s, const MotionData& link, const MotionData& cycle) {
    s.clear_physics();
    s.remove_cyclic_anims();
    s.set_velocity(link.velocity);
    s.set_omega(link.omega);
    for (const AnimData& a : link.anims) s.append_animation(a);
    s.set_velocity(cycle.velocity);
    s.set_omega(cycle.omega);
    for (const AnimData& a : cycle.anims) s.append_animation(a);
  };
  for (auto _ : state) {
    for (auto& o : w.objects) {
      Sequence& s = o->seq;
      transition(s, r2w, walk);
      s.combine_physics(turn.velocity, turn.omega);
      transition(s, w2run, run);
      s.combine_physics(turn.velocity, turn.omega);
      s.subtract_physics(turn.velocity, turn.omega);
      transition(s, run2r, ready);
      s.remove_all_link_animations();
    }
  }
  state.SetItemsProcessed(state.iterations() * kObjects * 5);
}
BENCHMARK(BM_MotionCommands_BaselineDirectSequence)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
