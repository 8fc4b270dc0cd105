// CKStateChunk reader and writer: primitives, the identifier chain, object
// references, sub-chunks, and bounds checks on damaged chunks.
#include <gtest/gtest.h>

#include "retroanim/ck/io/chunk_edit.h"
#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/error.h"

using namespace retroanim;
using namespace retroanim::ck::io;

namespace {

StateChunk sample_chunk() {
  ChunkWriter w(43, 10);
  w.write_identifier(0x4);
  w.write_identifier(0x100);
  w.write_dword(0xdeadbeef);
  w.write_int(-5);
  w.write_float(1.5f);
  w.write_vector({1, 2, 3});
  w.write_string("hello");
  std::vector<uint8_t> buf = {1, 2, 3, 4, 5};
  w.write_buffer(buf);
  w.write_guid({0x11, 0x22});
  w.write_identifier(0x200);
  FileIndex refs[] = {2, kNoObject, 0};
  w.write_object(1);
  w.write_object_array(refs);
  return std::move(w).finish();
}

}  // namespace

TEST(StateChunk, WriterThenReaderGivesBackEveryPrimitive) {
  StateChunk c = sample_chunk();
  ObjectResolver res{3, nullptr};
  ChunkReader r(c, &res);
  ASSERT_TRUE(r.seek_identifier(0x100));
  EXPECT_EQ(r.read_dword(), 0xdeadbeefu);
  EXPECT_EQ(r.read_int(), -5);
  EXPECT_EQ(r.read_float(), 1.5f);
  EXPECT_EQ(r.read_vector(), (math::Vec3{1, 2, 3}));
  EXPECT_EQ(r.read_string(), "hello");
  EXPECT_EQ(r.read_buffer(), (std::vector<uint8_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(r.read_guid(), (ck::Guid{0x11, 0x22}));
  EXPECT_EQ(r.remaining(), 0u);  // bounded by the next identifier
  ASSERT_TRUE(r.seek_identifier(0x200));
  EXPECT_EQ(r.read_object(), 1);
  EXPECT_EQ(r.read_object_array(), (std::vector<FileIndex>{2, kNoObject, 0}));
  EXPECT_EQ(r.identifiers(), (std::vector<uint32_t>{0x4, 0x100, 0x200}));
}

TEST(StateChunk, StringLayoutIsByteCountWithZeroThenPaddedDwords) {
  ChunkWriter w(1, 10);
  w.write_string("abcd");  // 5 bytes with the zero -> 2 dwords
  StateChunk c = std::move(w).finish();
  ASSERT_EQ(c.data.size(), 3u);
  EXPECT_EQ(c.data[0], 5u);
  EXPECT_EQ(c.data[1], 0x64636261u);  // "abcd" little-endian
  EXPECT_EQ(c.data[2], 0u);
}

TEST(StateChunk, SerializeThenParseRoundTrips) {
  StateChunk c = sample_chunk();
  c.ids = {5, 0xffffffffu, 7};
  c.managers = {3};
  std::vector<uint8_t> bytes = c.serialize();
  EXPECT_EQ(bytes.size(), c.serialized_size());
  // Header: data version 10, class 43, chunk version 7, options ids|managers|file.
  EXPECT_EQ(bytes[0], 10);
  EXPECT_EQ(bytes[1], 43);
  EXPECT_EQ(bytes[2], 7);
  EXPECT_EQ(bytes[3], chunk_option::kIds | chunk_option::kManagers | chunk_option::kFile);
  StateChunk back = StateChunk::parse(bytes, {"f", "o", 0});
  EXPECT_EQ(back, c);
}

TEST(StateChunk, UnknownIdentifiersAreSkippedNotRead) {
  StateChunk c = sample_chunk();
  ChunkReader r(c);
  EXPECT_FALSE(r.seek_identifier(0x12345));
  auto size = r.seek_identifier_size(0x100);
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(*size, 1u + 1u + 1u + 3u + 3u + 3u + 2u);
}

TEST(StateChunk, SeekSearchesFromThePreviousIdentifierThenWraps) {
  // Two identifiers with the same value: the second seek finds the second one.
  ChunkWriter w(1, 10);
  w.write_identifier(0x8);
  w.write_dword(1);
  w.write_identifier(0x8);
  w.write_dword(2);
  StateChunk c = std::move(w).finish();
  ChunkReader r(c);
  ASSERT_TRUE(r.seek_identifier(0x8));
  // Phase 1 starts after the first identifier (as the original), so the first
  // seek already finds the second 0x8; the next one wraps to the first.
  EXPECT_EQ(r.read_dword(), 2u);
  ASSERT_TRUE(r.seek_identifier(0x8));
  EXPECT_EQ(r.read_dword(), 1u);
}

TEST(StateChunk, SubChunkRoundTrips) {
  ChunkWriter inner(14, 10);
  inner.write_identifier(0x100);
  inner.write_float(0.25f);
  StateChunk sub = std::move(inner).finish();
  ChunkWriter w(46, 10);
  w.write_identifier(0x40);
  w.write_sub_chunk(&sub);
  w.write_sub_chunk(nullptr);
  w.write_dword(99);
  StateChunk c = std::move(w).finish();
  EXPECT_EQ(c.chunks, (std::vector<uint32_t>{2}));
  ChunkReader r(c);
  ASSERT_TRUE(r.seek_identifier(0x40));
  auto got = r.read_sub_chunk();
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(*got, sub);
  EXPECT_FALSE(r.read_sub_chunk().has_value());
  EXPECT_EQ(r.read_dword(), 99u);
  ChunkReader rs(*got);
  ASSERT_TRUE(rs.seek_identifier(0x100));
  EXPECT_EQ(rs.read_float(), 0.25f);
}

TEST(StateChunk, ReadsPastThePayloadThrowWithOffset) {
  StateChunk c = sample_chunk();
  c.origin = {"x.nmo", "object 3 'A'", 1000};
  ChunkReader r(c);
  ASSERT_TRUE(r.seek_identifier(0x4));
  try {
    r.read_dword();
    FAIL() << "expected an error";
  } catch (const Error& e) {
    std::string m = e.what();
    EXPECT_NE(m.find("x.nmo: object 3 'A': at byte 1008"), std::string::npos) << m;
  }
}

TEST(StateChunk, DanglingAndBrokenReferencesThrow) {
  StateChunk c = sample_chunk();
  ObjectResolver res{2, nullptr};  // index 2 is past the table
  ChunkReader r(c, &res);
  ASSERT_TRUE(r.seek_identifier(0x200));
  EXPECT_EQ(r.read_object(), 1);
  EXPECT_THROW(r.read_object_array(), Error);
}

TEST(StateChunk, BrokenChainAndHugeCountsThrow) {
  StateChunk c = sample_chunk();
  c.data[1] = 0xffff;  // next identifier out of range
  ChunkReader r(c);
  EXPECT_THROW(r.seek_identifier(0x100), Error);
  StateChunk d = sample_chunk();
  ChunkReader r2(d);
  ASSERT_TRUE(r2.seek_identifier(0x100));
  r2.skip(3);
  r2.skip(3);
  // The string's byte count now claims far more than present.
  StateChunk e = d;
  e.data[2 + 2 + 6] = 0x7fffffff;
  ChunkReader r3(e);
  ASSERT_TRUE(r3.seek_identifier(0x100));
  r3.skip(6);
  EXPECT_THROW(r3.read_string(), Error);
}

TEST(StateChunk, ParseRejectsTruncatedAndOversizedChunks) {
  std::vector<uint8_t> bytes = sample_chunk().serialize();
  for (size_t n = 0; n < bytes.size(); ++n) {
    EXPECT_THROW(StateChunk::parse(std::span(bytes).first(n), {}), Error) << n;
  }
  std::vector<uint8_t> bad = bytes;
  bad[4] = 0xff;
  bad[5] = 0xff;
  bad[6] = 0xff;
  bad[7] = 0x7f;
  EXPECT_THROW(StateChunk::parse(bad, {}), Error);
}

