// A small pool of worker threads for the library's parallel loops
// (retroanim's own): ac::update_objects and ck::sample_world_batch take one
// optionally and split their work into contiguous chunks over its threads.
// Results never depend on the thread count: each chunk writes only its own
// items, and whatever a loop reports back (AC hooks) is handed over in item
// order on the calling thread. A loop splits its work only when each thread
// gets enough of it to pay for the hand-over (min_work(); below that the
// calling thread runs it alone). Built on std::jthread only (no dependency).
// Where the standard library has no std::jthread (Emscripten's libc++ 14,
// the WebAssembly build, which has no threads either), RETROANIM_WORKER_THREADS
// is 0 and every pool is the calling thread alone: size() 1, run() runs every
// task in order on the caller.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#if defined(__cpp_lib_jthread)
#define RETROANIM_WORKER_THREADS 1
#else
#define RETROANIM_WORKER_THREADS 0
#endif

namespace retroanim {

class WorkerPool {
 public:
  // A pool of `threads` threads in all, the calling thread included (so
  // threads - 1 workers are started); 0 means std::thread::hardware_concurrency().
  explicit WorkerPool(unsigned threads = 0);
  // Stops and joins the workers.
  ~WorkerPool();
  // Not copyable or movable: the workers keep a pointer to the pool.
  WorkerPool(const WorkerPool&) = delete;
  // Not copyable or movable: the workers keep a pointer to the pool.
  WorkerPool& operator=(const WorkerPool&) = delete;

  // The number of threads that run tasks (the caller and the workers).
  unsigned size() const { return static_cast<unsigned>(workers_.size()) + 1u; }

  // The least work, in nanoseconds of one thread's time, that a loop over
  // the pool (ac::update_objects, ck::sample_world_batch) gives each thread
  // it uses. A loop estimates its work from its item count and a per-item
  // cost, and uses threads_for() threads: 1 (the calling thread alone, no
  // hand-over) while the work is below 2 * the threshold. There are two
  // thresholds, because a worker that still spins takes a run within a
  // fraction of a microsecond while one that sleeps costs the caller a
  // kernel wake-up and, on a VM whose idle vCPU the host has halted, can
  // start a millisecond late:
  // - min_work(): when runs come back to back (the pool's last run ended
  //   less than back_to_back() ago: its workers are still spinning, or were
  //   left asleep by a run that did not need them and are worth waking for
  //   the runs that follow);
  // - min_work_idle(): after a pause (no run for longer than that, as
  //   between the ticks of a 30-60 Hz loop: the workers are asleep).
  // The defaults are derived from measurements of the pool and the loops
  // (docs/PERFORMANCE.md, bench/threads.cpp). 0 splits every loop over
  // every thread.
  static std::chrono::nanoseconds default_min_work();
  // The default of min_work_idle().
  static std::chrono::nanoseconds default_min_work_idle();
  // How soon after the last run a run counts as back to back (the workers'
  // spin after a run).
  static std::chrono::nanoseconds back_to_back();
  // Sets both thresholds to `per_thread` (negative values count as 0). Not
  // to be called during a run.
  void set_min_work(std::chrono::nanoseconds per_thread) { set_min_work(per_thread, per_thread); }
  // Sets min_work() and min_work_idle() (negative values count as 0). Not
  // to be called during a run.
  void set_min_work(std::chrono::nanoseconds back_to_back_work, std::chrono::nanoseconds idle_work) {
    min_work_ = back_to_back_work.count() < 0 ? std::chrono::nanoseconds{0} : back_to_back_work;
    min_work_idle_ = idle_work.count() < 0 ? std::chrono::nanoseconds{0} : idle_work;
  }
  // The least work per thread a loop splits off when runs come back to back
  // (default_min_work() unless set).
  std::chrono::nanoseconds min_work() const { return min_work_; }
  // The least work per thread a loop splits off after a pause
  // (default_min_work_idle() unless set).
  std::chrono::nanoseconds min_work_idle() const { return min_work_idle_; }
  // Whether the next run would come after a pause: no run yet, or the last
  // one ended more than back_to_back() ago.
  bool idle() const;
  // The threads (1 to size()) a loop of `items` items of about `item_ns`
  // nanoseconds each uses now: threads_for(items, item_ns, idle()).
  unsigned threads_for(size_t items, double item_ns) const { return threads_for(items, item_ns, idle()); }
  // The threads (1 to size()) a loop of `items` items of about `item_ns`
  // nanoseconds each uses back to back (idle false) or after a pause: as
  // many as get min_work() (or min_work_idle()) each.
  unsigned threads_for(size_t items, double item_ns, bool idle) const {
    if (size() <= 1) return 1;
    const auto least = idle ? min_work_idle_ : min_work_;
    if (least.count() <= 0) return size();
    const double per = static_cast<double>(items) * item_ns / static_cast<double>(least.count());
    if (!(per >= 2.0)) return 1;  // also NaN
    return per >= static_cast<double>(size()) ? size() : static_cast<unsigned>(per);
  }

