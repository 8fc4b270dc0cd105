// Fuzz target: the AC scenario runner on arbitrary bytes. Bad input must end in
// a retroanim::Error, never a crash, hang or undefined behaviour.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "harness/ac/scenario.h"
#include "retroanim/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::ostringstream out;
  try {
    retroanim::ac::run_scenario(text, "fuzz.json", "", out);
  } catch (const retroanim::Error&) {
  }
  return 0;
}
