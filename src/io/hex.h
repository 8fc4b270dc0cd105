// The one hexadecimal formatter of the library (ids, offsets, flags and GUIDs
// in messages and JSON).
#pragma once

#include <cstdint>
#include <string>

namespace retroanim::io {

enum class HexCase : uint8_t { kUpper, kLower };

// `value` in hexadecimal, at least `min_digits` digits (zero-padded), without
// a prefix: hex_digits(0x2a, 8) == "0000002A".
std::string hex_digits(uint64_t value, int min_digits = 0, HexCase letters = HexCase::kUpper);

// "0x" + hex_digits: hex(0x2a) == "0x2A", hex(0x2a, 8, HexCase::kLower) == "0x0000002a".
std::string hex(uint64_t value, int min_digits = 0, HexCase letters = HexCase::kUpper);

}  // namespace retroanim::io
