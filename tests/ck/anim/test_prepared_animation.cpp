// PreparedAnimation (the structure-of-arrays playback path): every sample is
// bit for bit what sample_animation gives, whatever the keys (uniform, uneven,
// repeated, unordered, NaN), the time (inside, on a key, an ulp off a key,
// outside, NaN, infinite), the hint (none, fresh, stale) and the flags.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim_test_support.h"

#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/anim/prepared_animation.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/math/transform_compose.h"
#include "support/test_support.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::anim_test;

// Keys at `times` with random values; rotations far apart (Slerp's acos path)
// or close (its linear path), `close` choosing.
void fill_random(ObjectAnimation& a, const std::vector<float>& times, std::mt19937& rng, bool close_rotations) {
  std::uniform_real_distribution<float> val(-10.0f, 10.0f), tiny(-0.01f, 0.01f);
  std::vector<PositionKey> pos, scale;
  std::vector<RotationKey> rot, axis;
  Quat q = math::normalize(Quat{val(rng), val(rng), val(rng), val(rng)});
  for (float t : times) {
    pos.push_back({t, {val(rng), val(rng), val(rng)}});
    scale.push_back({t, {val(rng), val(rng), val(rng)}});
    if (close_rotations)
      q = math::normalize(Quat{q.x + tiny(rng), q.y + tiny(rng), q.z + tiny(rng), q.w + tiny(rng)});
    else
      q = math::normalize(Quat{val(rng), val(rng), val(rng), val(rng)});
    rot.push_back({t, q});
    axis.push_back({t, math::normalize(Quat{val(rng), val(rng), val(rng), val(rng)})});
  }
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, pos);
  a.keyframes.scale = linear_vec(controller_type::kLinearScale, scale);
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, rot);
  a.keyframes.scale_axis = linear_quat(controller_type::kLinearScaleAxis, axis);
  a.keyframes.set_length(times.empty() ? 0.0f : times.back());
}

// Samples `a` along a random walk (small steps both ways, jumps, exact key
// times, an ulp beside them, outside both ends, NaN and infinities) through a
// context and without; both must equal sample_animation bitwise.
void expect_walk_identical(const ObjectAnimation& a, const std::vector<float>& times, std::mt19937& rng, int steps) {
  PreparedAnimation prepared(a);
  PlaybackContext context;
  PlaybackContext stale;
  stale.segment = {1000000u, 3u, 0u, 7u};
  float lo = times.empty() ? 0.0f : times.front(), hi = times.empty() ? 1.0f : times.back();
  std::uniform_real_distribution<float> small(-3.0f, 3.0f), anywhere(lo - 5.0f, hi + 5.0f);
  float frame = lo;
  for (int i = 0; i < steps; ++i) {
    int move = static_cast<int>(rng() % 24);
    if (move == 0) frame = anywhere(rng);
    else if (move == 1 && !times.empty()) frame = times[rng() % times.size()];
    else if (move == 2 && !times.empty()) frame = std::nextafter(times[rng() % times.size()], (rng() & 1) ? kInf : -kInf);
    else if (move == 3) frame = (rng() % 3 == 0) ? kNan : ((rng() & 1) ? kInf : -kInf);
    else if (move == 4 || !std::isfinite(frame)) frame = lo + (hi - lo) * 0.5f;
    else frame += small(rng) * (move < 14 ? 0.25f : 1.0f);
    AnimationSample want = sample_animation(a, frame);
    ASSERT_TRUE(same_bits(prepared.sample(frame, &context), want)) << "hinted, frame " << frame;
    ASSERT_TRUE(same_bits(prepared.sample(frame), want)) << "no hint, frame " << frame;
    PlaybackContext copy = stale;
    ASSERT_TRUE(same_bits(prepared.sample(frame, &copy), want)) << "stale hint, frame " << frame;
  }
}

TEST(PreparedAnimation, UniformKeysLikeRecordAnimAreBitIdentical) {
  std::mt19937 rng(1);
  for (bool close : {true, false}) {
    std::vector<float> times;
    for (int i = 0; i < 4445; ++i) times.push_back(static_cast<float>(i));
    ObjectAnimation a;
    fill_random(a, times, rng, close);
    PreparedAnimation p(a);
    EXPECT_TRUE(p.packed());
    EXPECT_EQ(p.key_time_arrays(), 1u);  // the four tracks share one time array
    expect_walk_identical(a, times, rng, 30000);
    // Every key time and the frames a 60 Hz playback at 75 frames/s visits.
    PlaybackContext hint;
    for (float f = -2.0f; f < 4447.0f; f += 1.25f) ASSERT_TRUE(same_bits(p.sample(f, &hint), sample_animation(a, f)));
    for (float t : times) ASSERT_TRUE(same_bits(p.sample(t), sample_animation(a, t))) << t;
  }
}