  // Runs task(i) for every i below `count`, spread over the pool's threads,
  // and returns when all have finished. The tasks are dealt out in
  // contiguous ranges, one per thread taking part: the caller's first, then
  // each worker's, always the same worker for the same range, so that run
  // after run each thread works on the same items and their data stays in
  // its core's cache. A thread that is done with its range takes the tasks
  // left in the others' (so a worker that wakes late takes fewer, or none).
  // The workers spin for a short while between runs so
  // that back-to-back runs do not pay a kernel wake-up. The first
  // exception a task throws is rethrown here after all tasks ended. One run
  // at a time: calls from several threads at once, or from inside a task,
  // are not supported. `threads` (0 = size()) caps the threads that take
  // part: with 1 the caller runs every task itself and no worker is woken
  // (the run still counts for idle()).
  template <class F>
  void run(size_t count, F&& task, unsigned threads = 0) {
    auto* f = &task;
    run_raw(count, [](void* ctx, size_t i) { (*static_cast<decltype(f)>(ctx))(i); }, f, threads);
  }

  // The chunk [first, second) of `n` items that part `k` of `parts` covers:
  // contiguous, in order, sizes differing by at most one.
  static std::pair<size_t, size_t> chunk(size_t n, size_t parts, size_t k) {
    const size_t base = n / parts, extra = n % parts;
    const size_t first = k * base + (k < extra ? k : extra);
    return {first, first + base + (k < extra ? 1 : 0)};
  }

 private:
  using RawTask = void (*)(void*, size_t);
  void run_raw(size_t count, RawTask fn, void* ctx, unsigned threads);
#if RETROANIM_WORKER_THREADS
  void worker_loop(std::stop_token stop, unsigned slot);
#endif
  void drain(unsigned slot);

  // One thread's range of the current run's tasks (its own cache line).
  struct alignas(64) Slot {
    std::atomic<size_t> next{0};  // the range's next task
    size_t end = 0;               // the range's end
  };

#if RETROANIM_WORKER_THREADS
  std::vector<std::jthread> workers_;
#else
  struct NoWorker {};
  std::vector<NoWorker> workers_;  // always empty: no threads
#endif
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  // The current run: its number (high 32 bits), whether workers may still
  // join it (kOpen) and how many have (low 31 bits). Workers spin on it for a
  // while after each run, then sleep on wake_.
  std::atomic<unsigned long long> state_{0};
  std::atomic<unsigned> left_{0};            // joined workers that have finished the current run
  std::atomic<unsigned> sleeping_{0};        // workers blocked on wake_ (or about to be)
  std::atomic<bool> caller_waiting_{false};  // the caller is blocked on done_ (or about to be)
  std::atomic<bool> stopping_{false};        // set by the destructor (under mutex_)
  std::chrono::nanoseconds min_work_ = default_min_work();
  std::chrono::nanoseconds min_work_idle_ = default_min_work_idle();
  // When the last run ended (steady_clock ticks; 0: none yet). Set and read
  // on the calling thread (atomic only so that a misuse is not a data race).
  std::atomic<long long> last_end_{0};
  // The threads taking part in the current run (slots 0 to run_threads_ - 1:
  // the caller, then workers 1 to run_threads_ - 1).
  std::atomic<unsigned> run_threads_{0};
  RawTask fn_ = nullptr;
  void* ctx_ = nullptr;
  std::exception_ptr error_;
  std::unique_ptr<Slot[]> slots_;  // size() of them
};

}  // namespace retroanim
