// sample_world_batch: on every path this machine has (scalar, AVX2, AVX-512),
// each matrix is bit for bit compose_matrix of sample_animation (the
// reference, spec 5.3-5.4), and the hints end as PreparedAnimation::sample
// leaves them: Record Anim-shaped tracks walked forward, backward and at
// random, batches of every length around the vector width, and mixed lanes
// (other layouts, flags, clamps, NaN / infinite frames and keys, Slerp's acos
// branch, zero quaternions, constant tracks).
#include <algorithm>
#include <cmath>
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
#include "retroanim/ck/anim/prepared_animation_batch.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/math/batch_path.h"
#include "retroanim/math/transform_compose.h"
#include "support/test_support.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::anim_test;
using math::BatchPath;

// The paths this machine can run (the scalar one always).
std::vector<BatchPath> paths() {
  std::vector<BatchPath> p{BatchPath::kScalar};
  for (BatchPath q : {BatchPath::kAvx2, BatchPath::kAvx512})
    if (math::batch_path_available(q)) p.push_back(q);
  return p;
}

const char* path_name(BatchPath p) {
  return p == BatchPath::kScalar ? "scalar" : (p == BatchPath::kAvx2 ? "avx2" : "avx512");
}

// The reference: the matrix composed from sample_animation's sample.
Matrix reference(const ObjectAnimation& a, float frame) {
  const AnimationSample s = sample_animation(a, frame);
  return math::compose_matrix(s.position, s.scale, s.rotation);
}

// Linear position / rotation / scale keys at `times` (the Record Anim layout).
// Rotations step by up to `turn` per component (0.01: Slerp's linear branch;
// 1: mostly its acos branch); `zero_every` > 0 puts a zero quaternion key
// every so many keys.
void fill_prs(ObjectAnimation& a, const std::vector<float>& times, std::mt19937& rng, float turn, int zero_every = 0) {
  std::uniform_real_distribution<float> val(-10.0f, 10.0f), step(-turn, turn);
  std::vector<PositionKey> pos, scale;
  std::vector<RotationKey> rot;
  Quat q = math::normalize(Quat{val(rng), val(rng), val(rng), val(rng)});
  for (size_t i = 0; i < times.size(); ++i) {
    pos.push_back({times[i], {val(rng), val(rng), val(rng)}});
    scale.push_back({times[i], {val(rng), val(rng), val(rng)}});
    q = math::normalize(Quat{q.x + step(rng), q.y + step(rng), q.z + step(rng), q.w + step(rng)});
    // Some keys on the other hemisphere (Slerp's negated weight).
    const bool flip = rng() % 5 == 0;
    Quat k = flip ? Quat{-q.x, -q.y, -q.z, -q.w} : q;
    if (zero_every > 0 && i % static_cast<size_t>(zero_every) == 3) k = Quat{0, 0, 0, 0};
    rot.push_back({times[i], k});
  }
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, pos);
  a.keyframes.scale = linear_vec(controller_type::kLinearScale, scale);
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, rot);
  a.keyframes.set_length(times.empty() ? 0.0f : times.back());
}

std::vector<float> uniform_times(int n) {
  std::vector<float> t;
  for (int i = 0; i < n; ++i) t.push_back(static_cast<float>(i));
  return t;
}

// One batch on `path`: every matrix equals the reference bitwise, and each
// hint equals the one a PreparedAnimation::sample driven copy (`mirror`) holds.
void expect_batch(const std::vector<const PreparedAnimation*>& anims, const std::vector<float>& frames,
                  std::vector<PlaybackContext>* hints, std::vector<PlaybackContext>* mirror, BatchPath path) {
  std::vector<Matrix> out(anims.size());
  sample_world_batch(anims, frames, hints ? std::span<PlaybackContext>(*hints) : std::span<PlaybackContext>(), out, path);
  for (size_t i = 0; i < anims.size(); ++i) {
    const Matrix want = reference(anims[i]->source(), frames[i]);
    ASSERT_EQ(std::memcmp(&out[i], &want, sizeof(Matrix)), 0)
        << path_name(path) << ": track " << i << " of " << anims.size() << ", frame " << frames[i];
    if (hints) {
      anims[i]->sample(frames[i], &(*mirror)[i]);
      ASSERT_EQ((*hints)[i].segment, (*mirror)[i].segment) << path_name(path) << ": hint of track " << i;
    }
  }
}

