// Library example (README): load a Virtools file, sample its curve, step its
// recorded animation. Usage: example_ck MenuLevel.nmo
#include <cstdio>

#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/error.h"

int main(int argc, char** argv) {
  using namespace retroanim;
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s MenuLevel.nmo\n", argv[0]);
    return 2;
  }
  try {
    // Load a Virtools file; every object is in the scene, found by name.
    ck::Scene scene = ck::io::load_scene_file(argv[1]);

    // CKCurve::GetPos: world position and direction at 25 % of the curve.
    if (ck::Curve* curve = scene.curve("I_MenuLevel_Curve")) {
      math::Vec3 pos, dir;
      curve->get_pos(0.25f, &pos, &dir);
      std::printf("length %.2f, pos (%.3f %.3f %.3f)\n", curve->get_length(), pos.x, pos.y, pos.z);
    }
    // CKObjectAnimation::SetStep: moves the animation's entity.
    if (ck::ObjectAnimation* anim = scene.object_animation("Record Anim"); anim && anim->entity) {
      ck::set_step(*anim, 0.5f);
      math::Vec3 stone = anim->entity->world_matrix().row(3);
      std::printf("stone at (%.3f %.3f %.3f)\n", stone.x, stone.y, stone.z);
    }
  } catch (const Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
