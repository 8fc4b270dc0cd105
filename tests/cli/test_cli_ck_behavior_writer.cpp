// Files with behaviour graphs the .nmo writer saved, through the CLI:
// MenuLevel.nmo re-saved with freshly written behaviour chunks plays as the
// original under `ck play`, and a keyed animation's members without an entity
// are reported by `ck anim`.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "retroanim/ck/behavior/behavior_graph_builder.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"
#include "retroanim/ck/io/behavior_loader.h"
#include "retroanim/ck/io/behavior_writer.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "harness/ck/scenario.h"
#include "retroanim/ck/behavior/scene_behaviors.h"
#include "retroanim/error.h"
#include "support/ck_behavior_fixtures.h"
#include "support/test_support.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using retroanim::test::run_cli;

// ---- graph comparison (every field the reader fills) ----

bool same_curve(const std::shared_ptr<Curve2d>& a, const std::shared_ptr<Curve2d>& b) {
  if (!a || !b) return a == b;
  if (a->points().size() != b->points().size() || a->fitting() != b->fitting()) return false;
  for (size_t i = 0; i < a->points().size(); ++i) {
    const Curve2dPoint &p = a->points()[i], &q = b->points()[i];
    if (std::memcmp(&p.pos, &q.pos, sizeof p.pos) != 0 || p.tension != q.tension || p.continuity != q.continuity ||
        p.bias != q.bias || p.flags() != q.flags() || std::memcmp(&p.in_tangent, &q.in_tangent, sizeof p.in_tangent) != 0 ||
        std::memcmp(&p.out_tangent, &q.out_tangent, sizeof p.out_tangent) != 0)
      return false;
  }
  return true;
}

// An empty string when the graphs are the same, else what differs first.
std::string graph_difference(const BehaviorGraphDesc& a, const BehaviorGraphDesc& b) {
  if (a.objects.size() != b.objects.size())
    return "object count " + std::to_string(a.objects.size()) + " vs " + std::to_string(b.objects.size());
  if (a.script_owners != b.script_owners) return "script owners";
  for (size_t i = 0; i < a.objects.size(); ++i) {
    const SavedObject &x = a.objects[i], &y = b.objects[i];
    const std::string at = "object " + std::to_string(x.index) + " '" + x.name + "': ";
    if (x.kind != y.kind || x.index != y.index || x.id != y.id || x.name != y.name) return at + "kind/index/id/name";
    switch (x.kind) {
      case SavedObjectKind::kBehaviorIO:
        if (x.io.flags != y.io.flags) return at + "IO flags";
        break;
      case SavedObjectKind::kParameterIn:
        if (x.parameter_in.type != y.parameter_in.type || x.parameter_in.source != y.parameter_in.source ||
            x.parameter_in.shared != y.parameter_in.shared || x.parameter_in.enabled != y.parameter_in.enabled)
          return at + "pin";
        break;
      case SavedObjectKind::kLink:
        if (x.link.delay != y.link.delay || x.link.initial_delay != y.link.initial_delay ||
            x.link.source != y.link.source || x.link.destination != y.link.destination)
          return at + "link";
        break;
      case SavedObjectKind::kBehavior: {
        const SavedBehavior &p = x.behavior, &q = y.behavior;
        if (p.flags != q.flags || p.prototype_guid != q.prototype_guid || p.version != q.version ||
            p.priority != q.priority || p.compatible_class_id != q.compatible_class_id || p.target != q.target ||
            p.subs != q.subs || p.sub_links != q.sub_links || p.in_params != q.in_params ||
            p.out_params != q.out_params || p.locals != q.locals || p.inputs != q.inputs || p.outputs != q.outputs ||
            p.operations != q.operations || p.scene_flags != q.scene_flags)
          return at + "behaviour";
        break;
      }
      default: {
        const SavedParameter &p = x.parameter, &q = y.parameter;
        const SavedParameterValue &v = p.value, &w = q.value;
        if (p.type != q.type || p.destinations != q.destinations || p.is_myself != q.is_myself ||
            p.is_setting != q.is_setting)
          return at + "parameter";
        if (v.form != w.form || v.text != w.text || v.object != w.object || v.int_value != w.int_value ||
            v.manager != w.manager || !same_curve(v.curve, w.curve))
          return at + "value";
        // A string read back carries its whole buffer; a built one only its text.
        if (v.form != SavedParameterValue::Form::kString && v.bytes != w.bytes) return at + "value bytes";
      }
    }
  }
  return {};
}

// ---- a small composition built in memory ----

