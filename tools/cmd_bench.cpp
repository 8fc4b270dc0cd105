// The benchmark commands on the shared workload (harness/bench/workload.h):
//   `retroanim ac bench --objects N --ticks T --threads K [--workload cyclic|many|moving]
//    [--dat FILE --setup ID [--motion-table ID]] [--min-work NS] [--json]`
//     times the parallel tick (ac::update_objects over a WorkerPool) on the
//     synthetic workload or on objects made from a dat's Setup and motion
//     table, and prints ms per tick, part-frames per second and the checksum
//     of the frames after the last tick (the same for every thread count;
//     docs/CLI.md defines it); with --threads 0 it first measures 1 thread
//     against more (alternated rounds), runs the faster and says which;
//     with --sweep it prints 1 against K threads over a list of sizes;
//   `retroanim ck bench --tracks N --ticks T --threads K [--min-work NS] [--sweep] [--json]`
//     does the same for ck::sample_world_batch over Record Anim-shaped tracks.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/bench/workload.h"
#include "commands.h"
#include "retroanim/error.h"
#include "io/hex.h"
#include "harness/io/json_text.h"
#include "retroanim/ck/anim/prepared_animation_batch.h"
#include "retroanim/worker_pool.h"

namespace retroanim::cli {

namespace {

// The options both commands share.
struct PoolOptions {
  int ticks = 100;
  unsigned threads = 1;
  bool threads_given = false;  // --threads on the command line (--sweep: one per core without it)
  long long min_work = -1;  // --min-work NS; -1: the pool's default
  int rounds = 5;
  bool sweep = false;
  std::vector<long long> sizes;  // --sizes (--sweep); empty: the command's list
  bool json = false;
};

struct AcBenchOptions : PoolOptions {
  long long objects = 10000;
  std::string workload = "cyclic";
  std::string dat;
  std::string setup;
  std::string motion_table;
};

struct CkBenchOptions : PoolOptions {
  long long tracks = 4096;
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

// The pool options' own checks.
void check_pool_options(const PoolOptions& o, const char* sizes_flag) {
  if (o.threads > 1024) throw Error("--threads: must be at most 1024 (0 = one per core)");
  if (o.min_work < -1 || o.min_work > 1000000000) throw Error("--min-work: must be between 0 and 1000000000 ns");
  if (o.rounds < 1 || o.rounds > 1000) throw Error("--rounds: must be between 1 and 1000");
  for (long long n : o.sizes) check_counts(n, sizes_flag, o.ticks);
  if (!o.sizes.empty() && !o.sweep) throw Error("--sizes: needs --sweep");
}

unsigned cores() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1u : n;
}

std::optional<std::chrono::nanoseconds> min_work_of(const PoolOptions& o) {
  if (o.min_work < 0) return std::nullopt;
  return std::chrono::nanoseconds{o.min_work};
}

// A pool of `threads` threads with `min_work` when given.
std::unique_ptr<WorkerPool> make_pool(unsigned threads, std::optional<std::chrono::nanoseconds> min_work) {
  auto p = std::make_unique<WorkerPool>(threads);
  if (min_work) p->set_min_work(*min_work);
  return p;
}

// What --threads 0 compares: 1 thread, the powers of two below the core
// count, and the core count.
std::vector<unsigned> thread_options(unsigned n) {
  std::vector<unsigned> v{1};
  for (unsigned k = 2; k < n; k *= 2) v.push_back(k);
  if (n > 1) v.push_back(n);
  return v;
}

// The ticks per option in one round (T ticks per option in all).
int ticks_per_round(const PoolOptions& o) { return std::max(1, o.ticks / o.rounds); }

// --threads 0: each option's median ms per tick (alternated rounds, every
// pool of more than one thread splitting all the work unless --min-work is
// given) and the fastest.
struct Pick {
  std::vector<unsigned> threads;
  std::vector<double> ms;
  unsigned picked = 1;
};

Pick pick_threads(const PoolOptions& o, const bench::PoolTick& tick) {
  Pick p;
  p.threads = thread_options(cores());
  const auto min_work = min_work_of(o).value_or(std::chrono::nanoseconds{0});
  std::vector<std::unique_ptr<WorkerPool>> pools;
  std::vector<WorkerPool*> raw;
  for (unsigned k : p.threads) {
    pools.push_back(make_pool(k, min_work));
    raw.push_back(pools.back().get());
  }
  p.ms = bench::alternated_ms_per_tick(raw, ticks_per_round(o), o.rounds, tick);
  size_t best = 0;
  for (size_t k = 1; k < p.ms.size(); ++k)
    if (p.ms[k] < p.ms[best]) best = k;
  p.picked = p.threads[best];
  return p;
}

// "1: 190.0 us, 2: 210.0 us"
std::string pick_text(const Pick& p) {
  std::string s;
  for (size_t k = 0; k < p.threads.size(); ++k) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%u: %.1f us", k ? ", " : "", p.threads[k], p.ms[k] * 1000.0);
    s += buf;
  }
  return s;
}

nlohmann::ordered_json pick_json(const Pick& p, const PoolOptions& o) {
  nlohmann::ordered_json options = nlohmann::ordered_json::array();
  for (size_t k = 0; k < p.threads.size(); ++k)
    options.push_back({{"threads", p.threads[k]}, {"ms_per_tick", p.ms[k]}});
  return {{"rounds", o.rounds}, {"ticks_per_round", ticks_per_round(o)}, {"options", options}, {"picked", p.picked}};
}

// The threads the pool would use for `items` items of `item_ns` (with the
// options' min_work), and the text line saying so when fewer than asked.
unsigned pool_uses(unsigned threads, std::optional<std::chrono::nanoseconds> min_work, size_t items, double item_ns) {
  const auto p = make_pool(threads == 0 ? cores() : threads, min_work);
  return p->threads_for(items, item_ns, /*idle=*/false);  // the bench's ticks come back to back
}

// --sweep: for each size, 1 thread against K threads splitting all the work
// and K threads with the pool's threshold (min_work), alternated.
struct SweepRow {
  long long size = 0;
  double one = 0, split = 0, chosen = 0;
  unsigned chosen_threads = 1;
};

struct Sweep {
  unsigned threads = 2;
  std::chrono::nanoseconds min_work{0}, min_work_idle{0};
  std::vector<SweepRow> rows;
};

// `make(size)` gives the tick of a fresh world of that size.
template <class Make>
Sweep run_sweep(const PoolOptions& o, const std::vector<long long>& sizes, double item_ns, const Make& make) {
  Sweep sw;
  sw.threads = o.threads == 0 || !o.threads_given ? cores() : o.threads;
  if (sw.threads < 2)
    throw Error("--sweep: compares 1 thread with --threads K, which must be at least 2 (0 = one per core: " +
                std::to_string(cores()) + " here)");
  const auto one = make_pool(1, {});
  const auto split = make_pool(sw.threads, std::chrono::nanoseconds{0});
  const auto chosen = make_pool(sw.threads, min_work_of(o));
  sw.min_work = chosen->min_work();
  sw.min_work_idle = chosen->min_work_idle();
  WorkerPool* pools[] = {one.get(), split.get(), chosen.get()};
  for (long long n : sizes) {
    auto world = make(static_cast<size_t>(n));
    const auto ms = bench::alternated_ms_per_tick(pools, ticks_per_round(o), o.rounds, world.tick);
    sw.rows.push_back({n, ms[0], ms[1], ms[2], chosen->threads_for(static_cast<size_t>(n), item_ns, false)});
  }
  return sw;
}

void print_sweep(const Sweep& sw, const PoolOptions& o, const std::string& what, const char* size_name,
                 const char* format, const nlohmann::ordered_json& head) {
  if (o.json) {
    nlohmann::ordered_json j = {{"format", format}};
    for (auto it = head.begin(); it != head.end(); ++it) j[it.key()] = it.value();
    j["threads"] = sw.threads;
    j["min_work_ns"] = sw.min_work.count();
    j["min_work_idle_ns"] = sw.min_work_idle.count();
    j["rounds"] = o.rounds;
    j["ticks_per_round"] = ticks_per_round(o);
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const SweepRow& r : sw.rows)
      rows.push_back({{size_name, r.size},
                      {"one_ms", r.one},
                      {"split_ms", r.split},
                      {"split_speedup", r.one / r.split},
                      {"default_ms", r.chosen},
                      {"default_speedup", r.one / r.chosen},
                      {"default_threads", r.chosen_threads},
                      {"faster", r.split < r.one ? sw.threads : 1u}});
    j["rows"] = rows;
    std::printf("%s\n", retroanim::io::json_text(j, retroanim::io::JsonLayout::kOneLine).c_str());
    return;
  }
  std::printf("%s: 1 thread against %u, us per tick (medians of %d alternated rounds of %d ticks)\n", what.c_str(),
              sw.threads, o.rounds, ticks_per_round(o));
  std::printf(
      "split: every tick over %u threads; default: the pool's threshold (min work %lld ns per thread back to back, "
      "%lld after a pause; the ticks here are back to back)\n",
      sw.threads, static_cast<long long>(sw.min_work.count()), static_cast<long long>(sw.min_work_idle.count()));
  std::printf("%10s %10s %10s %8s %10s %8s %5s %7s\n", size_name, "1 thread", "split", "speedup", "default", "speedup",
              "uses", "faster");
  for (const SweepRow& r : sw.rows)
    std::printf("%10lld %10.1f %10.1f %8.2f %10.1f %8.2f %5u %7u\n", r.size, r.one * 1000.0, r.split * 1000.0,
                r.one / r.split, r.chosen * 1000.0, r.one / r.chosen, r.chosen_threads, r.split < r.one ? sw.threads : 1u);
}

