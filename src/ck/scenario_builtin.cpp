#include "retroanim/ck/scenario_builtin.h"

namespace retroanim::ck {

std::vector<std::string> builtin_scenario_names() { return {"menu-camera", "stone"}; }

std::string builtin_scenario_spec(const std::string& name) {
  // The game's own numbers come from the file: these specs only say which
  // script, which of its building blocks, where they start and what to record.
  if (name == "menu-camera")
    return R"({"script": {"name": "MenuLevel_Init",
                          "behaviors": ["Bezier Progression", "Position On Curve"],
                          "start": ["Bezier Progression.In"]},
               "record": ["Cam_MenuLevel"]})";
  if (name == "stone")
    return R"({"script": {"name": "Ball_Stone Script"}, "record": ["I_Ball_Stone"]})";
  return {};
}

}  // namespace retroanim::ck
