/* Package test (C API): the same samples as consumer.cpp, through
 * retroanim.h. Usage: consumer_c ck_play_demo.nmo */
#include <stdio.h>

#include "retroanim/retroanim.h"

static const float kCurveSteps[] = {0.0f, 0.1f, 0.25f, 0.5f, 0.75f, 0.9f, 1.0f};
static const float kAnimSteps[] = {0.0f, 0.3f, 0.5f, 0.77f, 1.0f};

int main(int argc, char** argv) {
  char err[256];
  float pos[3], dir[3], world[16];
  size_t i;
  int k;
  ra_ck_scene* scene;
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE.nmo\n", argv[0]);
    return 2;
  }
  fprintf(stderr, "consumer_c: retroanim %s\n", ra_version());
  scene = ra_ck_scene_load(argv[1], err, sizeof err);
  if (!scene) {
    fprintf(stderr, "%s\n", err);
    return 2;
  }
  for (i = 0; i < sizeof kCurveSteps / sizeof kCurveSteps[0]; ++i) {
    if (ra_ck_curve_get_pos(scene, "I_MenuLevel_Curve", kCurveSteps[i], pos, dir, err, sizeof err) != RA_OK) {
      fprintf(stderr, "%s\n", err);
      return 2;
    }
    printf("curve %a: %a %a %a %a %a %a\n", (double)kCurveSteps[i], (double)pos[0], (double)pos[1], (double)pos[2],
           (double)dir[0], (double)dir[1], (double)dir[2]);
  }
  for (i = 0; i < sizeof kAnimSteps / sizeof kAnimSteps[0]; ++i) {
    if (ra_ck_object_animation_set_step(scene, "Record Anim", kAnimSteps[i], world, err, sizeof err) != RA_OK) {
      fprintf(stderr, "%s\n", err);
      return 2;
    }
    printf("anim %a:", (double)kAnimSteps[i]);
    for (k = 0; k < 16; ++k) printf(" %a", (double)world[k]);
    printf("\n");
  }
  ra_ck_scene_free(scene);
  return 0;
}
