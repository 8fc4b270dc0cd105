// The WebAssembly module's own C functions (retroanim's own; bindings/js):
// what JavaScript needs on top of the C API (include/retroanim/retroanim.h,
// exported whole) and libretroanim-harness's player: the CLI's JSON
// documents built by the same harness code (`ck info --json`,
// `ck anim --json`, `ac info --json`), glTF binaries written into memory by
// the exporter (`retroanim export`), and sampling many steps in one call.
// Like the C API they hold no logic: each checks its arguments and handles,
// calls the library, harness or exporter, and turns what they throw into a
// code and the one-line message of ra_last_error().
//
// Results that are bytes or text stay in one buffer of the module, valid
// until the next call that returns one (the JavaScript wrapper copies them
// out at once).
#include <emscripten/emscripten.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "capi/capi_support.h"
#include "export/gltf_export.h"
#include "harness/ac/dat_json.h"
#include "harness/bench/workload.h"
#include "harness/ck/anim_json.h"
#include "harness/ck/scene_json.h"
#include "harness/io/json_text.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/retroanim.h"

namespace ra = retroanim;
using namespace retroanim::capi;

namespace {

std::string g_text;            // the last text result
std::vector<uint8_t> g_bytes;  // the last binary result

int give_text(std::string text, const char** out, size_t* size) {
  g_text = std::move(text);
  *out = g_text.c_str();
  *size = g_text.size();
  return RA_OK;
}

int give_bytes(std::vector<uint8_t> bytes, const uint8_t** out, size_t* size) {
  g_bytes = std::move(bytes);
  *out = g_bytes.data();
  *size = g_bytes.size();
  return RA_OK;
}

std::string str(const char* s) { return s ? std::string(s) : std::string(); }

}  // namespace