TEST(PreparedAnimation, LargeRecordArraysStartOnEveryCacheLineOfAPage) {
  // 64 Record Anim-shaped animations (position, rotation and scale: 3,000
  // keys of 10 floats, 120 KB of records each) prepared one after another:
  // record 0 of each starts on a different line of a 4 KB page, so that
  // sampling them all at one key does not crowd one L1 set; a copy samples
  // the same. A small array is not padded.
  std::mt19937 rng(11);
  std::vector<float> times;
  for (int i = 0; i < 3000; ++i) times.push_back(static_cast<float>(i));
  std::vector<std::unique_ptr<ObjectAnimation>> anims;
  std::vector<std::unique_ptr<PreparedAnimation>> prepared;
  std::vector<int> lines;
  for (int i = 0; i < 64; ++i) {
    anims.push_back(std::make_unique<ObjectAnimation>());
    fill_random(*anims.back(), times, rng, true);
    anims.back()->keyframes.scale_axis.reset();
    prepared.push_back(std::make_unique<PreparedAnimation>(*anims.back()));
    const KeyGroup* g = prepared.back()->position_rotation_scale();
    ASSERT_NE(g, nullptr);
    ASSERT_EQ(g->stride, PreparedAnimation::kPrsRecord);
    ASSERT_GE(g->values.size(), g->first + times.size() * g->stride);
    const uintptr_t at = reinterpret_cast<uintptr_t>(g->records());
    ASSERT_EQ(at % 64, 0u) << "record 0 starts a cache line";
    lines.push_back(static_cast<int>(at % 4096 / 64));
  }
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(std::unique(lines.begin(), lines.end()) - lines.begin(), 64) << "64 different lines of a page";
  for (const auto& p : prepared)
    for (float f : {0.5f, 1234.25f, 2998.75f}) ASSERT_TRUE(same_bits(p->sample(f), sample_animation(p->source(), f)));
  const PreparedAnimation copy = *prepared[5];
  for (float f = -1.0f; f < 3001.0f; f += 0.75f) ASSERT_TRUE(same_bits(copy.sample(f), sample_animation(*anims[5], f)));

  ObjectAnimation small;
  fill_random(small, {0, 1, 2, 3}, rng, true);
  small.keyframes.scale_axis.reset();
  const PreparedAnimation ps(small);
  ASSERT_NE(ps.position_rotation_scale(), nullptr);
  EXPECT_EQ(ps.position_rotation_scale()->first, 0u);
  EXPECT_EQ(ps.position_rotation_scale()->values.size(), 4 * PreparedAnimation::kPrsRecord);
}

TEST(PreparedAnimation, UnevenRepeatedAndFractionalTimesAreBitIdentical) {
  std::mt19937 rng(2);
  for (int trial = 0; trial < 8; ++trial) {
    std::vector<float> times;
    float t = trial % 2 ? -37.3f : 0.0f;
    size_t n = trial == 0 ? 1 : (trial == 1 ? 2 : 50 + 400 * static_cast<size_t>(trial));
    for (size_t i = 0; i < n; ++i) {
      times.push_back(t);
      int kind = static_cast<int>(rng() % 10);
      // Repeated times, long gaps, tiny gaps and fractional steps: the guess
      // from the mean spacing is often wrong, the walk or the search fix it.
      t += kind == 0 ? 0.0f : (kind == 1 ? 40.0f : (kind == 2 ? 1e-3f : 0.37f));
    }
    ObjectAnimation a;
    fill_random(a, times, rng, trial % 3 == 0);
    expect_walk_identical(a, times, rng, 20000);
  }
}

