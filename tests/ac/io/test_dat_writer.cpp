// ac/io/dat_writer.cpp: the container's header fields at their offsets and
// the free list, the same bytes for the same files in any order, duplicate ids
// refused. (Round trips through the reader: test_dat_database.cpp.)
#include <gtest/gtest.h>


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

TEST(DatWriter, HeaderFieldsAreWrittenAtTheirOffsets) {
  DatWriterOptions opt;
  opt.block_size = 256;
  opt.free_blocks = 3;
  opt.engine_pack_version = 7;
  opt.game_pack_version = 9;
  DatWriter w(opt);
  w.add(anim_id(1), {1, 2, 3});
  auto bytes = w.build();
  EXPECT_EQ(get_u32(bytes, 0x140), 0x5442u);
  EXPECT_EQ(get_u32(bytes, 0x144), 256u);
  EXPECT_EQ(get_u32(bytes, 0x148), bytes.size());
  EXPECT_EQ(bytes[255], 0x1A);
  auto db = DatDatabase::from_bytes(bytes);
  const DatHeader& h = db.header();
  EXPECT_EQ(h.block_size, 256u);
  EXPECT_EQ(h.free_blocks, 3u);
  EXPECT_EQ(h.btree_root, 1024u);  // data area starts at 1024, root first
  EXPECT_EQ(h.engine_pack_version, 7u);
  EXPECT_EQ(h.game_pack_version, 9u);
  // The free list: three chained blocks, each link tagged with bit 31, the last 0x80000000.
  EXPECT_EQ(get_u32(bytes, h.first_free), (h.first_free + 256u) | 0x80000000u);
  EXPECT_EQ(h.final_free, h.first_free + 512u);
  EXPECT_EQ(get_u32(bytes, h.final_free), 0x80000000u);
  EXPECT_EQ(h.final_free + 256u, bytes.size());
}

TEST(DatWriter, SameInputGivesIdenticalBytes) {
  auto make = [] {
    DatWriter w;
    for (uint32_t i = 0; i < 300; ++i) {
      DatFileOptions o;
      o.compress = (i % 3 == 0);
      w.add(anim_id(i * 7), i % 3 == 0 ? ramp(100 + i) : pattern(i * 13, i), o);
    }
    return w.build();
  };
  auto a = make();
  auto b = make();
  EXPECT_EQ(a, b);
  // Insertion order does not matter either.
  DatWriter w;
  for (int i = 299; i >= 0; --i) {
    DatFileOptions o;
    o.compress = (i % 3 == 0);
    w.add(anim_id(i * 7), i % 3 == 0 ? ramp(100 + i) : pattern(i * 13, i), o);
  }
  EXPECT_EQ(w.build(), a);
}

TEST(DatWriter, DuplicateIdIsRejected) {
  DatWriter w;
  w.add(1, {});
  EXPECT_THROW(w.add(1, {}), retroanim::Error);
}

// ---- bad input ----


