// (retroanim's own) Code-page text: see include/retroanim/io/text_encoding.h.
#include "retroanim/io/text_encoding.h"

#include <array>
#include <cstdio>
#include <string>

#include "retroanim/error.h"
#include "io/plain_text.h"

#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#else
#include <iconv.h>

#include <cerrno>
#endif

namespace retroanim::io {

namespace {

// Windows-1252 bytes 0x80..0x9F (0xA0..0xFF are Latin-1). The five bytes the
// code page leaves undefined map to the C1 control of the same value.
constexpr std::array<char32_t, 32> kCp1252High = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,  // 80..87
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,  // 88..8F
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,  // 90..97
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,  // 98..9F
};

char32_t cp1252_char(uint8_t b) { return (b >= 0x80 && b < 0xA0) ? kCp1252High[b - 0x80] : char32_t{b}; }

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// Decodes one UTF-8 character at text[i] (advancing i); nothing when malformed.
std::optional<char32_t> next_utf8(std::string_view text, size_t& i) {
  const auto b0 = static_cast<uint8_t>(text[i]);
  int len = 0;
  char32_t c = 0;
  if (b0 < 0x80) {
    ++i;
    return b0;
  } else if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2, c = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3, c = b0 & 0x0F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4, c = b0 & 0x07;
  } else {
    return std::nullopt;
  }
  if (text.size() - i < static_cast<size_t>(len)) return std::nullopt;
  for (int k = 1; k < len; ++k) {
    const auto b = static_cast<uint8_t>(text[i + k]);
    if ((b & 0xC0) != 0x80) return std::nullopt;
    c = (c << 6) | (b & 0x3F);
  }
  if ((len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10FFFF)) || (c >= 0xD800 && c <= 0xDFFF))
    return std::nullopt;
  i += len;
  return c;
}

// Whether every byte is below 0x80 (text the same in ASCII, Windows-1252 and UTF-8).
bool all_ascii(std::string_view bytes) {
  for (char ch : bytes)
    if (static_cast<uint8_t>(ch) >= 0x80) return false;
  return true;
}

std::string decode_cp1252(std::string_view bytes) {
  if (all_ascii(bytes)) return std::string(bytes);  // the loop below would copy it byte by byte
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 4);
  for (char ch : bytes) append_utf8(out, cp1252_char(static_cast<uint8_t>(ch)));
  return out;
}

std::optional<std::string> encode_cp1252(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  for (size_t i = 0; i < utf8.size();) {
    std::optional<char32_t> c = next_utf8(utf8, i);
    if (!c) return std::nullopt;
    if (*c < 0x80 || (*c >= 0xA0 && *c <= 0xFF)) {
      out += static_cast<char>(*c);
      continue;
    }
    bool found = false;
    for (size_t k = 0; k < kCp1252High.size(); ++k) {
      if (kCp1252High[k] == *c) {
        out += static_cast<char>(0x80 + k);
        found = true;
        break;
      }
    }
    if (!found) return std::nullopt;
  }
  return out;
}

[[noreturn]] void unsupported(uint32_t code_page) {
  throw Error("code page " + std::to_string(code_page) + " is not supported here");
}

// What a byte the platform's converter cannot decode becomes (the rule in
// text_encoding.h, the same on every platform): a byte 0x80..0x9F that does
// not begin a longer character becomes the C1 control of the same value, as
// Windows' tables map the single-byte pages' undefined bytes (and as our 1252
// table does); any other byte (0xA0 and up, a lead byte with a bad or missing
// trail byte) becomes U+FFFD.
char32_t undecodable(uint8_t b, bool lead_byte) {
  return (b >= 0x80 && b <= 0x9F && !lead_byte) ? char32_t{b} : char32_t{0xFFFD};
}

#ifdef _WIN32

bool platform_supported(uint32_t code_page) { return ::IsValidCodePage(code_page) != 0; }

// `bytes` as UTF-16 through MultiByteToWideChar with `flags`; false when it fails.
bool to_wide(uint32_t code_page, DWORD flags, std::string_view bytes, std::wstring& wide) {
  wide.clear();
  const int n = static_cast<int>(bytes.size());
  const int wide_len = ::MultiByteToWideChar(code_page, flags, bytes.data(), n, nullptr, 0);
  if (wide_len <= 0) return false;
  wide.resize(static_cast<size_t>(wide_len));
  return ::MultiByteToWideChar(code_page, flags, bytes.data(), n, wide.data(), wide_len) == wide_len;
}

