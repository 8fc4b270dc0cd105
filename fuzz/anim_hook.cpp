// Fuzz target: the AC animation hook unpacker (UnPackHook, every hook type) on
// arbitrary bytes, read one hook after another. Every failure must be a
// retroanim::Error; a hook that unpacks must pack again, stably.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "retroanim/ac/io/animation_io.h"
#include "retroanim/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retroanim::ac::io;
  try {
    ByteReader r(std::span<const uint8_t>(data, size), "fuzz", "hook");
    for (int n = 0; n < 64 && r.remaining() > 0; ++n) {
      const auto hook = unpack_hook(r);
      if (!hook) continue;
      ByteWriter w;
      pack_hook(w, *hook);
      std::vector<uint8_t> bytes = w.take();
      ByteReader again(bytes, "fuzz", "repacked hook");
      const auto back = unpack_hook(again);
      if (!back || again.remaining() != 0) std::abort();
      ByteWriter w2;
      pack_hook(w2, *back);
      if (w2.take() != bytes) std::abort();
    }
  } catch (const retroanim::Error&) {
  }
  return 0;
}
