// ck/io/scene.cpp: a composition's object records, look-ups by name, class
// and file index, the runtime objects a scene owns, and moves.
#include <gtest/gtest.h>

#include <memory>
#include <utility>

#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/io/scene.h"

namespace {

using namespace retroanim::ck;
namespace cid = retroanim::ck::class_id;

ObjectRecord record(ObjectId id, uint32_t klass, const char* name) {
  ObjectRecord r;
  r.id = id;
  r.class_id = klass;
  r.name = name;
  return r;
}

TEST(Scene, RecordsTakeTheirPositionAndAMissingIdTheLargestPlusOne) {
  Scene s;
  EXPECT_TRUE(s.objects().empty());
  EXPECT_EQ(s.add_record(record(10, cid::k3dEntity, "a")).file_index, 0);
  EXPECT_EQ(s.add_record(record(4, cid::k3dEntity, "b")).file_index, 1);
  const ObjectRecord& c = s.add_record(record(0, cid::k3dEntity, "c"));
  EXPECT_EQ(c.id, 11u);  // max(10, 4) + 1
  EXPECT_EQ(c.file_index, 2);
  EXPECT_EQ(s.resolver().object_count, 3u);
  ASSERT_NE(s.resolver().id_to_index, nullptr);
  EXPECT_EQ(s.resolver().id_to_index->at(4), 1);
}

TEST(Scene, AtChecksTheIndex) {
  Scene s;
  s.add_record(record(1, cid::k3dEntity, "a"));
  ASSERT_NE(s.at(0), nullptr);
  EXPECT_EQ(s.at(0)->name, "a");
  EXPECT_EQ(s.at(io::kNoObject), nullptr);
  EXPECT_EQ(s.at(1), nullptr);
  EXPECT_EQ(s.at(-7), nullptr);
}

TEST(Scene, FindTakesTheFirstOfTheNameWhoseClassDerives) {
  Scene s;
  s.add_record(record(1, cid::kCurvePoint, "Path"));  // a CurvePoint is a 3dEntity, not a Curve
  s.add_record(record(2, 43, "Path"));               // CKCID_CURVE
  s.add_record(record(3, 15, "Path"));               // CKCID_OBJECTANIMATION
  EXPECT_EQ(s.find("Path")->id, 1u);                 // any class
  EXPECT_EQ(s.find("Path", 43)->id, 2u);
  EXPECT_EQ(s.find("Path", cid::k3dEntity)->id, 1u);  // derived classes count
  EXPECT_EQ(s.find("Path", 15)->id, 3u);
  EXPECT_EQ(s.find("Path", 18), nullptr);  // no KeyedAnimation of that name
  EXPECT_EQ(s.find("path"), nullptr);      // names compare exactly
  const auto entities = s.all_of_class(cid::k3dEntity);
  ASSERT_EQ(entities.size(), 2u);  // the point and the curve, in file order
  EXPECT_EQ(entities[0]->id, 1u);
  EXPECT_EQ(entities[1]->id, 2u);
}

TEST(Scene, TypedLookUpsNeedTheRuntimeObject) {
  Scene s;
  s.add_record(record(1, cid::k3dEntity, "Cam"));  // a record without an entity
  Entity3d* e = s.add_entity(cid::k3dEntity, "Cam");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->name, "Cam");
  EXPECT_EQ(s.entity("Cam"), e);  // the first record named Cam that has an entity
  EXPECT_EQ(s.objects()[1].id, 2u);
  EXPECT_EQ(s.curve("Cam"), nullptr);
  EXPECT_EQ(s.object_animation("Cam"), nullptr);
  EXPECT_EQ(s.entity("Nobody"), nullptr);
}

TEST(Scene, IndexOfTheOwnedObjects) {
  Scene s;
  Entity3d* e = s.add_entity(cid::k3dEntity, "E");
  ObjectRecord& r = s.add_record(record(0, 15, "Anim"));
  ObjectAnimation* a = s.adopt_object_animation(r, std::make_shared<ObjectAnimation>());
  EXPECT_EQ(s.index_of(e), 0);
  EXPECT_EQ(s.index_of(a), 1);
  EXPECT_EQ(s.object_animation("Anim"), a);
  EXPECT_EQ(s.index_of(static_cast<const Entity3d*>(nullptr)), io::kNoObject);
  Entity3d stranger;
  EXPECT_EQ(s.index_of(&stranger), io::kNoObject);
}

TEST(Scene, ReindexRenumbersAfterRecordsChange) {
  Scene s;
  s.add_entity(cid::k3dEntity, "first");
  Entity3d* second = s.add_entity(cid::k3dEntity, "second");
  s.objects().erase(s.objects().begin());
  s.reindex();
  EXPECT_EQ(s.objects()[0].file_index, 0);
  EXPECT_EQ(s.index_of(second), 0);
  EXPECT_EQ(s.resolver().object_count, 1u);
  EXPECT_EQ(s.resolver().id_to_index->count(1), 0u);  // the erased record's id is gone
  EXPECT_EQ(s.resolver().id_to_index->at(2), 0);
}

TEST(Scene, AMoveKeepsTheObjectsAndTheResolverPointsAtTheNewScene) {
  Scene s;
  Entity3d* e = s.add_entity(cid::k3dEntity, "E");
  Scene t(std::move(s));
  EXPECT_EQ(t.entity("E"), e);  // the same runtime object
  EXPECT_EQ(t.index_of(e), 0);
  ASSERT_NE(t.resolver().id_to_index, nullptr);
  EXPECT_EQ(t.resolver().id_to_index->at(1), 0);
  t.add_record(record(0, cid::k3dEntity, "F"));  // the resolver sees records added after the move
  EXPECT_EQ(t.resolver().id_to_index->at(2), 1);
  Scene u;
  u = std::move(t);
  EXPECT_EQ(u.entity("E"), e);
  EXPECT_EQ(u.resolver().id_to_index->at(2), 1);
}

}  // namespace
