// A dat's content served by id, cached (include/retroanim/ac/io/dat_content.h).
#include "retroanim/ac/io/dat_content.h"

#include <mutex>

#include "retroanim/ac/io/dat_objects.h"

namespace retroanim::ac::io {

DatContent::DatContent(const DatDatabase& dat) : dat_(dat) {}

DatContent::DatContent(DatDatabase&& dat) : owned_(std::make_unique<DatDatabase>(std::move(dat))), dat_(*owned_) {}

DatContent::DatContent(const std::string& path)
    : owned_(std::make_unique<DatDatabase>(DatDatabase::open(path))), dat_(*owned_) {}

DatContent::~DatContent() = default;

template <typename T, typename Read>
const T* DatContent::serve(const Cache<T>& cache, uint32_t id, DatType type, Read&& read) const {
  {
    std::shared_lock<std::shared_mutex> lock(cache.mutex);
    auto it = cache.objects.find(id);
    if (it != cache.objects.end()) return it->second.get();
  }
  if (dat_type_byte(id) != static_cast<uint8_t>(type) || !dat_.find(id)) return nullptr;
  std::unique_lock<std::shared_mutex> lock(cache.mutex);
  auto& slot = cache.objects[id];
  if (!slot) {
    try {
      slot = std::make_unique<const T>(read(dat_, id));
    } catch (...) {
      cache.objects.erase(id);
      throw;
    }
  }
  return slot.get();
}

const Animation* DatContent::get_animation(uint32_t id) const {
  return serve(animations_, id, DatType::kAnimation, read_animation);
}

const Setup* DatContent::get_setup(uint32_t id) const { return serve(setups_, id, DatType::kSetup, read_setup); }

const MotionTable* DatContent::find_motion_table(uint32_t id) const {
  return serve(tables_, id, DatType::kMotionTable, read_motion_table);
}

MotionTable DatContent::get_motion_table(uint32_t id) const {
  const MotionTable* t = find_motion_table(id);
  if (t == nullptr) return read_motion_table(dat_, id);  // throws, naming the id and what is wrong
  return *t;
}

}  // namespace retroanim::ac::io