extern "C" {

// `retroanim ck info FILE --json` of a loaded scene (`file` as the document
// names it; no texture folders: external images are reported as not found).
EMSCRIPTEN_KEEPALIVE int rajs_ck_info_json(ra_ck_scene* scene, const char* file, const char** json, size_t* size) {
  if (!json || !size) return null_arg("out");
  int rc = RA_OK;
  CkScene* s = lookup<CkScene>(scene, Kind::kCkScene, rc);
  if (!s) return rc;
  return guarded([&]() -> int {
    nlohmann::ordered_json header = ra::ck::io::scene_header_json(s->scene, str(file));
    nlohmann::ordered_json objects = nlohmann::ordered_json::array();
    const std::vector<std::string> dirs;
    for (const auto& r : s->scene.objects()) objects.push_back(ra::ck::io::scene_object_json(s->scene, r, dirs));
    nlohmann::ordered_json doc = {{"format", "retroanim.ck.info/1"}, {"header", header}, {"objects", objects}};
    return give_text(ra::io::json_text(doc, ra::io::JsonLayout::kIndented), json, size);
  });
}

// `retroanim ck anim FILE (--name NAME | --keyed NAME) (--at AT | --frames FRAMES) --json`:
// keyed 0 names an object animation, 1 a keyed one; exactly one of at and
// frames is a non-empty list (the CLI's parser and messages). `file` starts
// the not-found message, as the CLI's path does.
EMSCRIPTEN_KEEPALIVE int rajs_ck_anim_json(ra_ck_scene* scene, const char* file, const char* name, int keyed,
                                           const char* at, const char* frames, const char** json, size_t* size) {
  if (!json || !size) return null_arg("out");
  if (!name) return null_arg("name");
  int rc = RA_OK;
  CkScene* s = lookup<CkScene>(scene, Kind::kCkScene, rc);
  if (!s) return rc;
  const std::string at_text = str(at), frames_text = str(frames);
  if (at_text.empty() == frames_text.empty())
    return fail(RA_ERR_ARGUMENT, "ck anim: give exactly one of --at S1,... or --frames F1,...");
  return guarded([&]() -> int {
    nlohmann::ordered_json doc;
    if (keyed) {
      ra::ck::KeyedAnimation* k = s->scene.keyed_animation(name);
      if (!k) return fail(RA_ERR_NOT_FOUND, str(file) + ": no keyed animation named '" + name + "'");
      doc = ra::ck::keyed_animation_json(*k, ra::ck::anim_sample_points(at_text, frames_text, k->length));
    } else {
      ra::ck::ObjectAnimation* a = s->scene.object_animation(name);
      if (!a) return fail(RA_ERR_NOT_FOUND, str(file) + ": no object animation named '" + name + "'");
      if (!a->entity) return fail(RA_ERR_STATE, str(file) + ": " + name + ": the animation has no entity");
      doc = ra::ck::object_animation_json(*a, ra::ck::anim_sample_points(at_text, frames_text, a->length()));
    }
    return give_text(ra::io::json_text(doc, ra::io::JsonLayout::kIndented), json, size);
  });
}

// `retroanim ac info DAT --json` (the header) with, as "entries", the dat's
// animations (0x03), setups (0x02) and motion tables (0x09) as
// `ac info DAT --type T --json` lists them.
EMSCRIPTEN_KEEPALIVE int rajs_ac_info_json(ra_ac_dat* dat, const char** json, size_t* size) {
  if (!json || !size) return null_arg("out");
  int rc = RA_OK;
  AcDat* d = lookup<AcDat>(dat, Kind::kAcDat, rc);
  if (!d) return rc;
  return guarded([&]() -> int {
    nlohmann::ordered_json doc = {{"format", "retroanim.ac.info/1"}, {"header", ra::ac::io::dat_header_json(d->db)}};
    nlohmann::ordered_json entries = nlohmann::ordered_json::array();
    for (uint32_t top : {0x02u, 0x03u, 0x09u})
      for (const auto& e : d->db.entries_in_range(top << 24, (top << 24) | 0xFFFFFFu))
        entries.push_back(ra::ac::io::dat_entry_json(e));
    doc["entries"] = entries;
    return give_text(ra::io::json_text(doc, ra::io::JsonLayout::kIndented), json, size);
  });
}

#if RETROANIM_HAVE_GLTF
// `retroanim export FILE OUT.glb [--name N ...] [--no-meshes]` into memory:
// `names` holds the names of the objects to export separated by '\n' (NULL
// or "" for everything); fps <= 0 takes the exporter's default.
EMSCRIPTEN_KEEPALIVE int rajs_ck_export_glb(ra_ck_scene* scene, const char* names, int meshes, float fps,
                                            const uint8_t** data, size_t* size) {
  if (!data || !size) return null_arg("out");
  if (!std::isfinite(fps)) return bad_number("fps");
  int rc = RA_OK;
  CkScene* s = lookup<CkScene>(scene, Kind::kCkScene, rc);
  if (!s) return rc;
  return guarded([&]() -> int {
    ra::gltf::CkExportOptions o;
    const std::string list = str(names);
    for (size_t start = 0; start < list.size();) {
      size_t end = list.find('\n', start);
      if (end == std::string::npos) end = list.size();
      if (end > start) o.names.push_back(list.substr(start, end - start));
      start = end + 1;
    }
    o.meshes = meshes != 0;
    if (fps > 0) o.fps = fps;
    return give_bytes(ra::gltf::write_glb(ra::gltf::export_ck_scene(s->scene, o)), data, size);
  });
}

// `retroanim export DAT OUT.glb --animation A --setup S --motion-table M [--fps F]`
// into memory (0: not given; fps <= 0: the default).
EMSCRIPTEN_KEEPALIVE int rajs_ac_export_glb(ra_ac_dat* dat, uint32_t animation, uint32_t setup, uint32_t motion_table,
                                            float fps, const uint8_t** data, size_t* size) {
  if (!data || !size) return null_arg("out");
  if (!std::isfinite(fps)) return bad_number("fps");
  int rc = RA_OK;
  AcDat* d = lookup<AcDat>(dat, Kind::kAcDat, rc);
  if (!d) return rc;
  return guarded([&]() -> int {
    ra::gltf::AcExportOptions o;
    if (animation) o.animation_id = animation;
    if (setup) o.setup_id = setup;
    if (motion_table) o.motion_table_id = motion_table;
    if (fps > 0) o.fps = fps;
    return give_bytes(ra::gltf::write_glb(ra::gltf::export_ac(d->db, o)), data, size);
  });
}
#endif

// CKCurve::GetPos at `count` steps: positions (3 floats each) and, when dirs
// is not NULL, directions, as `count` calls of ra_ck_curve_get_position.
EMSCRIPTEN_KEEPALIVE int rajs_ck_curve_sample(ra_ck_curve* curve, const float* steps, size_t count, float* positions,
                                              float* dirs) {
  if (count > 0 && (!steps || !positions)) return null_arg("steps or positions");
  for (size_t i = 0; i < count; ++i) {
    const int rc = ra_ck_curve_get_position(curve, steps[i], positions + 3 * i, dirs ? dirs + 3 * i : nullptr);
    if (rc != RA_OK) return rc;
  }
  return RA_OK;
}

// CKObjectAnimation::SetStep at `count` steps: the entity's world matrix
// after each (16 floats), as `count` calls of ra_ck_object_animation_apply_step.
EMSCRIPTEN_KEEPALIVE int rajs_ck_object_animation_sample_worlds(ra_ck_object_animation* anim, const float* steps,
                                                                size_t count, float* worlds) {
  if (count > 0 && (!steps || !worlds)) return null_arg("steps or worlds");
  for (size_t i = 0; i < count; ++i) {
    const int rc = ra_ck_object_animation_apply_step(anim, steps[i], worlds + 16 * i);
    if (rc != RA_OK) return rc;
  }
  return RA_OK;
}

// `retroanim ck bench --tracks TRACKS --ticks TICKS --threads 1`: Record
// Anim-shaped tracks (harness/bench/workload.h) advanced and sampled with
// sample_world_batch on the calling thread; the tracks are made first, not
// timed. Milliseconds per tick, track-samples per second and the checksum of
// the last tick's matrices (ck_checksum, as the CLI's).
EMSCRIPTEN_KEEPALIVE int rajs_ck_bench(uint32_t tracks, int ticks, double* ms_per_tick, double* items_per_s,
                                       uint64_t* checksum) {
  if (!ms_per_tick || !items_per_s || !checksum) return null_arg("out");
  if (tracks == 0 || ticks <= 0) return fail(RA_ERR_ARGUMENT, "ck bench: tracks and ticks must be positive");
  return guarded([&]() -> int {
    auto t = ra::bench::make_ck_tracks(tracks);
    const ra::bench::BenchResult r = ra::bench::run_ck_bench(*t, ticks, 1);
    *ms_per_tick = r.ms_per_tick;
    *items_per_s = r.items_per_s;
    *checksum = r.checksum;
    return RA_OK;
  });
}

}  // extern "C"