// The objects of `ac bench`: the synthetic workload or a dat's.
struct AcObjects {
  std::unique_ptr<bench::AcWorld> world;
  std::unique_ptr<bench::AcDatWorld> dat_world;
  std::string what;  // the first text line's description
  std::span<ac::PhysicsObj* const> list() const {
    return world ? std::span<ac::PhysicsObj* const>(world->list) : std::span<ac::PhysicsObj* const>(dat_world->list);
  }
  bench::PoolTick tick() const { return bench::ac_tick(list()); }
};

AcObjects make_ac_objects(const AcBenchOptions& o, long long count) {
  AcObjects a;
  if (!o.dat.empty()) {
    if (o.setup.empty()) throw Error("--dat: needs --setup ID (the Setup the objects are made from)");
    const uint32_t setup = parse_dat_id(o.setup, "--setup");
    const uint32_t table = o.motion_table.empty() ? 0u : parse_dat_id(o.motion_table, "--motion-table");
    a.dat_world = bench::make_ac_dat_world(o.dat, setup, table, static_cast<size_t>(count));
    a.what = "dat " + o.dat + ", setup " + hex32(setup) + " (" + std::to_string(a.dat_world->setup.num_parts()) +
             " parts), motion table " + (a.dat_world->has_table ? hex32(a.dat_world->table.id) : std::string("none"));
  } else {
    if (!o.setup.empty() || !o.motion_table.empty()) throw Error("--setup, --motion-table: need --dat FILE");
    bench::AcWorkload kind;
    if (o.workload == "cyclic") kind = bench::AcWorkload::kCyclic;
    else if (o.workload == "many") kind = bench::AcWorkload::kMany;
    else if (o.workload == "moving") kind = bench::AcWorkload::kMoving;
    else throw Error("--workload: '" + o.workload + "' is not one of cyclic, many, moving");
    a.world = bench::make_ac_world(static_cast<size_t>(count), kind);
    a.what = "workload: " + o.workload + ", " + std::to_string(count) + " objects x " +
             std::to_string(bench::kAcParts) + " parts";
  }
  return a;
}

