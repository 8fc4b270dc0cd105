// Motion-table scenarios run through the AC scenario runner (real CSequence,
// per-update order of docs/formats/ac-scenario.md). Every expected line was
// traced by hand from the client's CMotionTable / MotionTableManager /
// CSequence code; ids, hooks, pending queues and completions are compared
// exactly, numbers to 1e-5.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "harness/ac/scenario.h"
#include "support/ac_fixtures.h"

using retroanim::ac::ScenarioJson;

namespace {

// Short names for the expectation tables below (the ids of support/ac_fixtures.h,
// whose table the scenario files' motion tables follow).
using namespace retroanim::ac::test;
constexpr uint32_t S = kNonCombat, C = kCombat;
constexpr uint32_t R = kReady, W = kWalk, T = kTurn, J = kJump, WAVE = kWave;
constexpr uint32_t READY = aReady, WALK = aWalk, TURN = aTurn, COMBAT_READY = aCombatReady, WAVE2 = aWave2,
                   TO_COMBAT = aToCombat, W2R = aWalkToReady;
constexpr int AD = 4;  // AnimationDone hook type

struct Line {
  double frame_number;
  uint32_t anim;
  std::vector<int> hooks;
  uint32_t style, substate;
  std::vector<uint32_t> modifiers;
  std::vector<std::array<uint32_t, 2>> pending;
  std::vector<uint32_t> done;
  std::optional<std::array<float, 3>> origin = std::nullopt;
};

std::vector<ScenarioJson> run(const std::string& name) {
  // By absolute path (tests/data/ac/motion), so the test runs from any directory.
  std::filesystem::path p = std::filesystem::path(RETROANIM_TEST_DATA_DIR) / "ac" / "motion" / (name + ".json");
  std::ostringstream out;
  retroanim::ac::run_scenario_file(p.string(), out);
  std::vector<ScenarioJson> lines;
  std::istringstream in(out.str());
  for (std::string l; std::getline(in, l);) lines.push_back(ScenarioJson::parse(l));
  return lines;
}

void check(const std::string& name, const std::vector<Line>& expected) {
  std::vector<ScenarioJson> got = run(name);
  ASSERT_EQ(got.size(), expected.size()) << name;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE(name + " line " + std::to_string(i + 1) + ": " + got[i].dump());
    const ScenarioJson& g = got[i];
    const Line& e = expected[i];
    EXPECT_NEAR(g["frame_number"].get<double>(), e.frame_number, 1e-5);
    EXPECT_EQ(g["anim"].get<uint32_t>(), e.anim);
    std::vector<int> hooks;
    for (const auto& h : g["hooks"]) hooks.push_back(h["type"].get<int>());
    EXPECT_EQ(hooks, e.hooks);
    EXPECT_EQ(g["state"]["style"].get<uint32_t>(), e.style);
    EXPECT_EQ(g["state"]["substate"].get<uint32_t>(), e.substate);
    EXPECT_EQ(g["state"]["modifiers"].get<std::vector<uint32_t>>(), e.modifiers);
    EXPECT_EQ((g["pending"].get<std::vector<std::array<uint32_t, 2>>>()), e.pending);
    EXPECT_EQ(g["done"].get<std::vector<uint32_t>>(), e.done);
    if (e.origin) {
      const auto& o = g["frame"]["origin"];
      for (int k = 0; k < 3; ++k) EXPECT_NEAR(o[k].get<double>(), (*e.origin)[k], 1e-5) << "origin " << k;
    }
  }
}

}  // namespace

// The default state; a substate change through a link; stopping it.
TEST(MotionScenarios, DefaultWalkStop) {
  check("default_walk_stop",
        {{3.0, READY, {}, S, R, {}, {}, {R}, {{0.0f, 0.0f, 0.0f}}},
         {0.0, WALK, {AD}, S, W, {}, {}, {W}, {{0.0f, 0.3f, 0.0f}}},
         {3.0, WALK, {}, S, W, {}, {}, {}, {{0.0f, 0.6f, 0.0f}}},
         {0.0, READY, {AD}, S, R, {}, {}, {R}, {{0.0f, 0.6f, 0.0f}}}});
}

// Speed 1.5 -> 0.5 (a speed change), then backward -1 (relink through Ready's
// link played backward), then -2 (a speed change of the backward cycle).
TEST(MotionScenarios, SpeedChangesAndBackwardCycles) {
  check("speed_and_backward",
        {{1.5, WALK, {AD}, S, W, {}, {}, {R, W}, {{0.0f, 0.4f, 0.0f}}},
         {3.0, WALK, {}, S, W, {}, {}, {W}, {{0.0f, 0.6f, 0.0f}}},
         {1.5, W2R, {}, S, W, {}, {{W, 2}}, {}, {{0.0f, 0.4f, 0.0f}}},
         {2.9998, W2R, {AD}, S, W, {}, {{W, 2}}, {}, {{0.0f, 0.2f, 0.0f}}},
         {3.9996, WALK, {AD}, S, W, {}, {}, {W}, {{0.0f, -0.1f, 0.0f}}},
         {1.9994, WALK, {}, S, W, {}, {}, {W}, {{0.0f, -0.7f, 0.0f}}}});
}

