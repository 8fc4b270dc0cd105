// harness/capi/bench.cpp: the benchmark workload over the harness's C
// functions: its provider's setups, and ra_ac_bench_run giving the C++
// workload's checksum on any thread count, with its argument checks.
#include <gtest/gtest.h>

#include <cstdint>

#include "harness/bench/workload.h"
#include "harness/capi/retroanim_harness.h"

namespace {

TEST(HarnessBench, TheWorkloadProviderServesItsSetups) {
  ra_ac_provider* p = nullptr;
  ASSERT_EQ(ra_ac_provider_create_workload(1, &p), RA_OK) << ra_last_error();
  ra_ac_object* o = nullptr;
  ASSERT_EQ(ra_ac_object_create(p, 0x02000001u + 63, 0, 1, &o), RA_OK) << ra_last_error();  // kind 1: 64 setups
  ra_ac_frame parts[retroanim::bench::kAcParts];
  EXPECT_EQ(ra_ac_object_get_part_frames(o, parts, retroanim::bench::kAcParts), RA_OK) << ra_last_error();
  ra_ac_object* none = nullptr;
  EXPECT_EQ(ra_ac_object_create(p, 0x02000001u + 64, 0, 2, &none), RA_ERR_NOT_FOUND);
  EXPECT_EQ(ra_ac_object_free(o), RA_OK);
  EXPECT_EQ(ra_ac_provider_free(p), RA_OK);
  ASSERT_EQ(ra_ac_provider_create_workload(0, &p), RA_OK);
  EXPECT_EQ(ra_ac_object_create(p, 0x02000002u, 0, 3, &none), RA_ERR_NOT_FOUND);  // kind 0: one setup
  EXPECT_EQ(ra_ac_provider_free(p), RA_OK);
  EXPECT_EQ(ra_ac_provider_create_workload(3, &p), RA_ERR_ARGUMENT);
  EXPECT_STREQ(ra_last_error(), "workload kind 3 is not 0, 1 or 2");
  EXPECT_EQ(ra_ac_provider_create_workload(0, nullptr), RA_ERR_ARGUMENT);
}

TEST(HarnessBench, RunGivesTheCppWorkloadsChecksumOnAnyThreadCount) {
  auto world = retroanim::bench::make_ac_world(20, retroanim::bench::AcWorkload::kMoving);
  const uint64_t want = retroanim::bench::run_ac_bench(*world, 5, 1).checksum;
  for (unsigned threads : {1u, 2u, 0u}) {
    uint64_t sum = 0;
    double ms = -1.0;
    ASSERT_EQ(ra_ac_bench_run(2, 20, 5, threads, &ms, &sum), RA_OK) << ra_last_error();
    EXPECT_EQ(sum, want) << threads;
    EXPECT_GE(ms, 0.0);
  }
  EXPECT_EQ(ra_ac_bench_run(0, 4, 1, 1, nullptr, nullptr), RA_OK);  // both outs optional
}

TEST(HarnessBench, RunChecksItsArguments) {
  EXPECT_EQ(ra_ac_bench_run(3, 1, 1, 1, nullptr, nullptr), RA_ERR_ARGUMENT);
  EXPECT_STREQ(ra_last_error(), "workload kind 3 is not 0, 1 or 2");
  EXPECT_EQ(ra_ac_bench_run(0, 1, -1, 1, nullptr, nullptr), RA_ERR_ARGUMENT);
  EXPECT_STREQ(ra_last_error(), "ticks is negative");
  EXPECT_EQ(ra_ac_bench_run(0, 1, 1, 2000, nullptr, nullptr), RA_ERR_ARGUMENT);
  EXPECT_STREQ(ra_last_error(), "threads 2000 is too many (at most 1024)");
}

}  // namespace
