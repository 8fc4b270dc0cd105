// Entity hierarchy: world = parent.world ∘ local, children follow their parent.
#include <gtest/gtest.h>

#include "retroanim/ck/entity.h"

using namespace retroanim;
using math::Matrix;
using math::Vec3;

TEST(Entity3d, ChildFollowsParentUnlessKept) {
  ck::Entity3d parent, child;
  Matrix pw;
  pw.set_row(3, {10, 0, 0});
  parent.set_world_matrix(pw);
  Matrix cl;
  cl.set_row(3, {0, 1, 0});
  child.set_parent(&parent, false);
  child.set_local_matrix(cl);
  EXPECT_EQ(child.get_position(), Vec3(10, 1, 0));
  // Move the parent: the child moves with it.
  parent.set_position({20, 0, 0});
  EXPECT_EQ(child.get_position(), Vec3(20, 1, 0));
  // Keep children: the child stays, its local matrix changes.
  parent.set_position({30, 0, 0}, nullptr, true);
  EXPECT_EQ(child.get_position(), Vec3(20, 1, 0));
  EXPECT_EQ(child.local_matrix().row(3), Vec3(-10, 1, 0));
  // Position relative to a reference entity.
  EXPECT_EQ(child.get_position(&parent), Vec3(-10, 1, 0));
}
