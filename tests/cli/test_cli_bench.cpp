// `retroanim ac bench` and `retroanim ck bench` choosing threads (issue 34):
// --threads 0 measures 1 thread against one per core, runs the faster and
// says which; --sweep prints 1 against K threads over sizes (text and JSON);
// --min-work sets the pool's threshold; the checksum does not depend on any
// of them; bad values are one-line errors. (Timings are not checked: which
// option wins depends on the machine.)
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/test_support.h"

namespace {

using retroanim::test::run_cli;
using Json = nlohmann::ordered_json;

unsigned cores() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1u : n;
}

// What --threads 0 compares: 1, the powers of two below the core count, the core count.
std::vector<unsigned> options() {
  std::vector<unsigned> v{1};
  for (unsigned k = 2; k < cores(); k *= 2) v.push_back(k);
  if (cores() > 1) v.push_back(cores());
  return v;
}

Json run_json(const std::string& args) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.exit_code, 0) << args << ": " << r.err;
  return Json::parse(r.out);
}

TEST(CliBench, ThreadsZeroPicksTheFasterAndSaysWhich) {
  for (const char* cmd : {"ac bench --objects 120", "ck bench --tracks 700"}) {
    const std::string base = std::string(cmd) + " --ticks 10 --json";
    const Json one = run_json(base + " --threads 1");
    const Json j = run_json(base + " --threads 0 --rounds 3");
    ASSERT_TRUE(j.contains("picked")) << j.dump();
    const Json& p = j["picked"];
    EXPECT_EQ(p["rounds"], 3);
    EXPECT_EQ(p["ticks_per_round"], 3);  // 10 ticks per option in all, as 3 rounds
    ASSERT_EQ(p["options"].size(), options().size());
    double best = 1e300;
    unsigned fastest = 0;
    for (size_t k = 0; k < options().size(); ++k) {
      EXPECT_EQ(p["options"][k]["threads"], options()[k]);
      const double ms = p["options"][k]["ms_per_tick"];
      EXPECT_GT(ms, 0.0);
      if (ms < best) best = ms, fastest = options()[k];
    }
    EXPECT_EQ(p["picked"], fastest) << "the fastest option";
    EXPECT_EQ(j["threads"], fastest) << "the timed run uses it";
    EXPECT_EQ(j["threads_used"], fastest) << "and splits every tick over it";
    EXPECT_EQ(j["checksum"], one["checksum"]) << cmd << ": the same ticks from the same start";
    EXPECT_EQ(j["ticks"], 10);
  }
  const auto r = run_cli("ac bench --objects 50 --ticks 4 --threads 0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(" (--threads 0: the fastest of 1: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" us per tick)\n"), std::string::npos) << r.out;
}

