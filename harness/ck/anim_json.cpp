#include "harness/ck/anim_json.h"

#include <cmath>
#include <exception>
#include <sstream>

#include "retroanim/ck/scene/entity.h"
#include "retroanim/error.h"

namespace retroanim::ck {

namespace {

nlohmann::ordered_json matrix_json(const math::Matrix& m) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (int r = 0; r < 4; ++r) rows.push_back({m[r][0], m[r][1], m[r][2], m[r][3]});
  return rows;
}

std::string entity_name(const Entity3d* e) { return e ? e->name : std::string(); }

}  // namespace

std::vector<float> parse_anim_number_list(const std::string& text, const char* option) {
  std::vector<float> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    size_t used = 0;
    float v = 0.0f;
    try {
      v = std::stof(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    while (used < item.size() && item[used] == ' ') ++used;
    if (item.empty() || used != item.size())
      throw Error(std::string("ck anim: ") + option + ": '" + item + "' is not a number");
    if (!std::isfinite(v)) throw Error(std::string("ck anim: ") + option + ": '" + item + "' is not a finite number");
    out.push_back(v);
  }
  if (out.empty()) throw Error(std::string("ck anim: ") + option + " needs at least one value");
  return out;
}

std::vector<std::pair<float, float>> anim_sample_points(const std::string& at, const std::string& frames, float length) {
  std::vector<std::pair<float, float>> pts;
  if (!at.empty()) {
    for (float s : parse_anim_number_list(at, "--at")) pts.push_back({s, s * length});
  } else {
    for (float f : parse_anim_number_list(frames, "--frames")) pts.push_back({length == 0.0f ? 0.0f : f / length, f});
  }
  return pts;
}

nlohmann::ordered_json object_animation_json(ObjectAnimation& anim, const std::vector<std::pair<float, float>>& points) {
  if (!anim.entity) throw Error(anim.name + ": the animation has no entity");
  nlohmann::ordered_json j = {
      {"format", "retroanim.ck.anim/1"}, {"name", anim.name}, {"entity", entity_name(anim.entity)}, {"length", anim.length()}};
  nlohmann::ordered_json samples = nlohmann::ordered_json::array();
  for (auto [step, frame] : points) {
    set_step(anim, step);
    samples.push_back(
        nlohmann::ordered_json{{"step", step}, {"frame", frame}, {"world", matrix_json(anim.entity->world_matrix())}});
  }
  j["samples"] = samples;
  return j;
}

nlohmann::ordered_json keyed_animation_json(KeyedAnimation& keyed, const std::vector<std::pair<float, float>>& points) {
  nlohmann::ordered_json j = {{"format", "retroanim.ck.anim/1"},
                              {"name", keyed.name},
                              {"root", entity_name(keyed.root_entity)},
                              {"length", keyed.length}};
  nlohmann::ordered_json samples = nlohmann::ordered_json::array();
  for (auto [step, frame] : points) {
    set_step(keyed, step);
    nlohmann::ordered_json entities = nlohmann::ordered_json::array();
    for (const ObjectAnimation* anim : keyed.animations) {
      if (!anim || !anim->entity) continue;
      entities.push_back(nlohmann::ordered_json{
          {"animation", anim->name}, {"entity", anim->entity->name}, {"world", matrix_json(anim->entity->world_matrix())}});
    }
    samples.push_back(nlohmann::ordered_json{{"step", step}, {"frame", frame}, {"entities", entities}});
  }
  j["samples"] = samples;
  return j;
}

}  // namespace retroanim::ck
