// Fuzz target: CKTexture::Load (retroanim::ck::io::read_texture, with
// CKBitmapData::ReadFromChunk) on one chunk in the file layout, then the
// decoding of every embedded slot (raw planes, image files through
// stb_image). Every failure must be a retroanim::Error.
#include <cstddef>
#include <cstdint>
#include <span>

#include "retroanim/ck/io/bitmap_data_io.h"
#include "retroanim/ck/io/texture_io.h"
#include "retroanim/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retroanim::ck::io;
  try {
    StateChunk chunk = StateChunk::parse(std::span<const uint8_t>(data, size), {"fuzz.nmo", "object", 0});
    ObjectResolver resolver{16, nullptr};
    ChunkReader reader(chunk, &resolver);
    auto texture = read_texture(reader, 1252);
    if (!texture) return 0;
    for (const auto& slot : texture->slots) {
      try {
        (void)decode_texture_slot(slot, "fuzz texture");
      } catch (const retroanim::Error&) {
      }
    }
  } catch (const retroanim::Error&) {
  }
  return 0;
}
