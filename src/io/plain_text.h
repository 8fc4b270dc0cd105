// Text that every text path of the library passes through unchanged.
#pragma once

#include <cstdint>
#include <string_view>

namespace retroanim::io {

// True when every byte of `text` is printable ASCII (0x20..0x7E) other than a
// backslash: decode_text (code page 1252) and escape_controls return such
// text unchanged, so callers on a hot path may use it as it is.
inline bool is_plain_ascii(std::string_view text) {
  for (char ch : text) {
    const auto b = static_cast<uint8_t>(ch);
    if (b < 0x20 || b >= 0x7F || b == '\\') return false;
  }
  return true;
}

}  // namespace retroanim::io
