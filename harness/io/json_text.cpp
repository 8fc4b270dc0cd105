// The tools' JSON text writer (retroanim's own; no original counterpart).
#include "harness/io/json_text.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

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

#if defined(__cpp_lib_to_chars)
template <typename T>
std::string shortest_text(T v) {
  char buf[32];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}
#else
// std::to_chars(first, last, v) where the standard library has no
// floating-point to_chars (Emscripten's libc++ 13, the WebAssembly build):
// the fewest significant digits that read back as v (printf's %.*e, correctly
// rounded, at increasing precision, read back with strtof / strtod), written
// as to_chars writes them: fixed or scientific, whichever is shorter, fixed on
// a tie; an integer in fixed form with its exact digits; the exponent signed,
// with at least two digits. The tests compare the
// module's JSON with the native CLI's (bindings/js/tests).
template <typename T>
T read_back(const char* text) {
  if constexpr (std::is_same_v<T, float>) return std::strtof(text, nullptr);
  else return std::strtod(text, nullptr);
}

template <typename T>
std::string shortest_text(T v) {
  constexpr int kMaxDigits = std::is_same_v<T, float> ? 9 : 17;
  char buf[64];
  for (int p = 0; p < kMaxDigits; ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p, static_cast<double>(v));
    if (read_back<T>(buf) == v) break;
    // Where v's neighbours are not equally far (a power of two), the
    // correctly rounded digits may miss while the next ones up or down read
    // back: those, as to_chars (Ryu) gives them.
    std::string t(buf);
    const size_t e = t.find('e');
    const bool neg = t[0] == '-';
    std::string m = t.substr(neg ? 1 : 0, e - (neg ? 1 : 0));
    m.erase(std::remove(m.begin(), m.end(), '.'), m.end());
    const long long mant = std::atoll(m.c_str());
    const int exp = std::atoi(t.c_str() + e + 1);
    bool found = false;
    for (long long cand : {mant + 1, mant - 1}) {
      std::string d = std::to_string(cand);
      int x = exp + static_cast<int>(d.size()) - static_cast<int>(m.size());  // a carry adds a digit
      if (cand <= 0 || d.size() > m.size()) {
        if (cand <= 0) continue;
        d.pop_back();  // 10^n: one digit fewer, same value
      }
      std::string c = std::string(neg ? "-" : "") + d.substr(0, 1) + (d.size() > 1 ? "." + d.substr(1) : "") + "e" +
                      std::to_string(x);
      if (read_back<T>(c.c_str()) == v) {
        std::snprintf(buf, sizeof buf, "%s", c.c_str());
        found = true;
        break;
      }
    }
    if (found) break;
  }
  // buf: [-]d[.ddd]e(+|-)xx
  std::string text(buf);
  std::string sign;
  if (text[0] == '-') {
    sign = "-";
    text.erase(0, 1);
  }
  const size_t e = text.find('e');
  std::string digits = text.substr(0, e);
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  const int exp = std::atoi(text.c_str() + e + 1);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int n = static_cast<int>(digits.size());
  std::string fixed;
  if (exp >= n - 1) {
    // An integer: to_chars writes its exact digits (as many as the shortest
    // digits padded with zeros would take).
    char ibuf[400];
    std::snprintf(ibuf, sizeof ibuf, "%.0f", std::fabs(static_cast<double>(v)));
    fixed = ibuf;
  } else if (exp >= 0) {
    fixed = digits.substr(0, static_cast<size_t>(exp + 1)) + "." + digits.substr(static_cast<size_t>(exp + 1));
  } else {
    fixed = "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
  }
  std::string sci = digits.substr(0, 1);
  if (n > 1) sci += "." + digits.substr(1);
  char ebuf[16];
  std::snprintf(ebuf, sizeof ebuf, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
  sci += ebuf;
  return sign + (sci.size() < fixed.size() ? sci : fixed);
}
#endif

}  // namespace

std::string json_number(float v) {
  if (!std::isfinite(v)) return "null";
  return shortest_text(v);
}

std::string json_number(double v) {
  if (!std::isfinite(v)) return "null";
  const bool fits_float = std::fabs(v) <= static_cast<double>(std::numeric_limits<float>::max()) &&
                          static_cast<double>(static_cast<float>(v)) == v;
  if (fits_float) return json_number(static_cast<float>(v));
  return shortest_text(v);
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
