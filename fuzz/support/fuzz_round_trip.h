// The check the dat object fuzz targets (Animation, Setup, MotionTable) share:
// unpacking arbitrary bytes either fails with a retroanim::Error or gives an
// object that packs again, stably: pack(unpack(pack(x))) == pack(x). Anything
// else (another exception, an unstable pack) ends the run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "retroanim/error.h"

namespace retroanim::fuzz {

template <typename Object>
int check_pack_round_trip(const uint8_t* data, size_t size,
                          Object (*unpack)(std::span<const uint8_t>, const std::string&, const std::string&, size_t*),
                          std::vector<uint8_t> (*pack)(const Object&)) {
  try {
    auto obj = unpack(std::span<const uint8_t>(data, size), "fuzz", "object", nullptr);
    const auto bytes = pack(obj);
    if (pack(unpack(bytes, "fuzz", "object packed again", nullptr)) != bytes) std::abort();
  } catch (const retroanim::Error&) {
  }
  return 0;
}

}  // namespace retroanim::fuzz
