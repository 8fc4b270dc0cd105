// The benchmark commands on the shared workload (src/bench/workload.h):
//   `retroanim ac bench --objects N --ticks T --threads K [--workload cyclic|many|moving]
//    [--dat FILE --setup ID [--motion-table ID]] [--json]`
//     times the parallel tick (ac::update_objects over a WorkerPool) on the
//     synthetic workload or on objects made from a dat's Setup and motion
//     table, and prints ms per tick, part-frames per second and the checksum
//     of the frames after the last tick (the same for every thread count;
//     docs/CLI.md defines it);
//   `retroanim ck bench --tracks N --ticks T --threads K [--json]` does the same
//     for ck::sample_world_batch over Record Anim-shaped tracks.
#include <cstdio>
#include <memory>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/bench/workload.h"
#include "commands.h"
#include "retroanim/error.h"
#include "io/hex.h"
#include "harness/io/json_text.h"

namespace retroanim::cli {

namespace {

struct AcBenchOptions {
  long long objects = 10000;
  int ticks = 100;
  unsigned threads = 1;
  std::string workload = "cyclic";
  std::string dat;
  std::string setup;
  std::string motion_table;
  bool json = false;
};

struct CkBenchOptions {
  long long tracks = 4096;
  int ticks = 100;
  unsigned threads = 1;
  bool json = false;
};

// A checksum as 0x and 16 lower-case hex digits.
std::string hex64(uint64_t v) { return retroanim::io::hex(v, 16, retroanim::io::HexCase::kLower); }
// A dat id as 0x and 8 upper-case hex digits (as `ac info` prints them).
std::string hex32(uint32_t v) { return retroanim::io::hex(v, 8); }

// The counts both commands take.
void check_counts(long long items, const char* flag, int ticks) {
  if (items < 1 || items > 10000000) throw Error(std::string(flag) + ": must be between 1 and 10000000");
  if (ticks < 1) throw Error("--ticks: must be at least 1");
}

int run_ac_bench(const AcBenchOptions& o) {
  check_counts(o.objects, "--objects", o.ticks);
  std::unique_ptr<bench::AcWorld> world;
  std::unique_ptr<bench::AcDatWorld> dat_world;
  std::string what;
  if (!o.dat.empty()) {
    if (o.setup.empty()) throw Error("--dat: needs --setup ID (the Setup the objects are made from)");
    const uint32_t setup = parse_dat_id(o.setup, "--setup");
    const uint32_t table = o.motion_table.empty() ? 0u : parse_dat_id(o.motion_table, "--motion-table");
    dat_world = bench::make_ac_dat_world(o.dat, setup, table, static_cast<size_t>(o.objects));
    what = "dat " + o.dat + ", setup " + hex32(setup) + " (" + std::to_string(dat_world->setup.num_parts()) +
           " parts), motion table " + (dat_world->has_table ? hex32(dat_world->table.id) : std::string("none"));
  } else {
    if (!o.setup.empty() || !o.motion_table.empty()) throw Error("--setup, --motion-table: need --dat FILE");
    bench::AcWorkload kind;
    if (o.workload == "cyclic") kind = bench::AcWorkload::kCyclic;
    else if (o.workload == "many") kind = bench::AcWorkload::kMany;
    else if (o.workload == "moving") kind = bench::AcWorkload::kMoving;
    else throw Error("--workload: '" + o.workload + "' is not one of cyclic, many, moving");
    world = bench::make_ac_world(static_cast<size_t>(o.objects), kind);
    what = "workload: " + o.workload + ", " + std::to_string(o.objects) + " objects x " +
           std::to_string(bench::kAcParts) + " parts";
  }
  const bench::BenchResult r = world ? bench::run_ac_bench(*world, o.ticks, o.threads)
                                     : bench::run_ac_bench(std::span<ac::PhysicsObj* const>(dat_world->list), o.ticks,
                                                           o.threads);
  if (o.json) {
    nlohmann::ordered_json j = {{"format", "retroanim.ac.bench/1"}, {"workload", dat_world ? std::string("dat") : o.workload}};
    if (dat_world) {
      // Which objects: the dat, the Setup and the motion table (null: none).
      j["dat"] = o.dat;
      j["setup"] = hex32(dat_world->setup.id);
      j["motion_table"] = dat_world->has_table ? nlohmann::ordered_json(hex32(dat_world->table.id)) : nullptr;
    }
    j["objects"] = o.objects;
    j["ticks"] = o.ticks;
    j["threads"] = o.threads;
    j["ms_per_tick"] = r.ms_per_tick;
    j["part_frames_per_s"] = r.items_per_s;
    j["checksum"] = hex64(r.checksum);
    std::printf("%s\n", retroanim::io::json_text(j, retroanim::io::JsonLayout::kOneLine).c_str());
  } else {
    if (dat_world) std::printf("%s, %lld objects, %d ticks, %u threads\n", what.c_str(), o.objects, o.ticks, o.threads);
    else std::printf("%s, %d ticks, %u threads\n", what.c_str(), o.ticks, o.threads);
    std::printf("ms per tick: %.4f\n", r.ms_per_tick);
    std::printf("part-frames per second: %.0f\n", r.items_per_s);
    std::printf("checksum: %s\n", hex64(r.checksum).c_str());
  }
  return 0;
}

int run_ck_bench(const CkBenchOptions& o) {
  check_counts(o.tracks, "--tracks", o.ticks);
  auto tracks = bench::make_ck_tracks(static_cast<size_t>(o.tracks));
  const bench::BenchResult r = bench::run_ck_bench(*tracks, o.ticks, o.threads);
  if (o.json) {
    const nlohmann::ordered_json j = {{"format", "retroanim.ck.bench/1"}, {"tracks", o.tracks},
                                      {"ticks", o.ticks},                 {"threads", o.threads},
                                      {"ms_per_tick", r.ms_per_tick},     {"samples_per_s", r.items_per_s},
                                      {"checksum", hex64(r.checksum)}};
    std::printf("%s\n", retroanim::io::json_text(j, retroanim::io::JsonLayout::kOneLine).c_str());
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

void register_ac_bench(CLI::App& parent, Runner& run) {
  auto opts = std::make_shared<AcBenchOptions>();
  auto* cmd = parent.add_subcommand("bench", "Time the parallel tick (ac::update_objects) on a synthetic workload");
  cmd->add_option("--objects", opts->objects, "Number of 30-part objects (default 10000)");
  cmd->add_option("--ticks", opts->ticks, "Number of 1/30 s ticks (default 100)");
  cmd->add_option("--threads", opts->threads, "Threads, the calling one included; 0 = one per core (default 1)");
  auto* workload =
      cmd->add_option("--workload", opts->workload, "cyclic (one animation), many (64 animations) or moving (default cyclic)");
  input_file(cmd->add_option("--dat", opts->dat, "Bench objects from this dat instead (with --setup)"))
      ->type_name("FILE")
      ->excludes(workload);
  cmd->add_option("--setup", opts->setup, "With --dat: the Setup (0x02...) the objects are made from")->type_name("ID");
  cmd->add_option("--motion-table", opts->motion_table,
                  "With --dat: the motion table (0x09...) put in its default state (default: the Setup's)")
      ->type_name("ID");
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([&run, opts] { run = [opts]() -> int { return run_ac_bench(*opts); }; });
}


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
