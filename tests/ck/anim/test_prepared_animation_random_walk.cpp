// The ck sampling path (one key search, one PlaybackContext, set_step of an
// object / keyed animation and sample_world_batch) against the plain
// per-track evaluation (sample_animation without context: each controller's
// Evaluate with spec 5.3's binary search), bit for bit: random animations
// over every key layout (linear / TCB / Bezier; position, rotation, scale,
// scale axis; merged; constant tracks; unordered and NaN times; 0, 1, 2 and
// many keys; keyed roots; ignore flags) walked forward, backward and at
// random, with and without a context, one at a time and in batches on every
// path this machine has. (Until the old paths were removed, these tests
// compared the new path with a verbatim copy of them, bit for bit.)
#include <cmath>
#include <cstring>
#include <deque>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim_test_support.h"

#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/anim/playback_context.h"
#include "retroanim/ck/anim/prepared_animation.h"
#include "retroanim/ck/anim/prepared_animation_batch.h"
#include "retroanim/math/batch_path.h"
#include "retroanim/math/transform_compose.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::anim_test;

// Bitwise equal floats (signed zeros included), or both NaN. Which NaN comes
// out when two NaNs of different sign or payload meet in one operation
// depends on the operand order the compiler picks for that copy of the code
// (x86 returns the first operand's), so separately compiled copies of one
// computation agree on NaN-ness only (docs/FIDELITY.md).
bool same_value(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof(float)) == 0;
}

bool same_matrix(const Matrix& a, const Matrix& b) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      if (!same_value(a.m[r][c], b.m[r][c])) return false;
  return true;
}

// Two samples equal component by component in the sense of same_value.
::testing::AssertionResult same_values(const AnimationSample& got, const AnimationSample& want) {
  if (got.present != want.present) return ::testing::AssertionFailure() << "present";
  auto floats = [](const AnimationSample& s) {
    return std::vector<float>{s.position.x, s.position.y, s.position.z, s.scale.x, s.scale.y, s.scale.z,
                              s.rotation.x, s.rotation.y, s.rotation.z, s.rotation.w, s.scale_axis.x,
                              s.scale_axis.y, s.scale_axis.z, s.scale_axis.w};
  };
  const std::vector<float> a = floats(got), b = floats(want);
  for (size_t i = 0; i < a.size(); ++i)
    if (!same_value(a[i], b[i])) return ::testing::AssertionFailure() << "float " << i << ": " << a[i] << " vs " << b[i];
  return ::testing::AssertionSuccess();
}

// The key times of one track: 0, 1, 2, 3 or many keys, evenly or unevenly
// spaced, with repeated times, unordered, or with a NaN.
std::vector<float> random_times(std::mt19937& rng) {
  static const size_t kCounts[] = {0, 1, 2, 3, 4, 5, 9, 40, 300};
  const size_t n = kCounts[rng() % (sizeof kCounts / sizeof kCounts[0])];
  std::vector<float> t(n);
  float x = static_cast<float>(rng() % 5) - 2.0f;
  const int spacing = static_cast<int>(rng() % 3);
  for (size_t i = 0; i < n; ++i) {
    t[i] = x;
    const int kind = static_cast<int>(rng() % 10);
    x += spacing == 0 ? 1.0f : (kind == 0 ? 0.0f : (kind == 1 ? 7.5f : 0.25f + static_cast<float>(rng() % 8) * 0.5f));
  }
  const int disorder = static_cast<int>(rng() % 12);
  if (n >= 3 && disorder == 0) std::swap(t[1], t[n - 2]);  // unordered
  if (n >= 2 && disorder == 1) t[rng() % n] = kNan;          // a NaN time
  if (n >= 3 && disorder == 2) t[n / 2] = t[n / 2 - 1];      // a repeated time
  return t;
}

// A value: mostly random, sometimes infinite or NaN.
float random_value(std::mt19937& rng) {
  const int kind = static_cast<int>(rng() % 200);
  if (kind == 0) return kNan;
  if (kind == 1) return kInf;
  return std::uniform_real_distribution<float>(-10.0f, 10.0f)(rng);
}

