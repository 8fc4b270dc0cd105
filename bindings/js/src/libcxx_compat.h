// Included first in every C++ file of the WebAssembly build (scripts/build.sh
// wasm: -include): what Emscripten 3.1.6's libc++ 13 lacks of the C++20 library
// that retroanim uses, so that the library's headers need no change for it.
// - std::bit_cast (libc++ 14): Clang's __builtin_bit_cast, which is what
//   libc++'s own std::bit_cast is.
#pragma once
#ifdef __cplusplus
#include <version>
#if !defined(__cpp_lib_bit_cast)
#include <type_traits>
namespace std {
template <class To, class From>
  requires(sizeof(To) == sizeof(From) && is_trivially_copyable_v<To> && is_trivially_copyable_v<From>)
constexpr To bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}
}  // namespace std
#endif
#endif
