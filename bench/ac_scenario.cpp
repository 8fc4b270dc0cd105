// `ac scenario` cost against the number of steps (issue 17, item 5): a
// scenario with one two-frame cyclic animation, a velocity and an omega, then
// N update steps of 1/30 s, run by ac::run_scenario into a discarding stream
// (parse, checking pass and tracing pass). Linear time means the time for
// 200,000 steps is about 10x that for 20,000; the issue's bound is 15x.
// Report: time per run at each N and the per-step time (items/s).
#include <benchmark/benchmark.h>

#include <ostream>
#include <streambuf>
#include <string>

#include "harness/ac/scenario.h"

namespace {

std::string scenario_text(int64_t steps) {
  std::string s =
      R"({"format": "retroanim.ac.scenario/1", "animations": [{"id": 50331712, "frames": [)"
      R"({"parts": [{"origin": [0,0,0], "rotation": [1,0,0,0]}]},)"
      R"({"parts": [{"origin": [1,0,0], "rotation": [1,0,0,0]}]}]}], "steps": [)"
      R"({"append": {"anim": 50331712, "framerate": 10}}, {"velocity": [1, 0, 0]}, {"omega": [0, 0, 0.5]})";
  for (int64_t i = 0; i < steps; ++i) s += R"(, {"update": 0.03333333333333333})";
  s += "]}";
  return s;
}

class CountingBuffer : public std::streambuf {
 public:
  size_t bytes = 0;

 protected:
  int overflow(int c) override {
    ++bytes;
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    bytes += static_cast<size_t>(n);
    return n;
  }
};

void BM_AcScenarioSteps(benchmark::State& state) {
  const std::string text = scenario_text(state.range(0));
  CountingBuffer buffer;
  std::ostream out(&buffer);
  for (auto _ : state) {
    retroanim::ac::run_scenario(text, "bench.json", "", out);
    benchmark::DoNotOptimize(buffer.bytes);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_AcScenarioSteps)->Arg(20000)->Arg(200000)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