Quat random_quat(std::mt19937& rng, const Quat& near, bool close) {
  std::uniform_real_distribution<float> tiny(-0.01f, 0.01f);
  if (close) return math::normalize(Quat{near.x + tiny(rng), near.y + tiny(rng), near.z + tiny(rng), near.w + tiny(rng)});
  return math::normalize(Quat{random_value(rng), random_value(rng), random_value(rng), random_value(rng)});
}

// A position / scale controller at `times`: linear, TCB or Bezier; constant
// values (also -0) now and then.
VectorController random_vector(std::mt19937& rng, const std::vector<float>& times, uint32_t lin, uint32_t tcb,
                               uint32_t bezier) {
  VectorController c;
  const int kind = static_cast<int>(rng() % 6);  // 0-3 linear, 4 TCB, 5 Bezier
  const bool constant = rng() % 5 == 0;
  const Vec3 k{rng() % 2 ? -0.0f : random_value(rng), random_value(rng), random_value(rng)};
  auto value = [&] { return constant ? k : Vec3{random_value(rng), random_value(rng), random_value(rng)}; };
  if (kind <= 3) {
    std::vector<PositionKey> keys;
    for (float t : times) keys.push_back({t, value()});
    c.type = lin;
    c.keys = keys;
  } else if (kind == 4) {
    std::vector<TcbPositionKey> keys;
    for (float t : times) keys.push_back({t, value(), random_value(rng) / 20, random_value(rng) / 20, 0.1f, 0.2f, 0.3f});
    c.type = tcb;
    c.keys = keys;
  } else {
    std::vector<BezierPositionKey> keys;
    static const uint32_t kModes[] = {bezier_mode::kAutoSmooth, bezier_mode::kLinear, bezier_mode::kStep,
                                      bezier_mode::kFast, bezier_mode::kSlow, bezier_mode::kTangents};
    for (float t : times) {
      BezierPositionKey key;
      key.time = t;
      key.value = value();
      key.flags = kModes[rng() % 6] | (kModes[rng() % 6] << bezier_mode::kOutShift);
      key.in_tangent = {random_value(rng), random_value(rng), random_value(rng)};
      key.out_tangent = {random_value(rng), random_value(rng), random_value(rng)};
      keys.push_back(key);
    }
    c.type = bezier;
    c.keys = keys;
  }
  return c;
}

// A rotation / scale-axis controller at `times`: linear or TCB, rotations
// close (Slerp's linear branch) or far apart, zero quaternions now and then.
QuatController random_quat_controller(std::mt19937& rng, const std::vector<float>& times, uint32_t lin, uint32_t tcb) {
  QuatController c;
  const bool close = rng() % 2 == 0;
  Quat q = random_quat(rng, Quat{}, false);
  auto value = [&] {
    q = random_quat(rng, q, close);
    if (rng() % 50 == 0) return Quat{0, 0, 0, 0};
    return rng() % 5 == 0 ? Quat{-q.x, -q.y, -q.z, -q.w} : q;
  };
  if (rng() % 4 != 0) {
    std::vector<RotationKey> keys;
    for (float t : times) keys.push_back({t, value()});
    c.type = lin;
    c.keys = keys;
  } else {
    std::vector<TcbRotationKey> keys;
    for (float t : times) keys.push_back({t, value(), random_value(rng) / 20, random_value(rng) / 20, 0.0f, 0.1f, 0.0f});
    c.type = tcb;
    c.keys = keys;
  }
  return c;
}