TEST(CliBench, MinWorkSetsThePoolsThreshold) {
  // A small world: the default threshold keeps it on the calling thread, 0 splits it.
  const Json split = run_json("ck bench --tracks 300 --ticks 5 --threads 2 --min-work 0 --json");
  EXPECT_EQ(split["threads"], 2);
  EXPECT_EQ(split["threads_used"], 2);
  const Json chosen = run_json("ck bench --tracks 300 --ticks 5 --threads 2 --json");
  EXPECT_EQ(chosen["threads_used"], 1);
  EXPECT_EQ(split["checksum"], chosen["checksum"]);
  const auto r = run_cli("ck bench --tracks 300 --ticks 5 --threads 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(", 2 threads (the pool's threshold runs this size on 1 thread)\n"), std::string::npos) << r.out;
  const Json ac = run_json("ac bench --objects 90 --ticks 5 --threads 3 --min-work 0 --json");
  EXPECT_EQ(ac["threads_used"], 3);
}

TEST(CliBench, SweepPrintsATableOverSizes) {
  const auto r = run_cli("ck bench --sweep --sizes 64,300,4096 --ticks 4 --rounds 2 --threads 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 6u) << r.out;  // two heading lines, the column names, a row per size
  EXPECT_EQ(lines[0].find("ck bench --sweep, Record Anim-shaped tracks: 1 thread against 2, us per tick "
                          "(medians of 2 alternated rounds of 2 ticks)"),
            0u)
      << lines[0];
  EXPECT_NE(lines[2].find("tracks"), std::string::npos);
  EXPECT_NE(lines[2].find("speedup"), std::string::npos);
  const long long sizes[] = {64, 300, 4096};
  // The threads the threshold uses back to back (min work 10 us per thread,
  // about 20 ns per track): 64 and 300 tracks on the calling thread, 4,096 split.
  const unsigned want_uses[] = {1, 1, 2};
  for (size_t k = 0; k < 3; ++k) {
    std::istringstream row(lines[3 + k]);
    long long size = 0;
    double one = 0, split = 0, sx = 0, chosen = 0, cx = 0;
    unsigned uses = 0, faster = 0;
    row >> size >> one >> split >> sx >> chosen >> cx >> uses >> faster;
    ASSERT_FALSE(row.fail()) << lines[3 + k];
    EXPECT_EQ(size, sizes[k]);
    EXPECT_GT(one, 0.0);
    EXPECT_EQ(uses, want_uses[k]) << "small sizes stay on the calling thread, " << size << " tracks";
    EXPECT_TRUE(faster == 1 || faster == 2);
  }

  const Json j = run_json("ac bench --sweep --sizes 40,90 --ticks 2 --rounds 2 --threads 2 --json");
  EXPECT_EQ(j.begin().key(), "format");
  EXPECT_EQ(j["format"], "retroanim.ac.bench-sweep/1");
  EXPECT_EQ(j["workload"], "cyclic");
  EXPECT_EQ(j["threads"], 2);
  EXPECT_EQ(j["rounds"], 2);
  EXPECT_EQ(j["ticks_per_round"], 1);
  EXPECT_GT(j["min_work_ns"].get<long long>(), 0);
  EXPECT_GT(j["min_work_idle_ns"].get<long long>(), j["min_work_ns"].get<long long>());
  ASSERT_EQ(j["rows"].size(), 2u);
  EXPECT_EQ(j["rows"][0]["objects"], 40);
  EXPECT_EQ(j["rows"][1]["objects"], 90);
  for (const auto& row : j["rows"]) {
    EXPECT_GT(row["one_ms"].get<double>(), 0.0);
    EXPECT_GT(row["split_ms"].get<double>(), 0.0);
    EXPECT_DOUBLE_EQ(row["split_speedup"].get<double>(), row["one_ms"].get<double>() / row["split_ms"].get<double>());
    EXPECT_EQ(row["default_threads"], 1);
    const unsigned faster = row["faster"];
    EXPECT_EQ(faster, row["split_ms"].get<double>() < row["one_ms"].get<double>() ? 2u : 1u);
  }
  // Without --threads, one per core (when there is more than one).
  if (cores() > 1) {
    const Json c = run_json("ck bench --sweep --sizes 64 --ticks 1 --rounds 1 --json");
    EXPECT_EQ(c["format"], "retroanim.ck.bench-sweep/1");
    EXPECT_EQ(c["threads"], cores());
  }
}

TEST(CliBench, BadValuesAreOneLineErrors) {
  const struct {
    const char* args;
    const char* message;
  } cases[] = {
      {"ac bench --threads 5000", "retroanim: --threads: must be at most 1024 (0 = one per core)\n"},
      {"ck bench --rounds 0", "retroanim: --rounds: must be between 1 and 1000\n"},
      {"ck bench --min-work -3", "retroanim: --min-work: must be between 0 and 1000000000 ns\n"},
      {"ac bench --sizes 100", "retroanim: --sizes: needs --sweep\n"},
      {"ck bench --sweep --sizes 0", "retroanim: --sizes: must be between 1 and 10000000\n"},
      {"ck bench --sweep --threads 1",
       "retroanim: --sweep: compares 1 thread with --threads K, which must be at least 2"},
  };
  for (const auto& c : cases) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args;
    EXPECT_EQ(r.err.find(c.message), 0u) << c.args << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << c.args << ": " << r.err;
  }
}

}  // namespace
