// ck/anim/controllers.cpp (issue 31): a bare type-8 block is not a
// controller, as CK2_3D's CreateController skips it (docs/FIDELITY.md).
#include <cmath>
#include <memory>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/ck/anim/curve2d.h"
#include "retroanim/ck/scene/entity.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;

// Point 4 (CreateController FUN_1004a922).
TEST(Ck2_3dControllers, BareScaleAxisTypeIsNotAController) {
  EXPECT_FALSE(controller_kind(controller_type::kScaleAxisBase).has_value());
  KeyframeData data;
  const uint32_t block[] = {1, 0, 0, 0, 0, 0x3f800000};
  EXPECT_EQ(decode_controller(data, controller_type::kScaleAxisBase, block), 0u);
  EXPECT_FALSE(data.scale_axis.has_value());
  // The other bare ids stay linear controllers.
  for (uint32_t base : {controller_type::kPositionBase, controller_type::kRotationBase, controller_type::kScaleBase})
    EXPECT_EQ(controller_kind(base)->interpolation, Interpolation::kLinear) << base;
}

}  // namespace
