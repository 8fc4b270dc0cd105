// The tools' JSON text writer (retroanim's own; no original counterpart).
#include "harness/io/json_text.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace retroanim::io {

namespace {

using Json = nlohmann::ordered_json;

void write(const Json& j, JsonLayout layout, int depth, std::string& out) {
  const bool indented = layout == JsonLayout::kIndented;
  auto newline = [&](int d) {
    out += '\n';
    out.append(static_cast<size_t>(2 * d), ' ');
  };
  switch (j.type()) {
    case Json::value_t::object: {
      if (j.empty()) {
        out += "{}";
        return;
      }
      out += '{';
      bool first = true;
      for (auto it = j.begin(); it != j.end(); ++it) {
        if (!first) out += indented ? "," : ", ";
        first = false;
        if (indented) newline(depth + 1);
        out += json_string(it.key());
        out += ": ";
        write(it.value(), layout, depth + 1, out);
      }
      if (indented) newline(depth);
      out += '}';
      return;
    }
    case Json::value_t::array: {
      if (j.empty()) {
        out += "[]";
        return;
      }
      // An array of numbers only (a vector, a matrix row) stays on one line.
      bool numbers_only = true;
      for (const Json& e : j) numbers_only = numbers_only && e.is_number();
      const bool broken = indented && !numbers_only;
      out += '[';
      bool first = true;
      for (const Json& e : j) {
        if (!first) out += broken ? "," : ", ";
        first = false;
        if (broken) newline(depth + 1);
        write(e, layout, depth + 1, out);
      }
      if (broken) newline(depth);
      out += ']';
      return;
    }
    case Json::value_t::number_float:
      out += json_number(j.get<double>());
      return;
    case Json::value_t::string:
      out += json_string(j.get_ref<const std::string&>());
      return;
    default:  // null, booleans, integers, binary (never built here)
      out += j.dump(-1, ' ', false, Json::error_handler_t::replace);
      return;
  }
}

}  // namespace

std::string json_number(float v) {
  if (!std::isfinite(v)) return "null";
  char buf[32];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}

std::string json_number(double v) {
  if (!std::isfinite(v)) return "null";
  const bool fits_float = std::fabs(v) <= static_cast<double>(std::numeric_limits<float>::max()) &&
                          static_cast<double>(static_cast<float>(v)) == v;
  if (fits_float) return json_number(static_cast<float>(v));
  char buf[32];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}

std::string json_text(const Json& j, JsonLayout layout) {
  std::string out;
  write(j, layout, 0, out);
  return out;
}

std::string json_string(const std::string& s) { return Json(s).dump(-1, ' ', false, Json::error_handler_t::replace); }

std::size_t json_string_end(std::string_view text, std::size_t open) {
  for (std::size_t i = open + 1; i < text.size(); ++i) {
    if (text[i] == '\\') ++i;
    else if (text[i] == '"') return i;
  }
  return text.size();
}

}  // namespace retroanim::io
