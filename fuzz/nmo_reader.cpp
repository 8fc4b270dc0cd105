// libFuzzer target for the Virtools file reader: any input must either load
// (container, chunks, modelled objects, references) or throw retroanim::Error;
// a loaded scene must also save and reload.
#include <cstddef>
#include <cstdint>
#include <span>

#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  retroanim::ck::io::ReadOptions opts;
  opts.ignore_crc = true;  // let mutations reach the sections behind the CRC
  try {
    retroanim::ck::Scene s = retroanim::ck::io::load_scene(std::span(data, size), "fuzz.nmo", opts);
    // Saved uncompressed: the target is the reader; zlib at level 9 on every
    // input would cost most of the time (2,000 executions per second wanted).
    retroanim::ck::io::WriteOptions plain;
    plain.compress = false;
    std::vector<uint8_t> again = retroanim::ck::io::save_scene(s, plain);
    (void)retroanim::ck::io::load_scene(again, "fuzz-resaved.nmo");
  } catch (const retroanim::Error&) {
  }
  return 0;
}
