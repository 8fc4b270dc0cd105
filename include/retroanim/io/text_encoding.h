// (retroanim's own) Text in a file's code page: the one place where stored
// name bytes become UTF-8 and back. Windows-1252 (the code page of the
// German-authored Ballance files, and the default) is decoded by a table of
// our own, with the five bytes 1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90,
// 0x9D) mapped to U+0081, U+008D, U+008F, U+0090, U+009D as Windows'
// MultiByteToWideChar does, so every byte string decodes and encodes back to
// the same bytes. Other code pages (1250, 936/GBK, 932/Shift-JIS, ...) go
// through the platform's converter: iconv on POSIX systems,
// MultiByteToWideChar / WideCharToMultiByte on Windows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace retroanim::io {

// The code page names are decoded from unless told otherwise.
inline constexpr uint32_t kDefaultCodePage = 1252;

// True when `code_page` can be decoded here (1252 always; others when the
// platform's converter knows them).
bool code_page_supported(uint32_t code_page);

// `bytes` in `code_page` as UTF-8, always well-formed, the same on every
// platform wherever the platforms' tables agree. A byte that is not, and does
// not begin, a character of the code page is decoded by itself and decoding
// goes on at the next byte: a byte 0x80..0x9F that is not a lead byte becomes
// the C1 control of the same value (U+0080..U+009F, as Windows' own tables
// map the single-byte pages' undefined bytes, so they encode back to the same
// bytes); any other (0xA0 and up, a lead byte with a bad or missing trail
// byte) becomes U+FFFD. Throws retroanim::Error when the code page is not
// supported.
std::string decode_text(std::string_view bytes, uint32_t code_page = kDefaultCodePage);

// `utf8` as bytes in `code_page`, or nothing when `utf8` is not valid UTF-8
// or holds a character the code page cannot store. Throws retroanim::Error
// when the code page is not supported.
std::optional<std::string> encode_text(std::string_view utf8, uint32_t code_page = kDefaultCodePage);

// True when `text` is well-formed UTF-8 (no overlong forms, no surrogates).
bool is_valid_utf8(std::string_view text);

// `utf8` with its control characters made visible, for text output: C0
// controls and DEL as \xNN (a BEL is "\x07"), C1 controls (U+0080..U+009F)
// as \u0080..\u009F, a backslash as "\\". Everything else is kept.
std::string escape_controls(std::string_view utf8);

}  // namespace retroanim::io
