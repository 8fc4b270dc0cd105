// The worker pool (retroanim's own).
#include "retroanim/worker_pool.h"

namespace retroanim {

WorkerPool::WorkerPool(unsigned threads) {
  if (threads == 0) threads = std::thread::hardware_concurrency();
  if (threads == 0) threads = 1;
  workers_.reserve(threads - 1);
  for (unsigned i = 1; i < threads; ++i) workers_.emplace_back([this](std::stop_token st) { worker_loop(st); });
}

WorkerPool::~WorkerPool() {
  for (auto& w : workers_) w.request_stop();  // ends the spinning
  {
    std::lock_guard lock(mutex_);  // no worker is between its check and its wait
    stopping_ = true;
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
  unsigned long long seen = 0;
  for (;;) {
    // A short spin first: the loops this pool serves run every frame, and a
    // sleeping worker takes tens of microseconds to wake.
    for (int spin = 0; spin < 4000 && generation_.load(std::memory_order_acquire) == seen; ++spin) {
      if (stop.stop_requested()) return;
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
    {
      // A plain condition variable and a flag, not condition_variable_any's
      // wait with the stop token: that one's stop_callback waits on a
      // semaphore which, in libstdc++ 12 without futexes (mingw-w64, seen
      // under Wine), can miss its wake-up while the worker holds mutex_, and
      // the destructor then waits for mutex_ forever.
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || generation_.load(std::memory_order_relaxed) != seen; });
      if (stopping_) return;
      seen = generation_.load(std::memory_order_relaxed);
    }
    drain();
    std::lock_guard lock(mutex_);
    if (--active_ == 0) done_.notify_one();
  }
}

void WorkerPool::run_raw(size_t count, RawTask fn, void* ctx) {
  if (count == 0) return;
  if (workers_.empty() || count == 1) {
    for (size_t i = 0; i < count; ++i) fn(ctx, i);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    fn_ = fn;
    ctx_ = ctx;
    count_ = count;
    next_.store(0, std::memory_order_relaxed);
    error_ = nullptr;
    active_ = static_cast<unsigned>(workers_.size());
    generation_.fetch_add(1, std::memory_order_release);
  }
  wake_.notify_all();
  drain();
  std::exception_ptr error;
  {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return active_ == 0; });
    error = std::exchange(error_, nullptr);
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace retroanim
