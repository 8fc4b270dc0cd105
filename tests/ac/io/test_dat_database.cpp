// ac/io/dat_database.cpp: the dat container read back from the writer's
// files (small, multi-block, compressed, deep B-trees, concurrent readers,
// mmap) and clean errors on corrupt files. (The writer's own checks:
// test_dat_writer.cpp.)
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <random>
#include <thread>

#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/error.h"
#include "retroanim/io/byte_order.h"
#include "support/ac_fixtures.h"
#include "support/test_support.h"

using namespace retroanim::ac::io;
using retroanim::ac::test::anim_id;

namespace {

std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
  std::vector<uint8_t> v(n);
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; ++i) {
    x = x * 1103515245u + 12345u;
    v[i] = static_cast<uint8_t>(x >> 16);
  }
  return v;
}

// Highly compressible bytes (repeating ramp).
std::vector<uint8_t> ramp(size_t n) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(i % 7);
  return v;
}

uint32_t get_u32(const std::vector<uint8_t>& b, size_t at) { return retroanim::io::load_u32_le(b.data() + at); }

}  // namespace

TEST(DatContainer, RoundTripSmallLargeEmptyAndCompressedFiles) {
  DatWriter w;
  std::map<uint32_t, std::vector<uint8_t>> files;
  files[anim_id(1)] = {};
  files[anim_id(2)] = pattern(5, 2);
  files[anim_id(3)] = pattern(1020, 3);   // exactly one block payload
  files[anim_id(4)] = pattern(1021, 4);   // spills into a second block
  files[anim_id(5)] = pattern(5000, 5);   // five blocks
  files[0x09000001] = ramp(20000);        // compressed
  files[0x02000001] = ramp(16);           // too small to compress: stays raw
  for (auto& [id, b] : files) {
    DatFileOptions o;
    o.compress = (id == 0x09000001 || id == 0x02000001);
    o.version = 3;
    o.date = 1234;
    o.iteration = 56;
    w.add(id, b, o);
  }
  auto db = DatDatabase::from_bytes(w.build());
  for (auto& [id, b] : files) {
    auto e = db.find(id);
    ASSERT_TRUE(e.has_value()) << std::hex << id;
    EXPECT_EQ(e->version(), 3);
    EXPECT_EQ(e->date, 1234u);
    EXPECT_EQ(e->iteration, 56u);
    EXPECT_EQ(db.read(*e), b) << std::hex << id;
  }
  auto big = db.find(0x09000001);
  EXPECT_TRUE(big->compressed());
  EXPECT_LT(big->size, 20000u);
  EXPECT_EQ(get_u32(db.read_raw(*big), 0), 20000u);  // the size prefix
  EXPECT_FALSE(db.find(0x02000001)->compressed());
  EXPECT_FALSE(db.find(anim_id(6)).has_value());
  EXPECT_FALSE(db.find(0).has_value());
  EXPECT_EQ(db.ids_of_type(0x03), (std::vector<uint32_t>{anim_id(1), anim_id(2), anim_id(3), anim_id(4), anim_id(5)}));
  EXPECT_EQ(db.ids_of_type(0x09), (std::vector<uint32_t>{0x09000001}));
  EXPECT_TRUE(db.ids_of_type(0x01).empty());
}

TEST(DatContainer, ThousandsOfEntriesBuildADeepTree) {
  DatWriter w;
  const uint32_t n = 5000;  // 61 + 62*61 = 3843 < 5000: three levels
  for (uint32_t i = 0; i < n; ++i) w.add(anim_id(2 * i), pattern(4 + i % 50, i));
  auto db = DatDatabase::from_bytes(w.build());
  // Depth of the tree: follow branch 0 down to a leaf.
  int depth = 1;
  DatNode node = db.read_node(db.header().btree_root);
  while (!node.leaf()) {
    node = db.read_node(node.branches[0]);
    ++depth;
  }
  EXPECT_EQ(depth, 3);
  for (uint32_t i = 0; i < n; ++i) {
    auto e = db.find(anim_id(2 * i));
    ASSERT_TRUE(e.has_value()) << i;
    ASSERT_EQ(db.read(*e), pattern(4 + i % 50, i)) << i;
    ASSERT_FALSE(db.find(anim_id(2 * i + 1)).has_value()) << i;
  }
  auto ids = db.ids_of_type(0x03);
  ASSERT_EQ(ids.size(), n);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(ids[i], anim_id(2 * i));
  auto some = db.entries_in_range(0x03000100, 0x03000200);
  ASSERT_EQ(some.size(), 129u);
  EXPECT_EQ(some.front().id, 0x03000100u);
  EXPECT_EQ(some.back().id, 0x03000200u);
}

