// Typed access to the objects of a dat: Animation (0x03), Setup (0x02) and
// MotionTable (0x09) read by id, objects added to a DatWriter, and an
// AnimationProvider that serves a sequence's animations from a dat.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "retroanim/ac/animation.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ac/motion_table.h"
#include "retroanim/ac/setup.h"

namespace retroanim::ac::io {

// The Animation with this id; throws Error when it is missing or malformed.
Animation read_animation(const DatDatabase& dat, uint32_t id);
// The Setup with this id; throws Error when it is missing or malformed.
Setup read_setup(const DatDatabase& dat, uint32_t id);
// The MotionTable with this id; throws Error when it is missing or malformed.
MotionTable read_motion_table(const DatDatabase& dat, uint32_t id);

// Packs `anim` and adds it under anim.id.
void add_animation(DatWriter& writer, const Animation& anim, DatFileOptions options = {});
// Packs `setup` and adds it under setup.id.
void add_setup(DatWriter& writer, const Setup& setup, DatFileOptions options = {});
// Packs `table` and adds it under table.id.
void add_motion_table(DatWriter& writer, const MotionTable& table, DatFileOptions options = {});

// Serves animations from a dat, unpacking each on first use and keeping it for
// the provider's lifetime (the client's DBOCache). Safe to share between threads.
class DatAnimationProvider : public AnimationProvider {
 public:
  // Serves animations from `dat`, which must outlive the provider.
  explicit DatAnimationProvider(const DatDatabase& dat) : dat_(dat) {}
  // Opens the dat at `path` and serves animations from it.
  explicit DatAnimationProvider(const std::string& path);

  // The animation with this id, or nullptr when the dat has none; throws Error
  // when the file is malformed or is not an animation.
  const Animation* get_animation(uint32_t id) const override;
  // The dat the animations come from.
  const DatDatabase& dat() const { return dat_; }

 private:
  std::unique_ptr<DatDatabase> owned_;
  const DatDatabase& dat_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<uint32_t, std::unique_ptr<Animation>> cache_;
};

}  // namespace retroanim::ac::io
