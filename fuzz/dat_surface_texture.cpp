// Fuzz target: the SurfaceTexture (0x05) unpacker on arbitrary bytes. Every failure must
// be a retroanim::Error; what unpacks must pack again, stably.
#include <cstddef>
#include <cstdint>

#include "retroanim/ac/io/surface_texture_io.h"
#include "support/fuzz_round_trip.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retroanim::ac::io;
  return retroanim::fuzz::check_pack_round_trip(data, size, unpack_surface_texture, pack_surface_texture);
}
