// io/mapped_file.cpp: a whole file as read-only bytes (mmap on POSIX, a file
// mapping on Windows), its errors naming the file, and moves.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "io/mapped_file.h"
#include "retroanim/error.h"
#include "support/test_support.h"

namespace {

using retroanim::io::MappedFile;

std::string write_file(const std::string& name, const std::vector<uint8_t>& bytes) {
  const std::string path = retroanim::test::temp_dir() + "/" + name;
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                              static_cast<std::streamsize>(bytes.size()));
  return path;
}

std::string error_of(const std::string& path) {
  try {
    MappedFile::open(path);
  } catch (const retroanim::Error& e) {
    return e.what();
  }
  return "";
}

TEST(MappedFile, GivesTheFilesBytesMapped) {
  std::vector<uint8_t> bytes(70000);  // more than one page and one read buffer
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 7 + 3);
  const std::string path = write_file("mapped.bin", bytes);
  const MappedFile f = MappedFile::open(path);
  ASSERT_EQ(f.bytes().size(), bytes.size());
  EXPECT_TRUE(std::equal(f.bytes().begin(), f.bytes().end(), bytes.begin()));
  EXPECT_TRUE(f.is_mapped());  // a regular file on Linux and Windows
}

TEST(MappedFile, AnEmptyFileHasNoBytes) {
  const MappedFile f = MappedFile::open(write_file("empty.bin", {}));
  EXPECT_TRUE(f.bytes().empty());
  EXPECT_FALSE(f.is_mapped());
  EXPECT_TRUE(MappedFile().bytes().empty());  // nor has a default one
}

TEST(MappedFile, AMissingFileIsAnErrorNamingIt) {
  const std::string path = retroanim::test::temp_dir() + "/no such file.bin";
  const std::string e = error_of(path);
  EXPECT_EQ(e.rfind(path + ": cannot open: ", 0), 0u) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos) << e;
}

#if !defined(_WIN32)
TEST(MappedFile, ADirectoryCannotBeRead) {
  // open(2) accepts a directory; mmap refuses it, and the fallback read fails.
  const std::string dir = retroanim::test::temp_dir();
  EXPECT_EQ(error_of(dir), dir + ": cannot read: I/O error");
}
#endif

TEST(MappedFile, AMoveHandsOverTheBytes) {
  const std::string path = write_file("moved.bin", {1, 2, 3, 4, 5});
  MappedFile a = MappedFile::open(path);
  const uint8_t* data = a.bytes().data();
  MappedFile b(std::move(a));
  EXPECT_EQ(b.bytes().data(), data);  // the same mapping, not a copy
  ASSERT_EQ(b.bytes().size(), 5u);
  EXPECT_EQ(b.bytes()[4], 5);
  EXPECT_TRUE(a.bytes().empty());  // NOLINT(bugprone-use-after-move): a moved-from file is empty
  EXPECT_FALSE(a.is_mapped());
  MappedFile c = MappedFile::open(write_file("other.bin", {9}));
  c = std::move(b);  // the assigned-to file lets its own bytes go
  ASSERT_EQ(c.bytes().size(), 5u);
  EXPECT_EQ(c.bytes()[0], 1);
  EXPECT_TRUE(b.bytes().empty());  // NOLINT(bugprone-use-after-move)
}

}  // namespace
