// Entity hierarchy: world = parent.world ∘ local, children follow their parent.
#include <gtest/gtest.h>

#include "retroanim/ck/scene/entity.h"

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

TEST(Entity3d, SetParentRefusesCycles) {
  ck::Entity3d a, b, c;
  EXPECT_TRUE(b.set_parent(&a));
  EXPECT_TRUE(c.set_parent(&b));
  EXPECT_FALSE(a.set_parent(&c));  // c is a's grandchild
  EXPECT_FALSE(a.set_parent(&b));  // b is a's child
  EXPECT_FALSE(a.set_parent(&a));  // itself
  EXPECT_EQ(a.parent(), nullptr);
  EXPECT_EQ(a.children().size(), 1u);
  EXPECT_TRUE(c.set_parent(&a));  // re-parenting within the tree is fine
  EXPECT_EQ(b.children().size(), 0u);
  EXPECT_EQ(a.children().size(), 2u);
}

TEST(Entity3d, DestroyedParentLeavesItsChildrenAsRootsInPlace) {
  ck::Entity3d child;
  Matrix cl;
  cl.set_row(3, {0, 1, 0});
  {
    ck::Entity3d parent;
    Matrix pw;
    pw.set_row(3, {10, 0, 0});
    parent.set_world_matrix(pw);
    child.set_parent(&parent, false);
    child.set_local_matrix(cl);
    ASSERT_EQ(parent.children().size(), 1u);
  }
  EXPECT_EQ(child.parent(), nullptr);
  EXPECT_EQ(child.get_position(), Vec3(10, 1, 0));             // world kept
  EXPECT_EQ(child.local_matrix().row(3), Vec3(10, 1, 0));      // now its local matrix
  child.local_matrix_changed();                                // and nothing dangles
  EXPECT_EQ(child.get_position(), Vec3(10, 1, 0));
}

TEST(Entity3d, DestroyedChildLeavesItsParent) {
  ck::Entity3d parent;
  {
    ck::Entity3d child;
    child.set_parent(&parent);
    ASSERT_EQ(parent.children().size(), 1u);
  }
  EXPECT_TRUE(parent.children().empty());
  parent.set_position({1, 2, 3});  // would touch a dangling child before
  EXPECT_EQ(parent.get_position(), Vec3(1, 2, 3));
}