TEST(PreparedAnimation, TracksWithDifferentTimesEachKeepTheirOwn) {
  std::mt19937 rng(3);
  ObjectAnimation a;
  fill_random(a, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, rng, false);
  auto& pos = std::get<std::vector<PositionKey>>(a.keyframes.position->keys);
  for (size_t i = 0; i < pos.size(); ++i) pos[i].time = static_cast<float>(i * i) * 0.1f;
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {{2, {0, 0, 0, 1}}, {3, {0, 0, 1, 0}}});
  PreparedAnimation p(a);
  EXPECT_EQ(p.key_time_arrays(), 3u);
  std::vector<float> times;
  for (float t = -1.0f; t < 12.0f; t += 0.5f) times.push_back(t);
  expect_walk_identical(a, times, rng, 5000);
}

TEST(PreparedAnimation, UnorderedAndNanKeyTimesUseTheBinarySearch) {
  std::mt19937 rng(4);
  std::vector<float> unordered{0, 8, 3, 3, 10, 9, 12, 1, 20};
  ObjectAnimation a;
  fill_random(a, unordered, rng, false);
  expect_walk_identical(a, unordered, rng, 5000);
  std::vector<float> with_nan{0, 1, 2, kNan, 4, 5, 6};
  ObjectAnimation b;
  fill_random(b, with_nan, rng, false);
  b.keyframes.set_length(6.0f);
  expect_walk_identical(b, {0, 1, 2, 4, 5, 6}, rng, 5000);
  std::vector<float> infinite{-kInf, 0, 1, 2, kInf};
  ObjectAnimation c;
  fill_random(c, infinite, rng, false);
  expect_walk_identical(c, {-3, 0, 1, 2, 3}, rng, 5000);
}

TEST(PreparedAnimation, ConstantTracksKeepNegativeZeroAndNanRules) {
  // A constant track is not re-interpolated, but gives the lerp's bits:
  // -0 keys give +0 between keys, and NaN / infinite values are not constant.
  for (Vec3 v : {Vec3{-0.0f, 1.0f, -2.5f}, Vec3{kNan, 0, 0}, Vec3{kInf, 1, 1}, Vec3{1, 1, 1}}) {
    ObjectAnimation a;
    a.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, v}, {1, v}, {2, v}, {3, v}});
    a.keyframes.scale = linear_vec(controller_type::kLinearScale, {{0, v}, {3, v}});
    a.keyframes.set_length(3.0f);
    PreparedAnimation p(a);
    for (float f : {-1.0f, 0.0f, 0.5f, 1.0f, 2.75f, 3.0f, 4.0f, kNan}) {
      EXPECT_TRUE(same_bits(p.sample(f), sample_animation(a, f))) << v.x << " at " << f;
    }
  }
}

TEST(PreparedAnimation, FlagsMissingTracksTcbMergedAndRootOffsetFollowTheReference) {
  std::mt19937 rng(5);
  std::vector<float> times{0, 1, 2, 3, 4, 5, 6, 7, 8};
  ObjectAnimation a;
  fill_random(a, times, rng, false);
  for (uint32_t flags : {0x04u, 0x08u, 0x10u, 0x40u, 0x5Cu}) {
    a.flags = flags;
    PreparedAnimation p(a);
    for (float f = -1.0f; f < 10.0f; f += 0.3f) ASSERT_TRUE(same_bits(p.sample(f), sample_animation(a, f))) << flags;
  }
  a.flags = 0;
  // Missing and empty tracks.
  a.keyframes.scale.reset();
  a.keyframes.scale_axis = linear_quat(controller_type::kLinearScaleAxis, {});
  {
    PreparedAnimation p(a);
    EXPECT_TRUE(p.packed());
    for (float f = -1.0f; f < 10.0f; f += 0.3f) ASSERT_TRUE(same_bits(p.sample(f), sample_animation(a, f)));
  }
  // A TCB track: sampled through sample_animation (with the context's saved-key tracks).
  VectorController tcb;
  tcb.type = controller_type::kTcbScale;
  tcb.keys = std::vector<TcbPositionKey>{{0, {1, 1, 1}, 0.5f, 0, 0, 0, 0}, {4, {2, 2, 2}}, {8, {1, 3, 1}}};
  a.keyframes.scale = tcb;
  {
    PreparedAnimation p(a);
    EXPECT_FALSE(p.packed());
    expect_walk_identical(a, times, rng, 2000);
    // The context's saved-key tracks are made on first use and copied with it.
    PlaybackContext h;
    EXPECT_EQ(h.saved, nullptr);
    for (float f = 0.0f; f < 5.0f; f += 0.7f) ASSERT_TRUE(same_bits(p.sample(f, &h), sample_animation(a, f)));
    ASSERT_NE(h.saved, nullptr);
    PlaybackContext copy = h;
    copy = h;
    ASSERT_NE(copy.saved, nullptr);
    EXPECT_NE(copy.saved.get(), h.saved.get());
    for (float f = 5.0f; f < 9.0f; f += 0.7f) ASSERT_TRUE(same_bits(p.sample(f, &copy), sample_animation(a, f)));
  }
  a.keyframes.scale.reset();
  // Merged animations: the blend of two sources, as sample_animation does it.
  ObjectAnimation src_a, src_b;
  fill_random(src_a, times, rng, false);
  fill_random(src_b, {0, 2, 4}, rng, false);
  a.flags = object_animation_flag::kMerged;
  a.merged_a = &src_a;
  a.merged_b = &src_b;
  a.merge_factor = 0.3f;
  {
    PreparedAnimation p(a);
    for (float f = -1.0f; f < 10.0f; f += 0.3f) ASSERT_TRUE(same_bits(p.sample(f), sample_animation(a, f)));
  }
  a.flags = 0;
  // The keyed animation's root offset, read at each sample.
  KeyedAnimation keyed;
  keyed.root_animation = &a;
  keyed.root_offset = {1.5f, -2.0f, 0.25f};
  a.keyed = &keyed;
  PreparedAnimation p(a);
  for (float f = -1.0f; f < 10.0f; f += 0.3f) ASSERT_TRUE(same_bits(p.sample(f), sample_animation(a, f)));
  keyed.root_offset = {0, 7, 0};
  EXPECT_TRUE(same_bits(p.sample(2.5f), sample_animation(a, 2.5f)));
}

