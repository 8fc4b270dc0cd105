// GfxObjDegradeInfo (dat type 0x11): the levels of detail of a GfxObj, each
// GfxObjInfo a GfxObj id, a degrade mode and its distances. Plain data and
// GfxObjDegradeInfo::get_degrade (the level chosen at a distance).
#pragma once

#include <cstdint>
#include <vector>

namespace retroanim::ac {

// GfxObjInfo: one level.
struct GfxObjInfo {
  uint32_t gfx_obj_id = 0;
  uint32_t degrade_mode = 0;
  float min_dist = 0.0f;
  float ideal_dist = 0.0f;
  float max_dist = 0.0f;
};

// GfxObjDegradeInfo.
struct GfxObjDegradeInfo {
  uint32_t id = 0;
  std::vector<GfxObjInfo> degrades;
};

// The client's globals get_degrade reads.
struct DegradeSettings {
  bool degrades_disabled = false;  // degrades_disabled (the creature preview sets it): level 0
  int32_t force_level = -1;        // Render::force_level (default -1: by distance)
  float degrade_distance = 50.0f;  // Render::s_rDegradeDistance (default 50)
  float scale = 0.0f;              // Render::deg_mul or Render::s_rUserSuppliedDegradeBias
};

// GfxObjDegradeInfo::get_degrade (0x51E4B0): the index of the level drawn at
// `distance`. The info must hold at least one level (the client reads
// degrades[0] unconditionally); returns 0 for an empty info.
uint32_t get_degrade(const GfxObjDegradeInfo& info, float distance, const DegradeSettings& settings = {});

// The level the exporter and viewer draw: the first (degrades disabled, as
// the client's creature preview draws, i.e. the closest level).
inline constexpr uint32_t kCloseRangeDegrade = 0;

}  // namespace retroanim::ac
