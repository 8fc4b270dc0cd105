// Fuzz target: CKMesh::Load (retroanim::ck::io::read_mesh) on one chunk in the
// file layout, references resolved against a table of 16 objects. Every
// failure must be a retroanim::Error.
#include <cstddef>
#include <cstdint>
#include <span>

#include "retroanim/ck/io/mesh_io.h"
#include "retroanim/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retroanim::ck::io;
  try {
    StateChunk chunk = StateChunk::parse(std::span<const uint8_t>(data, size), {"fuzz.nmo", "object", 0});
    ObjectResolver resolver{16, nullptr};
    ChunkReader reader(chunk, &resolver);
    (void)read_mesh(reader);
  } catch (const retroanim::Error&) {
  }
  return 0;
}
