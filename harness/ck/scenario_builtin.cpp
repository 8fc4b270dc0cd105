#include "harness/ck/scenario_builtin.h"

namespace retroanim::ck {

std::vector<std::string> builtin_scenario_names() { return {"menu-camera", "stone"}; }

std::string builtin_scenario_spec(const std::string& name) {
  // The game's scripts as saved (their own Start, links, delays and
  // parameters): these specs only say which script and what to record.
  if (name == "menu-camera")
    return R"({"script": {"name": "MenuLevel_Init"}, "record": ["Cam_MenuLevel"]})";
  if (name == "stone")
    return R"({"script": {"name": "Ball_Stone Script"}, "record": ["I_Ball_Stone"]})";
  return {};
}

}  // namespace retroanim::ck
