// Fuzz target: a ck scenario spec (docs/formats/ck-scenario.md) on arbitrary
// bytes, built on a small composition (fuzz/support/fuzz_scene.h) and run for
// a few frames. Bad input must end in a retroanim::Error, never a crash, hang
// or undefined behaviour.
#include <cstddef>
#include <cstdint>
#include <string>

#include "harness/ck/scenario.h"
#include "harness/ck/scenario_trace.h"
#include "retroanim/error.h"
#include "support/fuzz_scene.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    retroanim::ck::Scene scene = retroanim::fuzz::make_scene();
    auto sc = retroanim::ck::Scenario::from_json(scene, text, "fuzz");
    for (const auto& f : sc->run(4, 16.666666f)) (void)retroanim::ck::scenario_frame_json(f, sc->recorded());
  } catch (const retroanim::Error&) {
  }
  return 0;
}