// The keys of one object animation: each track absent or of a random
// layout, sharing the position's times or with times of its own.
void fill_random(ObjectAnimation& a, std::mt19937& rng) {
  const std::vector<float> shared = random_times(rng);
  auto times = [&] { return rng() % 3 == 0 ? random_times(rng) : shared; };
  KeyframeData& k = a.keyframes;
  if (rng() % 8 != 0)
    k.position = random_vector(rng, times(), controller_type::kLinearPosition, controller_type::kTcbPosition,
                               controller_type::kBezierPosition);
  if (rng() % 8 != 0)
    k.rotation = random_quat_controller(rng, times(), controller_type::kLinearRotation, controller_type::kTcbRotation);
  if (rng() % 4 != 0)
    k.scale = random_vector(rng, times(), controller_type::kLinearScale, controller_type::kTcbScale,
                            controller_type::kBezierScale);
  if (rng() % 3 == 0)
    k.scale_axis =
        random_quat_controller(rng, times(), controller_type::kLinearScaleAxis, controller_type::kTcbScaleAxis);
  k.set_length(shared.empty() || std::isnan(shared.back()) ? 10.0f : std::fabs(shared.back()) + 1.0f);
  if (rng() % 6 == 0) {
    static const uint32_t kFlags[] = {object_animation_flag::kIgnorePosition, object_animation_flag::kIgnoreRotation,
                                      object_animation_flag::kIgnoreScale, object_animation_flag::kIgnoreScaleAxis};
    a.flags |= kFlags[rng() % 4];
  }
}

// A scene of random animations: plain ones (one per entity), merged ones
// (blending two sources), and a keyed animation over a root and its
// children, the root with a root offset. Built twice from one seed, the two
// copies are equal; one is driven through contexts / prepared keys, one by
// the plain path.
struct World {
  explicit World(uint32_t seed) {
    std::mt19937 rng(seed);
    const size_t plain = 4 + rng() % 4;
    for (size_t i = 0; i < plain; ++i) add(rng);
    // Merged: A and B are plain animations without entity (sources only).
    for (int m = 0; m < 2; ++m) {
      ObjectAnimation& a = add(rng);
      ObjectAnimation& src_a = sources.emplace_back();
      ObjectAnimation& src_b = sources.emplace_back();
      fill_random(src_a, rng);
      fill_random(src_b, rng);
      a.flags |= object_animation_flag::kMerged;
      static const float kFactors[] = {0.0f, 1.0f, 0.3f};
      a.merge_factor = kFactors[rng() % 3];
      a.merged_a = &src_a;
      a.merged_b = &src_b;
    }
    // Keyed: a root entity and two children, one animation each.
    Entity3d& root = entities.emplace_back();
    keyed.root_entity = &root;
    for (int c = 0; c < 3; ++c) {
      ObjectAnimation& a = keyed_anims.emplace_back();
      fill_random(a, rng);
      if (c == 0) {
        a.entity = &root;
        a.app_vector = Vec3{random_value(rng), 1.0f, -0.0f};
      } else {
        Entity3d& e = entities.emplace_back();
        e.set_parent(&root, false);
        a.entity = &e;
      }
      keyed.animations.push_back(&a);
    }
    keyed.length = keyed_anims.front().length();
    if (seed % 2) keyed.character_id = 9;
    link_keyed_animation(keyed);
  }

  ObjectAnimation& add(std::mt19937& rng) {
    ObjectAnimation& a = anims.emplace_back();
    a.entity = &entities.emplace_back();
    fill_random(a, rng);
    return a;
  }

  std::deque<Entity3d> entities;
  std::deque<ObjectAnimation> anims, sources, keyed_anims;
  KeyedAnimation keyed;
};

// A random walk in time over [-3, length + 3]: steps forward and backward
// (quarter frames, which land on key times from either side), the same time
// again, jumps, exact key times, NaN and infinities.
struct Walk {
  float next(std::mt19937& rng, float length, const std::vector<float>& key_times) {
    const int move = static_cast<int>(rng() % 40);
    if (move == 0) return t = std::uniform_real_distribution<float>(-3.0f, length + 3.0f)(rng);
    if (move == 1 && !key_times.empty()) return t = key_times[rng() % key_times.size()];
    if (move == 2) return kNan;
    if (move == 3) return rng() % 2 ? kInf : -kInf;
    if (move < 6) return t;                                             // the same time again
    if (move < 10) return t += rng() % 2 ? 0.25f : -0.25f;              // quarter frames
    if (move < 24) return t += 1.25f;                                   // forward, 60 Hz
    if (move < 30) return t -= 1.5f;                                    // backward
    return t += std::uniform_real_distribution<float>(-4.0f, 4.0f)(rng);  // either way
  }
  float t = 0.0f;
};

