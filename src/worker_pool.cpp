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
//   the caller nothing; it notices the closed run and waits for the next one;
// - the tasks are dealt out in one contiguous range per thread (slot 0 the
//   caller's, slot k worker k's), the same from run to run: a tick's items
//   stay with the thread that wrote them last tick, so their cache lines do
//   not move between cores every tick (with one shared counter the ranges
//   changed hands from tick to tick, and a tick in cache on two threads
//   could be slower than on one). A thread done with its own range takes
//   what is left of the next ones.
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

// 10 us per thread back to back: a run splits over two threads from 20 us of
// estimated work. bench_threads on a quiet 2-vCPU VM: with the workers
// spinning a hand-over costs 0.1-0.4 us and a split of 10 us of work breaks
// even (0.99x) while one of 20 us gains 1.6x (Pool/Work); the ac tick gains
// from 100 objects (about 20 us) and the ck batch from 1,024 tracks (about
// 35 us), and 256 tracks (7 us) do not (docs/PERFORMANCE.md).
std::chrono::nanoseconds WorkerPool::default_min_work() { return std::chrono::nanoseconds{10'000}; }

// 750 us per thread after a pause: a run splits from 1.5 ms of estimated
// work. With the workers asleep a split of 1.28 ms of work still lost
// (0.98x) and one of 2.56 ms gained 1.4-1.7x (Pool/Work asleep; one wake-up
// in ten took 1.5 ms: Pool/Wake); the ac tick of 1,000 objects and the ck
// batch of 4,096 tracks lost 0.7-0.8x and 10,000 objects gained 1.7-1.9x
// (PairedAsleep).
std::chrono::nanoseconds WorkerPool::default_min_work_idle() { return std::chrono::nanoseconds{750'000}; }

std::chrono::nanoseconds WorkerPool::back_to_back() { return kWorkerSpin; }

bool WorkerPool::idle() const {
  const long long last = last_end_.load(std::memory_order_relaxed);
  if (last == 0) return true;
  const auto now = std::chrono::steady_clock::now().time_since_epoch();
  return now - std::chrono::steady_clock::duration{last} > kWorkerSpin;
}

namespace {
// The pool's clock reading for last_end_ (never 0).
long long now_ticks() {
  const long long t = std::chrono::steady_clock::now().time_since_epoch().count();
  return t == 0 ? 1 : t;
}
}  // namespace

WorkerPool::WorkerPool(unsigned threads) {
  if (threads == 0) threads = std::thread::hardware_concurrency();
  if (threads == 0) threads = 1;
#if !RETROANIM_WORKER_THREADS
  threads = 1;  // no std::jthread (the WebAssembly build): the caller alone
#endif
  slots_ = std::make_unique<Slot[]>(threads);
#if RETROANIM_WORKER_THREADS
  workers_.reserve(threads - 1);
  for (unsigned i = 1; i < threads; ++i) workers_.emplace_back([this, i](std::stop_token st) { worker_loop(st, i); });
#endif
}

WorkerPool::~WorkerPool() {
#if RETROANIM_WORKER_THREADS
  for (auto& w : workers_) w.request_stop();
#endif
  {
    std::lock_guard lock(mutex_);  // no worker is between its check and its wait
    stopping_.store(true, std::memory_order_seq_cst);
  }
  wake_.notify_all();
  workers_.clear();  // joins
}

void WorkerPool::drain(unsigned slot) {
  const unsigned n = run_threads_.load(std::memory_order_relaxed);
  for (unsigned k = 0; k < n; ++k) {  // its own range, then what is left of the others'
    Slot& s = slots_[(slot + k) % n];
    for (;;) {
      const size_t i = s.next.fetch_add(1, std::memory_order_relaxed);
      if (i >= s.end) break;
      try {
        fn_(ctx_, i);
      } catch (...) {
        std::lock_guard lock(mutex_);
        if (!error_) error_ = std::current_exception();
      }
    }
  }
}

#if RETROANIM_WORKER_THREADS
void WorkerPool::worker_loop(std::stop_token stop, unsigned slot) {
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
    // Join the run while it is open and it has a range for this worker; a
    // closed one is over for this worker. (run_threads_ may already be the
    // next run's: the compare-exchange then fails, the run having changed.)
    unsigned long long s = state_.load(std::memory_order_acquire);
    seen = run_of(s);
    bool joined = false;
    while ((s & kOpen) != 0 && run_of(s) == seen && slot < run_threads_.load(std::memory_order_relaxed)) {
      if (state_.compare_exchange_weak(s, s + 1, std::memory_order_acq_rel, std::memory_order_acquire)) {
        joined = true;
        break;
      }
    }
    if (!joined) continue;
    drain(slot);
    left_.fetch_add(1, std::memory_order_seq_cst);
    if (caller_waiting_.load(std::memory_order_seq_cst)) {
      std::lock_guard lock(mutex_);  // the caller is inside its wait, or past its check
      done_.notify_one();
    }
  }
}

#endif  // RETROANIM_WORKER_THREADS

void WorkerPool::run_raw(size_t count, RawTask fn, void* ctx, unsigned threads) {
  if (count == 0) return;
  if (threads == 0 || threads > size()) threads = size();
  if (threads == 1 || count == 1) {
    for (size_t i = 0; i < count; ++i) fn(ctx, i);
    last_end_.store(now_ticks(), std::memory_order_relaxed);
    return;
  }
  // No worker is inside a run here (every worker that joined the previous
  // one has left it), so the task fields are set without the lock; opening
  // the run (a release) publishes them to the workers that join it.
  fn_ = fn;
  ctx_ = ctx;
  error_ = nullptr;
  if (count < threads) threads = static_cast<unsigned>(count);
  for (unsigned k = 0; k < threads; ++k) {
    const auto [first, end] = chunk(count, threads, k);
    slots_[k].next.store(first, std::memory_order_relaxed);
    slots_[k].end = end;
  }
  run_threads_.store(threads, std::memory_order_relaxed);
  left_.store(0, std::memory_order_relaxed);
  const unsigned long long run = run_of(state_.load(std::memory_order_relaxed)) + 1;
  state_.store((run << 32) | kOpen, std::memory_order_seq_cst);
  if (sleeping_.load(std::memory_order_seq_cst) != 0) {
    { std::lock_guard lock(mutex_); }  // a worker that counted itself is now inside its wait
    wake_.notify_all();
  }
  drain(0);
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
  last_end_.store(now_ticks(), std::memory_order_relaxed);
  std::exception_ptr error = std::exchange(error_, nullptr);
  if (error) std::rethrow_exception(error);
}

}  // namespace retroanim