TEST(DatContainer, EmptyDatHasNoEntries) {
  DatWriter w;
  auto db = DatDatabase::from_bytes(w.build());
  EXPECT_FALSE(db.find(anim_id(1)).has_value());
  EXPECT_TRUE(db.entries().empty());
}

TEST(DatContainer, ConcurrentReadersSeeTheSameData) {
  DatWriter w;
  for (uint32_t i = 0; i < 2000; ++i) w.add(anim_id(i), pattern(100 + i % 900, i), {i % 2 == 0});
  auto db = DatDatabase::from_bytes(w.build());
  std::vector<std::thread> threads;
  std::atomic<int> bad{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (uint32_t i = t; i < 2000; i += 3) {
        if (db.read(anim_id(i)) != pattern(100 + i % 900, i)) ++bad;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(bad.load(), 0);
}

TEST(DatContainer, OpensAFileThroughMmap) {
  DatWriter w;
  w.add(0x02000001, pattern(3000, 1));
  const std::string path = retroanim::test::temp_dir() + "/x.dat";
  w.write_file(path);
  auto db = DatDatabase::open(path);
  EXPECT_EQ(db.read(0x02000001), pattern(3000, 1));
  EXPECT_THROW(DatDatabase::open(path + ".missing"), retroanim::Error);
}

// ---- bad input ----

namespace {

std::vector<uint8_t> sample_dat(uint32_t bs = 256) {
  DatWriterOptions opt;
  opt.block_size = bs;
  DatWriter w(opt);
  for (uint32_t i = 0; i < 200; ++i) {
    DatFileOptions o;
    o.compress = (i % 4 == 0);
    w.add(anim_id(i), i % 4 == 0 ? ramp(600) : pattern(10 + i * 3, i), o);
  }
  return w.build();
}

// Reads everything; returns normally or throws Error.
void read_all(const std::vector<uint8_t>& bytes) {
  auto db = DatDatabase::from_bytes(bytes, "t.dat");
  for (const DatEntry& e : db.entries()) (void)db.read(e);
  for (uint32_t i = 0; i < 210; ++i) (void)db.find(anim_id(i));
}

std::string error_of(const std::vector<uint8_t>& bytes, uint32_t id) {
  try {
    auto db = DatDatabase::from_bytes(bytes, "t.dat");
    (void)db.read(id);
  } catch (const retroanim::Error& e) {
    return e.what();
  }
  return "";
}

void put_u32(std::vector<uint8_t>& b, size_t at, uint32_t v) { retroanim::io::store_u32_le(b.data() + at, v); }

}  // namespace

TEST(DatContainerBadInput, BadMagicAndShortFile) {
  auto b = sample_dat();
  b[0x140] = 0;
  EXPECT_THROW(DatDatabase::from_bytes(b), retroanim::Error);
  EXPECT_THROW(DatDatabase::from_bytes(std::vector<uint8_t>(100)), retroanim::Error);
}

TEST(DatContainerBadInput, ChainCycleIsReportedWithIdAndOffset) {
  auto b = sample_dat();
  auto db = DatDatabase::from_bytes(b);
  auto e = *db.find(anim_id(99));  // 10 + 99*3 = 307 bytes: two blocks of 252
  ASSERT_GT(e.size, 252u);
  put_u32(b, e.offset, e.offset);  // first block links to itself
  std::string msg = error_of(b, anim_id(99));
  EXPECT_NE(msg.find("t.dat"), std::string::npos) << msg;
  EXPECT_NE(msg.find("entry 0x03000063"), std::string::npos) << msg;
  EXPECT_NE(msg.find("at byte"), std::string::npos) << msg;
  EXPECT_NE(msg.find("cycle"), std::string::npos) << msg;
}

TEST(DatContainerBadInput, FreeBlockMarkerAbortsTheRead) {
  auto b = sample_dat();
  auto e = *DatDatabase::from_bytes(b).find(anim_id(99));
  put_u32(b, e.offset, get_u32(b, e.offset) | 0x80000000u);
  EXPECT_NE(error_of(b, anim_id(99)).find("marked free"), std::string::npos);
}

TEST(DatContainerBadInput, OffsetsAndSizesBeyondTheFile) {
  auto b = sample_dat();
  auto db = DatDatabase::from_bytes(b);
  auto e = *db.find(anim_id(99));
  put_u32(b, e.offset, 0x7FFFFFF0u);
  EXPECT_NE(error_of(b, anim_id(99)).find("outside"), std::string::npos);
  // A B-tree entry whose size exceeds the file.
  auto b2 = sample_dat();
  auto db2 = DatDatabase::from_bytes(b2);
  DatNode root = db2.read_node(db2.header().btree_root);
  ASSERT_FALSE(root.leaf());
  // The size field of the root's entry 0 is node byte 252 + 12: the second
  // block (the first holds 252 payload bytes), 12 bytes into its payload.
  const size_t at = db2.header().btree_root + 256 + 4 + 12;
  put_u32(b2, at, 0xFFFFFFF0u);
  std::string msg = error_of(b2, root.entries[0].id);
  EXPECT_NE(msg.find("larger than the file"), std::string::npos) << msg;
}

TEST(DatContainerBadInput, BadZlibAndHugePrefix) {
  auto b = sample_dat();
  auto db = DatDatabase::from_bytes(b);
  auto e = *db.find(anim_id(0));
  ASSERT_TRUE(e.compressed());
  auto b1 = b;
  b1[e.offset + 4 + 4 + 2] ^= 0xFF;  // corrupt the deflate stream
  b1[e.offset + 4 + 4 + 3] ^= 0xFF;
  EXPECT_NE(error_of(b1, anim_id(0)).find("entry 0x03000000"), std::string::npos);
  auto b2 = b;
  put_u32(b2, e.offset + 4, 0xFFFFFFFFu);
  EXPECT_NE(error_of(b2, anim_id(0)).find("impossible"), std::string::npos);
}

TEST(DatContainerBadInput, BranchCycleIsReported) {
  auto b = sample_dat();
  auto db = DatDatabase::from_bytes(b);
  const uint32_t root = db.header().btree_root;
  put_u32(b, root + 4, root);  // branch 0 of the root points at the root
  try {
    auto db2 = DatDatabase::from_bytes(b, "t.dat");
    (void)db2.entries();
    FAIL() << "no error";
  } catch (const retroanim::Error& e) {
    EXPECT_NE(std::string(e.what()).find("cycle"), std::string::npos) << e.what();
  }
  auto db3 = DatDatabase::from_bytes(b, "t.dat");
  EXPECT_THROW((void)db3.find(anim_id(0)), retroanim::Error);  // descends forever without the depth cap
}

TEST(DatContainerBadInput, TruncationsGiveCleanErrors) {
  auto b = sample_dat();
  for (size_t len = 0; len < b.size(); len += 499) {
    std::vector<uint8_t> t(b.begin(), b.begin() + len);
    try {
      read_all(t);
    } catch (const retroanim::Error&) {
    }
  }
  SUCCEED();
}

TEST(DatContainerBadInput, BitFlipsGiveCleanErrorsOrData) {
  auto b = sample_dat();
  std::mt19937 rng(42);
  int errors = 0;
  for (int trial = 0; trial < 300; ++trial) {
    auto t = b;
    const size_t at = 0x140 + rng() % (t.size() - 0x140);
    t[at] ^= static_cast<uint8_t>(1u << (rng() % 8));
    try {
      read_all(t);
    } catch (const retroanim::Error& e) {
      ++errors;
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
  EXPECT_GT(errors, 0);
}
