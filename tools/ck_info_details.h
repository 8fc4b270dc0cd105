// Per-class details `retroanim ck info` prints for the objects retroanim
// models (entities, curves, curve points, object and keyed animations).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "retroanim/ck/scene.h"

namespace retroanim::cli {

// One line of details for `record` (empty when there is nothing to add).
std::string details_text(const ck::Scene& scene, const ck::ObjectRecord& record);

// Adds the same details as JSON members of `out`.
void add_details_json(const ck::Scene& scene, const ck::ObjectRecord& record, nlohmann::ordered_json& out);

}  // namespace retroanim::cli
