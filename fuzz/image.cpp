// Fuzz target: decoding an image file held in memory (retroanim::io::decode_image:
// BMP, TGA, JPEG, PNG, GIF, PSD, PNM through stb_image, sizes checked first),
// and the PNG encoder on what decodes. Every failure must be a retroanim::Error.
#include <cstddef>
#include <cstdint>
#include <span>

#include "retroanim/error.h"
#include "retroanim/io/image.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::span<const uint8_t> bytes(data, size);
  (void)retroanim::io::image_file_format(bytes);
  (void)retroanim::io::image_file_size(bytes);
  try {
    retroanim::io::Image img = retroanim::io::decode_image(bytes, "fuzz.img");
    if (img.width * img.height <= 4096) (void)retroanim::io::encode_png(img);
  } catch (const retroanim::Error&) {
  }
  return 0;
}
