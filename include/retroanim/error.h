// The library's error type: every reader and validator reports bad input with
// one of these, whose message is a single line naming the file, the object and
// the byte offset where they apply.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace retroanim {

// An error in input data or in a request. what() is one line, ready to print.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// Builds the one-line message "FILE: OBJECT: at byte OFFSET: WHAT", leaving out
// the parts that are empty or unknown.
inline std::string describe_error(const std::string& file, const std::string& object,
                                  std::optional<uint64_t> offset, const std::string& what) {
  std::string s;
  if (!file.empty()) s += file + ": ";
  if (!object.empty()) s += object + ": ";
  if (offset) s += "at byte " + std::to_string(*offset) + ": ";
  s += what;
  return s;
}

}  // namespace retroanim
