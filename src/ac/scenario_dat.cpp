// The "dat" key of the scenario runner: animations not defined inline, and a
// motion table named by id, are read from a portal.dat through the dat reader.
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/scenario.h"
#include "retroanim/error.h"

namespace retroanim::ac {

namespace {

// A dat as the scenario's source of animations and motion tables.
class ScenarioDat : public io::DatAnimationProvider, public MotionTableProvider {
 public:
  explicit ScenarioDat(const std::string& path) : io::DatAnimationProvider(path) {}
  MotionTable get_motion_table(uint32_t id) const override { return io::read_motion_table(dat(), id); }
};

}  // namespace

std::unique_ptr<AnimationProvider> open_scenario_dat(const std::string& path, const ScenarioReader& reader) {
  try {
    return std::make_unique<ScenarioDat>(path);
  } catch (const Error& e) {
    reader.fail("dat", e.what());
  }
}

}  // namespace retroanim::ac
