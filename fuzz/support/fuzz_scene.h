// A small composition built in memory for the fuzz targets and their seed
// generator (never from a game file): a closed curve of 3 points, an entity
// "E" with a child "Child", an object animation "A" on E (linear position,
// rotation and scale keys) and a keyed animation "K" holding A.
#pragma once

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "retroanim/ck/anim/controllers.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"
#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"

namespace retroanim::fuzz {

inline ck::Scene make_scene() {
  ck::Scene s;
  auto add = [&s](uint32_t cls, const std::string& name) -> ck::ObjectRecord& {
    ck::ObjectRecord r;
    r.class_id = cls;
    r.name = name;
    r.id = static_cast<ck::ObjectId>(100 + s.objects().size());
    return s.add_record(r);
  };
  ck::ObjectRecord& crec = add(ck::class_id::kCurve, "Curve");
  auto curve_owned = std::make_unique<ck::Curve>();
  ck::Curve* curve = curve_owned.get();
  curve->name = "Curve";
  s.adopt_entity(crec, std::move(curve_owned));
  s.objects().back().curve = curve;
  const math::Vec3 pts[3] = {{10, 0, 0}, {0, 5, 10}, {-10, 0, 0}};
  for (int i = 0; i < 3; ++i) {
    ck::ObjectRecord& prec = add(ck::class_id::kCurvePoint, "Point" + std::to_string(i));
    auto pt_owned = std::make_unique<ck::CurvePoint>();
    ck::CurvePoint* pt = pt_owned.get();
    pt->name = "Point" + std::to_string(i);
    pt->set_position(pts[i]);
    pt->set_tension(-0.5f);
    s.adopt_entity(prec, std::move(pt_owned));
    s.objects().back().curve_point = pt;
    s.objects()[0].curve->add_control_point(pt);
  }
  s.objects()[0].curve->close();
  ck::ObjectRecord& erec = add(ck::class_id::k3dEntity, "E");
  auto e_owned = std::make_unique<ck::Entity3d>();
  e_owned->name = "E";
  ck::Entity3d* e = s.adopt_entity(erec, std::move(e_owned));
  ck::ObjectRecord& crec2 = add(41, "Child");  // CKCID_3DOBJECT
  auto c_owned = std::make_unique<ck::Entity3d>();
  c_owned->name = "Child";
  ck::Entity3d* child = s.adopt_entity(crec2, std::move(c_owned));
  child->set_parent(e, true);

  auto anim = std::make_shared<ck::ObjectAnimation>();
  anim->name = "A";
  anim->entity = e;
  std::vector<ck::PositionKey> pos, scale;
  std::vector<ck::RotationKey> rot;
  for (int k = 0; k < 4; ++k) {
    const float t = static_cast<float>(k) * 10.0f;
    ck::PositionKey pk;
    pk.time = t;
    pk.value = {t, 1.0f, -t};
    pos.push_back(pk);
    ck::RotationKey rk;
    rk.time = t;
    rk.value = {0.0f, std::sin(0.1f * t), 0.0f, std::cos(0.1f * t)};
    rot.push_back(rk);
    ck::PositionKey sk;
    sk.time = t;
    sk.value = {1.0f, 1.0f + 0.1f * static_cast<float>(k), 1.0f};
    scale.push_back(sk);
  }
  ck::VectorController pc, sc;
  ck::QuatController qc;
  pc.keys = pos;
  qc.keys = rot;
  sc.keys = scale;
  anim->keyframes.position = pc;
  anim->keyframes.rotation = qc;
  anim->keyframes.scale = sc;
  anim->keyframes.set_length(30.0f);
  ck::ObjectRecord& arec = add(ck::class_id::kObjectAnimation, "A");
  ck::ObjectAnimation* a = s.adopt_object_animation(arec, anim);

  auto keyed = std::make_shared<ck::KeyedAnimation>();
  keyed->name = "K";
  keyed->length = 30.0f;
  keyed->root_entity = e;
  keyed->animations.push_back(a);
  ck::ObjectRecord& krec = add(ck::class_id::kKeyedAnimation, "K");
  s.adopt_keyed_animation(krec, keyed);
  s.reindex();
  return s;
}

}  // namespace retroanim::fuzz