std::vector<float> key_times_of(const ObjectAnimation& a) {
  std::vector<float> out;
  if (a.keyframes.position)
    if (auto* k = std::get_if<std::vector<PositionKey>>(&a.keyframes.position->keys))
      for (const PositionKey& key : *k) out.push_back(key.time);
  return out;
}

// The paths this machine can run (the scalar one always).
std::vector<math::BatchPath> batch_paths() {
  std::vector<math::BatchPath> p{math::BatchPath::kScalar};
  for (math::BatchPath q : {math::BatchPath::kAvx2, math::BatchPath::kAvx512})
    if (math::batch_path_available(q)) p.push_back(q);
  return p;
}

constexpr int kWorlds = 40;
constexpr int kSteps = 600;

// sample_animation and PreparedAnimation::sample, with and without a
// context (fresh, carried along, reset, copied), against sample_animation
// without context; each walk forward, backward and at random.
TEST(PreparedAnimationRandomWalk, SamplesEqualThePlainEvaluation) {
  for (int w = 0; w < kWorlds; ++w) {
    World world(1000 + static_cast<uint32_t>(w));
    std::mt19937 rng(77 + static_cast<uint32_t>(w));
    std::vector<const ObjectAnimation*> all;
    for (const ObjectAnimation& a : world.anims) all.push_back(&a);
    for (const ObjectAnimation& a : world.keyed_anims) all.push_back(&a);
    for (const ObjectAnimation* a : all) {
      const PreparedAnimation prepared(*a);
      PlaybackContext context, prepared_context;
      const std::vector<float> keys = key_times_of(*a);
      Walk walk;
      for (int i = 0; i < kSteps; ++i) {
        if (i == kSteps / 2) {  // a reset context starts over as a fresh one
          context.reset();
          prepared_context.reset();
        }
        const float t = walk.next(rng, a->length(), keys);
        const AnimationSample want = sample_animation(*a, t);
        ASSERT_TRUE(same_values(sample_animation(*a, t, &context), want)) << "world " << w << " t " << t;
        ASSERT_TRUE(same_values(prepared.sample(t), want)) << "world " << w << " t " << t;
        ASSERT_TRUE(same_values(prepared.sample(t, &prepared_context), want)) << "world " << w << " t " << t;
        if (i % 97 == 0) {  // a copy carries on as the original does
          PlaybackContext copy = prepared_context;
          ASSERT_TRUE(same_values(prepared.sample(t + 1.0f, &copy), sample_animation(*a, t + 1.0f)));
        }
      }
    }
  }
}

