// The motion-table part of the scenario runner. Motion tables are not
// supported yet: a scenario with "motion_table" gets a clear error. The motion
// table work replaces make_scenario_motion with the real manager.
#include "retroanim/ac/scenario.h"

namespace retroanim::ac {

std::unique_ptr<ScenarioMotion> make_scenario_motion(const ScenarioJson& /*motion_table*/, Sequence& /*sequence*/,
                                                     const AnimationProvider& /*animations*/,
                                                     const ScenarioReader& reader, const std::string& /*base_dir*/) {
  reader.fail("motion_table", "motion tables are not supported yet");
}

}  // namespace retroanim::ac
