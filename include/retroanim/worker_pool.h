// A small pool of worker threads for the library's parallel loops
// (retroanim's own): ac::update_objects and ck::sample_world_batch take one
// optionally and split their work into contiguous chunks over its threads.
// Results never depend on the thread count: each chunk writes only its own
// items, and whatever a loop reports back (AC hooks) is handed over in item
// order on the calling thread. Built on std::jthread only (no dependency).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

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

  // Runs task(i) for every i below `count`, spread over the pool's threads
  // (the caller takes part; each thread takes the next task as it becomes
  // free, so a worker that wakes late takes fewer, or none), and returns when
  // all have finished. The workers spin for a short while between runs so
  // that back-to-back runs do not pay a kernel wake-up. The first
  // exception a task throws is rethrown here after all tasks ended. One run
  // at a time: calls from several threads at once, or from inside a task,
  // are not supported.
  template <class F>
  void run(size_t count, F&& task) {
    auto* f = &task;
    run_raw(count, [](void* ctx, size_t i) { (*static_cast<decltype(f)>(ctx))(i); }, f);
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
  void run_raw(size_t count, RawTask fn, void* ctx);
  void worker_loop(std::stop_token stop);
  void drain();

  std::vector<std::jthread> workers_;
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
  RawTask fn_ = nullptr;
  void* ctx_ = nullptr;
  size_t count_ = 0;
  std::exception_ptr error_;
  alignas(64) std::atomic<size_t> next_{0};  // the next task index (its own cache line)
};

}  // namespace retroanim
