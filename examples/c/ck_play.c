/* Example (and test) of the C API: plays a behaviour scenario frame by frame
 * and prints the JSON Lines of `retroanim ck play FILE --scenario SCENARIO
 * --seconds SECONDS --dt-ms DT_MS --json`.
 * Usage: example_c_play FILE SCENARIO SECONDS DT_MS
 * SCENARIO is a built-in (menu-camera, stone), a JSON spec file or JSON text. */
#include <stdio.h>
#include <stdlib.h>

#include "retroanim_harness.h"

static int report(const char* what, int rc) {
  fprintf(stderr, "example_c_play: %s: %s (%s)\n", what, ra_last_error(), ra_status_name(rc));
  return 2;
}

int main(int argc, char** argv) {
  ra_ck_scene* scene = NULL;
  ra_ck_player* player = NULL;
  size_t count = 0;
  const char* line = NULL;
  float* worlds;
  double seconds, dt_ms, t_ms;
  int frames = 0, f, rc;
  if (argc != 5) {
    fprintf(stderr, "usage: %s FILE SCENARIO SECONDS DT_MS\n", argv[0]);
    return 1;
  }
  seconds = atof(argv[3]);
  dt_ms = atof(argv[4]);
  if ((rc = ra_ck_scene_open(argv[1], &scene)) != RA_OK) return report(argv[1], rc);
  if ((rc = ra_ck_frame_count(seconds, dt_ms, &frames)) != RA_OK) return report("frames", rc);
  if ((rc = ra_ck_player_create(scene, argv[2], &player)) != RA_OK) return report(argv[2], rc);
  if ((rc = ra_ck_player_count_recorded(player, &count)) != RA_OK) return report("recorded", rc);
  worlds = (float*)malloc(sizeof(float) * 16 * (count ? count : 1));
  if (!worlds) return 2;
  for (f = 0; f < frames; ++f) {
    if ((rc = ra_ck_player_step(player, (float)dt_ms, &t_ms, worlds, 16 * count)) != RA_OK) return report("step", rc);
    /* The recorded entities' world matrices are in worlds (16 floats each,
     * row 3 = translation); the line prints them as `ck play --json` does. */
    if ((rc = ra_ck_player_get_frame_json(player, &line)) != RA_OK) return report("frame", rc);
    fputs(line, stdout);
    fputc('\n', stdout);
  }
  free(worlds);
  ra_ck_player_free(player);
  ra_ck_scene_close(scene);
  return 0;
}