TEST(PreparedAnimationBatch, RecordAnimShapedTracksWalkedForwardBackwardAndAtRandom) {
  std::mt19937 rng(11);
  const std::vector<float> times = uniform_times(4445);
  std::vector<ObjectAnimation> keys(6);
  for (ObjectAnimation& a : keys) fill_prs(a, times, rng, 0.01f);
  std::vector<PreparedAnimation> prepared;
  for (const ObjectAnimation& a : keys) prepared.emplace_back(a);
  ASSERT_NE(prepared[0].position_rotation_scale(), nullptr);  // the vector path's layout
  for (BatchPath path : paths()) {
    const size_t n = 45;  // neither a multiple of 8 nor of 32
    std::vector<const PreparedAnimation*> anims;
    std::vector<float> frames(n);
    for (size_t i = 0; i < n; ++i) {
      anims.push_back(&prepared[i % prepared.size()]);
      frames[i] = static_cast<float>((i * 97) % 4445);
    }
    std::vector<PlaybackContext> hints(n), mirror(n);
    // 60 Hz forward (75 frames per second) through both ends, then backward.
    for (int tick = 0; tick < 4000; ++tick) {
      for (size_t i = 0; i < n; ++i) {
        frames[i] += tick < 2500 ? 1.25f : -1.5f;
        if (frames[i] > 4446.0f) frames[i] -= 4448.0f;
        if (frames[i] < -2.0f) frames[i] += 4448.0f;
      }
      expect_batch(anims, frames, &hints, &mirror, path);
    }
    // Random frames, with and without hints, and exact key times.
    std::uniform_real_distribution<float> any(-3.0f, 4448.0f);
    for (int round = 0; round < 300; ++round) {
      for (size_t i = 0; i < n; ++i) frames[i] = round % 3 == 0 ? static_cast<float>(rng() % 4445) : any(rng);
      expect_batch(anims, frames, round % 2 ? &hints : nullptr, &mirror, path);
    }
  }
}

TEST(PreparedAnimationBatch, EveryBatchLengthAroundTheVectorWidth) {
  std::mt19937 rng(12);
  ObjectAnimation a;
  fill_prs(a, uniform_times(200), rng, 0.01f);
  PreparedAnimation p(a);
  std::uniform_real_distribution<float> any(0.0f, 199.0f);
  for (BatchPath path : paths()) {
    for (size_t n : {0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100}) {
      std::vector<const PreparedAnimation*> anims(n, &p);
      std::vector<float> frames(n);
      for (float& f : frames) f = any(rng);
      std::vector<PlaybackContext> hints(n), mirror(n);
      expect_batch(anims, frames, &hints, &mirror, path);
      expect_batch(anims, frames, nullptr, nullptr, path);
    }
  }
}

TEST(PreparedAnimationBatch, ShorterSpansLimitTheBatchAndLeaveTheRestAlone) {
  std::mt19937 rng(13);
  ObjectAnimation a;
  fill_prs(a, uniform_times(50), rng, 0.01f);
  PreparedAnimation p(a);
  for (BatchPath path : paths()) {
    std::vector<const PreparedAnimation*> anims(20, &p);
    std::vector<float> frames(20, 10.5f);
    std::vector<PlaybackContext> hints(11);
    Matrix marker;
    marker.m[0][0] = 42.0f;
    std::vector<Matrix> out(20, marker);
    sample_world_batch(anims, frames, hints, out, path);  // 11 hints: 11 tracks
    for (size_t i = 0; i < 20; ++i) {
      const Matrix want = i < 11 ? reference(a, 10.5f) : marker;
      EXPECT_EQ(std::memcmp(&out[i], &want, sizeof(Matrix)), 0) << path_name(path) << " " << i;
    }
    EXPECT_EQ(hints[10].segment[0], 11u);
    std::fill(out.begin(), out.end(), marker);
    sample_world_batch(anims, std::span<const float>(frames).first(3), {}, out, path);  // 3 frames: 3 tracks
    EXPECT_NE(std::memcmp(&out[2], &marker, sizeof(Matrix)), 0);
    EXPECT_EQ(std::memcmp(&out[3], &marker, sizeof(Matrix)), 0);
  }
}