// The first text line's thread part: "2 threads", with what --threads 0
// picked or what the pool's threshold does.
std::string threads_text(const PoolOptions& o, const std::optional<Pick>& pick, unsigned uses) {
  if (pick)
    return std::to_string(pick->picked) + (pick->picked == 1 ? " thread" : " threads") +
           " (--threads 0: the fastest of " + pick_text(*pick) + " per tick)";
  std::string s = std::to_string(o.threads) + (o.threads == 1 ? " thread" : " threads");
  const unsigned asked = o.threads == 0 ? cores() : o.threads;
  if (uses < asked)
    s += " (the pool's threshold runs this size on " + std::to_string(uses) + (uses == 1 ? " thread" : " threads") + ")";
  return s;
}

int run_ac_bench(const AcBenchOptions& o) {
  check_counts(o.objects, "--objects", o.ticks);
  check_pool_options(o, "--sizes");
  if (o.sweep) {
    const std::vector<long long> sizes = o.sizes.empty() ? std::vector<long long>{100, 300, 1000, 3000, 10000} : o.sizes;
    std::string what;
    struct World {
      AcObjects objects;
      bench::PoolTick tick;
    };
    const Sweep sw = run_sweep(o, sizes, ac::kUpdateObjectCostNs, [&](size_t n) {
      World w{make_ac_objects(o, static_cast<long long>(n)), {}};
      w.tick = w.objects.tick();
      if (what.empty()) what = w.objects.dat_world ? w.objects.what : "workload: " + o.workload;
      return w;
    });
    nlohmann::ordered_json head = {{"workload", o.dat.empty() ? o.workload : std::string("dat")}};
    if (!o.dat.empty()) head["dat"] = o.dat;
    print_sweep(sw, o, "ac bench --sweep, " + what, "objects", "retroanim.ac.bench-sweep/1", head);
    return 0;
  }
  std::optional<Pick> pick;
  if (o.threads == 0) {
    const AcObjects trial = make_ac_objects(o, o.objects);
    pick = pick_threads(o, trial.tick());
  }
  const AcObjects a = make_ac_objects(o, o.objects);
  const unsigned threads = pick ? pick->picked : o.threads;
  const auto min_work = pick ? min_work_of(o).value_or(std::chrono::nanoseconds{0}) : min_work_of(o);
  const unsigned uses = pool_uses(threads, min_work, a.list().size(), ac::kUpdateObjectCostNs);
  const bench::BenchResult r = bench::run_ac_bench(a.list(), o.ticks, threads, min_work);
  if (o.json) {
    nlohmann::ordered_json j = {{"format", "retroanim.ac.bench/1"}, {"workload", a.dat_world ? std::string("dat") : o.workload}};
    if (a.dat_world) {
      // Which objects: the dat, the Setup and the motion table (null: none).
      j["dat"] = o.dat;
      j["setup"] = hex32(a.dat_world->setup.id);
      j["motion_table"] = a.dat_world->has_table ? nlohmann::ordered_json(hex32(a.dat_world->table.id)) : nullptr;
    }
    j["objects"] = o.objects;
    j["ticks"] = o.ticks;
    j["threads"] = threads;
    j["ms_per_tick"] = r.ms_per_tick;
    j["part_frames_per_s"] = r.items_per_s;
    j["checksum"] = hex64(r.checksum);
    j["threads_used"] = uses;
    if (pick) j["picked"] = pick_json(*pick, o);
    std::printf("%s\n", retroanim::io::json_text(j, retroanim::io::JsonLayout::kOneLine).c_str());
  } else {
    const std::string th = threads_text(o, pick, uses);
    if (a.dat_world) std::printf("%s, %lld objects, %d ticks, %s\n", a.what.c_str(), o.objects, o.ticks, th.c_str());
    else std::printf("%s, %d ticks, %s\n", a.what.c_str(), o.ticks, th.c_str());
    std::printf("ms per tick: %.4f\n", r.ms_per_tick);
    std::printf("part-frames per second: %.0f\n", r.items_per_s);
    std::printf("checksum: %s\n", hex64(r.checksum).c_str());
  }
  return 0;
}

