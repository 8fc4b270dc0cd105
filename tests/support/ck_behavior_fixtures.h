// Helpers for the building-block tests: a curve that owns its points, a
// linear object animation on an entity, a one-block script, and a written
// file placed beside copies of the game files it runs with.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "retroanim/ck/behavior/behavior_manager.h"
#include "retroanim/ck/anim/controllers.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/anim/object_animation.h"
#include "support/test_support.h"

namespace retroanim::test {

// A curve and the points it references, built from world positions.
struct BbCurve {
  std::vector<std::unique_ptr<ck::CurvePoint>> points;
  ck::Curve curve;  // declared after the points: destroyed first

  BbCurve(const std::vector<math::Vec3>& world_positions, bool closed, float tension = 0.0f) {
    for (const math::Vec3& p : world_positions) {
      auto pt = std::make_unique<ck::CurvePoint>();
      pt->set_position(p);
      pt->set_tension(tension);
      curve.add_control_point(pt.get());
      points.push_back(std::move(pt));
    }
    if (closed) curve.close();
  }
};

// The Ballance menu camera curve (spec 3.3): radius ~95 at y = 40, closed, tension -0.6.
inline std::unique_ptr<BbCurve> make_menu_curve() {
  return std::make_unique<BbCurve>(std::vector<math::Vec3>{{94.98f, 40, 0.48f},
                                                           {-0.95f, 40, 95.46f},
                                                           {-95.46f, 40, -0.95f},
                                                           {1.43f, 40, -94.98f}},
                                   true, -0.6f);
}

// A linear position animation of `frames` frames moving `entity` from a to b
// (one key at frame 0, one at the last frame).
inline std::unique_ptr<ck::ObjectAnimation> make_linear_animation(ck::Entity3d& entity, math::Vec3 a, math::Vec3 b,
                                                                  float frames) {
  auto anim = std::make_unique<ck::ObjectAnimation>();
  anim->name = "Anim";
  anim->entity = &entity;
  ck::VectorController pos;
  pos.keys = std::vector<ck::PositionKey>{{0.0f, a}, {frames, b}};
  anim->keyframes.position = pos;
  anim->keyframes.set_length(frames);
  return anim;
}

// An object reference to an entity, a curve or an animation.
inline ck::ObjectRef ref_to(ck::Entity3d* e) {
  ck::ObjectRef r;
  r.entity = e;
  r.class_id = ck::class_id::k3dEntity;
  r.name = e->name;
  return r;
}
inline ck::ObjectRef ref_to(ck::Curve* c) {
  ck::ObjectRef r = ref_to(static_cast<ck::Entity3d*>(c));
  r.curve = c;
  r.class_id = ck::class_id::kCurve;
  return r;
}
inline ck::ObjectRef ref_to(ck::ObjectAnimation* a) {
  ck::ObjectRef r;
  r.object_animation = a;
  r.class_id = ck::class_id::kObjectAnimation;
  r.name = a->name;
  return r;
}

// Points input pin `pos` of `b` at a fresh local parameter holding `ref`.
inline void set_object_pin(ck::BehaviorManager& m, ck::Behavior& b, int pos, const ck::ObjectRef& ref) {
  ck::Parameter& p = m.create_parameter("obj", b.input_params[pos]->type, ck::ParameterClass::kLocal);
  p.value.set_object(ref);
  b.input_params[pos]->direct_source = &p;
}

// Points the target pin of `b` at `e`.
inline void set_target(ck::BehaviorManager& m, ck::Behavior& b, ck::Entity3d* e) {
  ck::Parameter& p = m.create_parameter("target", b.target_param->type, ck::ParameterClass::kLocal);
  p.value.set_object(ref_to(e));
  b.target_param->direct_source = &p;
}

// A curve record `name` holding a new (empty) curve.
inline ck::Curve* add_curve(ck::Scene& s, const std::string& name) {
  ck::ObjectRecord r;
  r.class_id = ck::class_id::kCurve;
  r.name = name;
  ck::ObjectRecord& rec = s.add_record(r);
  auto owned = std::make_unique<ck::Curve>();
  ck::Curve* curve = owned.get();
  curve->name = name;
  s.adopt_entity(rec, std::move(owned));
  s.objects().back().curve = curve;
  return curve;
}

// A scene of one 3D entity, indexed.
inline ck::Scene one_entity_scene(const std::string& name = "Cam") {
  ck::Scene s;
  s.add_entity(ck::class_id::k3dEntity, name);
  s.reindex();
  return s;
}

// The game files MenuLevel_Init gets objects from by name (GameSettings,
// AllLevel, Light_Ingame).
inline const std::vector<std::string> kMenuContextFiles = {"base.cmo", "Levelinit.nmo", "Gameplay.nmo"};

// Every .nmo/.cmo at the top of the Ballance data set but `except`.
inline std::vector<std::string> game_files_except(const std::string& except) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(ballance_dir(), ec)) {
    const std::string n = e.path().filename().string(), ext = e.path().extension().string();
    if (e.is_regular_file() && (ext == ".nmo" || ext == ".cmo") && n != except) out.push_back(n);
  }
  return out;
}

// Writes `bytes` as NAME in a fresh temporary directory beside copies of the
// Ballance files `beside` (none: the file alone); returns the file's path.
inline std::string write_beside(const std::vector<uint8_t>& bytes, const std::string& name,
                                const std::vector<std::string>& beside) {
  const std::filesystem::path dir = temp_dir();
  for (const std::string& f : beside)
    std::filesystem::copy_file(std::filesystem::path(ballance_dir()) / f, dir / f,
                               std::filesystem::copy_options::overwrite_existing);
  const std::filesystem::path out = dir / name;
  std::ofstream f(out, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return out.string();
}

}  // namespace retroanim::test
