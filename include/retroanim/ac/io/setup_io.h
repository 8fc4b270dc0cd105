// Unpacking and packing of Setup files (dat type 0x02), field for field as
// CSetup::UnPack reads them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ac/object/setup.h"

namespace retroanim::ac::io {

// The id, then CSetup::UnPack: flags, parts, parent indices (flags & 1),
// default scales (flags & 2), holding locations, connection points, placement
// frames, cylinder-spheres, spheres, heights and radii, sorting and selection
// spheres, lights and the five default ids. `consumed`, when given, receives
// the number of bytes read.
Setup unpack_setup(std::span<const uint8_t> bytes, const std::string& file = "",
                   const std::string& object = "Setup", size_t* consumed = nullptr);
// The bytes unpack_setup reads back as `setup`; throws Error when the per-part
// arrays or placement frames do not match the number of parts.
std::vector<uint8_t> pack_setup(const Setup& setup);

}  // namespace retroanim::ac::io