void append_utf16(std::wstring& out, char32_t c) {
  if (c < 0x10000) {
    out += static_cast<wchar_t>(c);
  } else {
    out += static_cast<wchar_t>(0xD800 + ((c - 0x10000) >> 10));
    out += static_cast<wchar_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
  }
}

std::string platform_decode(std::string_view bytes, uint32_t code_page) {
  if (bytes.empty()) return {};
  std::wstring wide;
  // Strictly (MB_ERR_INVALID_CHARS): without it Windows puts '?' or a private
  // character for what it cannot decode, and Wine and Windows differ in which.
  if (!to_wide(code_page, MB_ERR_INVALID_CHARS, bytes, wide)) {
    const DWORD err = ::GetLastError();
    if (err == ERROR_INVALID_FLAGS) {  // UTF-7 and the like take no flags
      if (!to_wide(code_page, 0, bytes, wide)) unsupported(code_page);
    } else if (err != ERROR_NO_UNICODE_TRANSLATION) {
      unsupported(code_page);
    } else {
      // Something does not decode: one character at a time, the converter's
      // character where there is one, undecodable() for a byte where not.
      CPINFO info{};
      if (!::GetCPInfo(code_page, &info)) unsupported(code_page);
      const size_t max_len = info.MaxCharSize > 0 ? info.MaxCharSize : 1;
      wide.clear();
      std::wstring piece;
      for (size_t i = 0; i < bytes.size();) {
        const auto b = static_cast<uint8_t>(bytes[i]);
        const bool lead = max_len > 1 && ::IsDBCSLeadByteEx(code_page, b);
        size_t len = 0;
        for (size_t k = lead ? 2 : 1; k <= max_len && i + k <= bytes.size(); ++k) {
          if (to_wide(code_page, MB_ERR_INVALID_CHARS, bytes.substr(i, k), piece)) {
            len = k;
            break;
          }
        }
        if (len > 0) {
          wide += piece;
          i += len;
        } else {
          append_utf16(wide, undecodable(b, lead));
          ++i;
        }
      }
    }
  }
  const int wide_len = static_cast<int>(wide.size());
  int len = ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), wide_len, nullptr, 0, nullptr, nullptr);
  std::string out(static_cast<size_t>(len > 0 ? len : 0), '\0');
  if (len > 0) ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), wide_len, out.data(), len, nullptr, nullptr);
  return out;
}

std::optional<std::string> platform_encode(std::string_view utf8, uint32_t code_page) {
  if (utf8.empty()) return std::string();
  const int n = static_cast<int>(utf8.size());
  int wide_len = ::MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), n, nullptr, 0);
  if (wide_len <= 0) return std::nullopt;
  std::wstring wide(static_cast<size_t>(wide_len), L'\0');
  ::MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), n, wide.data(), wide_len);
  BOOL lossy = FALSE;
  int len = ::WideCharToMultiByte(code_page, WC_NO_BEST_FIT_CHARS, wide.data(), wide_len, nullptr, 0, nullptr, &lossy);
  if (len <= 0 || lossy) return std::nullopt;
  std::string out(static_cast<size_t>(len), '\0');
  ::WideCharToMultiByte(code_page, WC_NO_BEST_FIT_CHARS, wide.data(), wide_len, out.data(), len, nullptr, nullptr);
  return out;
}

#else

// iconv's name for a Windows code page.
std::string iconv_name(uint32_t code_page) {
  switch (code_page) {
    case 936: return "GBK";
    case 932: return "CP932";
    case 949: return "CP949";
    case 950: return "BIG5";
    case 65001: return "UTF-8";
    default: return "CP" + std::to_string(code_page);
  }
}

// One iconv conversion descriptor, closed on scope exit.
class Iconv {
 public:
  Iconv(const std::string& to, const std::string& from) : cd_(::iconv_open(to.c_str(), from.c_str())) {}
  ~Iconv() {
    if (ok()) ::iconv_close(cd_);
  }
  Iconv(const Iconv&) = delete;
  Iconv& operator=(const Iconv&) = delete;
  bool ok() const { return cd_ != reinterpret_cast<iconv_t>(-1); }
  // Converts as much as possible; returns false at an invalid or incomplete
  // sequence (in/in_left then point at it; error() says EILSEQ or EINVAL) or
  // an unconvertible character.
  bool convert(const char*& in, size_t& in_left, std::string& out) {
    error_ = 0;
    while (in_left > 0) {
      char buffer[256];
      char* dst = buffer;
      size_t dst_left = sizeof buffer;
      char* src = const_cast<char*>(in);
      size_t r = ::iconv(cd_, &src, &in_left, &dst, &dst_left);
      const int err = errno;
      out.append(buffer, static_cast<size_t>(dst - buffer));
      in = src;
      if (r == static_cast<size_t>(-1) && err != E2BIG) {
        error_ = err;
        return false;
      }
      if (r != static_cast<size_t>(-1) && r > 0) return false;  // irreversible (approximated) conversion
    }
    return true;
  }
  int error() const { return error_; }
  // Back to the initial shift state.
  void reset() { ::iconv(cd_, nullptr, nullptr, nullptr, nullptr); }

