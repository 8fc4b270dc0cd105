#include "ck_info_details.h"

#include <cstdio>

namespace retroanim::cli {

namespace {

std::string fmt(float v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", static_cast<double>(v));
  return b;
}

std::string vec_text(math::Vec3 v) { return "(" + fmt(v.x) + ", " + fmt(v.y) + ", " + fmt(v.z) + ")"; }

std::string name_at(const ck::Scene& scene, ck::io::FileIndex index) {
  const ck::ObjectRecord* r = scene.at(index);
  return r ? r->name : std::string();
}

}  // namespace

std::string details_text(const ck::Scene& scene, const ck::ObjectRecord& r) {
  std::string s;
  if (r.entity) {
    s = "position " + vec_text(r.entity->world_matrix().row(3));
    if (r.entity->parent()) s += ", parent " + name_at(scene, scene.index_of(r.entity->parent()));
  }
  return s;
}

void add_details_json(const ck::Scene& scene, const ck::ObjectRecord& r, nlohmann::ordered_json& j) {
  if (r.entity) {
    math::Vec3 p = r.entity->world_matrix().row(3);
    j["position"] = {p.x, p.y, p.z};
    if (r.entity->parent()) j["parent"] = name_at(scene, scene.index_of(r.entity->parent()));
  }
}

}  // namespace retroanim::cli
