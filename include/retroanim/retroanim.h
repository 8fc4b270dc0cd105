/* retroanim C API: a thin C layer over the C++ library for engine ports
 * written in C (such as a C port of Ballance), for servers (an Asheron's Call
 * server emulator in C#, through bindings/csharp) and for other languages'
 * FFI. It holds no logic of its own: every function forwards to the library.
 * docs/C-API.md describes every function.
 *
 * Conventions
 * - Every function returns RA_OK (0) on success or a nonzero RA_ERR_* code;
 *   results come back through out-parameters. The few released functions of
 *   version 0.2 that return a pointer or a count, or take an `err` buffer,
 *   keep doing so (marked "0.2 form" below).
 * - A failing call stores a one-line message (the library's, naming file,
 *   object and byte offset where they apply) for the calling thread:
 *   ra_last_error() returns it. A successful call leaves it as it was.
 * - No C++ exception leaves a function of this API.
 * - Handles are opaque values (not pointers into memory: they are checked
 *   against a table, so a NULL, freed or wrong-kind handle is RA_ERR_HANDLE,
 *   never a crash). Handles made by a *_create / *_open / *_load function are
 *   owned by the caller, who frees them with the matching *_free; handles a
 *   scene hands out (curves, animations, entities) are owned by the scene and
 *   stay valid until it is freed. Freeing an object still used by another
 *   (a provider with objects, an object in a batch) is refused (RA_ERR_STATE).
 * - Structs are plain data with a fixed layout (only 32- and 64-bit fields
 *   and floats, no padding on the usual ABIs); sizes are stated.
 * - Names are UTF-8. Matrices are 16 floats, row by row, row 3 = translation
 *   (the Virtools layout); AC frames are origin x, y, z then quaternion
 *   w, x, y, z (the dat order).
 *
 * Threads
 * - Any function may be called from any thread. Loaded data is read-only and
 *   may be shared by many threads at once: a ck scene's curves and
 *   animations' keys, an AC dat, a provider and the animations, setups and
 *   motion tables it serves (their caches fill under a lock).
 * - Per-object state belongs to one thread at a time: an ra_ac_object, an
 *   ra_ac_batch (and the objects in it while it updates), an ra_ck_player,
 *   and a scene's entities and animations when a call changes them
 *   (set_step moves entities). Use them from one thread, or synchronise.
 * - ra_ac_batch_update with threads > 1 runs the update on a worker pool it
 *   owns; results and the events' order do not depend on the thread count.
 * - ra_last_error() is per thread. */
#ifndef RETROANIM_RETROANIM_H
#define RETROANIM_RETROANIM_H

#include <stddef.h>
#include <stdint.h>

