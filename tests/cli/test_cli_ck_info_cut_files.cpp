// Issue 17 acceptance through the CLI: three cuts of each game file inside its
// declared sections go through `ck info`: exit code 2, one line on stderr,
// nothing on stdout. Skips, saying so, without the data set.
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

TEST(CliCkInfoCutFiles, CutFilesThroughTheCliExitWith2AndOneLine) {
  const std::vector<fs::path> files = game_files();
  if (files.empty()) GTEST_SKIP() << "the Ballance data set is not here (set RETROANIM_BALLANCE_DIR or provide ../shared/data/ballance)";
  const std::string dir = retroanim::test::temp_dir();
  for (const fs::path& p : files) {
    const std::vector<uint8_t> bytes = retroanim::ck::io::read_file_bytes(p.string());
    const size_t end = declared_end(bytes, p.string());
    for (size_t k : {size_t{1}, kCuts / 2, kCuts - 1}) {
      const size_t cut = cut_at(end, k);
      const std::string out = dir + "/cut_" + std::to_string(k) + "_" + p.filename().string();
      {
        std::ofstream f(out, std::ios::binary);
        f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(cut));
      }
      const auto r = retroanim::test::run_cli("ck info '" + out + "'");
      EXPECT_EQ(r.exit_code, 2) << out << ": " << r.err;
      EXPECT_TRUE(r.out.empty()) << out;
      EXPECT_FALSE(r.err.empty()) << out;
      EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << out << ": " << r.err;
      EXPECT_EQ(r.err.rfind("retroanim: " + out + ": ", 0), 0u) << r.err;
    }
  }
}

}  // namespace
