// Fuzz target: the dat container reader (header, B-tree lookup and iteration,
// block chains, zlib entries) on arbitrary bytes. Every failure must be a
// retroanim::Error; anything else (crash, hang, other exception) is a bug.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "retroanim/ac/io/dat_database.h"
#include "retroanim/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retroanim::ac::io;
  try {
    DatDatabase db = DatDatabase::from_bytes(std::vector<uint8_t>(data, data + size), "fuzz.dat");
    // Lookups along the path of a few ids, then every entry's bytes.
    for (uint32_t id : {0x03000001u, 0x09000001u, 0x02000001u, 0u, 0xFFFFFFFFu}) {
      try {
        if (auto e = db.find(id)) (void)db.read(*e);
      } catch (const retroanim::Error&) {
      }
    }
    for (const DatEntry& e : db.entries()) {
      try {
        (void)db.read(e);
      } catch (const retroanim::Error&) {
      }
    }
  } catch (const retroanim::Error&) {
  }
  return 0;
}
