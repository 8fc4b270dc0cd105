// The one wording of a JSON syntax error for the spec readers (ck curve spec,
// ck scenario spec): "SOURCE: at byte N: malformed JSON: WHAT".
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "retroanim/error.h"

namespace retroanim::io {

// nlohmann's message without its "[json.exception.KIND.N] " prefix, on one line.
inline std::string json_exception_text(const nlohmann::json::exception& e) {
  std::string what = e.what();
  const auto close = what.find("] ");
  if (close != std::string::npos) what = what.substr(close + 2);
  for (char& ch : what) {
    if (ch == '\n' || ch == '\r') ch = ' ';
  }
  return what;
}

// The error for a parse failure of `source`'s JSON text, at the byte nlohmann reports.
inline Error json_syntax_error(const nlohmann::json::parse_error& e, const std::string& source) {
  return Error(describe_error(source, "", static_cast<uint64_t>(e.byte), "malformed JSON: " + json_exception_text(e)));
}

}  // namespace retroanim::io
