/* Library example (README): the C API. Usage: example_c MenuLevel.nmo */
#include <stdio.h>

#include "retroanim/retroanim.h"

int main(int argc, char** argv) {
  char err[256];
  float pos[3], dir[3], world[16];
  ra_ck_scene* scene;
  if (argc < 2) {
    fprintf(stderr, "usage: %s MenuLevel.nmo\n", argv[0]);
    return 2;
  }
  scene = ra_ck_scene_load(argv[1], err, sizeof err);
  if (!scene) {
    fprintf(stderr, "%s\n", err);
    return 2;
  }
  if (ra_ck_curve_get_pos(scene, "I_MenuLevel_Curve", 0.25f, pos, dir, err, sizeof err) == RA_OK)
    printf("curve at (%.3f %.3f %.3f)\n", pos[0], pos[1], pos[2]);
  if (ra_ck_object_animation_set_step(scene, "Record Anim", 0.5f, world, err, sizeof err) == RA_OK)
    printf("stone at (%.3f %.3f %.3f)\n", world[12], world[13], world[14]);
  ra_ck_scene_free(scene);
  return 0;
}