int run_ck_bench(const CkBenchOptions& o) {
  check_counts(o.tracks, "--tracks", o.ticks);
  check_pool_options(o, "--sizes");
  if (o.sweep) {
    const std::vector<long long> sizes =
        o.sizes.empty() ? std::vector<long long>{256, 1024, 4096, 16384, 65536} : o.sizes;
    struct World {
      std::unique_ptr<bench::CkTracks> tracks;
      bench::PoolTick tick;
    };
    const Sweep sw = run_sweep(o, sizes, ck::kSampleWorldCostNs, [&](size_t n) {
      World w{bench::make_ck_tracks(n), {}};
      w.tick = bench::ck_tick(*w.tracks);
      return w;
    });
    print_sweep(sw, o, "ck bench --sweep, Record Anim-shaped tracks", "tracks", "retroanim.ck.bench-sweep/1",
                nlohmann::ordered_json::object());
    return 0;
  }
  std::optional<Pick> pick;
  if (o.threads == 0) {
    auto trial = bench::make_ck_tracks(static_cast<size_t>(o.tracks));
    pick = pick_threads(o, bench::ck_tick(*trial));
  }
  auto tracks = bench::make_ck_tracks(static_cast<size_t>(o.tracks));
  const unsigned threads = pick ? pick->picked : o.threads;
  const auto min_work = pick ? min_work_of(o).value_or(std::chrono::nanoseconds{0}) : min_work_of(o);
  const unsigned uses = pool_uses(threads, min_work, tracks->track.size(), ck::kSampleWorldCostNs);
  const bench::BenchResult r = bench::run_ck_bench(*tracks, o.ticks, threads, min_work);
  if (o.json) {
    nlohmann::ordered_json j = {{"format", "retroanim.ck.bench/1"}, {"tracks", o.tracks},
                                {"ticks", o.ticks},                 {"threads", threads},
                                {"ms_per_tick", r.ms_per_tick},     {"samples_per_s", r.items_per_s},
                                {"checksum", hex64(r.checksum)},    {"threads_used", uses}};
    if (pick) j["picked"] = pick_json(*pick, o);
    std::printf("%s\n", retroanim::io::json_text(j, retroanim::io::JsonLayout::kOneLine).c_str());
  } else {
    std::printf("%lld Record Anim-shaped tracks (%d keys, %d key sets), %d ticks, %s\n", o.tracks,
                bench::kRecordKeys, bench::kRecordDistinct, o.ticks, threads_text(o, pick, uses).c_str());
    std::printf("ms per tick: %.4f\n", r.ms_per_tick);
    std::printf("track-samples per second: %.0f\n", r.items_per_s);
    std::printf("checksum: %s\n", hex64(r.checksum).c_str());
  }
  return 0;
}

