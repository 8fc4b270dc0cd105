// Fuzz target: the AC pixel decoders (ac/object/render_surface_image.h, decode_render_surface)
// on an arbitrary RenderSurface (format, width, height, pixel bytes) with an
// arbitrary palette and clipmap flag (fuzz/support/ac_texture_input.h): every
// format the client's data uses, DXT1-5 (retroanim's block decoder) and JPEG
// (stb_image) included. Every failure must be a retroanim::Error, and a decoded
// image must have width x height RGBA pixels.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "retroanim/ac/object/render_surface_image.h"
#include "retroanim/error.h"
#include "support/ac_texture_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto in = retroanim::fuzz::read_texture_input(std::span<const uint8_t>(data, size));
  if (!in) return 0;
  try {
    const auto img = retroanim::ac::decode_render_surface(in->surface, in->palette ? &*in->palette : nullptr,
                                                            in->clipmap, "fuzz");
    if (img.width == 0 || img.height == 0 || img.rgba.size() != size_t{img.width} * img.height * 4) std::abort();
  } catch (const retroanim::Error&) {
  }
  return 0;
}
