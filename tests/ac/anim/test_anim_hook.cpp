// ac/anim/anim_hook.cpp: the hook types' names and the sequence's static
// AnimationDone hook.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <variant>

#include "retroanim/ac/anim/anim_hook.h"

namespace {

using retroanim::ac::AnimationHookDir;
using retroanim::ac::AnimationHookType;
using retroanim::ac::hook_type_name;

TEST(AnimHook, TypeNamesFollowTheEnumerators) {
  EXPECT_EQ(hook_type_name(AnimationHookType::kNoOp), "NoOp");
  EXPECT_EQ(hook_type_name(AnimationHookType::kSoundTable), "SoundTable");
  EXPECT_EQ(hook_type_name(AnimationHookType::kAnimationDone), "AnimationDone");
  EXPECT_EQ(hook_type_name(AnimationHookType::kCallPES), "CallPES");
  EXPECT_EQ(hook_type_name(AnimationHookType::kTextureVelocityPart), "TextureVelocityPart");
  EXPECT_EQ(hook_type_name(AnimationHookType::kCreateBlockingParticle), "CreateBlockingParticle");
}

TEST(AnimHook, EveryTypeHasItsOwnNameAndOthersAreUnknown) {
  // Types 0..26 are the client's hook types: 27 distinct names, none "Unknown".
  std::set<std::string> names;
  for (uint32_t t = 0; t <= 26; ++t) {
    const std::string name(hook_type_name(static_cast<AnimationHookType>(t)));
    EXPECT_NE(name, "Unknown") << t;
    names.insert(name);
  }
  EXPECT_EQ(names.size(), 27u);
  EXPECT_EQ(hook_type_name(static_cast<AnimationHookType>(27)), "Unknown");
  EXPECT_EQ(hook_type_name(static_cast<AnimationHookType>(0xFFFFFFFFu)), "Unknown");
}

TEST(AnimHook, AnimDoneHookIsTypeFourDirectionMinusTwoWithoutPayload) {
  const retroanim::ac::AnimationHook& h = retroanim::ac::anim_done_hook();
  EXPECT_EQ(h.type, AnimationHookType::kAnimationDone);
  EXPECT_EQ(static_cast<uint32_t>(h.type), 4u);
  EXPECT_EQ(h.direction, AnimationHookDir::kUnknown);
  EXPECT_EQ(static_cast<int32_t>(h.direction), -2);
  EXPECT_TRUE(std::holds_alternative<retroanim::ac::NoHookData>(h.data));
  EXPECT_EQ(h.tag, 0u);
  EXPECT_EQ(&retroanim::ac::anim_done_hook(), &h);  // one static hook, handed out by reference
}

}  // namespace
