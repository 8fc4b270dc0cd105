// libretroanim-harness: AC scenario files over the C API's objects
// (harness/capi/retroanim_harness.h): a scenario's data for a caller that
// replays its steps, a hook event's trace JSON, and the 0.2 runner.
#include <fstream>

#include "capi/capi_support.h"
#include "harness/ac/scenario.h"
#include "retroanim/io/file_path.h"
#include "harness/capi/retroanim_harness.h"

namespace ra = retroanim;
using namespace retroanim::capi;

namespace {

struct AcScenario {
  uintptr_t handle = 0;
  ra::ac::ScenarioData data;
  AcProvider provider;  // the scenario's animations (no setups, no motion tables by id)
};

}  // namespace

extern "C" {

int ra_ac_scenario_load(const char* path, ra_ac_scenario** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (!path) return null_arg("path");
  return guarded([&]() -> int {
    auto s = std::make_unique<AcScenario>();
    s->data = ra::ac::load_scenario_data_file(path);
    s->provider.animations = s->data.animations.get();
    s->provider.backing = s->data.animations;
    s->provider.scenario_owned = true;
    s->handle = HandleTable::get().add(Kind::kAcScenario, s.get());
    s->provider.handle = HandleTable::get().add(Kind::kAcProvider, &s->provider);
    if (s->handle == 0 || s->provider.handle == 0) {
      HandleTable::get().remove(s->handle);
      HandleTable::get().remove(s->provider.handle);
      return fail(RA_ERR_OUT_OF_MEMORY, "too many handles");
    }
    *out = as_handle<ra_ac_scenario>(s->handle);
    s.release();
    return RA_OK;
  });
}

int ra_ac_scenario_free(ra_ac_scenario* scenario) {
  if (!scenario) return RA_OK;
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  if (s->provider.objects.load() > 0) return fail(RA_ERR_STATE, "scenario's provider still has objects (free them first)");
  HandleTable::get().remove(s->provider.handle);
  HandleTable::get().remove(s->handle);
  delete s;
  return RA_OK;
}

int ra_ac_scenario_get_provider(ra_ac_scenario* scenario, ra_ac_provider** out) {
  if (!out) return null_arg("out");
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  *out = as_handle<ra_ac_provider>(s->provider.handle);
  return RA_OK;
}

int ra_ac_scenario_get_initial_frame(ra_ac_scenario* scenario, ra_ac_frame* out) {
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  if (!out) return null_arg("out");
  to_c(s->data.initial_frame, out);
  return RA_OK;
}

int ra_ac_scenario_has_motion_table(ra_ac_scenario* scenario, int* has) {
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  if (!has) return null_arg("has");
  *has = s->data.motion_table.has_value() ? 1 : 0;
  return RA_OK;
}

int ra_ac_scenario_attach_motion_table(ra_ac_scenario* scenario, ra_ac_object* object) {
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  AcObject* o = lookup<AcObject>(object, Kind::kAcObject, rc);
  if (!o) return rc;
  if (!s->data.motion_table) return fail(RA_ERR_STATE, "the scenario has no motion table");
  return guarded([&]() -> int {
    if (!o->object->attach_motion_table(*s->data.motion_table))
      return fail(RA_ERR_STATE, "object has an interpreter (its motion table stays)");
    return RA_OK;
  });
}

int ra_ac_scenario_get_hook_json(ra_ac_scenario* scenario, uint32_t tag, const char** json) {
  int rc = RA_OK;
  AcScenario* s = lookup<AcScenario>(scenario, Kind::kAcScenario, rc);
  if (!s) return rc;
  if (!json) return null_arg("json");
  if (tag == 0 || tag > s->data.hook_json.size())
    return fail(RA_ERR_NOT_FOUND, "no inline hook with tag " + std::to_string(tag) + " (the scenario has " +
                                      std::to_string(s->data.hook_json.size()) + ")");
  *json = s->data.hook_json[tag - 1].c_str();
  return RA_OK;
}

int ra_ac_hook_event_get_json(const ra_ac_hook_event* event, const char** json) {
  if (!event) return null_arg("event");
  if (!json) return null_arg("json");
  return guarded([&]() -> int {
    static thread_local std::string t_hook_json;
    ra::ac::HookEvent e;
    e.object_id = event->object_id;
    e.type = event->type;
    e.direction = event->direction;
    e.tag = event->tag;
    std::copy(event->u, event->u + 3, e.u);
    std::copy(event->f, event->f + 7, e.f);
    t_hook_json = ra::ac::hook_to_json(ra::ac::hook_from_event(e)).dump();
    *json = t_hook_json.c_str();
    return RA_OK;
  });
}

int ra_ac_run_scenario(const char* scenario_path, const char* out_path, char* err, size_t err_len) {
  if (!scenario_path || !out_path) return copy_err(fail(RA_ERR_ARGUMENT, "null argument"), err, err_len);
  int rc = guarded([&]() -> int {
    std::ofstream out(ra::io::utf8_path(out_path), std::ios::binary);
    if (!out) return fail(RA_ERR_IO, std::string(out_path) + ": cannot write");
    ra::ac::run_scenario_file(scenario_path, out);
    out.flush();
    if (!out) return fail(RA_ERR_IO, std::string(out_path) + ": cannot write");
    return RA_OK;
  });
  return copy_err(rc, err, err_len);
}
}  // extern "C"
