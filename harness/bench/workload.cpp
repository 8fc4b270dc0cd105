// The benchmark workloads (retroanim's own).
#include "harness/bench/workload.h"

#include "retroanim/ac/object/frames_checksum.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <random>

#include "retroanim/ck/anim/prepared_animation_batch.h"
#include "retroanim/math/float_trig.h"
#include "retroanim/math/frame_batch.h"
#include "retroanim/worker_pool.h"

namespace retroanim::bench {

void Fnv1a64::add_float(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  for (int i = 0; i < 4; ++i) add_byte(static_cast<uint8_t>(bits >> (8 * i)));
}

using namespace retroanim::ac;
using math::AFrame;
using math::Frame;

namespace {

// Animation `k` of the workload: 30 parts turning with the frame, hooks on
// every tenth frame and on frames 5 and 35, one position frame per frame
// (used only with kHasPosFrames). k = 0 is bench/ac_update.cpp's animation.
Animation make_ac_animation(uint32_t k, bool moving) {
  Animation a;
  a.id = 0x03000001 + k;
  a.num_parts = kAcParts;
  a.flags = moving ? animation_flag::kHasPosFrames : 0u;
  for (uint32_t f = 0; f < kAcFrames; ++f) {
    AnimationFrame af;
    for (uint32_t p = 0; p < kAcParts; ++p) {
      float ang = 0.05f * static_cast<float>(f + p) + 0.013f * static_cast<float>(k);
      af.parts.push_back(AFrame{{0.1f * p, 0.01f * f, 0.5f}, math::cos_f(ang), 0.0f, math::sin_f(ang) * 0.6f,
                                math::sin_f(ang) * 0.8f});
    }
    if (f % 10 == 0)
      af.hooks.push_back(AnimationHook{AnimationHookType::kSound, AnimationHookDir::kForward, SoundHookData{f}, 0});
    if (f % 30 == 5)
      af.hooks.push_back(AnimationHook{AnimationHookType::kSoundTable, AnimationHookDir::kBoth, SoundTableHookData{1}, 0});
    a.part_frames.push_back(af);
    a.pos_frames.push_back(AFrame{{0.0f, 0.02f, 0.0f}, 1.0f, 0.0f, 0.0f, 0.0f});
  }
  return a;
}

}  // namespace

std::unique_ptr<AcWorld> make_ac_world(size_t count, AcWorkload workload) {
  auto w = std::make_unique<AcWorld>();
  const bool moving = workload == AcWorkload::kMoving;
  const uint32_t kinds = workload == AcWorkload::kMany ? kAcManyAnimations : 1u;
  w->setups.resize(kinds);
  for (uint32_t k = 0; k < kinds; ++k) {
    const Animation& a = w->anims.add(make_ac_animation(k, moving));  // with the field-by-field part copy
    Setup& setup = w->setups[k];
    setup.id = 0x02000001 + k;
    setup.part_ids.assign(kAcParts, 0x01000001);
    setup.spheres.push_back(Sphere{{0, 0, 0.5f}, 0.5f});
    setup.default_animation = a.id;
  }
  w->objects.reserve(count);
  w->list.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    auto o = std::make_unique<PhysicsObj>();
    o->set_setup(&w->setups[i % kinds], &w->anims);
    o->set_hook_executor(&w->executor);
    o->transient_state |= transient_state_flag::kOnWalkable;
    if (moving) o->part_array()->sequence().set_omega({0.0f, 0.0f, 0.3f});
    // Spread the objects over the cycle.
    o->part_array()->sequence().update(static_cast<double>(i % kAcFrames) / 30.0, nullptr);
    o->set_frame(Frame({static_cast<float>(i % 100), static_cast<float>(i / 100), 0.0f}, 1, 0, 0, 0));
    w->list.push_back(o.get());
    w->objects.push_back(std::move(o));
  }
  return w;
}

