// The benchmark workloads (retroanim's own, internal): the one copy that
// bench/ac_update.cpp, bench/anim.cpp, `retroanim ac bench`, `retroanim ck
// bench` and the thread tests build, and the checksums of their results.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <span>
#include <vector>

#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/motion/motion_sequence.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/motion/motion_table_manager.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/ac/object/setup.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/anim/playback_context.h"
#include "retroanim/ck/anim/prepared_animation.h"
#include "retroanim/math/matrix.h"

namespace retroanim {
class WorkerPool;
}  // namespace retroanim

namespace retroanim::bench {

// FNV-1a 64 (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
class Fnv1a64 {
 public:
  void add_byte(uint8_t b) { h_ = (h_ ^ b) * 0x100000001b3ull; }
  // The float's IEEE-754 bits, little-endian byte order.
  void add_float(float f);
  uint64_t value() const { return h_; }

 private:
  uint64_t h_ = 0xcbf29ce484222325ull;
};

// ---- Asheron's Call: objects ticking at 30 Hz ----

inline constexpr uint32_t kAcParts = 30;   // parts per object
inline constexpr uint32_t kAcFrames = 60;  // frames per animation
inline constexpr uint32_t kAcManyAnimations = 64;

enum class AcWorkload {
  kCyclic,  // every object plays one cyclic 60-frame animation with hooks (bench/ac_update.cpp's)
  kMany,    // the same, over 64 different animations (object i plays animation i % 64)
  kMoving,  // kCyclic with position frames and an omega (walking and turning)
};

// Counts executed hooks (their effect, so they cannot be optimised away).
class CountingExecutor : public ac::HookExecutor {
 public:
  void execute(ac::PhysicsObj&, const ac::AnimationHook&) override { ++count; }
  uint64_t count = 0;
};

// `count` 30-part objects on the ground, spread over the animation cycle
// (object i starts at frame i % 60) and over a 100-wide grid.
struct AcWorld {
  ac::AnimationMap anims;
  std::vector<ac::Setup> setups;
  std::vector<std::unique_ptr<ac::PhysicsObj>> objects;
  std::vector<ac::PhysicsObj*> list;  // the objects, in order
  CountingExecutor executor;
};
std::unique_ptr<AcWorld> make_ac_world(size_t count, AcWorkload workload);

// A user's own objects from a dat: `count` objects made from the dat's Setup
// `setup_id` (its parts, placement and default animation), each with a
// MotionTableManager over motion table `motion_table_id` put in its default
// state (initialize_state; 0 = the Setup's default motion table, none when
// that is 0 too), spread over the cycle (object i's sequence advanced
// (i mod 60) / 30 s) and over a 100-wide grid as make_ac_world's. Objects
// stand on walkable ground only when the Setup has collision spheres (the
// chain deactivates an object without spheres once it rests on walkable
// ground). Throws Error (naming the file and the object) when the file, the
// Setup or the motion table cannot be read.
struct AcDatWorld {
  explicit AcDatWorld(const std::string& path) : provider(path) {}
  ac::io::DatAnimationProvider provider;  // owns the mapped dat; animations unpacked on first use
  ac::Setup setup;
  ac::MotionTable table;
  bool has_table = false;
  // One object with its motion-table manager and the sequence view it drives.
  struct Object {
    ac::PhysicsObj obj;
    std::optional<ac::SequenceMotionTarget> target;
    ac::MotionTableManager manager;
  };
  std::vector<std::unique_ptr<Object>> objects;
  std::vector<ac::PhysicsObj*> list;  // the objects, in order
  CountingExecutor executor;
};
std::unique_ptr<AcDatWorld> make_ac_dat_world(const std::string& path, uint32_t setup_id, uint32_t motion_table_id,
                                              size_t count);

// FNV-1a 64 over, for each object in order, its frame (origin x, y, z,
// quaternion w, x, y, z) then each part's frame in the same order, every
// float as its little-endian bytes.
uint64_t ac_checksum(std::span<const ac::PhysicsObj* const> objects);

// ---- Virtools: Record Anim-shaped tracks ----

inline constexpr int kRecordKeys = 4445;  // Ballance's Record Anim: one linear key per frame
inline constexpr int kRecordDistinct = 64;  // distinct key sets (11 MB of keys)

// A rolling ball: a random walk on the ground, rotating about the horizontal
// axis perpendicular to its motion by distance / radius, scale about 1, with
// kRecordKeys linear position, rotation and scale keys.
std::unique_ptr<ck::ObjectAnimation> make_record_anim(uint32_t seed);

// `count` tracks over `distinct` key sets (track i plays set i % distinct,
// from frame (i * 37) % kRecordKeys), each with its context and matrix.
struct CkTracks {
  std::vector<std::unique_ptr<ck::ObjectAnimation>> animations;
  std::vector<std::unique_ptr<ck::PreparedAnimation>> prepared;
  std::vector<const ck::PreparedAnimation*> track;
  std::vector<float> times;
  std::vector<ck::PlaybackContext> contexts;
  std::vector<math::Matrix> out;
  // Advances every track 1.25 frames (75 frames/s at 60 Hz, as the game plays
  // Record Anim), wrapping at the end.
  void advance();
};
std::unique_ptr<CkTracks> make_ck_tracks(size_t count, size_t distinct = kRecordDistinct);

// FNV-1a 64 over the matrices' 16 floats each (row by row), little-endian.
uint64_t ck_checksum(std::span<const math::Matrix> matrices);

// ---- The timed runs of `retroanim ac bench` and `retroanim ck bench` ----

struct BenchResult {
  double ms_per_tick = 0.0;   // wall-clock milliseconds per tick
  double items_per_s = 0.0;   // part-frames (ac) or track-samples (ck) per second
  uint64_t checksum = 0;      // ac_checksum / ck_checksum after the last tick
};

// `ticks` ticks of update_objects(world.list, 1/30 s) over a pool of
// `threads` threads (0 = one per core), with WorkerPool::min_work set to
// `min_work` when given (the pool's default otherwise).
BenchResult run_ac_bench(AcWorld& world, int ticks, unsigned threads,
                         std::optional<std::chrono::nanoseconds> min_work = {});
// The same over any objects (e.g. an AcDatWorld's list).
BenchResult run_ac_bench(std::span<ac::PhysicsObj* const> objects, int ticks, unsigned threads,
                         std::optional<std::chrono::nanoseconds> min_work = {});
// `ticks` ticks of advance() then sample_world_batch with contexts over a
// pool of `threads` threads (0 = one per core), min_work as above.
BenchResult run_ck_bench(CkTracks& tracks, int ticks, unsigned threads,
                         std::optional<std::chrono::nanoseconds> min_work = {});

// One tick of a benchmark's loop over a given pool.
using PoolTick = std::function<void(WorkerPool&)>;
// `rounds` rounds, each running `ticks` ticks of `tick` over every pool in
// turn (alternated, so that a slow spell of the machine hits every pool):
// for each pool, the median over the rounds of its milliseconds per tick.
std::vector<double> alternated_ms_per_tick(std::span<WorkerPool* const> pools, int ticks, int rounds,
                                           const PoolTick& tick);
// The tick of run_ac_bench / run_ck_bench, for alternated_ms_per_tick.
PoolTick ac_tick(std::span<ac::PhysicsObj* const> objects);
PoolTick ck_tick(CkTracks& tracks);

}  // namespace retroanim::bench
