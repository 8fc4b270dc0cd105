// harness/bench/workload.cpp: the benchmark workloads and their checksums:
// the worlds' shapes, the checksums' definitions, and results that do not
// depend on the thread count (what `ac bench` and `ck bench` compare).
#include <gtest/gtest.h>

#include <vector>

#include "harness/bench/workload.h"
#include "retroanim/ac/object/frames_checksum.h"

namespace {

using namespace retroanim;
using namespace retroanim::bench;

TEST(BenchWorkload, Fnv1aOfAFloatIsItsLittleEndianBytes) {
  Fnv1a64 h;
  EXPECT_EQ(h.value(), 0xcbf29ce484222325ull);
  h.add_float(1.0f);  // bytes 00 00 80 3F; value computed independently
  EXPECT_EQ(h.value(), 0x4b72477f9c5c2f98ull);
  Fnv1a64 bytes;
  for (uint8_t b : {0x00, 0x00, 0x80, 0x3F}) bytes.add_byte(b);
  EXPECT_EQ(bytes.value(), h.value());
}

TEST(BenchWorkload, AcWorldsHaveTheirObjectsPartsAndAnimations) {
  auto cyclic = make_ac_world(5, AcWorkload::kCyclic);
  ASSERT_EQ(cyclic->objects.size(), 5u);
  ASSERT_EQ(cyclic->list.size(), 5u);
  EXPECT_EQ(cyclic->list[3], cyclic->objects[3].get());
  ASSERT_NE(cyclic->list[0]->part_array(), nullptr);
  EXPECT_EQ(cyclic->list[0]->part_array()->part_frames().size(), kAcParts);
  EXPECT_EQ(cyclic->anims.size(), 1u);
  EXPECT_EQ(make_ac_world(3, AcWorkload::kMany)->anims.size(), kAcManyAnimations);
}

TEST(BenchWorkload, AcChecksumIsTheFramesChecksum) {
  auto w = make_ac_world(7, AcWorkload::kMoving);
  run_ac_bench(*w, 3, 1);
  std::vector<const ac::PhysicsObj*> objects(w->list.begin(), w->list.end());
  EXPECT_EQ(ac_checksum(objects), ac::frames_checksum(objects));
}

TEST(BenchWorkload, AcResultsDoNotDependOnTheThreadCount) {
  for (AcWorkload kind : {AcWorkload::kCyclic, AcWorkload::kMany, AcWorkload::kMoving}) {
    auto one = make_ac_world(40, kind);
    auto three = make_ac_world(40, kind);
    const BenchResult a = run_ac_bench(*one, 10, 1);
    const BenchResult b = run_ac_bench(*three, 10, 3);
    EXPECT_EQ(a.checksum, b.checksum) << static_cast<int>(kind);
    EXPECT_EQ(one->executor.count, three->executor.count) << static_cast<int>(kind);
    EXPECT_GT(one->executor.count, 0u);  // the animations' hooks ran
  }
}

TEST(BenchWorkload, RecordAnimsAreSeededAndFullLength) {
  const auto a = make_record_anim(1);
  const auto b = make_record_anim(1);
  const auto c = make_record_anim(2);
  ASSERT_TRUE(a->keyframes.position);
  EXPECT_EQ(a->keyframes.position->key_count(), static_cast<size_t>(kRecordKeys));
  EXPECT_EQ(a->length(), static_cast<float>(kRecordKeys));
  const auto pa = sample_animation(*a, 1000.5f), pb = sample_animation(*b, 1000.5f), pc = sample_animation(*c, 1000.5f);
  EXPECT_EQ(pa.position, pb.position);  // the same seed, the same walk
  EXPECT_NE(pa.position, pc.position);
}

TEST(BenchWorkload, CkTracksShareKeySetsAndStartSpread) {
  auto t = make_ck_tracks(5, 2);
  ASSERT_EQ(t->track.size(), 5u);
  EXPECT_EQ(t->track[0], t->track[2]);  // track i plays set i % 2
  EXPECT_NE(t->track[0], t->track[1]);
  EXPECT_EQ(t->times[1], 37.0f);
  EXPECT_EQ(t->times[4], 148.0f);
  t->times[0] = static_cast<float>(kRecordKeys) - 1.0f;
  t->advance();
  EXPECT_EQ(t->times[1], 37.0f + 1.25f);
  EXPECT_EQ(t->times[0], 0.25f);  // wrapped at the end
  EXPECT_EQ(make_ck_tracks(2, 0)->prepared.size(), 1u);  // at least one key set
}

TEST(BenchWorkload, CkChecksumCoversEveryElementRowByRow) {
  std::vector<math::Matrix> m(2);
  Fnv1a64 h;
  for (const math::Matrix& x : m)
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c) h.add_float(x.m[r][c]);
  EXPECT_EQ(ck_checksum(m), h.value());
  m[1].m[3][2] = 5.0f;
  EXPECT_NE(ck_checksum(m), h.value());
}

TEST(BenchWorkload, CkResultsDoNotDependOnTheThreadCount) {
  auto one = make_ck_tracks(64, 4);
  auto three = make_ck_tracks(64, 4);
  EXPECT_EQ(run_ck_bench(*one, 5, 1).checksum, run_ck_bench(*three, 5, 3).checksum);
}

}  // namespace
