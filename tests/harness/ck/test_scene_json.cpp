// harness/ck/scene_json.cpp: what `ck info` reports, on scenes built here:
// the write mode as text, an entity's JSON and detail line, a keyed
// animation's, a mesh's, a material's and an embedded texture's, and the
// header of a scene not read from a file.
#include <gtest/gtest.h>

#include <memory>

#include "harness/ck/scene_json.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/io/nmo_file.h"

namespace {

using namespace retroanim::ck;
using namespace retroanim::ck::io;

TEST(SceneJson, WriteModeBitsAsText) {
  EXPECT_EQ(write_mode_text(write_mode::kUncompressed), "uncompressed");
  EXPECT_EQ(write_mode_text(write_mode::kWholeCompressed), "whole compressed");
  EXPECT_EQ(write_mode_text(write_mode::kChunkCompressedOld | write_mode::kForViewer | write_mode::kWholeCompressed),
            "chunk compressed|for viewer|whole compressed");
  EXPECT_EQ(write_mode_text(write_mode::kExternalTextures), "external textures");
  EXPECT_EQ(write_mode_text(0x10), "");  // an unknown bit alone names nothing
}

TEST(SceneJson, AnEntityWithItsPositionAndParent) {
  Scene s;
  Entity3d* parent = s.add_entity(class_id::k3dEntity, "Parent");
  Entity3d* child = s.add_entity(class_id::k3dEntity, "Child");
  child->set_position({1.5f, -2.0f, 30.0f});
  ASSERT_TRUE(child->set_parent(parent));
  const ObjectRecord& r = s.objects()[1];
  EXPECT_EQ(scene_object_details_text(s, r), "position (1.5, -2, 30), parent Parent");
  EXPECT_EQ(scene_object_details_text(s, s.objects()[0]), "position (0, 0, 0)");
  EXPECT_EQ(scene_object_json(s, r).dump(),
            R"({"id":"0x00000002","class":33,"class_name":"3dEntity","name":"Child","file_index":1,)"
            R"("position":[1.5,-2.0,30.0],"parent":"Parent"})");
}

TEST(SceneJson, ARecordWithoutARuntimeObjectHasOnlyItsIdentity) {
  Scene s;
  ObjectRecord r;
  r.id = 0x1234;
  r.class_id = 30;  // CKCID_MATERIAL
  r.name = "Mat";
  s.add_record(r);
  EXPECT_EQ(scene_object_details_text(s, s.objects()[0]), "");
  EXPECT_EQ(scene_object_json(s, s.objects()[0]).dump(),
            R"({"id":"0x00001234","class":30,"class_name":"Material","name":"Mat","file_index":0})");
}

TEST(SceneJson, AKeyedAnimationNamesItsRootAndMembers) {
  Scene s;
  Entity3d* root = s.add_entity(class_id::k3dEntity, "Root");
  ObjectRecord& ar = s.add_record([] {
    ObjectRecord r;
    r.class_id = 15;
    r.name = "Member";
    return r;
  }());
  ObjectAnimation* member = s.adopt_object_animation(ar, std::make_shared<ObjectAnimation>());
  member->name = "Member";
  member->entity = root;
  ObjectRecord& kr = s.add_record([] {
    ObjectRecord r;
    r.class_id = 18;
    r.name = "Keyed";
    return r;
  }());
  auto keyed = std::make_shared<KeyedAnimation>();
  keyed->length = 100.0f;
  keyed->frame_rate = 30.0f;
  keyed->root_entity = root;
  keyed->animations = {member};
  s.adopt_keyed_animation(kr, keyed);
  const ObjectRecord& k = s.objects()[2];
  EXPECT_EQ(scene_object_details_text(s, k), "length 100 frames, 30 fps, root Root, animations: Member");
  const SceneJson j = scene_object_json(s, k);
  EXPECT_EQ(j["class_name"], "KeyedAnimation");
  EXPECT_EQ(j["root_entity"], "Root");
  EXPECT_EQ(j["animations"].dump(), R"(["Member"])");
  // The member: no controllers, its entity named.
  const SceneJson m = scene_object_json(s, s.objects()[1]);
  EXPECT_EQ(m["entity"], "Root");
  EXPECT_EQ(m["controllers"].dump(), "[]");
}

TEST(SceneJson, TheHeaderOfABuiltScene) {
  Scene s;
  s.file_info().header.write_mode = write_mode::kWholeCompressed;
  s.file_info().header.crc = 0xABCDu;
  const SceneJson h = scene_header_json(s, "built.nmo");
  EXPECT_EQ(h.begin().key(), "file");
  EXPECT_EQ(h["file"], "built.nmo");
  EXPECT_EQ(h["write_mode_text"], "whole compressed");
  EXPECT_EQ(h["crc"], "0x0000abcd");
  EXPECT_EQ(h["crc_verified"], false);  // computed_crc (0: no file was read) is not the header's crc
  EXPECT_EQ(h["plugin_dependency_count"], 0u);
  EXPECT_EQ(h["trailing_byte_count"], 0u);
}

TEST(SceneJson, AMeshAMaterialAndATexture) {
  Scene s;
  auto add = [&](uint32_t cls, const std::string& name) -> ObjectRecord& {
    ObjectRecord r;
    r.class_id = cls;
    r.name = name;
    return s.add_record(r);
  };
  ObjectRecord& tr = add(31, "Tex");
  auto t = std::make_unique<Texture>();
  TextureSlot slot;
  slot.source = TextureSource::kRawPixels;
  slot.width = 8;
  slot.height = 4;
  t->slots.push_back(slot);
  s.adopt_texture(tr, std::move(t));
  ObjectRecord& mr = add(30, "Mat");
  auto m = std::make_unique<Material>();
  m->diffuse = {1.0f, 0.5f, 0.25f, 1.0f};
  m->textures[0] = 0;
  m->two_sided = true;
  s.adopt_material(mr, std::move(m));
  ObjectRecord& gr = add(32, "Geo");
  auto g = std::make_unique<Mesh>();
  g->positions.resize(3);
  g->faces.resize(1);
  g->materials = {1, kNoObject};
  g->normals_stored = true;
  s.adopt_mesh(gr, std::move(g));
  EXPECT_EQ(scene_object_details_text(s, s.objects()[0]), "embedded raw, 8 x 4");
  EXPECT_EQ(scene_object_details_text(s, s.objects()[1]), "diffuse (1, 0.5, 0.25, 1), texture Tex, two-sided");
  EXPECT_EQ(scene_object_details_text(s, s.objects()[2]), "3 vertices, 1 face, materials: Mat -");
  const SceneJson tj = scene_object_json(s, s.objects()[0]);
  EXPECT_EQ(tj["image"], "embedded");
  EXPECT_EQ(tj["format"], "raw");
  EXPECT_EQ(tj["width"], 8u);
  const SceneJson gj = scene_object_json(s, s.objects()[2]);
  EXPECT_EQ(gj["materials"].dump(), R"(["Mat",null])");
  EXPECT_EQ(gj["normals_stored"], true);
}

}  // namespace