// --min-work, --rounds, --sweep, --sizes, --json.
void add_pool_options(CLI::App* cmd, PoolOptions& o, const char* size_flag) {
  cmd->get_option("--threads")->each([&o](const std::string&) { o.threads_given = true; });
  cmd->add_option("--min-work", o.min_work,
                  "The pool's least work per thread, in ns, before it splits a tick, back to back and after a "
                  "pause alike (0 = always; default: the library's two)")
      ->type_name("NS");
  cmd->add_option("--rounds", o.rounds, "With --threads 0 or --sweep: alternated rounds per option (default 5)");
  cmd->add_flag("--sweep", o.sweep,
                std::string("Print 1 thread against --threads K (0 = one per core) over a list of sizes (") + size_flag +
                    " is ignored)");
  cmd->add_option("--sizes", o.sizes, "With --sweep: the sizes (comma-separated)")->delimiter(',');
  cmd->add_flag("--json", o.json, "Print one JSON object");
}

}  // namespace

void register_ac_bench(CLI::App& parent, Runner& run) {
  auto opts = std::make_shared<AcBenchOptions>();
  auto* cmd = parent.add_subcommand("bench", "Time the parallel tick (ac::update_objects) on a synthetic workload");
  cmd->add_option("--objects", opts->objects, "Number of 30-part objects (default 10000)");
  cmd->add_option("--ticks", opts->ticks, "Number of 1/30 s ticks (default 100)");
  cmd->add_option("--threads", opts->threads,
                  "Threads, the calling one included; 0 = measure 1 against one per core and run the faster (default 1)");
  auto* workload =
      cmd->add_option("--workload", opts->workload, "cyclic (one animation), many (64 animations) or moving (default cyclic)");
  input_file(cmd->add_option("--dat", opts->dat, "Bench objects from this dat instead (with --setup)"))
      ->type_name("FILE")
      ->excludes(workload);
  cmd->add_option("--setup", opts->setup, "With --dat: the Setup (0x02...) the objects are made from")->type_name("ID");
  cmd->add_option("--motion-table", opts->motion_table,
                  "With --dat: the motion table (0x09...) put in its default state (default: the Setup's)")
      ->type_name("ID");
  add_pool_options(cmd, *opts, "--objects");
  cmd->callback([&run, opts] { run = [opts]() -> int { return run_ac_bench(*opts); }; });
}


void register_ck_bench(CLI::App& parent, Runner& run) {
  auto opts = std::make_shared<CkBenchOptions>();
  auto* cmd = parent.add_subcommand("bench", "Time the parallel batch sampling (ck::sample_world_batch) of Record Anim-shaped tracks");
  cmd->add_option("--tracks", opts->tracks, "Number of tracks (default 4096)");
  cmd->add_option("--ticks", opts->ticks, "Number of 60 Hz ticks (default 100)");
  cmd->add_option("--threads", opts->threads,
                  "Threads, the calling one included; 0 = measure 1 against one per core and run the faster (default 1)");
  add_pool_options(cmd, *opts, "--tracks");
  cmd->callback([&run, opts] { run = [opts]() -> int { return run_ck_bench(*opts); }; });
}

}  // namespace retroanim::cli