std::unique_ptr<AcDatWorld> make_ac_dat_world(const std::string& path, uint32_t setup_id, uint32_t motion_table_id,
                                              size_t count) {
  auto w = std::make_unique<AcDatWorld>(path);
  const ac::io::DatDatabase& dat = w->provider.dat();
  w->setup = ac::io::read_setup(dat, setup_id);
  if (motion_table_id == 0) motion_table_id = w->setup.default_motion_table;
  if (motion_table_id != 0) {
    w->table = ac::io::read_motion_table(dat, motion_table_id);
    w->has_table = true;
  }
  const bool walkable = !w->setup.spheres.empty();
  w->objects.reserve(count);
  w->list.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    auto d = std::make_unique<AcDatWorld::Object>();
    PhysicsObj& o = d->obj;
    o.set_setup(&w->setup, &w->provider);
    o.set_hook_executor(&w->executor);
    if (walkable) o.transient_state |= transient_state_flag::kOnWalkable;
    Sequence& seq = o.part_array()->sequence();
    if (w->has_table) {
      d->target.emplace(seq);
      d->manager.set_table(&w->table);
      d->manager.initialize_state(*d->target);
      o.part_array()->set_motion_handler(&d->manager);
    }
    // Spread the objects over the cycle.
    seq.update(static_cast<double>(i % kAcFrames) / 30.0, nullptr);
    o.set_frame(Frame({static_cast<float>(i % 100), static_cast<float>(i / 100), 0.0f}, 1, 0, 0, 0));
    w->list.push_back(&o);
    w->objects.push_back(std::move(d));
  }
  return w;
}

uint64_t ac_checksum(std::span<const PhysicsObj* const> objects) { return frames_checksum(objects); }

// ---- Virtools ----

using namespace retroanim::ck;

namespace {
// The same keys from every build: a float in [lo, hi) from the engine's top
// 24 bits (std::uniform_real_distribution draws differently in libstdc++ and
// in libc++, the WebAssembly build's), and sin / cos as the library's
// (math/float_trig.h).
float uniform(std::mt19937& rng, float lo, float hi) {
  return lo + (hi - lo) * (static_cast<float>(rng() >> 8) * 0x1p-24f);
}
using math::cos_f;
using math::sin_f;
}  // namespace

std::unique_ptr<ObjectAnimation> make_record_anim(uint32_t seed) {
  std::mt19937 rng(seed);
  auto anim = std::make_unique<ObjectAnimation>();
  std::vector<PositionKey> pos(kRecordKeys), scale(kRecordKeys);
  std::vector<RotationKey> rot(kRecordKeys);
  math::Vec3 p{-19.664f, 8.446f, -39.114f};
  math::Quat q{};
  float heading = 0.0f, speed = 0.08f, radius = 2.0f;
  for (int i = 0; i < kRecordKeys; ++i) {
    float t = static_cast<float>(i);
    pos[i] = {t, p};
    rot[i] = {t, q};
    // The recording's scale keys drift around 1 (0.999512 .. 1.000488), so
    // the scale track is a real third track, not a constant one.
    float drift = 4.88e-4f * sin_f(0.002f * t);
    scale[i] = {t, {1.0f + drift, 1.0f + drift, 1.0f + 2.0f * drift}};
    heading += uniform(rng, -0.05f, 0.05f);
    math::Vec3 dir{cos_f(heading), 0.0f, sin_f(heading)};
    p += dir * speed;
    float half = 0.5f * speed / radius;
    math::Vec3 axis{dir.z, 0.0f, -dir.x};
    q = math::multiply(math::Quat{axis.x * sin_f(half), 0.0f, axis.z * sin_f(half), cos_f(half)}, q);
  }
  VectorController pc, sc;
  pc.type = controller_type::kLinearPosition;
  pc.keys = std::move(pos);
  sc.type = controller_type::kLinearScale;
  sc.keys = std::move(scale);
  QuatController rc;
  rc.type = controller_type::kLinearRotation;
  rc.keys = std::move(rot);
  anim->keyframes.position = std::move(pc);
  anim->keyframes.scale = std::move(sc);
  anim->keyframes.rotation = std::move(rc);
  anim->keyframes.set_length(static_cast<float>(kRecordKeys));
  return anim;
}

void CkTracks::advance() {
  constexpr float kLength = static_cast<float>(kRecordKeys);
  for (float& t : times) {
    float f = t + 75.0f / 60.0f;
    if (f >= kLength) f -= kLength;
    t = f;
  }
}

