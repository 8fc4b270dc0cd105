// How the library reports failure, in two ways that never overlap:
// - readers, validators and spec parsers (bad input data or a bad request)
//   throw retroanim::Error, whose message is a single line naming the file,
//   the object and the byte offset where they apply;
// - runtime operations (evaluating, editing or playing objects already in
//   memory) return a retroanim::Status: a code and, on failure, the
//   library's one-line message. They do not throw for a refused operation.
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

// The code of a runtime operation's outcome. Where the original returns a
// CKERROR the value is the original's.
enum class StatusCode : int {
  kOk = 0,                 // CK_OK
  kInvalidParameter = -1,  // CKERR_INVALIDPARAMETER: a null, out-of-range or non-finite argument
  kNotFound = -11,         // CKERR_NOTFOUND: the object or value asked for is not there
  kAlreadyPresent = -17,   // CKERR_ALREADYPRESENT: the object is already in the list
};

// How a runtime operation ended: a code and, on failure, the library's
// one-line message (a static string saying what was wrong). Two statuses
// compare equal when their codes are equal; `if (status)` is true on success.
class Status {
 public:
  // Success.
  constexpr Status() = default;
  // A failure (or success, with kOk) with its message.
  constexpr Status(StatusCode code, const char* message) : code_(code), message_(message) {}

  constexpr StatusCode code() const { return code_; }
  constexpr bool ok() const { return code_ == StatusCode::kOk; }
  constexpr explicit operator bool() const { return ok(); }
  // The one-line message ("" on success).
  constexpr const char* message() const { return message_; }

  friend constexpr bool operator==(const Status& a, const Status& b) { return a.code_ == b.code_; }

  // One status per code, with a generic message (compare results with these).
  static const Status kOk;
  static const Status kInvalidParameter;
  static const Status kNotFound;
  static const Status kAlreadyPresent;

 private:
  StatusCode code_ = StatusCode::kOk;
  const char* message_ = "";
};

inline constexpr Status Status::kOk{};
inline constexpr Status Status::kInvalidParameter{StatusCode::kInvalidParameter, "invalid parameter"};
inline constexpr Status Status::kNotFound{StatusCode::kNotFound, "not found"};
inline constexpr Status Status::kAlreadyPresent{StatusCode::kAlreadyPresent, "already present"};

}  // namespace retroanim
