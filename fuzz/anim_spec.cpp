// Fuzz target for the JSON object animation spec reader (`ck anim --spec`):
// any input either builds an animation (which is then sampled with SetStep)
// or throws retroanim::Error; nothing else may happen.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "harness/ck/anim_spec.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    auto sa = retroanim::ck::io::parse_anim_spec(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz",
                                                 "fuzz");
    for (float s : {-0.5f, 0.0f, 0.13f, 0.5f, 0.999f, 1.0f, 1.7f}) retroanim::ck::set_step(*sa.animation, s);
  } catch (const retroanim::Error&) {
  }
  return 0;
}
