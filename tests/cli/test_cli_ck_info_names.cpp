// Object names in the game's code page: every object name of every file in
// the Ballance data set comes out of `ck info --json` as the Windows-1252
// decoding of its stored bytes (the files are found by listing the data
// directory); a UTF-8 --name finds a name stored in 1252; text output
// escapes control characters; a renamed object is saved in the code page.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "retroanim/ck/io/nmo_file.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"
#include "support/test_support.h"

namespace {

using retroanim::test::run_cli;

// Windows-1252 to UTF-8, written out here independently of the library's table.
std::string cp1252_reference(const std::string& bytes) {
  static const char32_t high[32] = {0x20AC, 0x81,   0x201A, 0x192,  0x201E, 0x2026, 0x2020, 0x2021,
                                    0x2C6,  0x2030, 0x160,  0x2039, 0x152,  0x8D,   0x17D,  0x8F,
                                    0x90,   0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                    0x2DC,  0x2122, 0x161,  0x203A, 0x153,  0x9D,   0x17E,  0x178};
  std::string out;
  for (unsigned char b : bytes) {
    char32_t c = (b >= 0x80 && b < 0xA0) ? high[b - 0x80] : b;
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

std::vector<std::string> nmo_files(const std::string& dir) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext == ".nmo" || ext == ".cmo") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(CliCkInfoNames, EveryNameOfEveryFileIsItsCp1252Decoding) {
  const std::string dir = retroanim::test::ballance_dir();
  if (dir.empty()) GTEST_SKIP() << "no Ballance data set";
  const std::vector<std::string> files = nmo_files(dir);
  ASSERT_FALSE(files.empty());
  size_t non_ascii = 0, names = 0;
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    retroanim::ck::io::NmoFile raw = retroanim::ck::io::read_nmo_file(path);
    auto r = run_cli("ck info '" + path + "' --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    nlohmann::json j = nlohmann::json::parse(r.out);  // throws on invalid UTF-8
    ASSERT_EQ(j["objects"].size(), raw.objects.size());
    for (size_t i = 0; i < raw.objects.size(); ++i) {
      const std::string& bytes = raw.objects[i].name;
      ASSERT_EQ(j["objects"][i]["name"].get<std::string>(), cp1252_reference(bytes)) << "object " << i;
      non_ascii += std::any_of(bytes.begin(), bytes.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
      ++names;
    }
  }
  EXPECT_GT(names, 10000u);
  EXPECT_GT(non_ascii, 0u);
}

TEST(CliCkInfoNames, Utf8NameFindsA1252Name) {
  RETROANIM_REQUIRE_BALLANCE(path, "Gameplay.nmo");
  auto r = run_cli("ck info '" + path + "' --name '\xC3\x9C" "berblendung'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\xC3\x9C" "berblendung"), std::string::npos) << r.out;
  auto j = run_cli("ck info '" + path + "' --json --name 'Font_Punktez\xC3\xA4hler'");
  ASSERT_EQ(j.exit_code, 0) << j.err;
  EXPECT_GE(nlohmann::json::parse(j.out)["objects"].size(), 1u);
#ifndef _WIN32
  // The 1252 byte itself is not UTF-8 and matches nothing.
  auto raw = run_cli("ck info '" + path + "' --name \"$(printf '\\334')berblendung\"");
  EXPECT_NE(raw.exit_code, 0);
#endif
}

TEST(CliCkInfoNames, TextOutputEscapesControlCharacters) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck info '" + path + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find('\x07'), std::string::npos);
  size_t escaped = 0;
  for (size_t at = r.out.find("\\x07"); at != std::string::npos; at = r.out.find("\\x07", at + 1)) ++escaped;
  EXPECT_EQ(escaped, 4u);
  auto j = run_cli("ck info '" + path + "' --json");
  ASSERT_EQ(j.exit_code, 0) << j.err;
  size_t bel = 0;
  const nlohmann::json doc = nlohmann::json::parse(j.out);
  for (const auto& o : doc["objects"])
    bel += o["name"].get<std::string>().find('\x07') != std::string::npos;
  EXPECT_EQ(bel, 4u);  // JSON keeps the name (as \u0007)
}

TEST(CliCkInfoNames, EncodingOption) {
  RETROANIM_REQUIRE_BALLANCE(path, "Gameplay.nmo");
  auto r = run_cli("ck info '" + path + "' --json --encoding 1250 --name 'Font_Punktez\xC3\xA4hler'");
  ASSERT_EQ(r.exit_code, 0) << r.err;  // ä is 0xE4 in 1250 too
  auto bad = run_cli("ck info '" + path + "' --encoding 4242424");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--encoding"), std::string::npos) << bad.err;
}

}  // namespace