// set_step of object animations (keys as saved and prepared, with and
// without a context) and of the keyed animation (with and without
// contexts): every entity's local and world matrices as the plain set_step
// leaves them.
TEST(PreparedAnimationRandomWalk, SetStepEqualsThePlainSetStep) {
  for (int w = 0; w < kWorlds; ++w) {
    World now(2000 + static_cast<uint32_t>(w)), plain(2000 + static_cast<uint32_t>(w));
    std::mt19937 rng(99 + static_cast<uint32_t>(w));
    std::vector<PreparedAnimation> prepared;
    for (size_t i = 0; i < now.anims.size(); ++i) prepared.emplace_back(now.anims[i]);
    std::vector<PlaybackContext> contexts(now.anims.size()), keyed_contexts(now.keyed.animations.size());
    Walk walk;
    for (int i = 0; i < kSteps; ++i) {
      const float step = walk.next(rng, 1.0f, {}) / 8.0f;
      const int how = static_cast<int>(rng() % 4);  // saved keys / saved keys + context / prepared / prepared + context
      for (size_t a = 0; a < now.anims.size(); ++a) {
        SetStepOutcome got;
        const SetStepCaller caller{nullptr, rng() % 7 == 0};
        if (how == 0)
          got = set_step(now.anims[a], step, caller);
        else if (how == 1)
          got = set_step(now.anims[a], step, caller, &contexts[a]);
        else if (how == 2)
          got = set_step(now.anims[a], prepared[a], step, caller);
        else
          got = set_step(now.anims[a], prepared[a], step, caller, &contexts[a]);
        ASSERT_EQ(got, set_step(plain.anims[a], step, caller));
        ASSERT_EQ(std::memcmp(&now.anims[a].step, &plain.anims[a].step, sizeof(float)), 0);
      }
      if (how % 2)
        set_step(now.keyed, step, keyed_contexts);
      else
        set_step(now.keyed, step);
      set_step(plain.keyed, step);
      ASSERT_EQ(std::memcmp(&now.keyed.step, &plain.keyed.step, sizeof(float)), 0);
      for (size_t e = 0; e < now.entities.size(); ++e) {
        ASSERT_TRUE(same_matrix(now.entities[e].local_matrix(), plain.entities[e].local_matrix()))
            << "world " << w << " step " << step << " entity " << e;
        ASSERT_TRUE(same_matrix(now.entities[e].world_matrix(), plain.entities[e].world_matrix()))
            << "world " << w << " step " << step << " entity " << e;
      }
    }
  }
}

// sample_world_batch, with and without contexts, on every path, against the
// plain evaluation composed (compose_matrix of sample_animation) and against
// PreparedAnimation::sample one track at a time, contexts included; batches
// of every length around the vector width and the chunk, tracks walked
// forward, backward and at random.
TEST(PreparedAnimationRandomWalk, BatchEqualsThePlainEvaluationAndOneAtATime) {
  for (int w = 0; w < kWorlds / 4; ++w) {
    World world(3000 + static_cast<uint32_t>(w));
    std::mt19937 rng(5 + static_cast<uint32_t>(w));
    std::vector<PreparedAnimation> prepared;
    for (const ObjectAnimation& a : world.anims) prepared.emplace_back(a);
    for (math::BatchPath path : batch_paths()) {
      for (size_t n : {1u, 7u, 8u, 9u, 31u, 32u, 33u, 70u}) {
        std::vector<const PreparedAnimation*> anims(n);
        for (size_t i = 0; i < n; ++i) anims[i] = &prepared[rng() % prepared.size()];
        std::vector<PlaybackContext> contexts(n), one_contexts(n);
        std::vector<Walk> walks(n);
        std::vector<float> times(n);
        std::vector<Matrix> got(n);
        for (int tick = 0; tick < kSteps / 4; ++tick) {
          for (size_t i = 0; i < n; ++i) times[i] = walks[i].next(rng, anims[i]->source().length(), {});
          const bool with_context = tick % 5 != 4;
          sample_world_batch(anims, times, with_context ? std::span<PlaybackContext>(contexts) : std::span<PlaybackContext>(),
                             got, path);
          for (size_t i = 0; i < n; ++i) {
            const AnimationSample want = sample_animation(anims[i]->source(), times[i]);
            ASSERT_TRUE(same_matrix(got[i], math::compose_matrix(want.position, want.scale, want.rotation)))
                << "world " << w << " n " << n << " track " << i << " t " << times[i];
            const AnimationSample s = anims[i]->sample(times[i], with_context ? &one_contexts[i] : nullptr);
            ASSERT_TRUE(same_matrix(got[i], math::compose_matrix(s.position, s.scale, s.rotation)));
            if (with_context) {
              ASSERT_EQ(contexts[i].segment, one_contexts[i].segment);
            }
          }
        }
      }
    }
  }
}

}  // namespace
