// io/text_encoding.h: Windows-1252 (with Windows' mapping of its five
// undefined bytes), other code pages through the platform converter, UTF-8
// validation and the escaping of control characters for text output.
#include <gtest/gtest.h>

#include <string>

#include "retroanim/error.h"
#include "retroanim/io/text_encoding.h"

namespace {

using retroanim::io::decode_text;
using retroanim::io::encode_text;

TEST(TextEncoding, Cp1252NamesOfTheGame) {
  EXPECT_EQ(decode_text("\xDC" "berblendung"), "\xC3\x9C" "berblendung");  // Überblendung
  EXPECT_EQ(decode_text("Font_Punktez\xE4hler"), "Font_Punktez\xC3\xA4hler");
  EXPECT_EQ(decode_text("Up \xB4n Down"), "Up \xC2\xB4n Down");
  EXPECT_EQ(decode_text("\x80\x9F"), "\xE2\x82\xAC\xC5\xB8");  // € Ÿ
}

TEST(TextEncoding, Cp1252EveryByteRoundTrips) {
  std::string all;
  for (int b = 1; b < 256; ++b) all += static_cast<char>(b);
  const std::string utf8 = decode_text(all);
  EXPECT_TRUE(retroanim::io::is_valid_utf8(utf8));
  ASSERT_TRUE(encode_text(utf8).has_value());
  EXPECT_EQ(*encode_text(utf8), all);
  // The five bytes 1252 leaves undefined become the C1 controls of the same value.
  EXPECT_EQ(decode_text("\x81\x8D\x8F\x90\x9D"), "\xC2\x81\xC2\x8D\xC2\x8F\xC2\x90\xC2\x9D");
}

TEST(TextEncoding, Cp1252RefusesWhatItCannotHold) {
  EXPECT_FALSE(encode_text("\xE4\xB8\xAD").has_value());  // 中
  EXPECT_FALSE(encode_text("\xFF").has_value());          // not UTF-8
}

TEST(TextEncoding, OtherCodePages) {
  for (uint32_t cp : {1250u, 936u, 932u}) {
    if (!retroanim::io::code_page_supported(cp)) GTEST_SKIP() << "code page " << cp << " not available here";
  }
  EXPECT_EQ(decode_text("\x8A\x9A", 1250), "\xC5\xA0\xC5\xA1");                // Š š
  EXPECT_EQ(decode_text("\xB9", 1250), "\xC4\x85");                            // ą (1252 would give ¹)
  EXPECT_EQ(decode_text("\xD6\xD0\xCE\xC4", 936), "\xE4\xB8\xAD\xE6\x96\x87");  // 中文
  EXPECT_EQ(decode_text("\x93\xFA\x96\x7B", 932), "\xE6\x97\xA5\xE6\x9C\xAC");  // 日本
  EXPECT_EQ(*encode_text("\xE4\xB8\xAD\xE6\x96\x87", 936), "\xD6\xD0\xCE\xC4");
  // An incomplete double-byte sequence becomes U+FFFD; the output stays UTF-8.
  const std::string cut = decode_text("A\xD6", 936);
  EXPECT_TRUE(retroanim::io::is_valid_utf8(cut));
  EXPECT_EQ(cut, "A\xEF\xBF\xBD");
}

// What a byte the code page cannot decode becomes, the same on Linux (iconv)
// and Windows (MultiByteToWideChar).
TEST(TextEncoding, UndecodableBytesTheSameEverywhere) {
  for (uint32_t cp : {1250u, 936u, 932u}) {
    if (!retroanim::io::code_page_supported(cp)) GTEST_SKIP() << "code page " << cp << " not available here";
  }
  // 1250 leaves 0x81 undefined: the C1 control of the same value, and back.
  EXPECT_EQ(decode_text("A\x81" "B", 1250), "A\xC2\x81" "B");
  ASSERT_TRUE(encode_text("A\xC2\x81" "B", 1250).has_value());
  EXPECT_EQ(*encode_text("A\xC2\x81" "B", 1250), "A\x81" "B");
  EXPECT_EQ(decode_text("\x80", 932), "\xC2\x80");  // not a Shift-JIS lead byte
  // A lead byte with a bad trail byte: U+FFFD, then the trail byte by itself.
  EXPECT_EQ(decode_text("\x81 B", 936), "\xEF\xBF\xBD B");
  // 0xFF is nothing in GBK.
  EXPECT_EQ(decode_text("\xFF\xD6\xD0", 936), "\xEF\xBF\xBD\xE4\xB8\xAD");
  // A lead byte at the end, in the middle of good text.
  EXPECT_EQ(decode_text("\xD6\xD0\xD6", 936), "\xE4\xB8\xAD\xEF\xBF\xBD");
}

TEST(TextEncoding, UnknownCodePageIsAnError) {
  EXPECT_FALSE(retroanim::io::code_page_supported(4242424));
  EXPECT_THROW(decode_text("x", 4242424), retroanim::Error);
}

TEST(TextEncoding, Utf8Validation) {
  EXPECT_TRUE(retroanim::io::is_valid_utf8("plain \xC3\xA4 \xF0\x9F\x98\x80"));
  EXPECT_FALSE(retroanim::io::is_valid_utf8("\xC0\x80"));      // overlong
  EXPECT_FALSE(retroanim::io::is_valid_utf8("\xED\xA0\x80"));  // surrogate
  EXPECT_FALSE(retroanim::io::is_valid_utf8("\xE4"));          // cut
}

TEST(TextEncoding, EscapeControls) {
  EXPECT_EQ(retroanim::io::escape_controls("Initial Texture Fram\x07"), "Initial Texture Fram\\x07");
  EXPECT_EQ(retroanim::io::escape_controls("a\\b\tc\x7F"), "a\\\\b\\x09c\\x7F");
  EXPECT_EQ(retroanim::io::escape_controls("\xC2\x81\xC3\x9C"), "\\u0081\xC3\x9C");
}

}  // namespace
