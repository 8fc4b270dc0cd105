// The "dat" key of the scenario runner. Reading animations from a portal.dat
// is not supported yet: a scenario with "dat" gets a clear error. The dat
// reader work replaces open_scenario_dat with the real reader.
#include "retroanim/ac/scenario.h"

namespace retroanim::ac {

std::unique_ptr<AnimationProvider> open_scenario_dat(const std::string& /*path*/, const ScenarioReader& reader) {
  reader.fail("dat", "reading animations from a dat file is not supported yet");
}

}  // namespace retroanim::ac