 private:
  iconv_t cd_;
  int error_ = 0;
};

// True when `decoder` (code page to UTF-8) takes byte `b` alone as the start
// of a longer character (a lead byte): the converter asks for more input.
bool is_lead_byte(Iconv& decoder, char b) {
  decoder.reset();
  const char* in = &b;
  size_t left = 1;
  std::string ignored;
  const bool lead = !decoder.convert(in, left, ignored) && decoder.error() == EINVAL;
  decoder.reset();
  return lead;
}

bool platform_supported(uint32_t code_page) { return Iconv("UTF-8", iconv_name(code_page)).ok(); }

std::string platform_decode(std::string_view bytes, uint32_t code_page) {
  Iconv cd("UTF-8", iconv_name(code_page));
  if (!cd.ok()) unsupported(code_page);
  std::string out;
  const char* in = bytes.data();
  size_t left = bytes.size();
  while (!cd.convert(in, left, out) && left > 0) {
    // A byte iconv cannot decode: undecodable() says what it becomes.
    append_utf8(out, undecodable(static_cast<uint8_t>(*in), is_lead_byte(cd, *in)));
    ++in;
    --left;
  }
  return out;
}

std::optional<std::string> platform_encode(std::string_view utf8, uint32_t code_page) {
  if (!is_valid_utf8(utf8)) return std::nullopt;
  Iconv cd(iconv_name(code_page), "UTF-8");
  if (!cd.ok()) unsupported(code_page);
  std::optional<Iconv> decoder;
  std::string out;
  const char* in = utf8.data();
  size_t left = utf8.size();
  while (!cd.convert(in, left, out)) {
    if (left == 0 || cd.error() != EILSEQ) return std::nullopt;
    // A C1 control iconv cannot encode is stored as the byte of the same
    // value when that byte decodes to it (undecodable()), so what
    // platform_decode gives encodes back to the same bytes.
    size_t i = static_cast<size_t>(in - utf8.data());
    const std::optional<char32_t> c = next_utf8(utf8, i);
    if (!c || *c < 0x80 || *c > 0x9F) return std::nullopt;
    if (!decoder) decoder.emplace("UTF-8", iconv_name(code_page));
    const char byte = static_cast<char>(*c);
    const char* probe = &byte;
    size_t probe_left = 1;
    std::string ignored;
    decoder->reset();
    if (decoder->convert(probe, probe_left, ignored) || decoder->error() != EILSEQ) return std::nullopt;
    out += byte;
    cd.reset();
    in += 2;  // a C1 control is two bytes of UTF-8
    left -= 2;
  }
  return out;
}

#endif

}  // namespace

bool code_page_supported(uint32_t code_page) { return code_page == 1252 || platform_supported(code_page); }

std::string decode_text(std::string_view bytes, uint32_t code_page) {
  if (code_page == 1252) return decode_cp1252(bytes);
  return platform_decode(bytes, code_page);
}

std::optional<std::string> encode_text(std::string_view utf8, uint32_t code_page) {
  if (code_page == 1252) return encode_cp1252(utf8);
  return platform_encode(utf8, code_page);
}

bool is_valid_utf8(std::string_view text) {
  for (size_t i = 0; i < text.size();)
    if (!next_utf8(text, i)) return false;
  return true;
}

std::string escape_controls(std::string_view utf8) {
  // Printable ASCII without a backslash is kept as is (the loop below would copy it character by character).
  if (is_plain_ascii(utf8)) return std::string(utf8);
  std::string out;
  out.reserve(utf8.size());
  for (size_t i = 0; i < utf8.size();) {
    const size_t start = i;
    std::optional<char32_t> c = next_utf8(utf8, i);
    char buf[8];
    if (!c) {  // not UTF-8: show the byte
      std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(static_cast<uint8_t>(utf8[start])));
      out += buf;
      i = start + 1;
    } else if (*c < 0x20 || *c == 0x7F) {
      std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(*c));
      out += buf;
    } else if (*c >= 0x80 && *c < 0xA0) {
      std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(*c));
      out += buf;
    } else if (*c == '\\') {
      out += "\\\\";
    } else {
      out.append(utf8.substr(start, i - start));
    }
  }
  return out;
}

}  // namespace retroanim::io
