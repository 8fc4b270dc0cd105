// Fuzz target: one object chunk for each of the ck loader classes. The first
// byte picks the class: 3D entity (33), 3D object (41), curve (43), curve point
// (36), object animation (15), keyed animation (18) or 2D curve (a behaviour
// parameter's CK2dCurve); the rest is the chunk in the file layout. The chunk
// replaces that object's in a small composition (fuzz/support/fuzz_scene.h),
// which is then built as a file's objects are (load, resolve references) and
// saved again. Every failure must be a retroanim::Error.
#include <cstddef>
#include <cstdint>
#include <span>

#include "retroanim/ck/io/behavior_loader.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/error.h"
#include "support/fuzz_scene.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace retroanim::ck::io;
  if (size < 1) return 0;
  // The object of make_scene() each selector replaces (-1: the 2D curve).
  static constexpr int kTarget[7] = {4, 5, 0, 1, 6, 7, -1};
  static const NmoFile base = scene_to_file(retroanim::fuzz::make_scene());
  const int target = kTarget[data[0] % 7];
  try {
    StateChunk chunk = StateChunk::parse(std::span<const uint8_t>(data + 1, size - 1), {"fuzz.nmo", "object", 1});
    if (target < 0) {
      (void)read_curve2d(chunk);
      return 0;
    }
    NmoFile file = base;
    chunk.class_id = file.objects[static_cast<size_t>(target)].class_id;
    file.objects[static_cast<size_t>(target)].chunk = std::move(chunk);
    retroanim::ck::Scene scene = build_scene(std::move(file), "fuzz.nmo");
    (void)scene_to_file(scene);
  } catch (const retroanim::Error&) {
  }
  return 0;
}