// A curve of four points, a camera, and a stone with a 60-frame recording.
Scene build_scene() {
  Scene s;
  Curve* curve = retroanim::test::add_curve(s, "Path");
  const math::Vec3 pts[4] = {{10, 0, 0}, {0, 0, 10}, {-10, 0, 0}, {0, 0, -10}};
  for (int i = 0; i < 4; ++i) {
    ObjectRecord pr;
    pr.class_id = class_id::kCurvePoint;
    pr.name = "Path_Point" + std::to_string(i);
    ObjectRecord& prec = s.add_record(pr);
    auto p = std::make_unique<CurvePoint>();
    CurvePoint* raw = p.get();
    raw->set_position(pts[i]);
    s.adopt_entity(prec, std::move(p));
    s.objects().back().curve_point = raw;
    curve->add_control_point(raw);
  }
  curve->close();
  s.add_entity(class_id::k3dEntity, "Camera");
  Entity3d* stone = s.add_entity(class_id::k3dEntity, "Stone");
  auto anim = std::make_shared<ObjectAnimation>();
  anim->name = "Roll";
  anim->entity = stone;
  std::vector<PositionKey> keys;
  for (int k = 0; k < 60; ++k) {
    PositionKey pk;
    pk.time = static_cast<float>(k);
    pk.value = {static_cast<float>(k), 0.5f * static_cast<float>(k % 7), 1.0f};
    keys.push_back(pk);
  }
  VectorController pc;
  pc.keys = keys;
  anim->keyframes.position = pc;
  anim->keyframes.set_length(60.0f);
  ObjectRecord ar;
  ar.class_id = class_id::kObjectAnimation;
  ar.name = "Roll";
  s.adopt_object_animation(s.add_record(ar), anim);
  s.reindex();
  return s;
}

std::string write_temp(const std::vector<uint8_t>& bytes, const std::string& name) {
  const std::string path = retroanim::test::temp_dir() + "/" + name;
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return path;
}

// MenuLevel.nmo with every behaviour chunk written afresh from the graph (no
// saved chunk to merge into: only the scripts' and blocks' schematic
// interfaces are lost), saved and loaded: `ck play` prints the same traces as
// on the original, for both built-ins and for MenuLevel_Init run as saved.
TEST(CliCkBehaviorWriter, MenuLevelResavedWithFreshBehaviourChunksPlaysTheSame) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene scene = io::load_scene_file(path);
  const BehaviorGraphDesc graph = io::read_behavior_graph(scene);
  for (const SavedObject& o : graph.objects) scene.at(o.index)->chunk.reset();
  io::save_behavior_graph(scene, graph);
  // Beside copies of the game files, as the original is (its scripts get objects from them by name).
  const std::string resaved = retroanim::test::write_beside(io::save_scene(scene), "MenuLevel.nmo",
                                                            retroanim::test::game_files_except("MenuLevel.nmo"));
  EXPECT_EQ(graph_difference(graph, io::read_behavior_graph(io::load_scene_file(resaved))), "");
  EXPECT_EQ(list_building_blocks(io::load_scene_file(resaved)).size(), list_building_blocks(io::load_scene_file(path)).size());
  for (const std::string& scenario :
       {std::string("menu-camera"), std::string("stone"),
        std::string(R"('{"script":{"name":"MenuLevel_Init"},"record":["Cam_MenuLevel"]}')")}) {
    const std::string args = " --scenario " + scenario + " --seconds 3 --json";
    auto a = run_cli("ck play '" + path + "'" + args);
    auto b = run_cli("ck play '" + resaved + "'" + args);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(a.out, b.out) << scenario;
    EXPECT_EQ(a.err, b.err) << scenario;
    EXPECT_FALSE(a.out.empty());
  }
}

// `ck anim --keyed` says which members it skips: a member without an entity.
TEST(CliCkBehaviorWriter, KeyedMembersWithoutAnEntityAreReported) {
  Scene scene = build_scene();
  auto keyed = std::make_shared<KeyedAnimation>();
  keyed->name = "Group";
  keyed->animations.push_back(scene.object_animation("Roll"));
  auto lonely = std::make_shared<ObjectAnimation>();
  lonely->name = "Lonely";
  lonely->keyframes.set_length(60.0f);
  ObjectRecord lr;
  lr.class_id = class_id::kObjectAnimation;
  lr.name = "Lonely";
  scene.adopt_object_animation(scene.add_record(lr), lonely);
  keyed->animations.push_back(lonely.get());
  keyed->length = 60.0f;
  ObjectRecord kr;
  kr.class_id = class_id::kKeyedAnimation;
  kr.name = "Group";
  scene.adopt_keyed_animation(scene.add_record(kr), keyed);
  scene.reindex();
  const std::string file = write_temp(io::save_scene(scene), "keyed_lonely.nmo");
  auto r = run_cli("ck anim '" + file + "' --keyed Group --frames 0,30");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Stone (Roll)"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "retroanim: warning: " + file +
                       ": keyed animation 'Group': member 'Lonely' has no entity; it is skipped\n");
}

}  // namespace