TEST(PreparedAnimationBatch, MixedLanesFollowTheReferenceOnEveryPath) {
  std::mt19937 rng(14);
  const std::vector<float> times = uniform_times(64);
  // Animations for every kind of lane.
  std::vector<ObjectAnimation> keys(16);
  fill_prs(keys[0], times, rng, 0.01f);                 // vector path
  fill_prs(keys[1], times, rng, 1.0f);                  // Slerp's acos branch on most segments
  fill_prs(keys[2], times, rng, 0.01f, 7);              // zero quaternions
  fill_prs(keys[3], times, rng, 0.01f);
  keys[3].flags = object_animation_flag::kIgnoreScale;  // flags
  fill_prs(keys[4], times, rng, 0.01f);
  keys[4].keyframes.scale_axis =
      linear_quat(controller_type::kLinearScaleAxis, {{0, {0, 0, 0, 1}}, {63, {0.6f, 0, 0, 0.8f}}});  // 14-float records
  fill_prs(keys[5], times, rng, 0.01f);
  keys[5].keyframes.scale = linear_vec(controller_type::kLinearScale, {{0, {2, 2, 2}}, {63, {2, 2, 2}}});  // other times
  fill_prs(keys[6], times, rng, 0.01f);
  {
    std::vector<PositionKey> constant;  // a constant track
    for (float t : times) constant.push_back({t, {3, 3, 3}});
    keys[6].keyframes.scale = linear_vec(controller_type::kLinearScale, constant);
  }
  fill_prs(keys[7], times, rng, 0.01f);
  keys[7].keyframes.position.reset();                   // missing position
  fill_prs(keys[8], times, rng, 0.01f);
  {
    auto& pos = std::get<std::vector<PositionKey>>(keys[8].keyframes.position->keys);
    pos[10].value.y = kNan;  // NaN and infinite keys
    pos[20].value.x = kInf;
    std::get<std::vector<RotationKey>>(keys[8].keyframes.rotation->keys)[30].value.w = kInf;
    std::get<std::vector<PositionKey>>(keys[8].keyframes.scale->keys)[40].value.z = -kInf;
  }
  fill_prs(keys[9], {0}, rng, 0.01f);                   // one key
  fill_prs(keys[10], times, rng, 0.01f);
  {
    VectorController tcb;                               // a TCB track: not packed
    tcb.type = controller_type::kTcbPosition;
    tcb.keys = std::vector<TcbPositionKey>{{0, {1, 1, 1}, 0.5f, 0, 0, 0, 0}, {30, {2, 2, 2}}, {63, {1, 3, 1}}};
    keys[10].keyframes.position = tcb;
  }
  fill_prs(keys[11], {0, 1, 1, 5, 3, 9, 12}, rng, 0.01f);  // unordered times: the binary search
  ObjectAnimation src_a, src_b;
  fill_prs(src_a, times, rng, 0.01f);
  fill_prs(src_b, {0, 20, 40}, rng, 0.01f);
  fill_prs(keys[12], times, rng, 0.01f);
  keys[12].flags = object_animation_flag::kMerged;     // an active merge
  keys[12].merged_a = &src_a;
  keys[12].merged_b = &src_b;
  keys[12].merge_factor = 0.4f;
  fill_prs(keys[13], times, rng, 0.01f);
  KeyedAnimation keyed;                                 // a keyed animation's root: offset added
  keyed.root_animation = &keys[13];
  keyed.root_offset = {1.5f, -2.0f, 0.25f};
  keys[13].keyed = &keyed;
  fill_prs(keys[14], times, rng, 0.01f);
  keys[14].keyed = &keyed;                              // in a keyed animation, not its root: vector path
  fill_prs(keys[15], {0, 1e-3f, 2e-3f, 40.0f, 40.0f, 63.0f}, rng, 0.01f);  // tiny and zero-length segments
  std::vector<PreparedAnimation> prepared;
  for (const ObjectAnimation& a : keys) prepared.emplace_back(a);
  EXPECT_NE(prepared[0].position_rotation_scale(), nullptr);
  EXPECT_NE(prepared[14].position_rotation_scale(), nullptr);
  for (size_t k : {3, 4, 5, 6, 7, 10, 12, 13}) EXPECT_EQ(prepared[k].position_rotation_scale(), nullptr) << k;

  std::uniform_real_distribution<float> any(-5.0f, 70.0f), small(-2.0f, 2.0f);
  for (BatchPath path : paths()) {
    const size_t n = 101;
    std::vector<const PreparedAnimation*> anims(n);
    std::vector<float> frames(n);
    std::vector<PlaybackContext> hints(n), mirror(n);
    for (int round = 0; round < 2000; ++round) {
      for (size_t i = 0; i < n; ++i) {
        // Lanes mostly on the vector path with the odd other kind among them.
        anims[i] = &prepared[rng() % 3 == 0 ? rng() % prepared.size() : (rng() % 2 ? 0 : 14)];
        const int kind = static_cast<int>(rng() % 16);
        float& f = frames[i];
        if (kind == 0) f = kNan;
        else if (kind == 1) f = rng() % 2 ? kInf : -kInf;
        else if (kind == 2) f = static_cast<float>(rng() % 64);
        else if (kind == 3) f = std::nextafter(static_cast<float>(rng() % 64), rng() % 2 ? kInf : -kInf);
        else if (kind < 8 && std::isfinite(f)) f += small(rng);  // a walk (hints reused)
        else f = any(rng);
      }
      expect_batch(anims, frames, round % 4 == 3 ? nullptr : &hints, &mirror, path);
    }
  }
}

TEST(PreparedAnimationBatch, RecordAnimOnMenuLevelMatchesOnEveryPath) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene scene = io::load_scene_file(path);
  ObjectAnimation* anim = scene.object_animation("Record Anim");
  ASSERT_NE(anim, nullptr);
  PreparedAnimation p(*anim);
  ASSERT_NE(p.position_rotation_scale(), nullptr);  // the game's track takes the vector path
  for (BatchPath bp : paths()) {
    const size_t n = 24;
    std::vector<const PreparedAnimation*> anims(n, &p);
    std::vector<float> frames(n);
    std::vector<PlaybackContext> hints(n), mirror(n);
    for (size_t i = 0; i < n; ++i) frames[i] = static_cast<float>(i) * 190.0f - 10.0f;
    for (int tick = 0; tick < 3600; ++tick) {  // a minute at 60 Hz
      for (float& f : frames) f += 1.25f;
      expect_batch(anims, frames, &hints, &mirror, bp);
    }
  }
}

}  // namespace
