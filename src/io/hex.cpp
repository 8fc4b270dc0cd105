#include "io/hex.h"

namespace retroanim::io {

std::string hex_digits(uint64_t value, int min_digits, HexCase letters) {
  const char* digits = letters == HexCase::kUpper ? "0123456789ABCDEF" : "0123456789abcdef";
  char buf[16];
  int n = 0;
  do {
    buf[n++] = digits[value & 0xf];
    value >>= 4;
  } while (value != 0);
  std::string out;
  if (min_digits > n) out.assign(static_cast<size_t>(min_digits - n), '0');
  while (n > 0) out.push_back(buf[--n]);
  return out;
}

std::string hex(uint64_t value, int min_digits, HexCase letters) {
  return "0x" + hex_digits(value, min_digits, letters);
}

}  // namespace retroanim::io
