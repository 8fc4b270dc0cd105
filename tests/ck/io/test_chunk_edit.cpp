// ck/io/chunk_edit.cpp: merging a chunk replaces the identifiers both hold in
// place, keeps the original's others and appends the new ones.
#include <gtest/gtest.h>

#include "retroanim/ck/io/chunk_edit.h"
#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/error.h"

using namespace retroanim;
using namespace retroanim::ck::io;


TEST(ChunkEdit, MergeReplacesModelledIdentifiersInPlace) {
  ChunkWriter a(33, 10);
  a.write_identifier(0x4);
  a.write_identifier(0x100000);
  a.write_dword(1);
  a.write_identifier(0x200000);
  a.write_dword(7);
  StateChunk orig = std::move(a).finish();
  ChunkWriter b(33, 10);
  b.write_identifier(0x100000);
  b.write_dword(5);
  b.write_dword(6);
  b.write_identifier(0x400);
  b.write_dword(9);
  StateChunk repl = std::move(b).finish();
  StateChunk m = merge_identifiers(orig, repl);
  ChunkReader r(m);
  EXPECT_EQ(r.identifiers(), (std::vector<uint32_t>{0x4, 0x100000, 0x200000, 0x400}));
  ASSERT_TRUE(r.seek_identifier(0x100000));
  EXPECT_EQ(r.read_dword(), 5u);
  EXPECT_EQ(r.read_dword(), 6u);
  ASSERT_TRUE(r.seek_identifier(0x200000));
  EXPECT_EQ(r.read_dword(), 7u);
  ASSERT_TRUE(r.seek_identifier(0x400));
  EXPECT_EQ(r.read_dword(), 9u);
  // Merging a chunk with itself changes nothing.
  EXPECT_EQ(merge_identifiers(orig, orig), orig);
}
