// Trace JSON of hooks that carry no scenario JSON (AnimationDone, hooks read from a dat).
#include "harness/ac/anim_hook_json.h"
#include "harness/ac/scenario.h"

namespace retroanim::ac {

ScenarioJson hook_to_json(const AnimationHook& hook) {
  ScenarioJson j = ScenarioJson::object();
  j["type"] = static_cast<uint32_t>(hook.type);
  j["direction"] = static_cast<int32_t>(hook.direction);
  add_hook_payload_json(j, hook.data, [](uint32_t id) { return ScenarioJson(id); });
  return j;
}

}  // namespace retroanim::ac
