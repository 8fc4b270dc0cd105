// Damaged files: truncation at many offsets and flipped bytes must give a
// clean retroanim::Error (never a crash, hang or sanitizer report).
#include <gtest/gtest.h>

#include <cstring>

#include "retroanim/ck/io/nmo_file.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"
#include "support/test_support.h"

using namespace retroanim;
using namespace retroanim::ck;

namespace {

// Loads and reports whether it threw retroanim::Error (any other exception fails the test).
bool load_fails(std::span<const uint8_t> bytes, bool ignore_crc) {
  io::ReadOptions opts;
  opts.ignore_crc = ignore_crc;
  try {
    Scene s = io::load_scene(bytes, "damaged.nmo", opts);
    return false;
  } catch (const Error& e) {
    std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;  // one line
    EXPECT_EQ(m.rfind("damaged.nmo: ", 0), 0u) << m;   // names the file
    return true;
  }
}

// The file re-saved uncompressed (read with its CRC checked), so that damage
// reaches the object table and the chunks rather than the zlib streams.
std::vector<uint8_t> uncompressed_copy(const std::vector<uint8_t>& bytes, const std::string& path) {
  io::WriteOptions raw;
  raw.compress = false;
  return io::write_nmo(io::read_nmo(bytes, path), raw);
}

}  // namespace

TEST(NmoFileDamage, TruncatedMenuLevelAlwaysFailsCleanly) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  std::vector<uint8_t> bytes = io::read_file_bytes(path);
  // The stored file (compressed, CRC checked) and an uncompressed re-save read
  // with the CRC ignored, so the cuts reach the object table and the chunks.
  std::vector<uint8_t> plain = uncompressed_copy(bytes, path);
  size_t data_end = plain.size() - 399;  // before the trailing thumbnail record
  for (size_t i = 0; i < 150; ++i) {
    size_t cut = (bytes.size() - 400) * i / 150;
    EXPECT_TRUE(load_fails(std::span(bytes).first(cut), false)) << "cut at " << cut;
    size_t cut2 = data_end * i / 150 + (i % 7);
    EXPECT_TRUE(load_fails(std::span(plain).first(cut2), true)) << "plain cut at " << cut2;
    // The same cut with the header's section sizes shrunk to match, so the
    // object table or chunk parsers meet the end of their section.
    if (cut2 > 64) {
      std::vector<uint8_t> t(plain.begin(), plain.begin() + static_cast<long>(cut2));
      uint32_t hdr1 = 0;
      std::memcpy(&hdr1, t.data() + 28, 4);
      uint32_t rest = static_cast<uint32_t>(cut2 - 64);
      if (rest <= hdr1) {
        std::memcpy(t.data() + 28, &rest, 4);
        std::memcpy(t.data() + 60, &rest, 4);
        uint32_t zero = 0;
        std::memcpy(t.data() + 32, &zero, 4);
        std::memcpy(t.data() + 36, &zero, 4);
      } else {
        uint32_t data = rest - hdr1;
        std::memcpy(t.data() + 32, &data, 4);
        std::memcpy(t.data() + 36, &data, 4);
      }
      EXPECT_TRUE(load_fails(t, true)) << "section cut at " << cut2;
    }
  }
}

TEST(NmoFileDamage, FlippedBytesFailCleanlyOrLoad) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  std::vector<uint8_t> bytes = io::read_file_bytes(path);
  std::vector<uint8_t> plain = uncompressed_copy(bytes, path);
  uint32_t seed = 12345;
  auto next = [&] {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
  };
  for (int i = 0; i < 40; ++i) {
    // With the CRC checked every flip in the covered bytes is an error.
    std::vector<uint8_t> b = bytes;
    size_t at = next() % (bytes.size() - 400);
    b[at] ^= static_cast<uint8_t>(1u << (next() % 8));
    EXPECT_TRUE(load_fails(b, false)) << "flip at " << at;
    // Uncompressed with the CRC ignored: an error or a load, never a crash.
    std::vector<uint8_t> p = plain;
    size_t at2 = next() % (plain.size() - 400);
    p[at2] ^= static_cast<uint8_t>(0xff);
    (void)load_fails(p, true);
    // Large values in size fields: set a whole dword.
    std::vector<uint8_t> q = plain;
    size_t at3 = (next() % ((plain.size() - 404) / 4)) * 4;
    q[at3 + 3] = 0x7f;
    (void)load_fails(q, true);
  }
}
