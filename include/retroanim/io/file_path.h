// Paths as the library's users give them: UTF-8 strings on every platform.
// std::filesystem::path built from a char string reads it in the host's narrow
// encoding (the ANSI code page on Windows), so every file the library or the
// CLI opens goes through utf8_path, and every path it reports through
// utf8_string.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace retroanim::io {

// The path named by the UTF-8 string `utf8`.
inline std::filesystem::path utf8_path(std::string_view utf8) {
  return std::filesystem::path(std::u8string(reinterpret_cast<const char8_t*>(utf8.data()), utf8.size()));
}

// `path` as a UTF-8 string.
inline std::string utf8_string(const std::filesystem::path& path) {
  const std::u8string s = path.u8string();
  return std::string(reinterpret_cast<const char*>(s.data()), s.size());
}

}  // namespace retroanim::io
