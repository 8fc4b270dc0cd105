/* retroanim C API: a thin C layer over the C++ library for engine ports
 * written in C (such as a C port of Ballance) and for other languages' FFI.
 * It holds no logic of its own: every function forwards to the library.
 *
 * Conventions: functions return 0 on success and a nonzero RA_ERR_* code on
 * failure. When `err` is not NULL, a failure writes a one-line message (the
 * library's, naming file, object and byte offset where they apply) into
 * err[0..err_len-1], always NUL-terminated. Handles are opaque and owned by
 * the caller, who frees them with the matching *_free function. */
#ifndef RETROANIM_RETROANIM_H
#define RETROANIM_RETROANIM_H

#include <stddef.h>

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
  RA_ERR_NOT_FOUND = 2,     /* no object of that name and class */
  RA_ERR_STATE = 3,         /* the object cannot do that (e.g. a curve with fewer than 2 points) */
  RA_ERR_ARGUMENT = 4,      /* a NULL pointer where one is required, or a non-finite number */
  RA_ERR_IO = 5,            /* an output file cannot be written */
  RA_ERR_OUT_OF_MEMORY = 6, /* an allocation failed */
  RA_ERR_INTERNAL = 7       /* any other failure inside the library (a bug: please report it) */
};

/* The library version, "MAJOR.MINOR.PATCH" (RETROANIM_VERSION_STRING in
 * retroanim/version.h when it was built). */
RETROANIM_C_API const char* ra_version(void);

/* A loaded Virtools .nmo/.cmo file (every object it holds). */
typedef struct ra_ck_scene ra_ck_scene;

/* Loads a Virtools file. Returns NULL on failure (message in err). The objects'
 * names are decoded from Windows-1252 (the game's code page); every name this
 * API takes or gives is UTF-8. */
RETROANIM_C_API ra_ck_scene* ra_ck_scene_load(const char* path, char* err, size_t err_len);

/* Frees a scene returned by ra_ck_scene_load (NULL is allowed). */
RETROANIM_C_API void ra_ck_scene_free(ra_ck_scene* scene);

/* Number of objects in the scene's object table. */
RETROANIM_C_API size_t ra_ck_scene_object_count(const ra_ck_scene* scene);

/* CKCurve::GetLength of the curve named `curve` (lazy update first). */
RETROANIM_C_API int ra_ck_curve_length(ra_ck_scene* scene, const char* curve, float* length, char* err, size_t err_len);

/* CKCurve::GetPos: world position (and, when dir is not NULL, the normalised
 * world direction) at `step` along the curve named `curve`. */
RETROANIM_C_API int ra_ck_curve_get_pos(ra_ck_scene* scene, const char* curve, float step, float pos[3], float dir[3],
                        char* err, size_t err_len);

/* CKObjectAnimation::SetStep on the object animation named `anim`; writes its
 * entity's world matrix after the step (16 floats, rows, row 3 = translation)
 * into world when not NULL. A NaN or infinite step is RA_ERR_ARGUMENT. */
RETROANIM_C_API int ra_ck_object_animation_set_step(ra_ck_scene* scene, const char* anim, float step, float world[16],
                                    char* err, size_t err_len);

/* Runs an Asheron's Call scenario file (format retroanim.ac.scenario/1) and
 * writes its JSON Lines trace to out_path. */
RETROANIM_C_API int ra_ac_run_scenario(const char* scenario_path, const char* out_path, char* err, size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* RETROANIM_RETROANIM_H */
