#include "ck_info_details.h"

#include <cstdio>

#include "retroanim/ck/controllers.h"
#include "retroanim/ck/curve.h"
#include "retroanim/ck/curve_point.h"
#include "retroanim/ck/keyed_animation.h"
#include "retroanim/ck/object_animation.h"

namespace retroanim::cli {

namespace {

std::string fmt(float v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", static_cast<double>(v));
  return b;
}

std::string vec_text(math::Vec3 v) { return "(" + fmt(v.x) + ", " + fmt(v.y) + ", " + fmt(v.z) + ")"; }

std::string hex32(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}

std::string name_at(const ck::Scene& scene, ck::io::FileIndex index) {
  const ck::ObjectRecord* r = scene.at(index);
  return r ? r->name : std::string();
}

const char* interpolation_name(ck::Interpolation i) {
  switch (i) {
    case ck::Interpolation::kLinear: return "linear";
    case ck::Interpolation::kTcb: return "TCB";
    case ck::Interpolation::kBezier: return "Bezier";
  }
  return "?";
}

struct ControllerSummary {
  const char* slot;
  uint32_t type;
  std::string interpolation;
  size_t keys;
};

std::vector<ControllerSummary> controllers_of(const ck::ObjectAnimation& a) {
  std::vector<ControllerSummary> out;
  const ck::KeyframeData& k = a.keyframes;
  if (k.position) out.push_back({"position", k.position->type, interpolation_name(k.position->interpolation()), k.position->key_count()});
  if (k.rotation) out.push_back({"rotation", k.rotation->type, interpolation_name(k.rotation->interpolation()), k.rotation->key_count()});
  if (k.scale) out.push_back({"scale", k.scale->type, interpolation_name(k.scale->interpolation()), k.scale->key_count()});
  if (k.scale_axis) out.push_back({"scale axis", k.scale_axis->type, interpolation_name(k.scale_axis->interpolation()), k.scale_axis->key_count()});
  if (k.morph) out.push_back({"morph", k.morph->type, "morph", k.morph->key_count});
  return out;
}

}  // namespace

std::string details_text(const ck::Scene& scene, const ck::ObjectRecord& r) {
  std::string s;
  if (r.curve) {
    s = std::to_string(r.curve->control_point_count()) + " points, " + (r.curve->is_open() ? "open" : "closed") +
        ", length " + fmt(r.curve->get_length());
  } else if (r.curve_point) {
    s = "curve " + (r.curve_point->curve() ? r.curve_point->curve()->name : std::string("-")) + ", tension " +
        fmt(r.curve_point->tension()) + (r.curve_point->is_tcb() ? ", TCB" : ", user tangents") +
        (r.curve_point->is_linear() ? ", linear" : "") + ", position " + vec_text(r.entity->world_matrix().row(3));
  } else if (r.entity) {
    s = "position " + vec_text(r.entity->world_matrix().row(3));
    if (r.entity->parent()) s += ", parent " + name_at(scene, scene.index_of(r.entity->parent()));
  } else if (r.object_animation) {
    const ck::ObjectAnimation& a = *r.object_animation;
    s = "entity " + (a.entity ? a.entity->name : std::string("-")) + ", length " + fmt(a.length()) + " frames";
    for (const auto& c : controllers_of(a)) {
      s += ", " + std::string(c.slot) + " " + c.interpolation + " " + std::to_string(c.keys) + " keys";
    }
  } else if (r.keyed_animation) {
    const ck::KeyedAnimation& k = *r.keyed_animation;
    s = "length " + fmt(k.length) + " frames, " + fmt(k.frame_rate) + " fps, root " +
        (k.root_entity ? k.root_entity->name : std::string("-")) + ", animations:";
    for (const ck::ObjectAnimation* a : k.animations) s += " " + a->name;
  }
  return s;
}

void add_details_json(const ck::Scene& scene, const ck::ObjectRecord& r, nlohmann::ordered_json& j) {
  if (r.entity) {
    math::Vec3 p = r.entity->world_matrix().row(3);
    j["position"] = {p.x, p.y, p.z};
    if (r.entity->parent()) j["parent"] = name_at(scene, scene.index_of(r.entity->parent()));
  }
  if (r.curve) {
    j["point_count"] = r.curve->control_point_count();
    j["closed"] = !r.curve->is_open();
    j["length"] = r.curve->get_length();
    nlohmann::ordered_json pts = nlohmann::ordered_json::array();
    for (const ck::CurvePoint* p : r.curve->control_points()) pts.push_back(p->name);
    j["points"] = pts;
  }
  if (r.curve_point) {
    j["curve"] = r.curve_point->curve() ? r.curve_point->curve()->name : "";
    j["tension"] = r.curve_point->tension();
    j["continuity"] = r.curve_point->continuity();
    j["bias"] = r.curve_point->bias();
    j["tcb"] = r.curve_point->is_tcb();
    j["linear"] = r.curve_point->is_linear();
  }
  if (r.object_animation) {
    const ck::ObjectAnimation& a = *r.object_animation;
    j["entity"] = a.entity ? a.entity->name : "";
    j["length"] = a.length();
    j["flags"] = a.flags;
    nlohmann::ordered_json cs = nlohmann::ordered_json::array();
    for (const auto& c : controllers_of(a)) {
      cs.push_back({{"slot", c.slot}, {"type", hex32(c.type)}, {"interpolation", c.interpolation}, {"keys", c.keys}});
    }
    j["controllers"] = cs;
  }
  if (r.keyed_animation) {
    const ck::KeyedAnimation& k = *r.keyed_animation;
    j["length"] = k.length;
    j["frame_rate"] = k.frame_rate;
    j["flags"] = k.flags;
    j["root_entity"] = k.root_entity ? k.root_entity->name : "";
    nlohmann::ordered_json as = nlohmann::ordered_json::array();
    for (const ck::ObjectAnimation* a : k.animations) as.push_back(a->name);
    j["animations"] = as;
  }
}

}  // namespace retroanim::cli
