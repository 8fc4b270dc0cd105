// Behaviour-graph fixtures shared by the .nmo writer's tests
// (tests/ck/io/test_behavior_writer.cpp) and their CLI side
// (tests/cli/test_cli_ck_behavior_writer.cpp): a comparison of two graphs over
// every field the reader fills, and a small composition built in memory.
#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/behavior/behavior_graph_builder.h"
#include "retroanim/ck/io/behavior_loader.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"
#include "support/ck_behavior_fixtures.h"

namespace retroanim::ck::test {

// Two 2D curves with the same points, bit for bit.
inline bool same_curve(const std::shared_ptr<Curve2d>& a, const std::shared_ptr<Curve2d>& b) {
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
inline std::string graph_difference(const BehaviorGraphDesc& a, const BehaviorGraphDesc& b) {
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

// A curve of four points, a camera, and a stone with a 60-frame recording.
inline Scene build_scene() {
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

}  // namespace retroanim::ck::test
