// libretroanim-harness: behaviour scenarios played frame by frame over the C
// API's scenes (harness/capi/retroanim_harness.h; ck::Scenario of `ck play`).
#include <cmath>

#include "capi/capi_support.h"
#include "harness/ck/scenario.h"
#include "harness/ck/scenario_trace.h"
#include "harness/capi/retroanim_harness.h"

namespace ra = retroanim;
using namespace retroanim::capi;

namespace {

struct CkPlayer {
  CkScene* owner;
  std::unique_ptr<ra::ck::Scenario> scenario;
  ra::ck::ScenarioFrame last;
  std::string last_json;  // scenario_frame_json of `last`
  uintptr_t handle = 0;
};

}  // namespace

extern "C" {

int ra_ck_player_create(ra_ck_scene* scene, const char* scenario, ra_ck_player** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  CkScene* s = lookup<CkScene>(scene, Kind::kCkScene, rc);
  if (!s) return rc;
  if (!scenario) return null_arg("scenario");
  return guarded([&]() -> int {
    auto p = std::make_unique<CkPlayer>();
    p->owner = s;
    p->scenario = ra::ck::Scenario::create(s->scene, scenario, "scenario");
    p->scenario->reset();
    int r = publish(p, Kind::kCkPlayer, out);
    if (r == RA_OK) s->players.fetch_add(1);
    return r;
  });
}

int ra_ck_player_free(ra_ck_player* player) {
  if (!player) return RA_OK;
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  HandleTable::get().remove(p->handle);
  p->owner->players.fetch_sub(1);
  delete p;
  return RA_OK;
}

int ra_ck_player_reset(ra_ck_player* player) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  return guarded([&]() -> int {
    p->scenario->reset();
    p->last = {};
    p->last_json.clear();
    return RA_OK;
  });
}

int ra_ck_player_count_recorded(ra_ck_player* player, size_t* count) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!count) return null_arg("count");
  *count = p->scenario->recorded().size();
  return RA_OK;
}

int ra_ck_player_get_recorded_name(ra_ck_player* player, size_t index, const char** name) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!name) return null_arg("name");
  const auto& names = p->scenario->recorded();
  if (index >= names.size())
    return fail(RA_ERR_ARGUMENT, "recorded entity index " + std::to_string(index) + " is out of range (" +
                                     std::to_string(names.size()) + " recorded)");
  *name = names[index].c_str();
  return RA_OK;
}

int ra_ck_player_step(ra_ck_player* player, float dt_ms, double* t_ms, float* worlds, size_t worlds_len) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!std::isfinite(dt_ms) || dt_ms <= 0.0f) return fail(RA_ERR_ARGUMENT, "dt_ms must be a finite number > 0");
  const size_t need = 16 * p->scenario->recorded().size();
  if (worlds_len < need)
    return fail(RA_ERR_ARGUMENT, "worlds holds " + std::to_string(worlds_len) + " floats, " + std::to_string(need) +
                                     " needed (16 per recorded entity)");
  if (!worlds && need > 0) return null_arg("worlds");
  return guarded([&]() -> int {
    p->last = p->scenario->step(dt_ms);
    p->last_json = ra::ck::scenario_frame_json(p->last, p->scenario->recorded());
    if (t_ms) *t_ms = p->last.t_ms;
    for (size_t i = 0; i < p->last.worlds.size(); ++i) copy_matrix(p->last.worlds[i], worlds + 16 * i);
    return RA_OK;
  });
}

int ra_ck_player_get_frame_json(ra_ck_player* player, const char** json) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!json) return null_arg("json");
  if (p->last_json.empty()) return fail(RA_ERR_STATE, "the player has not run a frame yet");
  *json = p->last_json.c_str();
  return RA_OK;
}

int ra_ck_player_count_unimplemented(ra_ck_player* player, size_t* count) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!count) return null_arg("count");
  *count = p->last.unimplemented.size();
  return RA_OK;
}

int ra_ck_player_get_unimplemented(ra_ck_player* player, size_t index, ra_ck_block_report* out) {
  int rc = RA_OK;
  CkPlayer* p = lookup<CkPlayer>(player, Kind::kCkPlayer, rc);
  if (!p) return rc;
  if (!out) return null_arg("out");
  if (index >= p->last.unimplemented.size())
    return fail(RA_ERR_ARGUMENT, "block index " + std::to_string(index) + " is out of range");
  const auto& u = p->last.unimplemented[index];
  *out = ra_ck_block_report{u.name.c_str(), u.script.c_str(), {u.guid.d1, u.guid.d2}};
  return RA_OK;
}

int ra_ck_frame_count(double seconds, double dt_ms, int* frames) {
  if (!frames) return null_arg("frames");
  if (!std::isfinite(seconds)) return bad_number("seconds");
  if (!std::isfinite(dt_ms)) return bad_number("dt_ms");
  return guarded([&]() -> int {
    *frames = ra::ck::scenario_frame_count(seconds, dt_ms);
    return RA_OK;
  });
}
}  // extern "C"
