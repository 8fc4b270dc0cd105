// The one JSON text writer of the tools' output (docs/CLI.md, "JSON style"):
// numbers in their shortest round-trip form, single-precision values as
// floats ("0.6", not "0.6000000238418579"), integral values without ".0";
// and the end of a string literal, for scans of JSON text.
// Internal: exposes nlohmann-json, not installed.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace retroanim::io {

// How a document is laid out.
enum class JsonLayout {
  kOneLine,   // {"a": 1, "b": [1, 2]}: one line, ": " and ", " separators
  kIndented,  // one member or element per line, indented by 2; an array of numbers only on one line
};

// The shortest decimal text that reads back as `v` (std::to_chars): "0.6", "40", "-0", "1e-07".
std::string json_number(float v);
// `v` as a float (json_number(float)) when a float holds it exactly, else the
// shortest text that reads back as the double. NaN and infinities give "null".
std::string json_number(double v);

// `j` as text (no trailing newline). Strings are escaped as nlohmann does,
// invalid UTF-8 replaced by U+FFFD (it never throws).
std::string json_text(const nlohmann::ordered_json& j, JsonLayout layout);

// A JSON string literal for `s` (quotes included), escaped as json_text does.
std::string json_string(const std::string& s);

// Where the string literal opened by the quote at `text[open]` ends: the index
// of its closing quote (escaped characters skipped), or text.size() when it is
// not closed. For scans of JSON text that must pass over strings.
std::size_t json_string_end(std::string_view text, std::size_t open);

}  // namespace retroanim::io
