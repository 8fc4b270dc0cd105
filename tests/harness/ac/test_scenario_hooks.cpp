// harness/ac/scenario_hooks.cpp: the trace JSON of a hook that carries no
// scenario JSON (AnimationDone, hooks read from a dat): type, direction and
// the payload, ids as numbers (the dat dump writes them as hex strings).
#include <gtest/gtest.h>

#include "harness/ac/scenario.h"
#include "support/ac_fixtures.h"

namespace {

using namespace retroanim::ac;
using namespace retroanim::ac::test;

TEST(ScenarioHooks, AnimationDoneIsTypeAndDirectionOnly) {
  EXPECT_EQ(hook_to_json(anim_done_hook()).dump(), R"({"type":4,"direction":-2})");
}

TEST(ScenarioHooks, PayloadIdsAreNumbers) {
  EXPECT_EQ(hook_to_json(hook(AnimationHookType::kSound, AnimationHookDir::kForward, SoundHookData{0x0A000001u})).dump(),
            R"({"type":1,"direction":1,"sound_id":167772161})");
  EXPECT_EQ(hook_to_json(hook(AnimationHookType::kReplaceObject, AnimationHookDir::kBoth,
                              ReplaceObjectHookData{2, 0x01000123u}))
                .dump(),
            R"({"type":5,"direction":0,"part_index":2,"part_id":16777507})");
  EXPECT_EQ(hook_to_json(sound_table_hook()).dump(), R"({"type":2,"direction":1,"sound_type":17})");
}

}  // namespace
