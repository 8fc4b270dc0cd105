/* libretroanim-harness: what the C API offers on top of the harness, apart
 * from the product (include/retroanim/retroanim.h): playing a behaviour
 * scenario of `retroanim ck play`, loading and running an AC scenario file of
 * `retroanim ac scenario`, the JSON of a hook event as their traces print it,
 * and the benchmark workload of `retroanim ac bench`. For tests, examples and
 * comparisons with the CLI; nothing here is needed to play the games' data.
 *
 * libretroanim-harness holds the whole C API as well (every function of
 * retroanim.h, with the same handles), so a program links it instead of
 * libretroanim, never both. The conventions of retroanim.h hold here. It is
 * an optional part: built in a checkout, installed only with
 * -DRETROANIM_INSTALL_HARNESS=ON (docs/C-API.md, "libretroanim-harness"). */
#ifndef RETROANIM_HARNESS_H
#define RETROANIM_HARNESS_H

#include "retroanim/retroanim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ======================================================================
 * Virtools (ck)
 * ====================================================================== */

typedef struct ra_ck_player ra_ck_player; /* a behaviour scenario being played */

/* A behaviour scenario played frame by frame (the library side of
 * `retroanim ck play`): `scenario` is a built-in name ("menu-camera",
 * "stone"), the path of a JSON spec file (docs/formats/ck-scenario.md) or
 * JSON text starting with '{' (a spec that names the file's scripts). The
 * player acts on the scene's objects; the scene must outlive it. */
RETROANIM_C_API int ra_ck_player_create(ra_ck_scene* scene, const char* scenario, ra_ck_player** out);
RETROANIM_C_API int ra_ck_player_free(ra_ck_player* player);
/* Back to the start (CKM_BEHAVIORRESET to every block). */
RETROANIM_C_API int ra_ck_player_reset(ra_ck_player* player);
/* The recorded entities: their number and names (the pointer stays valid
 * while the player lives). */
RETROANIM_C_API int ra_ck_player_count_recorded(ra_ck_player* player, size_t* count);
RETROANIM_C_API int ra_ck_player_get_recorded_name(ra_ck_player* player, size_t index, const char** name);
/* Runs one frame of dt_ms milliseconds (finite, > 0). Writes the time after
 * the frame in ms to t_ms (may be NULL) and each recorded entity's world
 * matrix into worlds: worlds_len must be at least 16 * count_recorded
 * (RA_ERR_ARGUMENT otherwise; worlds may be NULL when worlds_len is 0). */
RETROANIM_C_API int ra_ck_player_step(ra_ck_player* player, float dt_ms, double* t_ms, float* worlds,
                                      size_t worlds_len);

/* The last step as the JSON line `retroanim ck play --json` prints
 * (ck::scenario_frame_json: recorded matrices, unimplemented blocks, active
 * camera, block events); valid until the next step of the player. */
RETROANIM_C_API int ra_ck_player_get_frame_json(ra_ck_player* player, const char** json);

/* A building block without an implementation that became active (pointers
 * valid until the next step of the player; 24 bytes on 64-bit). */
typedef struct ra_ck_block_report {
  const char* name;   /* the block's name in its graph */
  const char* script; /* the script it belongs to ("" outside a script) */
  uint32_t guid[2];   /* its prototype GUID (d1, d2) */
} ra_ck_block_report;
/* The unimplemented blocks that first became active in the last step. */
RETROANIM_C_API int ra_ck_player_count_unimplemented(ra_ck_player* player, size_t* count);
RETROANIM_C_API int ra_ck_player_get_unimplemented(ra_ck_player* player, size_t index, ra_ck_block_report* out);

/* The number of frames `seconds` of dt_ms-millisecond frames make (rounded
 * to the nearest; `ck play --seconds S --dt-ms D`). */
RETROANIM_C_API int ra_ck_frame_count(double seconds, double dt_ms, int* frames);

/* ======================================================================
 * Asheron's Call (ac)
 * ====================================================================== */

typedef struct ra_ac_scenario ra_ac_scenario; /* an AC scenario file's data (no steps) */

/* Loads an AC scenario file (docs/formats/ac-scenario.md): every step is
 * checked (as `retroanim ac scenario` does before it writes), then its data
 * is kept: animations (inline and from its "dat"), motion table, initial
 * frame, the JSON of its inline hooks. The steps are the caller's to replay. */
RETROANIM_C_API int ra_ac_scenario_load(const char* path, ra_ac_scenario** out);
/* Refused while objects made from its provider are alive. */
RETROANIM_C_API int ra_ac_scenario_free(ra_ac_scenario* scenario);
/* The scenario's provider of animations (owned by the scenario; it has no setups). */
RETROANIM_C_API int ra_ac_scenario_get_provider(ra_ac_scenario* scenario, ra_ac_provider** out);
/* The scenario's initial frame. */
RETROANIM_C_API int ra_ac_scenario_get_initial_frame(ra_ac_scenario* scenario, ra_ac_frame* out);
/* 1 in *has when the scenario has a motion table. */
RETROANIM_C_API int ra_ac_scenario_has_motion_table(ra_ac_scenario* scenario, int* has);
/* Gives the object the scenario's motion table (copied) and a motion table manager. */
RETROANIM_C_API int ra_ac_scenario_attach_motion_table(ra_ac_scenario* scenario, ra_ac_object* object);
/* The JSON text of the inline hook an event's tag names (tag 1..count), as
 * the scenario trace prints it; valid while the scenario lives. */
RETROANIM_C_API int ra_ac_scenario_get_hook_json(ra_ac_scenario* scenario, uint32_t tag, const char** json);

/* The trace JSON of an event's hook, built from its type, direction and
 * payload fields exactly as `retroanim ac scenario` prints a hook that has no
 * scenario JSON (AnimationDone, the hooks of a dat's animations):
 * {"type":N,"direction":D, then the payload fields by name}, e.g.
 * {"type":3,"direction":1,"part_index":1,"left_x":-0.5,...}. Any event
 * works (the tag is not used: for a scenario's inline hook, tag != 0,
 * ra_ac_scenario_get_hook_json gives the JSON as written). The text stays
 * valid until the next call of this function on this thread. */
RETROANIM_C_API int ra_ac_hook_event_get_json(const ra_ac_hook_event* event, const char** json);

/* The benchmark workload's data (bench/ac_update.cpp, `retroanim ac bench`):
 * kind 0 cyclic, 1 many (64 animations), 2 moving. Setups 0x02000001 + k
 * (30 parts, one sphere, default animation 0x03000001 + k), animations
 * 0x03000001 + k, k below 1 (64 for kind 1). */
RETROANIM_C_API int ra_ac_provider_create_workload(int kind, ra_ac_provider** out);

/* The C++ side of the batched tick, for comparisons in the same process:
 * builds `objects` objects of the benchmark workload `kind` (as
 * ra_ac_provider_create_workload and `retroanim ac bench`), runs `ticks`
 * ticks of ac::update_objects at 1/30 s on `threads` threads (0 = one per
 * core) and gives the milliseconds per tick and the checksum after the last
 * tick (that of ra_ac_batch_checksum; either out may be NULL). */
RETROANIM_C_API int ra_ac_bench_run(int kind, size_t objects, int ticks, unsigned threads, double* ms_per_tick,
                                    uint64_t* checksum);

/* Runs an Asheron's Call scenario file (format retroanim.ac.scenario/1) and
 * writes its JSON Lines trace to out_path (err may be NULL). */
RETROANIM_C_API int ra_ac_run_scenario(const char* scenario_path, const char* out_path, char* err, size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* RETROANIM_HARNESS_H */
