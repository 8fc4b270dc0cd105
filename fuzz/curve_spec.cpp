// Fuzz target for the JSON curve spec reader: any input either builds a curve
// (which is then evaluated) or throws retroanim::Error; nothing else may happen.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "harness/ck/curve_spec.h"
#include "retroanim/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const auto sc = retroanim::ck::io::parse_curve_spec(
        std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
    retroanim::math::Vec3 pos, dir;
    for (float s : {-1.5f, 0.0f, 0.3f, 1.0f, 2.7f}) sc.curve->get_pos(s, &pos, &dir);
    sc.curve->create_line_mesh();
    sc.curve->update_mesh();
  } catch (const retroanim::Error&) {
  }
  return 0;
}
