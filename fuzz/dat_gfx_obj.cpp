// Fuzz target: the GfxObj (0x01) unpacker on arbitrary bytes. Every failure must
// be a retroanim::Error; what unpacks must pack again, stably.
#include <cstddef>
#include <cstdint>

#include "retroanim/ac/io/gfx_obj_io.h"
#include "support/fuzz_round_trip.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retroanim::ac::io;
  return retroanim::fuzz::check_pack_round_trip(data, size, unpack_gfx_obj, pack_gfx_obj);
}
