// A dat's content served by id (retroanim's own, in the role of the client's
// DBObj cache, DBOCache): animations, setups and motion tables unpacked on
// first use and kept for the content's lifetime, so that a program that plays
// objects from a portal.dat needs nothing of its own between the file and
// the runtime. Safe to share between threads (lookups of what is already
// cached take a shared lock; the first use of an id unpacks it once).
#pragma once

#include <cstdint>
#include <memory>
#include <shared_mutex>
#include <string>
#include <unordered_map>

#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/object/setup.h"

namespace retroanim::ac::io {

class DatContent : public AnimationProvider, public SetupProvider, public MotionTableProvider {
 public:
  // Serves the objects of `dat`, which must outlive the content.
  explicit DatContent(const DatDatabase& dat);
  // Serves the objects of `dat`, which the content keeps.
  explicit DatContent(DatDatabase&& dat);
  // Opens the dat at `path` (UTF-8) and serves its objects; throws
  // retroanim::Error when the file cannot be read or is not a dat.
  explicit DatContent(const std::string& path);
  ~DatContent() override;
  DatContent(const DatContent&) = delete;
  DatContent& operator=(const DatContent&) = delete;

  // The Animation (0x03......) with this id, or nullptr when the dat has none;
  // throws retroanim::Error when it is malformed.
  const Animation* get_animation(uint32_t id) const override;
  // The Setup (0x02......) with this id, or nullptr when the dat has none;
  // throws retroanim::Error when it is malformed.
  const Setup* get_setup(uint32_t id) const override;
  // The MotionTable (0x09......) with this id, or nullptr when the dat has
  // none; throws retroanim::Error when it is malformed.
  const MotionTable* find_motion_table(uint32_t id) const;
  // A copy of the MotionTable with this id; throws retroanim::Error naming
  // the id when it is missing or malformed.
  MotionTable get_motion_table(uint32_t id) const override;

  // The dat the objects come from.
  const DatDatabase& dat() const { return dat_; }

 private:
  template <typename T>
  struct Cache {
    mutable std::shared_mutex mutex;
    mutable std::unordered_map<uint32_t, std::unique_ptr<const T>> objects;
  };
  template <typename T, typename Read>
  const T* serve(const Cache<T>& cache, uint32_t id, DatType type, Read&& read) const;

  std::unique_ptr<DatDatabase> owned_;
  const DatDatabase& dat_;
  Cache<Animation> animations_;
  Cache<Setup> setups_;
  Cache<MotionTable> tables_;
};

// The 0.2 name of DatContent, when it served animations only.
using DatAnimationProvider = DatContent;

}  // namespace retroanim::ac::io
