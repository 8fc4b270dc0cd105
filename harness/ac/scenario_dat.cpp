// The "dat" key of the scenario runner: animations not defined inline, and a
// motion table named by id, are served from a portal.dat (io::DatContent).
#include "harness/ac/scenario.h"
#include "retroanim/ac/io/dat_content.h"
#include "retroanim/error.h"

namespace retroanim::ac {

std::unique_ptr<AnimationProvider> open_scenario_dat(const std::string& path, const ScenarioReader& reader) {
  try {
    return std::make_unique<io::DatContent>(path);
  } catch (const Error& e) {
    reader.fail("dat", e.what());
  }
}

}  // namespace retroanim::ac