std::unique_ptr<CkTracks> make_ck_tracks(size_t count, size_t distinct) {
  auto t = std::make_unique<CkTracks>();
  if (distinct == 0) distinct = 1;
  for (size_t i = 0; i < distinct; ++i) {
    t->animations.push_back(make_record_anim(1000u + static_cast<uint32_t>(i)));
    t->prepared.push_back(std::make_unique<PreparedAnimation>(*t->animations.back()));
  }
  for (size_t i = 0; i < count; ++i) {
    t->track.push_back(t->prepared[i % distinct].get());
    t->times.push_back(static_cast<float>((i * 37) % kRecordKeys));
  }
  t->contexts.resize(count);
  t->out.resize(count);
  return t;
}

uint64_t ck_checksum(std::span<const math::Matrix> matrices) {
  Fnv1a64 h;
  for (const math::Matrix& m : matrices)
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c) h.add_float(m.m[r][c]);
  return h.value();
}

// ---- Timed runs ----

namespace {

BenchResult timed(int ticks, double items_per_tick, const auto& tick) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < ticks; ++i) tick();
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BenchResult r;
  if (ticks > 0) r.ms_per_tick = s * 1000.0 / ticks;
  if (s > 0.0) r.items_per_s = items_per_tick * ticks / s;
  return r;
}

}  // namespace

namespace {

std::unique_ptr<WorkerPool> bench_pool(unsigned threads, std::optional<std::chrono::nanoseconds> min_work) {
  auto pool = std::make_unique<WorkerPool>(threads);
  if (min_work) pool->set_min_work(*min_work);
  return pool;
}

}  // namespace

PoolTick ac_tick(std::span<PhysicsObj* const> objects) {
  return [objects](WorkerPool& pool) { update_objects(objects, 1.0f / 30.0f, &pool); };
}

PoolTick ck_tick(CkTracks& tracks) {
  return [&tracks](WorkerPool& pool) {
    tracks.advance();
    sample_world_batch(tracks.track, tracks.times, tracks.contexts, tracks.out, &pool);
  };
}

BenchResult run_ac_bench(AcWorld& world, int ticks, unsigned threads, std::optional<std::chrono::nanoseconds> min_work) {
  return run_ac_bench(std::span<PhysicsObj* const>(world.list), ticks, threads, min_work);
}

BenchResult run_ac_bench(std::span<PhysicsObj* const> objects, int ticks, unsigned threads,
                         std::optional<std::chrono::nanoseconds> min_work) {
  const auto pool = bench_pool(threads, min_work);
  size_t parts = 0;
  for (const PhysicsObj* o : objects)
    if (o->part_array()) parts += o->part_array()->part_frames().size();
  const PoolTick tick = ac_tick(objects);
  BenchResult r = timed(ticks, static_cast<double>(parts), [&] { tick(*pool); });
  r.checksum = ac_checksum(std::span<const PhysicsObj* const>(objects.data(), objects.size()));
  return r;
}

BenchResult run_ck_bench(CkTracks& tracks, int ticks, unsigned threads, std::optional<std::chrono::nanoseconds> min_work) {
  const auto pool = bench_pool(threads, min_work);
  const PoolTick tick = ck_tick(tracks);
  BenchResult r = timed(ticks, static_cast<double>(tracks.track.size()), [&] { tick(*pool); });
  r.checksum = ck_checksum(tracks.out);
  return r;
}

std::vector<double> alternated_ms_per_tick(std::span<WorkerPool* const> pools, int ticks, int rounds,
                                           const PoolTick& tick) {
  std::vector<std::vector<double>> ms(pools.size());
  for (int r = 0; r < rounds; ++r)
    for (size_t k = 0; k < pools.size(); ++k)
      ms[k].push_back(timed(ticks, 0.0, [&] { tick(*pools[k]); }).ms_per_tick);
  std::vector<double> out;
  for (auto& v : ms) {
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    out.push_back(v.empty() ? 0.0 : v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]));
  }
  return out;
}

}  // namespace retroanim::bench
