// Library example (README): play an animation from a portal.dat with a
// CSequence. Usage: example_ac client_portal.dat 0x03000514
#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/anim/sequence.h"
#include "retroanim/error.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: example_ac PORTAL.DAT ANIM_ID\n");
    return 1;
  }
  try {
    retroanim::ac::io::DatAnimationProvider anims(argv[1]);
    char* end = nullptr;
    errno = 0;
    const unsigned long long parsed = std::strtoull(argv[2], &end, 0);
    if (end == argv[2] || *end != '\0' || errno != 0 || parsed > 0xFFFFFFFFull || argv[2][0] == '-') {
      std::fprintf(stderr, "example_ac: '%s' is not a 32-bit animation id (decimal or 0x hex)\n", argv[2]);
      return 1;
    }
    const uint32_t id = static_cast<uint32_t>(parsed);
    // CSequence::append_animation drops an id with no animation without a word; say so instead.
    if (anims.get_animation(id) == nullptr) {
      std::fprintf(stderr, "example_ac: %s: no animation with id 0x%08X\n", argv[1], id);
      return 2;
    }
    retroanim::ac::Sequence seq;
    seq.set_animation_provider(&anims);
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
