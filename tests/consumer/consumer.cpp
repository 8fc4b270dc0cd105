// Package test (C++ API): the demo's curve positions and the "Record Anim"
// world matrices, printed as hex floats. Usage: consumer_cpp ck_play_demo.nmo
#include <cstdio>

#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/error.h"
#include "retroanim/retroanim.h"
#include "retroanim/version.h"

static const float kCurveSteps[] = {0.0f, 0.1f, 0.25f, 0.5f, 0.75f, 0.9f, 1.0f};
static const float kAnimSteps[] = {0.0f, 0.3f, 0.5f, 0.77f, 1.0f};

int main(int argc, char** argv) {
  using namespace retroanim;
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE.nmo\n", argv[0]);
    return 2;
  }
  std::fprintf(stderr, "consumer_cpp: retroanim %s (header %s)\n", ra_version(), RETROANIM_VERSION_STRING);
  try {
    ck::Scene scene = ck::io::load_scene_file(argv[1]);
    ck::Curve* curve = scene.curve("I_MenuLevel_Curve");
    ck::ObjectAnimation* anim = scene.object_animation("Record Anim");
    if (!curve || !anim || !anim->entity) {
      std::fprintf(stderr, "consumer_cpp: demo objects missing\n");
      return 2;
    }
    for (float s : kCurveSteps) {
      math::Vec3 pos, dir;
      curve->get_pos(s, &pos, &dir);
      std::printf("curve %a: %a %a %a %a %a %a\n", (double)s, (double)pos.x, (double)pos.y, (double)pos.z,
                  (double)dir.x, (double)dir.y, (double)dir.z);
    }
    for (float s : kAnimSteps) {
      ck::set_step(*anim, s);
      const math::Matrix& w = anim->entity->world_matrix();
      std::printf("anim %a:", (double)s);
      for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) std::printf(" %a", (double)w.m[r][c]);
      std::printf("\n");
    }
  } catch (const Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
