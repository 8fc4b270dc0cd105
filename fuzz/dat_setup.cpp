// Fuzz target: the Setup (0x02) unpacker on arbitrary bytes. Every failure must
// be a retroanim::Error; what unpacks must pack again, stably.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "retroanim/ac/io/setup_io.h"
#include "retroanim/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retroanim::ac::io;
  try {
    auto obj = unpack_setup(std::span<const uint8_t>(data, size), "fuzz", "object");
    // Whatever unpacks must pack, and packing is stable: pack(unpack(pack(x))) == pack(x).
    const auto bytes = pack_setup(obj);
    if (pack_setup(unpack_setup(bytes)) != bytes) std::abort();
  } catch (const retroanim::Error&) {
  }
  return 0;
}
