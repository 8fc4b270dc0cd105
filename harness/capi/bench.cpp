// libretroanim-harness: the benchmark workload of `retroanim ac bench` over
// the C API (harness/capi/retroanim_harness.h), for comparisons in one process.
#include <string>

#include "capi/capi_support.h"
#include "harness/bench/workload.h"
#include "harness/capi/retroanim_harness.h"

namespace ra = retroanim;
using namespace retroanim::capi;

namespace {

// The workload's setups, served by id.
struct WorkloadSetups : ra::ac::SetupProvider {
  std::unique_ptr<ra::bench::AcWorld> world;
  const ra::ac::Setup* get_setup(uint32_t id) const override {
    for (const auto& s : world->setups)
      if (s.id == id) return &s;
    return nullptr;
  }
};

}  // namespace

extern "C" {

int ra_ac_provider_create_workload(int kind, ra_ac_provider** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (kind < 0 || kind > 2) return fail(RA_ERR_ARGUMENT, "workload kind " + std::to_string(kind) + " is not 0, 1 or 2");
  return guarded([&]() -> int {
    auto backing = std::make_shared<WorkloadSetups>();
    backing->world = ra::bench::make_ac_world(0, static_cast<ra::bench::AcWorkload>(kind));
    auto p = std::make_unique<AcProvider>();
    p->animations = &backing->world->anims;
    p->setups = backing.get();
    p->backing = backing;
    return publish(p, Kind::kAcProvider, out);
  });
}

int ra_ac_bench_run(int kind, size_t objects, int ticks, unsigned threads, double* ms_per_tick, uint64_t* checksum) {
  if (kind < 0 || kind > 2) return fail(RA_ERR_ARGUMENT, "workload kind " + std::to_string(kind) + " is not 0, 1 or 2");
  if (ticks < 0) return fail(RA_ERR_ARGUMENT, "ticks is negative");
  if (threads > 1024) return fail(RA_ERR_ARGUMENT, "threads " + std::to_string(threads) + " is too many (at most 1024)");
  return guarded([&]() -> int {
    auto world = ra::bench::make_ac_world(objects, static_cast<ra::bench::AcWorkload>(kind));
    const ra::bench::BenchResult r = ra::bench::run_ac_bench(*world, ticks, threads);
    if (ms_per_tick) *ms_per_tick = r.ms_per_tick;
    if (checksum) *checksum = r.checksum;
    return RA_OK;
  });
}
}  // extern "C"
