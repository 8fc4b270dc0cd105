// The C API's handle table (retroanim's own): a handle is an index and a
// generation packed into a pointer-sized value, checked against the table on
// every call, so a NULL, freed or foreign handle, or one of another kind, is
// an error code instead of a use after free. Lookups are lock-free (slots
// live in chunks that never move); adding and removing take a mutex.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

namespace retroanim::capi {

enum class Kind : uint32_t {
  kNone = 0,
  kCkScene,
  kCkCurve,
  kCkObjectAnimation,
  kCkKeyedAnimation,
  kCkEntity,
  kCkPlayer,
  kAcDat,
  kAcProvider,
  kAcScenario,
  kAcObject,
  kAcBatch,
  kAcMotionTiming,
  kCkMesh,
  kCkMaterial,
  kCkTexture,
  kImage,
  kAcMesh,
};

class HandleTable {
 public:
  // The process's table (never destroyed: handles may be freed during exit).
  static HandleTable& get() {
    static HandleTable* table = new HandleTable();
    return *table;
  }

  // A new handle for `ptr`.
  uintptr_t add(Kind kind, void* ptr) {
    std::lock_guard<std::mutex> lock(mutex_);
    uint32_t index;
    if (!free_.empty()) {
      index = free_.back();
      free_.pop_back();
    } else {
      if (next_ >= kMaxIndex) return 0;
      index = next_++;
      const uint32_t c = index >> kChunkBits;
      if (chunks_[c].load(std::memory_order_relaxed) == nullptr)
        chunks_[c].store(new Slot[kChunkSize], std::memory_order_release);
    }
    Slot& s = slot(index);
    s.ptr.store(ptr, std::memory_order_relaxed);
    s.kind.store(static_cast<uint32_t>(kind), std::memory_order_release);
    return encode(index, s.gen.load(std::memory_order_relaxed));
  }

  // The object of handle `h` when it is live and of kind `kind`, else nullptr.
  void* find(uintptr_t h, Kind kind) const {
    uint32_t index, gen;
    if (!decode(h, index, gen)) return nullptr;
    const Slot* chunk = chunks_[index >> kChunkBits].load(std::memory_order_acquire);
    if (chunk == nullptr) return nullptr;
    const Slot& s = chunk[index & (kChunkSize - 1)];
    if (s.kind.load(std::memory_order_acquire) != static_cast<uint32_t>(kind)) return nullptr;
    if ((s.gen.load(std::memory_order_relaxed) & kGenMask) != gen) return nullptr;
    return s.ptr.load(std::memory_order_relaxed);
  }

  // Forgets handle `h` (later lookups of it fail).
  void remove(uintptr_t h) {
    uint32_t index, gen;
    if (!decode(h, index, gen)) return;
    std::lock_guard<std::mutex> lock(mutex_);
    Slot& s = slot(index);
    if ((s.gen.load(std::memory_order_relaxed) & kGenMask) != gen || s.kind.load() == 0) return;
    s.kind.store(0, std::memory_order_release);
    s.ptr.store(nullptr, std::memory_order_relaxed);
    uint32_t next = (s.gen.load(std::memory_order_relaxed) + 1) & kGenMask;
    s.gen.store(next == 0 ? 1 : next, std::memory_order_relaxed);
    free_.push_back(index);
  }

 private:
  static constexpr bool kWide = sizeof(uintptr_t) >= 8;
  static constexpr uint32_t kIndexBits = kWide ? 26 : 20;
  static constexpr uint32_t kGenMask = kWide ? 0xFFFFFFFFu : 0xFFFu;
  static constexpr uint32_t kChunkBits = 12;
  static constexpr uint32_t kChunkSize = 1u << kChunkBits;
  static constexpr uint32_t kMaxIndex = (1u << kIndexBits) - 2;
  static constexpr uint32_t kMaxChunks = (1u << kIndexBits) >> kChunkBits;

  struct Slot {
    std::atomic<uint32_t> gen{1};
    std::atomic<uint32_t> kind{0};
    std::atomic<void*> ptr{nullptr};
  };

  HandleTable() {
    for (auto& c : chunks_) c.store(nullptr, std::memory_order_relaxed);
  }
  Slot& slot(uint32_t index) { return chunks_[index >> kChunkBits].load(std::memory_order_relaxed)[index & (kChunkSize - 1)]; }

  static uintptr_t encode(uint32_t index, uint32_t gen) {
    if constexpr (kWide) return (static_cast<uintptr_t>(gen) << 32) | (static_cast<uintptr_t>(index) + 1);
    else return (static_cast<uintptr_t>(gen & kGenMask) << kIndexBits) | (static_cast<uintptr_t>(index) + 1);
  }
  static bool decode(uintptr_t h, uint32_t& index, uint32_t& gen) {
    uintptr_t low;
    if constexpr (kWide) {
      low = h & 0xFFFFFFFFu;
      gen = static_cast<uint32_t>(static_cast<uint64_t>(h) >> 32);
    } else {
      low = h & ((uintptr_t{1} << kIndexBits) - 1);
      gen = static_cast<uint32_t>(h >> kIndexBits) & kGenMask;
    }
    if (low == 0 || low - 1 >= kMaxIndex || gen == 0) return false;
    index = static_cast<uint32_t>(low - 1);
    return true;
  }

  std::atomic<Slot*> chunks_[kMaxChunks];
  std::mutex mutex_;
  std::vector<uint32_t> free_;
  uint32_t next_ = 0;
};

}  // namespace retroanim::capi
