// Fuzz target: one CKStateChunk (StateChunk::parse) on arbitrary bytes, then
// every identifier's payload read through each ChunkReader primitive. Every
// failure must be a retroanim::Error; a parsed chunk must serialize and parse
// back to the same chunk (a current one; an older one to a stable conversion).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/error.h"

namespace {

using retroanim::ck::io::ChunkReader;
using retroanim::ck::io::StateChunk;

// Reads the payload at the reader's position with the primitive `kind` picks.
void read_some(ChunkReader& r, uint32_t kind) {
  switch (kind % 9) {
    case 0: (void)r.read_string(); break;
    case 1: (void)r.read_buffer(); break;
    case 2: (void)r.read_matrix(); break;
    case 3: (void)r.read_object_array(); break;
    case 4: (void)r.read_sub_chunk(); break;
    case 5: (void)r.read_guid(); break;
    case 6: (void)r.read_manager_int(); break;
    case 7: (void)r.read_object(); break;
    default: (void)r.read_vector(); break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const StateChunk c = StateChunk::parse(std::span<const uint8_t>(data, size), {"fuzz.nmo", "chunk", 0});
    const auto bytes = c.serialize();
    if (bytes.size() != c.serialized_size()) std::abort();
    // serialize() writes the current layout (chunk version 7): a current chunk
    // comes back equal; an older one is converted once (its class id then
    // kept in the packed header's byte), and the converted form is stable.
    const StateChunk again = StateChunk::parse(bytes, {"fuzz.nmo", "reparsed", 0});
    if (c.chunk_version == retroanim::ck::io::chunk_version::kFileIndices && !(again == c)) std::abort();
    if (again.serialize() != bytes) std::abort();
    ChunkReader r(c);
    uint32_t kind = 0;
    for (uint32_t id : r.identifiers()) {
      try {
        if (!r.seek_identifier(id)) std::abort();  // identifiers() lists only present ones
        for (int i = 0; i < 4 && r.remaining() > 0; ++i) read_some(r, kind++ + id);
      } catch (const retroanim::Error&) {
      }
    }
  } catch (const retroanim::Error&) {
  }
  return 0;
}
