// GfxObjDegradeInfo (include/retroanim/ac/object/degrade_info.h).
#include "retroanim/ac/object/degrade_info.h"

#include <cmath>

namespace retroanim::ac {

// GfxObjDegradeInfo::get_degrade (0x51E4B0): disabled -> level 0; a forced
// level (clamped to the last); otherwise the distance less the degrade
// distance, clamped at 0, walks the levels while it reaches each level's
// switch distance (ideal - (ideal - max) * scale for scale >= 0,
// ideal + (ideal - min) * scale below), ending on the last level.
uint32_t get_degrade(const GfxObjDegradeInfo& info, float distance, const DegradeSettings& settings) {
  const auto n = static_cast<uint32_t>(info.degrades.size());
  if (n == 0 || settings.degrades_disabled) return 0;
  if (settings.force_level != -1) {
    const auto forced = static_cast<uint32_t>(settings.force_level);
    return settings.force_level >= 0 && forced < n ? forced : n - 1;
  }
  // The client subtracts in double and stores the result as a float; the
  // comparisons run on the x87 stack (double here).
  float d = static_cast<float>(std::fabs(static_cast<double>(distance)) - static_cast<double>(settings.degrade_distance));
  if (!(d >= 0.0f)) d = 0.0f;
  const double scale = settings.scale;
  for (uint32_t i = 0; i < n; ++i) {
    const GfxObjInfo& g = info.degrades[i];
    const double ideal = g.ideal_dist;
    const double switch_at = scale >= 0.0 ? ideal - (ideal - g.max_dist) * scale : (ideal - g.min_dist) * scale + ideal;
    if (!(d >= switch_at)) return i;
  }
  return n - 1;
}

}  // namespace retroanim::ac
