// Fuzz target: the GfxObjDegradeInfo (0x11) unpacker on arbitrary bytes. Every failure must
// be a retroanim::Error; what unpacks must pack again, stably.
#include <cstddef>
#include <cstdint>

#include "retroanim/ac/io/degrade_info_io.h"
#include "support/fuzz_round_trip.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retroanim::ac::io;
  return retroanim::fuzz::check_pack_round_trip(data, size, unpack_degrade_info, pack_degrade_info);
}
