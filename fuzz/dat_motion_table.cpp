// Fuzz target: the MotionTable (0x09) unpacker on arbitrary bytes. Every failure must
// be a retroanim::Error; what unpacks must pack again, stably.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "retroanim/ac/io/motion_table_io.h"
#include "retroanim/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retroanim::ac::io;
  try {
    auto obj = unpack_motion_table(std::span<const uint8_t>(data, size), "fuzz", "object");
    // Whatever unpacks must pack, and packing is stable: pack(unpack(pack(x))) == pack(x).
    const auto bytes = pack_motion_table(obj);
    if (pack_motion_table(unpack_motion_table(bytes)) != bytes) std::abort();
  } catch (const retroanim::Error&) {
  }
  return 0;
}