// An action performed twice returns to the cycle; then a jump modifier.
TEST(MotionScenarios, ActionTwiceThenJump) {
  check("action_twice_and_jump",
        {{3.0, READY, {}, S, R, {}, {}, {R}},
         {1.0, WAVE2, {AD}, S, R, {}, {{WAVE, 2}, {WAVE, 2}}, {}},
         // W2 from 1 + 3 frames: 2 frames left for W1 (exactly its length), so the
         // next W2 starts at frame 0.
         {0.0, WAVE2, {AD, AD}, S, R, {}, {{WAVE, 2}}, {WAVE}},
         {1.0, READY, {AD}, S, R, {}, {}, {WAVE}},
         // Ready from 1 + 3 frames wraps exactly; three physics steps of 5/30 up.
         {0.0, READY, {}, S, R, {J}, {}, {J}, {{0.0f, 0.0f, 0.5f}}}});
}

// A turn is a modifier while walking; stop completely; a style change; in the
// new style the turn is a substate again, found in the default style's cycles.
TEST(MotionScenarios, ModifiersStopCompletelyAndStyle) {
  check("modifiers_stop_completely_style",
        {{0.0, WALK, {AD}, S, W, {}, {}, {R, W}},
         {3.0, WALK, {}, S, W, {J, T}, {}, {T, J}},
         {0.0, READY, {AD}, S, R, {}, {}, {R}},
         {0.0, COMBAT_READY, {AD}, C, R, {}, {}, {C}},
         {3.0, TURN, {}, C, T, {}, {}, {T}}});
}

// Speed 0: the cycle freezes; back to 1 the cycle stays frozen while the
// velocity returns (change_cycle_speed ignores an old speed of ~0).
TEST(MotionScenarios, SpeedZero) {
  check("speed_zero",
        {{0.0, WALK, {AD}, S, W, {}, {}, {R, W}, {{0.0f, 0.3f, 0.0f}}},
         {0.0, WALK, {}, S, W, {}, {}, {W}, {{0.0f, 0.3f, 0.0f}}},
         {0.0, WALK, {}, S, W, {}, {}, {W}, {{0.0f, 0.6f, 0.0f}}}});
}

// A style change while walking: Walk->Ready, Ready->Combat, the Combat cycle.
TEST(MotionScenarios, StyleChangeFromWalk) {
  check("style_change_from_walk",
        {{0.0, WALK, {AD}, S, W, {}, {}, {R, W}},
         {0.0, TO_COMBAT, {AD}, C, R, {}, {{C, 2}}, {}},
         {0.0, COMBAT_READY, {AD}, C, R, {}, {}, {C}}});
}

// From Ready a turn is a substate with its own link.
TEST(MotionScenarios, TurnFromReady) {
  check("turn_from_ready",
        {{3.0, READY, {}, S, R, {}, {}, {R}},
         {1.0, TURN, {AD}, S, T, {}, {}, {T}}});
}

// Walk, Run, Walk before any link played: the newest Walk finds the first one
// still waiting, so the three links queued since are removed from the
// sequence and their entries complete with the first Walk.
TEST(MotionScenarios, RedundantLinksAreRemoved) {
  constexpr uint32_t RUN = 0x44000007u;
  check("redundant_links",
        {{0.0, WALK, {AD}, S, W, {}, {}, {R, W, RUN, W}, {{0.0f, 0.3f, 0.0f}}},
         {3.0, WALK, {}, S, W, {}, {}, {}, {{0.0f, 0.6f, 0.0f}}}});
}

// Stopping the walk while a turn modifier is active: Walk -> Ready, then
// re_modify re-performs the turn, a substate from Ready (Ready -> Turn link).
// The queued count covers only Walk -> Ready, so the second AnimationDone
// finds no pending motion.
TEST(MotionScenarios, StopWalkWhileTurning) {
  constexpr uint32_t R2T = aReadyToTurn;
  check("stop_walk_while_turning",
        {{0.0, WALK, {AD}, S, W, {}, {}, {R, W}},
         {3.0, WALK, {}, S, W, {T}, {}, {T}},
         {0.0, R2T, {AD}, S, T, {}, {}, {R}},
         {1.0, TURN, {AD}, S, T, {}, {}, {}}});
}