#include "retroanim/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The codes. Each failure has one code; the message says which check failed.
 * A failure the library reports for an object (a retroanim::Status: the
 * original's CKERROR) is RA_ERR_NOT_FOUND for CKERR_NOTFOUND and RA_ERR_STATE
 * otherwise; the message is "curve 'NAME': " followed by the library's. */
enum {
  RA_OK = 0,
  RA_ERR_INPUT = 1,         /* a bad or unreadable input file, or bad data in it (the reader's
                               message: file, object, byte offset) */
  RA_ERR_NOT_FOUND = 2,     /* no object of that name, class or id */
  RA_ERR_STATE = 3,         /* the object cannot do that (e.g. a curve with fewer than 2 points) */
  RA_ERR_ARGUMENT = 4,      /* a NULL pointer where one is required, a non-finite number, a
                               count or size that does not fit */
  RA_ERR_IO = 5,            /* an output file cannot be written */
  RA_ERR_OUT_OF_MEMORY = 6, /* an allocation failed */
  RA_ERR_INTERNAL = 7,      /* any other failure inside the library (a bug: please report it) */
  RA_ERR_HANDLE = 8         /* a NULL, freed or foreign handle, or a handle of another kind */
};

/* The library version, "MAJOR.MINOR.PATCH" (RETROANIM_VERSION_STRING in
 * retroanim/version.h when it was built). */
RETROANIM_C_API const char* ra_version(void);

/* The message of the last failed call on this thread ("" when none). The
 * text stays valid until the next failing call on this thread. */
RETROANIM_C_API const char* ra_last_error(void);

/* The constant name of a code ("RA_OK", "RA_ERR_INPUT", ...; "RA_ERR_?" otherwise). */
RETROANIM_C_API const char* ra_status_name(int code);

/* ======================================================================
 * Virtools (ck)
 * ====================================================================== */

typedef struct ra_ck_scene ra_ck_scene;                       /* a loaded .nmo/.cmo file */
typedef struct ra_ck_curve ra_ck_curve;                       /* a CKCurve of a scene */
typedef struct ra_ck_object_animation ra_ck_object_animation; /* a CKObjectAnimation of a scene */
typedef struct ra_ck_keyed_animation ra_ck_keyed_animation;   /* a CKKeyedAnimation of a scene */
typedef struct ra_ck_entity ra_ck_entity;                     /* a CK3dEntity of a scene */

/* Loads a Virtools file. The objects' names are decoded from Windows-1252
 * (the game's code page). */
RETROANIM_C_API int ra_ck_scene_open(const char* path, ra_ck_scene** out);
/* Loads a Virtools file from memory (copied; `name` is used in messages and may be NULL). */
RETROANIM_C_API int ra_ck_scene_open_memory(const void* data, size_t size, const char* name, ra_ck_scene** out);
/* Frees a scene and its curves', animations' and entities' handles; refused
 * (RA_ERR_STATE) while a player of libretroanim-harness made on it is alive.
 * NULL is allowed. */
RETROANIM_C_API int ra_ck_scene_close(ra_ck_scene* scene);
/* Number of objects in the scene's object table. */
RETROANIM_C_API int ra_ck_scene_count_objects(const ra_ck_scene* scene, size_t* count);

/* Name lookups: once per object, then per-frame calls take the handle.
 * The same object gives the same handle. RA_ERR_NOT_FOUND when no object of
 * that class has the name. */
RETROANIM_C_API int ra_ck_scene_find_curve(ra_ck_scene* scene, const char* name, ra_ck_curve** out);
RETROANIM_C_API int ra_ck_scene_find_object_animation(ra_ck_scene* scene, const char* name,
                                                      ra_ck_object_animation** out);
RETROANIM_C_API int ra_ck_scene_find_keyed_animation(ra_ck_scene* scene, const char* name,
                                                     ra_ck_keyed_animation** out);
RETROANIM_C_API int ra_ck_scene_find_entity(ra_ck_scene* scene, const char* name, ra_ck_entity** out);

/* CKCurve::GetLength (lazy update first). */
RETROANIM_C_API int ra_ck_curve_get_length(ra_ck_curve* curve, float* length);
/* CKCurve::GetPos: world position and, when dir is not NULL, the normalised
 * world direction at `step` (0..1) along the curve. */
RETROANIM_C_API int ra_ck_curve_get_position(ra_ck_curve* curve, float step, float pos[3], float dir[3]);
/* Number of control points. */
RETROANIM_C_API int ra_ck_curve_count_points(ra_ck_curve* curve, size_t* count);

/* A curve's control point (40 bytes). */
typedef struct ra_ck_curve_point {
  float position[3]; /* curve-local */
  float in_tangent[3];
  float out_tangent[3];
  float tension;
} ra_ck_curve_point;
/* Control point `index` with its tangents (CKCurve::GetTangents; lazy update first). */
RETROANIM_C_API int ra_ck_curve_get_point(ra_ck_curve* curve, size_t index, ra_ck_curve_point* out);

/* Position, rotation (quaternion x, y, z, w) and scale (44 bytes). */
typedef struct ra_ck_transform {
  float position[3];
  float rotation[4];
  float scale[3];
  uint32_t present; /* which were animated: 1 scale, 2 scale axis, 4 position, 8 rotation */
} ra_ck_transform;

/* CKObjectAnimation::SetStep (step 0..1): moves the animated entity; its
 * world matrix goes to world (16 floats) when not NULL. RA_ERR_STATE when the
 * animation has no entity. */
RETROANIM_C_API int ra_ck_object_animation_apply_step(ra_ck_object_animation* anim, float step, float world[16]);
/* Samples the animation at `step` (0..1) without moving anything. */
RETROANIM_C_API int ra_ck_object_animation_sample(ra_ck_object_animation* anim, float step, ra_ck_transform* out);
/* The animation's length in frames. */
RETROANIM_C_API int ra_ck_object_animation_get_length(ra_ck_object_animation* anim, float* frames);
/* The animated entity (NULL in *out when it has none). */
RETROANIM_C_API int ra_ck_object_animation_get_entity(ra_ck_object_animation* anim, ra_ck_entity** out);

/* CKKeyedAnimation::SetStep (step 0..1): every object animation of it. */
RETROANIM_C_API int ra_ck_keyed_animation_set_step(ra_ck_keyed_animation* anim, float step);
/* The keyed animation's length in frames. */
RETROANIM_C_API int ra_ck_keyed_animation_get_length(ra_ck_keyed_animation* anim, float* frames);

/* The entity's local and world matrices (16 floats each). */
RETROANIM_C_API int ra_ck_entity_get_local_matrix(ra_ck_entity* entity, float local[16]);
RETROANIM_C_API int ra_ck_entity_get_world_matrix(ra_ck_entity* entity, float world[16]);
/* The parent entity (NULL in *out for a root). */
RETROANIM_C_API int ra_ck_entity_get_parent(ra_ck_entity* entity, ra_ck_entity** out);


/* ----------------------------------------------------------------------
 * Meshes, materials and textures (CKMesh, CKMaterial, CKTexture) as the file
 * stores them, for ports that draw. Handles are owned by the scene, like
 * entities. Images: ra_image below.
 * ---------------------------------------------------------------------- */

typedef struct ra_ck_mesh ra_ck_mesh;         /* a CKMesh of a scene */
typedef struct ra_ck_material ra_ck_material; /* a CKMaterial of a scene */
typedef struct ra_ck_texture ra_ck_texture;   /* a CKTexture of a scene */
typedef struct ra_image ra_image;             /* decoded RGBA pixels (either engine), owned by the caller */

RETROANIM_C_API int ra_ck_scene_find_mesh(ra_ck_scene* scene, const char* name, ra_ck_mesh** out);
RETROANIM_C_API int ra_ck_scene_find_material(ra_ck_scene* scene, const char* name, ra_ck_material** out);
RETROANIM_C_API int ra_ck_scene_find_texture(ra_ck_scene* scene, const char* name, ra_ck_texture** out);
/* The entity's current mesh (CK3dEntity::GetCurrentMesh; NULL in *out when it has none). */
RETROANIM_C_API int ra_ck_entity_get_mesh(ra_ck_entity* entity, ra_ck_mesh** out);

/* A mesh's sizes and flags (20 bytes). */
typedef struct ra_ck_mesh_info {
  uint32_t vertex_count;
  uint32_t face_count;     /* triangles */
  uint32_t material_count; /* material slots (faces name one each) */
  uint32_t line_count;
  uint32_t flags;          /* VXMESH_FLAGS as loaded (0x2 visible, 0x80 prelit, ...) */
} ra_ck_mesh_info;
RETROANIM_C_API int ra_ck_mesh_get_info(ra_ck_mesh* mesh, ra_ck_mesh_info* out);
/* Copies `count` (= vertex_count) vertices as stored, in Virtools' left-handed
 * frame: positions and normals 3 floats each, UVs 2, colours ARGB (the
 * diffuse vertex colour). Any output may be NULL. */
RETROANIM_C_API int ra_ck_mesh_get_vertices(ra_ck_mesh* mesh, float* positions, float* normals, float* uvs,
                                            uint32_t* colors, size_t count);
/* Copies `count` (= face_count) faces: three vertex indices each, in the
 * stored order (counter-clockwise seen from the front in the left-handed
 * frame), and each face's material slot. Either output may be NULL. */
RETROANIM_C_API int ra_ck_mesh_get_faces(ra_ck_mesh* mesh, uint32_t* indices, uint32_t* material_slots, size_t count);
/* The material of slot `slot` (< material_count; NULL in *out for an empty slot). */
RETROANIM_C_API int ra_ck_mesh_get_material(ra_ck_mesh* mesh, size_t slot, ra_ck_material** out);

/* A material's colours and render states (112 bytes). Colours are r, g, b, a
 * in [0, 1]; the enums hold VxMath's values (VXTEXTURE_FILTERMODE,
 * VXTEXTURE_ADDRESSMODE, VXTEXTURE_BLENDMODE, VXBLEND_MODE, VXCMPFUNC). */
typedef struct ra_ck_material_info {
  float diffuse[4];
  float ambient[4];
  float specular[4];
  float emissive[4];
  float specular_power;
  uint32_t texture_blend;
  uint32_t min_filter;
  uint32_t mag_filter;
  uint32_t address_mode;
  uint32_t source_blend;
  uint32_t dest_blend;
  int32_t two_sided;
  int32_t alpha_blend;
  int32_t alpha_test;
  uint32_t alpha_func;
  uint32_t alpha_ref;  /* 0..255 */
} ra_ck_material_info;
RETROANIM_C_API int ra_ck_material_get_info(ra_ck_material* material, ra_ck_material_info* out);
/* The material's main texture (NULL in *out when it has none). */
RETROANIM_C_API int ra_ck_material_get_texture(ra_ck_material* material, ra_ck_texture** out);

/* Where a texture's pixels are (its current slot). */
enum {
  RA_CK_TEXTURE_NONE = 0,        /* no slot */
  RA_CK_TEXTURE_FILE_NAME = 1,   /* only a file name: an external image */
  RA_CK_TEXTURE_RAW_PIXELS = 2,  /* embedded raw pixels */
  RA_CK_TEXTURE_IMAGE_FILE = 3   /* an embedded image file (JPEG, BMP, TGA, PNG, ...) */
};
/* A texture as stored (24 bytes): the size is the stored one (0 for an
 * external image, whose size the file gives: ra_ck_texture_load_image). */
typedef struct ra_ck_texture_info {
  int32_t source;              /* RA_CK_TEXTURE_* */
  uint32_t width;
  uint32_t height;
  uint32_t slot_count;
  int32_t transparent;         /* 1: texels of transparent_color are see-through (colour key) */
  uint32_t transparent_color;  /* ARGB */
} ra_ck_texture_info;
RETROANIM_C_API int ra_ck_texture_get_info(ra_ck_texture* texture, ra_ck_texture_info* out);
/* The current slot's file name (UTF-8; "" when none), valid while the scene lives. */
RETROANIM_C_API int ra_ck_texture_get_file_name(ra_ck_texture* texture, const char** name);
/* Decodes the texture's pixels: the embedded slot, or the external image
 * looked up as the game does (in `texture_dir` when not NULL, beside the
 * scene's file, in the game's Textures folders; names compared
 * case-insensitively). RA_ERR_NOT_FOUND when no image is found; RA_ERR_INPUT
 * when one is found and does not decode. The colour key is not applied. */
RETROANIM_C_API int ra_ck_texture_load_image(ra_ck_texture* texture, const char* texture_dir, ra_image** out);

/* An image's size and its RGBA pixels (width * height * 4 bytes, rows from
 * the top), valid until ra_image_free. */
RETROANIM_C_API int ra_image_get_size(ra_image* image, uint32_t* width, uint32_t* height);
RETROANIM_C_API int ra_image_get_pixels(ra_image* image, const uint8_t** rgba, size_t* size);
/* NULL is allowed. */
RETROANIM_C_API int ra_image_free(ra_image* image);

/* ======================================================================
 * Asheron's Call (ac)
 * ====================================================================== */

typedef struct ra_ac_dat ra_ac_dat;           /* an open portal.dat (read-only, shareable) */
typedef struct ra_ac_provider ra_ac_provider; /* animations, setups and motion tables by id */
typedef struct ra_ac_object ra_ac_object;     /* one physics object with its parts and sequence */
typedef struct ra_ac_batch ra_ac_batch;       /* many objects updated by one call */

/* A frame: origin x, y, z, then quaternion w, x, y, z (28 bytes). */
typedef struct ra_ac_frame {
  float origin[3];
  float rotation[4];
} ra_ac_frame;

/* Opens a portal.dat file, or one held in memory (copied; `name` for messages, may be NULL). */
RETROANIM_C_API int ra_ac_dat_open(const char* path, ra_ac_dat** out);
RETROANIM_C_API int ra_ac_dat_open_memory(const void* data, size_t size, const char* name, ra_ac_dat** out);
/* Refused while a provider made from it is alive. */
RETROANIM_C_API int ra_ac_dat_free(ra_ac_dat* dat);

/* A provider serving the dat's animations (unpacked on first use, then
 * kept), setups and motion tables. The dat must outlive it. */
RETROANIM_C_API int ra_ac_provider_from_dat(ra_ac_dat* dat, ra_ac_provider** out);
/* Refused while objects made from it are alive. */
RETROANIM_C_API int ra_ac_provider_free(ra_ac_provider* provider);


/* Creates an object with the parts of setup `setup_id` from the provider
 * (CPhysicsObj with CPartArray::CreateSetup: the setup's default animation is
 * queued), or with `part_count` parts and no spheres (setup_id 0). `id` is
 * the caller's: every event of the object carries it. The object is active,
 * at the identity frame, scale 1, no motion table. */
RETROANIM_C_API int ra_ac_object_create(ra_ac_provider* provider, uint32_t setup_id, uint32_t part_count,
                                        uint64_t id, ra_ac_object** out);
/* Refused while the object is in a batch. */
RETROANIM_C_API int ra_ac_object_free(ra_ac_object* object);
/* Attaches motion table `table_id` from the provider (copied) with a manager. */
RETROANIM_C_API int ra_ac_object_attach_motion_table(ra_ac_object* object, ra_ac_provider* provider,
                                                     uint32_t table_id);

/* The object's PhysicsState and TransientState bits (transient 0x2 = on a
 * walkable surface: the animation's motion is applied, else only turning). */
RETROANIM_C_API int ra_ac_object_set_state(ra_ac_object* object, uint32_t state, uint32_t transient_state);
RETROANIM_C_API int ra_ac_object_get_state(ra_ac_object* object, uint32_t* state, uint32_t* transient_state);
/* CPhysicsObj::set_frame (places the parts) and the frame. */
RETROANIM_C_API int ra_ac_object_set_frame(ra_ac_object* object, const ra_ac_frame* frame);
RETROANIM_C_API int ra_ac_object_get_frame(ra_ac_object* object, ra_ac_frame* out);
/* Number of parts, and their frames after the last update (out holds `count` frames). */
RETROANIM_C_API int ra_ac_object_count_parts(ra_ac_object* object, size_t* count);
RETROANIM_C_API int ra_ac_object_get_part_frames(ra_ac_object* object, ra_ac_frame* out, size_t count);

/* Motion table manager inputs (need a motion table: RA_ERR_STATE otherwise).
 * set_default_state: MotionTableManager::initialize_state. perform / stop:
 * PerformMovement of DoObjectMotion / StopObjectMotion with that speed;
 * stop_completely: StopCompletely. The client's WERROR goes to *werror when
 * not NULL (0 performed, 0x43 the table cannot do it: nothing changed). */
RETROANIM_C_API int ra_ac_object_set_default_state(ra_ac_object* object);
RETROANIM_C_API int ra_ac_object_perform(ra_ac_object* object, uint32_t motion, float speed, uint32_t* werror);
RETROANIM_C_API int ra_ac_object_stop(ra_ac_object* object, uint32_t motion, float speed, uint32_t* werror);
RETROANIM_C_API int ra_ac_object_stop_completely(ra_ac_object* object, uint32_t* werror);

/* The motion state (16 bytes). */
typedef struct ra_ac_motion_state {
  uint32_t style;
  uint32_t substate;
  uint32_t modifier_count;
  uint32_t pending_count;
} ra_ac_motion_state;
/* A pending motion: the motion and the animations still to finish (8 bytes). */
typedef struct ra_ac_pending_motion {
  uint32_t motion;
  uint32_t num_anims;
} ra_ac_pending_motion;
RETROANIM_C_API int ra_ac_object_get_motion_state(ra_ac_object* object, ra_ac_motion_state* out);
/* The modifiers' motion ids (out holds `count` = modifier_count entries). */
RETROANIM_C_API int ra_ac_object_get_modifiers(ra_ac_object* object, uint32_t* out, size_t count);
/* The pending queue (out holds `count` = pending_count entries). */
RETROANIM_C_API int ra_ac_object_get_pending(ra_ac_object* object, ra_ac_pending_motion* out, size_t count);
/* The motions the manager reported done since the last call: *count of them
 * at *motions (valid until the next call on the object), then forgotten. */
RETROANIM_C_API int ra_ac_object_take_done(ra_ac_object* object, const uint32_t** motions, size_t* count);

/* Raw sequence calls (CSequence): append_animation with an AnimData (high -1 =
 * last frame; the animation must exist in the object's provider), clear
 * (animations, physics, placement frame), set_velocity, set_omega,
 * multiply_cyclic_animation_framerate, remove_cyclic_anims,
 * remove_all_link_animations. */
RETROANIM_C_API int ra_ac_object_append_animation(ra_ac_object* object, uint32_t anim_id, float framerate,
                                                  int32_t low_frame, int32_t high_frame);
RETROANIM_C_API int ra_ac_object_clear_sequence(ra_ac_object* object);
RETROANIM_C_API int ra_ac_object_set_velocity(ra_ac_object* object, const float velocity[3]);
RETROANIM_C_API int ra_ac_object_set_omega(ra_ac_object* object, const float omega[3]);
RETROANIM_C_API int ra_ac_object_multiply_framerate(ra_ac_object* object, float multiplier);
RETROANIM_C_API int ra_ac_object_remove_cyclic(ra_ac_object* object);
RETROANIM_C_API int ra_ac_object_remove_all_links(ra_ac_object* object);
/* CSequence::update(dt) alone (dt finite, >= 0): the offset goes to offset
 * when not NULL; the object does not move and hooks stay queued for the next update. */
RETROANIM_C_API int ra_ac_object_update_sequence(ra_ac_object* object, double dt, ra_ac_frame* offset);

/* The sequence's state after the last update (24 bytes). */
typedef struct ra_ac_sequence_state {
  double frame_number;  /* the frame number (double, as the client) */
  uint32_t anim_id;     /* the current animation's id (0 when has_anim is 0) */
  int32_t has_anim;     /* 1 when there is a current animation */
  uint32_t node_count;  /* animations in the sequence */
  uint32_t reserved;
} ra_ac_sequence_state;
RETROANIM_C_API int ra_ac_object_get_sequence_state(ra_ac_object* object, ra_ac_sequence_state* out);

/* Updates. advance: the scenario runner's `update` step (dt seconds on the
 * sequence's own clock: CSequence::update, object frame combined with the
 * offset, the hooks processed, UseTime). update: CPhysicsObj::update_object
 * to `time` seconds (quanta of at most 0.2 s, the client's rules). tick:
 * CPhysicsObj::UpdateObjectInternal for one quantum. All finite; the hooks
 * received become the object's events. */
RETROANIM_C_API int ra_ac_object_advance(ra_ac_object* object, double dt);
RETROANIM_C_API int ra_ac_object_update(ra_ac_object* object, double time);
RETROANIM_C_API int ra_ac_object_tick(ra_ac_object* object, float quantum);

/* A hook the object received (64 bytes). object_id: the id given at
 * creation. type: the AnimationHookType (1 Sound, 2 SoundTable, 3 Attack,
 * 4 AnimationDone, ...). direction: -1 backward, 0 both, 1 forward, -2 for
 * the sequence's own AnimationDone. tag: a scenario's hook index
 * (ra_ac_scenario_get_hook_json of libretroanim-harness), 0 otherwise. u and f: the payload by type,
 * docs/C-API.md (e.g. Sound: u[0] sound id; Attack: u[0] part index,
 * f[0..5] left x, y, right x, y, radius, height; CreateParticle: u[0]
 * emitter info id, u[1] part index, u[2] emitter id, f[0..6] the offset frame). */
typedef struct ra_ac_hook_event {
  uint64_t object_id;
  uint32_t type;
  int32_t direction;
  uint32_t tag;
  uint32_t u[3];
  float f[7];
  uint32_t reserved;
} ra_ac_hook_event;
/* The object's events since the last clear: *count of them at *events
 * (valid until the next call that updates or clears the object). */
RETROANIM_C_API int ra_ac_object_get_events(ra_ac_object* object, const ra_ac_hook_event** events, size_t* count);
RETROANIM_C_API int ra_ac_object_clear_events(ra_ac_object* object);

/* A batch: `count` distinct objects (each at most once, and in one batch at
 * a time; they may share providers), updated by one call on `threads`
 * threads (1 = the calling thread only, 0 = one per core). The objects
 * cannot be freed while in it. Events an object in a batch receives outside
 * ra_ac_batch_tick (ra_ac_object_tick, ...) stay with the object and come
 * out with the batch's next tick too, unless cleared. */
RETROANIM_C_API int ra_ac_batch_create(ra_ac_object* const* objects, size_t count, unsigned threads,
                                       ra_ac_batch** out);
RETROANIM_C_API int ra_ac_batch_free(ra_ac_batch* batch);
/* The batch pool's thresholds (since 0.3): a tick is split over the threads
 * only when each gets at least `back_to_back_ns` nanoseconds of estimated
 * work (objects x about 190 ns) when ticks come back to back (the last ended
 * less than 200 us before), or `idle_ns` after a longer pause (a 30-60 Hz
 * loop: the workers are asleep and waking them costs more); otherwise the
 * calling thread runs the tick alone, with the same results. 0 splits every
 * tick. Each at most 1000000000. The defaults, 10000 and 750000, are the
 * library's measured ones (docs/PERFORMANCE.md). */
RETROANIM_C_API int ra_ac_batch_set_min_work(ra_ac_batch* batch, uint64_t back_to_back_ns, uint64_t idle_ns);
/* One quantum (finite, > 0) of CPhysicsObj::UpdateObjectInternal on every
 * object (ac::update_objects over the pool: the same results as one object
 * at a time, whatever the thread count). The events of all objects, in
 * object order (within one object: its AnimationDone events, then its other
 * hooks), replace the batch's event list. */
RETROANIM_C_API int ra_ac_batch_tick(ra_ac_batch* batch, float quantum);
/* The events of the last tick (valid until the next tick or free). */
RETROANIM_C_API int ra_ac_batch_get_events(ra_ac_batch* batch, const ra_ac_hook_event** events, size_t* count);
/* Every object's frame, in batch order (out holds `count` = the batch's objects). */
RETROANIM_C_API int ra_ac_batch_get_frames(ra_ac_batch* batch, ra_ac_frame* out, size_t count);
/* FNV-1a 64 over every object's frame then its parts' frames (floats as
 * little-endian bytes; `retroanim ac bench`'s checksum). */
RETROANIM_C_API int ra_ac_batch_checksum(ra_ac_batch* batch, uint64_t* checksum);


/* ----------------------------------------------------------------------
 * The motion interpreter (CMotionInterp)
 *
 * An object with a motion table may get one interpreter: it turns raw motion
 * commands (the player's input, a server's raw command) into interpreted
 * ones, sends them to the object's motion table manager, queues each motion
 * until the manager reports it done, decides whether a jump is allowed and
 * computes the state velocity. The object then tells it when it touches or
 * leaves walkable ground, and each motion the manager completes (in any
 * update, tick or batch tick) reaches it. The functions below need an
 * interpreter (RA_ERR_STATE otherwise) unless they say so. The client's
 * WERROR goes to *werror when not NULL (0 success; docs/C-API.md lists the
 * codes). Hold keys: 0 Invalid, 1 None, 2 Run. Booleans are 0 or 1 (any
 * nonzero int is 1).
 * ---------------------------------------------------------------------- */

/* The weenie's answers to the interpreter's questions (CWeenieObject; 32 bytes). */
typedef struct ra_ac_weenie {
  int32_t is_player;         /* IsThePlayer (default 1) */
  int32_t is_creature;       /* IsCreature (default 1) */
  int32_t has_run_rate;      /* InqRunRate returns this (default 0) ... */
  float run_rate;            /* ... with this rate */
  int32_t has_jump_velocity; /* InqJumpVelocity returns this (default 0) ... */
  float jump_velocity;       /* ... with this vertical velocity */
  int32_t can_jump;          /* CanJump (default 1) */
  int32_t jump_stamina;      /* JumpStaminaCost returns this (default 1; the cost is 0) */
} ra_ac_weenie;
/* The defaults above (a player creature without run rate or jump velocity of its own). */
RETROANIM_C_API int ra_ac_weenie_init(ra_ac_weenie* out);

/* MovementParameters (40 bytes): ra_ac_movement_params_init gives the
 * constructor's values (bitfield 0x1EE0F, distance_to_object 0.6, speed 1,
 * fail_distance FLT_MAX, walk_run_threshhold 15, the rest 0). Bitfield bits:
 * 0x800 set hold key, 0x1000 autonomous, 0x2000 modify raw state, 0x4000
 * modify interpreted state, 0x8000 cancel move-to, 0x20000 disable jump
 * during link (docs/C-API.md lists all). A NULL params argument stands for
 * the constructor's values. */
typedef struct ra_ac_movement_params {
  uint32_t bitfield;
  float distance_to_object;
  float min_distance;
  float desired_heading;
  float speed;
  float fail_distance;
  float walk_run_threshhold;
  uint32_t context_id;
  uint32_t hold_key_to_apply;
  uint32_t action_stamp;
} ra_ac_movement_params;
RETROANIM_C_API int ra_ac_movement_params_init(ra_ac_movement_params* out);

/* Gives the object an interpreter (CMotionInterp::Create: both states at
 * their constructor values, nothing applied until
 * ra_ac_object_interp_enter_default_state) with a weenie answering as
 * `weenie` (copied), or none when NULL. Needs a motion table; one per object
 * (RA_ERR_STATE otherwise); it lives as long as the object, and the object's
 * motion table can no longer be replaced. */
RETROANIM_C_API int ra_ac_object_create_interp(ra_ac_object* object, const ra_ac_weenie* weenie);
/* 1 in *has when the object has an interpreter (any object). */
RETROANIM_C_API int ra_ac_object_has_interp(ra_ac_object* object, int* has);
/* Changes the weenie's answers from now on (nothing is re-applied);
 * RA_ERR_STATE when the interpreter was made without a weenie. */
RETROANIM_C_API int ra_ac_object_set_weenie(ra_ac_object* object, const ra_ac_weenie* weenie);

/* CMotionInterp::enter_default_state: new states, the motion tables
 * initialised, Ready queued, initted, then LeaveGround. */
RETROANIM_C_API int ra_ac_object_interp_enter_default_state(ra_ac_object* object);
/* CMotionInterp::DoMotion, StopMotion, DoInterpretedMotion, StopInterpretedMotion
 * (the interpreter's alone: CPhysicsObj::DoMotion and StopMotion also set
 * last_move_was_autonomous to 1 first; for a player's input call
 * ra_ac_object_set_autonomous(object, 1)). */
RETROANIM_C_API int ra_ac_object_do_motion(ra_ac_object* object, uint32_t motion, const ra_ac_movement_params* params,
                                           uint32_t* werror);
RETROANIM_C_API int ra_ac_object_stop_motion(ra_ac_object* object, uint32_t motion,
                                             const ra_ac_movement_params* params, uint32_t* werror);
RETROANIM_C_API int ra_ac_object_do_interpreted_motion(ra_ac_object* object, uint32_t motion,
                                                       const ra_ac_movement_params* params, uint32_t* werror);
RETROANIM_C_API int ra_ac_object_stop_interpreted_motion(ra_ac_object* object, uint32_t motion,
                                                         const ra_ac_movement_params* params, uint32_t* werror);
/* CMotionInterp::StopCompletely (ra_ac_object_stop_completely is the manager's). */
RETROANIM_C_API int ra_ac_object_interp_stop_completely(ra_ac_object* object, uint32_t* werror);
/* CMotionInterp::SetHoldKey (key 0..2) and set_hold_run. */
RETROANIM_C_API int ra_ac_object_set_hold_key(ra_ac_object* object, uint32_t key, int cancel_moveto);
RETROANIM_C_API int ra_ac_object_set_hold_run(ra_ac_object* object, int run, int cancel_moveto);
/* CMotionInterp::apply_current_movement, apply_raw_movement, apply_interpreted_movement. */
RETROANIM_C_API int ra_ac_object_apply_current_movement(ra_ac_object* object, int cancel_moveto, int disallow_jump);
RETROANIM_C_API int ra_ac_object_apply_raw_movement(ra_ac_object* object, int cancel_moveto, int disallow_jump);
RETROANIM_C_API int ra_ac_object_apply_interpreted_movement(ra_ac_object* object, int cancel_moveto,
                                                            int disallow_jump);
/* CMotionInterp::charge_jump, and jump with extent (finite): the stamina the
 * weenie's JumpStaminaCost gives goes to *stamina when not NULL. */
RETROANIM_C_API int ra_ac_object_charge_jump(ra_ac_object* object, uint32_t* werror);
RETROANIM_C_API int ra_ac_object_jump(ra_ac_object* object, float extent, int32_t* stamina, uint32_t* werror);
/* The ground (CPhysicsObj's calls: any object; with an interpreter they
 * reach it as HitGround and LeaveGround): set_contact is the contact block of
 * CPhysicsObj::SetPositionInternal (contact bit; with contact
 * set_on_walkable(on_walkable), else the walkable bit cleared and
 * LeaveGround when it was set); set_on_walkable is CPhysicsObj::set_on_walkable
 * (HitGround on a change to walkable, LeaveGround on a change away). */
RETROANIM_C_API int ra_ac_object_set_contact(ra_ac_object* object, int contact, int on_walkable);
RETROANIM_C_API int ra_ac_object_set_on_walkable(ra_ac_object* object, int on_walkable);
/* CMotionInterp::HitGround and LeaveGround called directly (the bits are left alone). */
RETROANIM_C_API int ra_ac_object_interp_hit_ground(ra_ac_object* object);
RETROANIM_C_API int ra_ac_object_interp_leave_ground(ra_ac_object* object);
/* CPhysicsObj::CheckForCompletedMotions (MotionTableManager::CheckForCompletedMotions;
 * needs a motion table, not an interpreter). */
RETROANIM_C_API int ra_ac_object_check_completed_motions(ra_ac_object* object);
/* CPhysicsObj::last_move_was_autonomous (DoMotion and StopMotion set it) and
 * whether the object is in a cell (1 by default; 0: the interpreter's
 * link-removal rules for objects outside the world apply). Any object. */
RETROANIM_C_API int ra_ac_object_set_autonomous(ra_ac_object* object, int autonomous);
RETROANIM_C_API int ra_ac_object_set_in_cell(ra_ac_object* object, int in_cell);

/* A queued action (ActionNode; 16 bytes). */
typedef struct ra_ac_action {
  uint32_t action;
  float speed;
  uint32_t stamp;
  int32_t autonomous;
} ra_ac_action;
/* RawMotionState without its actions (48 bytes); action_count is read back only. */
typedef struct ra_ac_raw_motion_state {
  uint32_t current_holdkey;
  uint32_t current_style;
  uint32_t forward_command;
  uint32_t forward_holdkey;
  float forward_speed;
  uint32_t sidestep_command;
  uint32_t sidestep_holdkey;
  float sidestep_speed;
  uint32_t turn_command;
  uint32_t turn_holdkey;
  float turn_speed;
  uint32_t action_count;
} ra_ac_raw_motion_state;
/* InterpretedMotionState without its actions (32 bytes); action_count as above. */
typedef struct ra_ac_interpreted_motion_state {
  uint32_t current_style;
  uint32_t forward_command;
  float forward_speed;
  uint32_t sidestep_command;
  float sidestep_speed;
  uint32_t turn_command;
  float turn_speed;
  uint32_t action_count;
} ra_ac_interpreted_motion_state;
/* The interpreter's raw state, and its actions (out holds `count` = action_count). */
RETROANIM_C_API int ra_ac_object_get_raw_state(ra_ac_object* object, ra_ac_raw_motion_state* out);
RETROANIM_C_API int ra_ac_object_get_raw_actions(ra_ac_object* object, ra_ac_action* out, size_t count);
/* Writes the raw state's fields (hold keys 0..2; not the actions, not
 * action_count), as RawMotionState::UnPack would: nothing is applied. */
RETROANIM_C_API int ra_ac_object_set_raw_state(ra_ac_object* object, const ra_ac_raw_motion_state* state);
/* The interpreted state, and its actions. */
RETROANIM_C_API int ra_ac_object_get_interpreted_state(ra_ac_object* object, ra_ac_interpreted_motion_state* out);
RETROANIM_C_API int ra_ac_object_get_interpreted_actions(ra_ac_object* object, ra_ac_action* out, size_t count);
/* CMotionInterp::move_to_interpreted_state with `state` (action_count is
 * not read) and its `count` actions (may be NULL when 0); its result
 * (1) goes to *result when not NULL. */
RETROANIM_C_API int ra_ac_object_move_to_interpreted_state(ra_ac_object* object,
                                                           const ra_ac_interpreted_motion_state* state,
                                                           const ra_ac_action* actions, size_t count,
                                                           uint32_t* result);

/* The interpreter's other fields (32 bytes). */
typedef struct ra_ac_interp_state {
  int32_t initted;
  int32_t standing_longjump;
  float jump_extent;
  float my_run_rate;
  float current_speed_factor;
  uint32_t server_action_stamp;
  uint32_t pending_count; /* the motions it waits on */
  uint32_t reserved;
} ra_ac_interp_state;
/* A motion the interpreter waits on (MotionNode; 12 bytes). */
typedef struct ra_ac_interp_pending {
  uint32_t context_id;
  uint32_t motion;
  uint32_t jump_error_code;
} ra_ac_interp_pending;
RETROANIM_C_API int ra_ac_object_get_interp_state(ra_ac_object* object, ra_ac_interp_state* out);
/* The motions it waits on, oldest first (out holds `count` = pending_count). */
RETROANIM_C_API int ra_ac_object_get_interp_pending(ra_ac_object* object, ra_ac_interp_pending* out, size_t count);
/* CMotionInterp::get_state_velocity (object-local) and get_max_speed. */
RETROANIM_C_API int ra_ac_object_get_state_velocity(ra_ac_object* object, float velocity[3]);
RETROANIM_C_API int ra_ac_object_get_max_speed(ra_ac_object* object, float* speed);
/* The physics object's global velocity (m_velocityVector: LeaveGround and
 * jumps set it; nothing here integrates it). Any object. */
RETROANIM_C_API int ra_ac_object_get_velocity(ra_ac_object* object, float velocity[3]);

/* ----------------------------------------------------------------------
 * Meshes, surfaces and textures (GfxObj 0x01, Surface 0x08, SurfaceTexture
 * 0x05, RenderSurface 0x06), for servers that need bounds and clients that
 * draw.
 * ---------------------------------------------------------------------- */

typedef struct ra_ac_mesh ra_ac_mesh; /* a GfxObj's triangles, owned by the caller */

/* The GfxObj the client draws for `gfx_obj_id` at close range (its degrade
 * table's first level when it has one), triangulated: each drawing polygon a
 * fan from its first point, both sides where its sides type asks; vertices
 * per polygon corner in the dat's coordinates (x east, y north, z up); one
 * submesh per surface. RA_ERR_NOT_FOUND when the dat holds no such GfxObj. */
RETROANIM_C_API int ra_ac_dat_load_mesh(ra_ac_dat* dat, uint32_t gfx_obj_id, ra_ac_mesh** out);
/* NULL is allowed. */
RETROANIM_C_API int ra_ac_mesh_free(ra_ac_mesh* mesh);

/* A mesh's sizes and bounds (40 bytes; bounds all 0 for an empty mesh). */
typedef struct ra_ac_mesh_info {
  uint32_t gfx_obj_id;     /* the GfxObj drawn (a degrade level of the one asked for) */
  uint32_t vertex_count;
  uint32_t index_count;    /* three per triangle */
  uint32_t submesh_count;
  float bounds_min[3];
  float bounds_max[3];
} ra_ac_mesh_info;
/* One surface's triangles (24 bytes): ranges of the vertices and indices. */
typedef struct ra_ac_submesh {
  uint32_t surface_id;     /* the Surface (0x08): ra_ac_dat_get_surface */
  uint32_t first_vertex;
  uint32_t vertex_count;
  uint32_t first_index;
  uint32_t index_count;
  uint32_t reserved;
} ra_ac_submesh;
RETROANIM_C_API int ra_ac_mesh_get_info(ra_ac_mesh* mesh, ra_ac_mesh_info* out);
/* Copies `count` (= vertex_count) vertices: positions and normals 3 floats
 * each, UVs 2. Any output may be NULL. */
RETROANIM_C_API int ra_ac_mesh_get_vertices(ra_ac_mesh* mesh, float* positions, float* normals, float* uvs,
                                            size_t count);
/* Copies `count` (= index_count) vertex indices (counter-clockwise fronts). */
RETROANIM_C_API int ra_ac_mesh_get_indices(ra_ac_mesh* mesh, uint32_t* indices, size_t count);
/* Copies `count` (= submesh_count) submeshes, in the GfxObj's surface order. */
RETROANIM_C_API int ra_ac_mesh_get_submeshes(ra_ac_mesh* mesh, ra_ac_submesh* out, size_t count);

/* A Surface as the client holds it after loading (32 bytes). */
typedef struct ra_ac_surface {
  uint32_t type;          /* CSurface::type after InitEnd (0x2 image, 0x4 clipmap, 0x10 translucent, ...) */
  uint32_t texture_id;    /* the SurfaceTexture (0x05) when type & 6, else 0 */
  uint32_t palette_id;    /* with the texture: its Palette (0x04), 0 for the image's own */
  uint32_t color;         /* a solid colour, 0xAARRGGBB (type & 6 == 0) */
  float translucency;     /* 0 opaque .. 1 invisible */
  float luminosity;
  float diffuse;
  uint32_t reserved;
} ra_ac_surface;
RETROANIM_C_API int ra_ac_dat_get_surface(ra_ac_dat* dat, uint32_t surface_id, ra_ac_surface* out);
/* Decodes the image of texture `texture_id` (a SurfaceTexture's largest
 * level, or a RenderSurface id) to RGBA; indexed images through `palette_id`
 * (0: the image's own), with `clipmap` nonzero their indices below 8
 * transparent. RA_ERR_NOT_FOUND when an object it needs is not in the dat or
 * its pixel format is not decoded (the message says which). */
RETROANIM_C_API int ra_ac_dat_load_texture(ra_ac_dat* dat, uint32_t texture_id, uint32_t palette_id, int clipmap,
                                           ra_image** out);

/* ----------------------------------------------------------------------
 * Motion timing: how long a motion takes from a state and
 * when its hooks fire (ac::motion_timing, `retroanim ac timing`), from the
 * same code that plays them.
 * ---------------------------------------------------------------------- */

typedef struct ra_ac_motion_timing ra_ac_motion_timing; /* one query's result */

/* The timing of `motion` at `speed` performed by an object standing in
 * `style` / `substate` at `substate_speed` (speeds finite): with motion table
 * `table_id` of the provider (a dat's) and its animations, or with the
 * motion table attached to `object` and the animations of the object's
 * provider. A table that cannot perform the motion from that state is not an
 * error: the summary says performed 0. Free the result with
 * ra_ac_motion_timing_free. */
RETROANIM_C_API int ra_ac_motion_timing_create(ra_ac_provider* provider, uint32_t table_id, uint32_t style,
                                               uint32_t substate, float substate_speed, uint32_t motion,
                                               float speed, ra_ac_motion_timing** out);
RETROANIM_C_API int ra_ac_object_motion_timing(ra_ac_object* object, uint32_t style, uint32_t substate,
                                               float substate_speed, uint32_t motion, float speed,
                                               ra_ac_motion_timing** out);
RETROANIM_C_API int ra_ac_motion_timing_free(ra_ac_motion_timing* timing);

/* The result (32 bytes): cycle_start is the time until the target's cycle
 * starts, cycle_length one pass of it, in seconds (infinite at framerate 0). */
typedef struct ra_ac_timing_summary {
  int32_t performed;
  uint32_t animation_count;
  uint32_t hook_count;
  uint32_t reserved;
  double cycle_start;
  double cycle_length;
} ra_ac_timing_summary;
/* A queued animation (40 bytes): links first, then the cycle's. */
typedef struct ra_ac_timed_animation {
  uint32_t anim_id;
  int32_t low_frame;   /* resolved (a high of -1 is the last frame) */
  int32_t high_frame;
  float framerate;     /* the motion data's framerate times the speed */
  int32_t cyclic;      /* 1: part of the target's cycle, 0: a link */
  uint32_t reserved;
  double start;        /* seconds after the motion is performed */
  double duration;     /* one pass */
} ra_ac_timed_animation;
/* A hook firing (80 bytes): the hook as an event (object_id 0, tag 0 unless
 * a scenario's), its time, the index of its animation and its frame (-1 for
 * the sequence's AnimationDone). */
typedef struct ra_ac_timed_hook {
  double time;
  uint32_t animation;
  int32_t frame;
  ra_ac_hook_event hook;
} ra_ac_timed_hook;
RETROANIM_C_API int ra_ac_motion_timing_get_summary(ra_ac_motion_timing* timing, ra_ac_timing_summary* out);
/* out holds `count` = animation_count (hook_count) entries. */
RETROANIM_C_API int ra_ac_motion_timing_get_animations(ra_ac_motion_timing* timing, ra_ac_timed_animation* out,
                                                       size_t count);
RETROANIM_C_API int ra_ac_motion_timing_get_hooks(ra_ac_motion_timing* timing, ra_ac_timed_hook* out, size_t count);


/* ======================================================================
 * Released in 0.2 (kept working; prefer the handle functions above)
 * ====================================================================== */

/* 0.2 form. Loads a Virtools file; NULL on failure (message in err when not
 * NULL, NUL-terminated, and in ra_last_error()). */
RETROANIM_C_API ra_ck_scene* ra_ck_scene_load(const char* path, char* err, size_t err_len);
/* 0.2 form. Frees a scene (NULL allowed): ra_ck_scene_close. */
RETROANIM_C_API void ra_ck_scene_free(ra_ck_scene* scene);
/* 0.2 form. Number of objects (0 for a bad handle). */
RETROANIM_C_API size_t ra_ck_scene_object_count(const ra_ck_scene* scene);
/* 0.2 form (deprecated: finds the curve by name on every call). CKCurve::GetLength. */
RETROANIM_C_API int ra_ck_curve_length(ra_ck_scene* scene, const char* curve, float* length, char* err, size_t err_len);
/* 0.2 form (deprecated). CKCurve::GetPos of the curve named `curve`. */
RETROANIM_C_API int ra_ck_curve_get_pos(ra_ck_scene* scene, const char* curve, float step, float pos[3], float dir[3],
                                        char* err, size_t err_len);
/* 0.2 form (deprecated: ra_ck_object_animation_apply_step). CKObjectAnimation::SetStep of the
 * object animation named `anim`; the entity's world matrix into world when not NULL. */
RETROANIM_C_API int ra_ck_object_animation_set_step(ra_ck_scene* scene, const char* anim, float step, float world[16],
                                                    char* err, size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* RETROANIM_RETROANIM_H */
