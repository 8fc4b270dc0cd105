// The worker pool (retroanim's own).
//
// The loops this pool serves run every frame and a run is short (a
// 4,096-track batch takes about 35 us per thread), so waking a sleeping
// thread through the kernel (tens of microseconds on a VM) would cost as much
// as the work. So:
// - a worker spins on the run state for a while after each run before it
//   sleeps, and the caller, once its own tasks are done, spins on the count
//   of finished workers before it blocks; the kernel is entered only when the
//   other side is known to sleep (sleeping_ and caller_waiting_: sequentially
//   consistent, so a flag set before a check and a change made before a flag
//   test cannot both be missed);
// - a worker joins a run (state_) before it takes a task, and the caller
//   closes the run once its own share is done: it then waits only for the
//   workers that joined. A worker still asleep when the tasks ran out costs
//   the caller nothing; it notices the closed run and waits for the next one.
#include "retroanim/worker_pool.h"

#include <chrono>

namespace retroanim {

namespace {

constexpr unsigned long long kOpen = 1ull << 31;       // workers may join the run
constexpr unsigned long long kJoinedMask = kOpen - 1;  // how many have
inline unsigned long long run_of(unsigned long long state) { return state >> 32; }

// One step of a spin-wait.
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Spins until done() or `limit` has passed; true when done() became true.
template <class Done>
bool spin_until(Done done, std::chrono::microseconds limit) {
  using clock = std::chrono::steady_clock;
  const auto end = clock::now() + limit;
  for (;;) {
    for (int i = 0; i < 32; ++i) {
      if (done()) return true;
      cpu_relax();
    }
    if (clock::now() >= end) return done();
  }
}

// How long a worker spins for the next run after finishing one (back-to-back
// frames arrive well within it), and how long the caller spins for the
// joined workers to finish before blocking.
constexpr std::chrono::microseconds kWorkerSpin{200};
constexpr std::chrono::microseconds kCallerSpin{1000};

}  // namespace

WorkerPool::WorkerPool(unsigned threads) {
  if (threads == 0) threads = std::thread::hardware_concurrency();
  if (threads == 0) threads = 1;
  workers_.reserve(threads - 1);
  for (unsigned i = 1; i < threads; ++i) workers_.emplace_back([this](std::stop_token st) { worker_loop(st); });
}

WorkerPool::~WorkerPool() {
  for (auto& w : workers_) w.request_stop();
  {
    std::lock_guard lock(mutex_);  // no worker is between its check and its wait
    stopping_.store(true, std::memory_order_seq_cst);
  }
  wake_.notify_all();
  workers_.clear();  // joins
}

void WorkerPool::drain() {
  for (;;) {
    const size_t i = next_.fetch_add(1, std::memory_order_relaxed);
    if (i >= count_) return;
    try {
      fn_(ctx_, i);
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
    }
  }
}

void WorkerPool::worker_loop(std::stop_token stop) {
  unsigned long long seen = 0;  // the last run this worker saw
  for (;;) {
    auto started = [&] { return run_of(state_.load(std::memory_order_acquire)) != seen || stop.stop_requested(); };
    if (!spin_until(started, kWorkerSpin)) {
      // A plain condition variable and a flag, not condition_variable_any's
      // wait with the stop token: that one's stop_callback waits on a
      // semaphore which, in libstdc++ 12 without futexes (mingw-w64, seen
      // under Wine), can miss its wake-up, and the destructor then hangs.
      std::unique_lock lock(mutex_);
      sleeping_.fetch_add(1, std::memory_order_seq_cst);
      wake_.wait(lock, [&] {
        return stopping_.load(std::memory_order_relaxed) || run_of(state_.load(std::memory_order_seq_cst)) != seen;
      });
      sleeping_.fetch_sub(1, std::memory_order_relaxed);
      if (stopping_.load(std::memory_order_relaxed)) return;
    }
    if (stop.stop_requested()) return;
    // Join the run while it is open; a closed one is over for this worker.
    unsigned long long s = state_.load(std::memory_order_acquire);
    seen = run_of(s);
    bool joined = false;
    while ((s & kOpen) != 0 && run_of(s) == seen) {
      if (state_.compare_exchange_weak(s, s + 1, std::memory_order_acq_rel, std::memory_order_acquire)) {
        joined = true;
        break;
      }
    }
    if (!joined) continue;
    drain();
    left_.fetch_add(1, std::memory_order_seq_cst);
    if (caller_waiting_.load(std::memory_order_seq_cst)) {
      std::lock_guard lock(mutex_);  // the caller is inside its wait, or past its check
      done_.notify_one();
    }
  }
}

void WorkerPool::run_raw(size_t count, RawTask fn, void* ctx) {
  if (count == 0) return;
  if (workers_.empty() || count == 1) {
    for (size_t i = 0; i < count; ++i) fn(ctx, i);
    return;
  }
  // No worker is inside a run here (every worker that joined the previous
  // one has left it), so the task fields are set without the lock; opening
  // the run (a release) publishes them to the workers that join it.
  fn_ = fn;
  ctx_ = ctx;
  count_ = count;
  error_ = nullptr;
  next_.store(0, std::memory_order_relaxed);
  left_.store(0, std::memory_order_relaxed);
  const unsigned long long run = run_of(state_.load(std::memory_order_relaxed)) + 1;
  state_.store((run << 32) | kOpen, std::memory_order_seq_cst);
  if (sleeping_.load(std::memory_order_seq_cst) != 0) {
    { std::lock_guard lock(mutex_); }  // a worker that counted itself is now inside its wait
    wake_.notify_all();
  }
  drain();
  // Close the run: no worker joins after this; wait for those that did.
  const unsigned joined =
      static_cast<unsigned>(state_.fetch_and(~kOpen, std::memory_order_acq_rel) & kJoinedMask);
  auto finished = [&] { return left_.load(std::memory_order_acquire) == joined; };
  if (!spin_until(finished, kCallerSpin)) {
    std::unique_lock lock(mutex_);
    caller_waiting_.store(true, std::memory_order_seq_cst);
    done_.wait(lock, [&] { return left_.load(std::memory_order_seq_cst) == joined; });
    caller_waiting_.store(false, std::memory_order_relaxed);
  }
  std::exception_ptr error = std::exchange(error_, nullptr);
  if (error) std::rethrow_exception(error);
}

}  // namespace retroanim
