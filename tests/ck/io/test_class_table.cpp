// ck/io/class_table.cpp: the CK_CLASSID table (Virtools-SDK-2.1 CKDefines.h):
// names, parents and CKIsChildClassOf.
#include <gtest/gtest.h>

#include "retroanim/ck/io/class_table.h"

namespace {

using retroanim::ck::io::class_name;
using retroanim::ck::io::find_class;
using retroanim::ck::io::is_child_class_of;

TEST(ClassTable, KnownClassesHaveTheirSdkNameAndParent) {
  const retroanim::ck::io::ClassInfo* c = find_class(43);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->id, 43u);
  EXPECT_STREQ(c->name, "Curve");
  EXPECT_EQ(c->parent, 33u);  // CK3dEntity
  EXPECT_EQ(class_name(33), "3dEntity");
  EXPECT_EQ(class_name(18), "KeyedAnimation");
  EXPECT_EQ(class_name(1), "Object");
  EXPECT_EQ(find_class(1)->parent, 0u);  // the root
}

TEST(ClassTable, UnknownIdsAreNamedByNumber) {
  for (uint32_t id : {0u, 7u, 14u, 44u, 54u, 127u, 128u, 0xFFFFFFFFu}) {
    EXPECT_EQ(find_class(id), nullptr) << id;
    EXPECT_EQ(class_name(id), "Class " + std::to_string(id));
  }
}

TEST(ClassTable, EveryParentIsAKnownClassAndEveryChainEndsAtObject) {
  int known = 0;
  for (uint32_t id = 0; id < 200; ++id) {
    const retroanim::ck::io::ClassInfo* c = find_class(id);
    if (!c) continue;
    ++known;
    EXPECT_TRUE(is_child_class_of(id, 1)) << c->name;  // everything is a CKObject
    if (id != 1) {
      EXPECT_NE(find_class(c->parent), nullptr) << c->name;
    }
  }
  EXPECT_EQ(known, 49);  // ids 1..53 without 7, 14, 17 and 44
}

TEST(ClassTable, IsChildClassOfFollowsTheParents) {
  EXPECT_TRUE(is_child_class_of(35, 35));  // TargetCamera is itself
  EXPECT_TRUE(is_child_class_of(35, 34));  // ... a Camera
  EXPECT_TRUE(is_child_class_of(35, 33));  // ... a 3dEntity
  EXPECT_TRUE(is_child_class_of(35, 47));  // ... a RenderObject
  EXPECT_TRUE(is_child_class_of(35, 19));  // ... a BeObject
  EXPECT_FALSE(is_child_class_of(34, 35));  // not the other way round
  EXPECT_FALSE(is_child_class_of(43, 36));  // Curve and CurvePoint are siblings
  EXPECT_TRUE(is_child_class_of(3, 46));   // ParameterOut derives from Parameter
  EXPECT_FALSE(is_child_class_of(2, 46));  // ParameterIn does not
  EXPECT_TRUE(is_child_class_of(200, 200));  // an unknown class is only itself
  EXPECT_FALSE(is_child_class_of(200, 1));
}

}  // namespace