TEST(PreparedAnimation, SetStepThroughPreparedKeysWritesTheSameMatrices) {
  std::mt19937 rng(6);
  std::vector<float> times{0, 1, 2, 3, 4, 5, 6, 7, 8};
  Entity3d parent, e1, e2;
  e1.set_parent(&parent, false);
  e2.set_parent(&parent, false);
  parent.set_world_matrix(math::compose_matrix({1, 2, 3}, {2, 2, 2}, math::normalize(Quat{0.1f, 0.2f, 0.3f, 0.9f})));
  ObjectAnimation a1, a2;
  fill_random(a1, times, rng, false);
  a1.keyframes.scale_axis.reset();
  a2 = a1;
  a1.entity = &e1;
  a2.entity = &e2;
  PreparedAnimation p(a1);
  PlaybackContext context;
  for (float s = -0.1f; s < 1.1f; s += 0.013f) {
    ASSERT_EQ(set_step(a1, p, s, {}, &context), SetStepOutcome::kApplied);
    ASSERT_EQ(set_step(a2, s), SetStepOutcome::kApplied);
    ASSERT_EQ(e1.local_matrix(), e2.local_matrix()) << s;
    ASSERT_EQ(e1.world_matrix(), e2.world_matrix()) << s;
    EXPECT_EQ(a1.step, s);
  }
  // Prepared from another animation: a2's own keys are used.
  a2.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {9, 9, 9}}});
  ASSERT_EQ(set_step(a2, p, 0.5f), SetStepOutcome::kApplied);
  EXPECT_EQ(e2.local_matrix().row(3), (Vec3{9, 9, 9}));
  a1.entity = nullptr;
  EXPECT_EQ(set_step(a1, p, 0.5f), SetStepOutcome::kNoEntity);
}

TEST(PreparedAnimation, RecordAnimIsBitIdenticalOnMenuLevel) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene scene = io::load_scene_file(path);
  ObjectAnimation* anim = scene.object_animation("Record Anim");
  ASSERT_NE(anim, nullptr);
  PreparedAnimation p(*anim);
  EXPECT_TRUE(p.packed());
  EXPECT_EQ(p.key_time_arrays(), 1u);
  PlaybackContext hint;
  // 60 Hz for the whole 59.246 s, then random times.
  for (float f = 0.0f; f < 4446.0f; f += 75.0f / 60.0f)
    ASSERT_TRUE(same_bits(p.sample(f, &hint), sample_animation(*anim, f))) << f;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> any(-1.0f, 4446.0f);
  for (int i = 0; i < 20000; ++i) {
    float f = any(rng);
    ASSERT_TRUE(same_bits(p.sample(f), sample_animation(*anim, f))) << f;
  }
}

}  // namespace
