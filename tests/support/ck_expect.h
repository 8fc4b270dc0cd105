// Expectations on ck data shared by the test programs.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "retroanim/ck/anim/keyframes.h"

namespace retroanim::test {

// `keys` (TCB keys) stand at `times`, one key a time, each with tension,
// continuity, bias and both eases 0.
template <typename Key>
void expect_plain_tcb_keys(const std::vector<Key>& keys, std::span<const float> times) {
  ASSERT_EQ(keys.size(), times.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    EXPECT_EQ(keys[i].time, times[i]) << "key " << i;
    EXPECT_EQ(keys[i].tension, 0.0f) << "key " << i;
    EXPECT_EQ(keys[i].continuity, 0.0f) << "key " << i;
    EXPECT_EQ(keys[i].bias, 0.0f) << "key " << i;
    EXPECT_EQ(keys[i].ease_to, 0.0f) << "key " << i;
    EXPECT_EQ(keys[i].ease_from, 0.0f) << "key " << i;
  }
}

}  // namespace retroanim::test
