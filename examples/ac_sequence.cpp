// Library example (README): play an animation from a portal.dat with a
// CSequence. Usage: example_ac client_portal.dat 0x03000514
#include <cstdio>
#include <cstdlib>

#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/sequence.h"
#include "retroanim/error.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s PORTAL.DAT ANIM_ID\n", argv[0]);
    return 2;
  }
  try {
    retroanim::ac::io::DatAnimationProvider anims(argv[1]);
    retroanim::ac::Sequence seq;
    seq.set_animation_provider(&anims);
    uint32_t id = static_cast<uint32_t>(std::strtoul(argv[2], nullptr, 0));
    seq.append_animation({id, 0, -1, 30.0f});  // AnimData: id, low, high, framerate
    retroanim::math::Frame offset;             // identity
    for (int tick = 0; tick < 30; ++tick) seq.update(1.0 / 30.0, &offset);  // CSequence::update
    const retroanim::ac::AnimationFrame* frame = seq.get_curr_animframe();
    std::printf("frame %.3f, %zu parts\n", seq.frame_number(), frame ? frame->parts.size() : size_t{0});
  } catch (const retroanim::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
