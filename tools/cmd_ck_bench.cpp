// `retroanim ck bench --tracks N --ticks T --threads K [--json]`: times
// ck::sample_world_batch over a WorkerPool on Record Anim-shaped tracks
// (src/bench/workload.h) and prints ms per tick, track-samples per second and
// the checksum of the matrices after the last tick (docs/CLI.md).
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <string>

#include "bench/workload.h"
#include "commands.h"
#include "retroanim/error.h"

namespace retroanim::cli {

namespace {

struct CkBenchOptions {
  long long tracks = 4096;
  int ticks = 100;
  unsigned threads = 1;
  bool json = false;
};

std::string hex64(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016" PRIx64, v);
  return buf;
}

void check_counts(long long items, const char* flag, int ticks) {
  if (items < 1 || items > 10000000) throw Error(std::string(flag) + ": must be between 1 and 10000000");
  if (ticks < 1) throw Error("--ticks: must be at least 1");
}

int run_ck_bench(const CkBenchOptions& o) {
  check_counts(o.tracks, "--tracks", o.ticks);
  auto tracks = bench::make_ck_tracks(static_cast<size_t>(o.tracks));
  const bench::BenchResult r = bench::run_ck_bench(*tracks, o.ticks, o.threads);
  if (o.json) {
    std::printf("{\"tracks\": %lld, \"ticks\": %d, \"threads\": %u, \"ms_per_tick\": %.6f, \"samples_per_s\": %.1f, "
                "\"checksum\": \"%s\"}\n",
                o.tracks, o.ticks, o.threads, r.ms_per_tick, r.items_per_s, hex64(r.checksum).c_str());
  } else {
    std::printf("%lld Record Anim-shaped tracks (%d keys, %d key sets), %d ticks, %u threads\n", o.tracks,
                bench::kRecordKeys, bench::kRecordDistinct, o.ticks, o.threads);
    std::printf("ms per tick: %.4f\n", r.ms_per_tick);
    std::printf("track-samples per second: %.0f\n", r.items_per_s);
    std::printf("checksum: %s\n", hex64(r.checksum).c_str());
  }
  return 0;
}

}  // namespace

void register_ck_bench(CLI::App& parent, Runner& run) {
  auto opts = std::make_shared<CkBenchOptions>();
  auto* cmd = parent.add_subcommand("bench", "Time the parallel batch sampling (ck::sample_world_batch) of Record Anim-shaped tracks");
  cmd->add_option("--tracks", opts->tracks, "Number of tracks (default 4096)");
  cmd->add_option("--ticks", opts->ticks, "Number of 60 Hz ticks (default 100)");
  cmd->add_option("--threads", opts->threads, "Threads, the calling one included; 0 = one per core (default 1)");
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([&run, opts] { run = [opts]() -> int { return run_ck_bench(*opts); }; });
}

}  // namespace retroanim::cli
