// The built-in behaviour scenarios (`menu-camera`, `stone`): JSON specs
// (docs/formats/ck-scenario.md) that name the file's own scripts.
#pragma once

#include <string>
#include <vector>

namespace retroanim::ck {

// The names of the built-in scenarios.
std::vector<std::string> builtin_scenario_names();

// The JSON spec of a built-in scenario, or an empty string for an unknown name.
std::string builtin_scenario_spec(const std::string& name);

}  // namespace retroanim::ck
