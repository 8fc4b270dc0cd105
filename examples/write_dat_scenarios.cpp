// Writes the C API tests' dat and the AC scenarios over it
// (tests/capi/dat_scenarios.h) into DIR, for the AcScenario.exe tests
// (examples/CMakeLists.txt): the scenarios' paths go to stdout.
//   write_dat_scenarios DIR
#include <cstdio>
#include <exception>
#include <filesystem>

#include "capi/dat_scenarios.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: write_dat_scenarios DIR\n");
    return 1;
  }
  try {
    std::filesystem::create_directories(argv[1]);
    for (const auto& path : retroanim::capi_test::write_dat_scenarios(argv[1])) std::printf("%s\n", path.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "write_dat_scenarios: %s\n", e.what());
    return 2;
  }
}
