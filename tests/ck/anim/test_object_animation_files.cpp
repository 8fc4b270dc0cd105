// Acceptance on the real Ballance files (issue 4): Record Anim in MenuLevel.nmo
// and the UFO arms of PH/PE_Balloon.nmo. Objects are found by name and class.
#include <algorithm>
#include <bit>
#include <array>
#include <cmath>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "anim_test_support.h"

#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/math/transform_compose.h"
#include "support/test_support.h"
#include "support/ck_expect.h"
#include "support/math_expect.h"

using retroanim::test::expect_matrix;

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::anim_test;

TEST(ObjectAnimationFiles, RecordAnimMatchesTheSpecOnMenuLevel) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene scene = io::load_scene_file(path);
  ObjectAnimation* anim = scene.object_animation("Record Anim");
  ASSERT_NE(anim, nullptr) << "Record Anim";
  ASSERT_NE(anim->entity, nullptr);
  EXPECT_EQ(anim->entity->name, "I_Ball_Stone");
  EXPECT_EQ(anim->length(), 4445.0f);
  EXPECT_EQ(anim->flags, 0u);
  ASSERT_TRUE(anim->keyframes.position && anim->keyframes.rotation && anim->keyframes.scale);
  const auto& pos = std::get<std::vector<PositionKey>>(anim->keyframes.position->keys);
  const auto& rot = std::get<std::vector<RotationKey>>(anim->keyframes.rotation->keys);
  const auto& scl = std::get<std::vector<PositionKey>>(anim->keyframes.scale->keys);
  ASSERT_EQ(pos.size(), 4445u);
  ASSERT_EQ(rot.size(), 4445u);
  ASSERT_EQ(scl.size(), 4445u);
  Entity3d& stone = *anim->entity;

  // Step 0: the stone's saved position (spec 5.2).
  set_step(*anim, 0.0f);
  Vec3 p = stone.world_matrix().row(3);
  EXPECT_NEAR(p.x, -19.664f, 1e-3f);
  EXPECT_NEAR(p.y, 8.446f, 1e-3f);
  EXPECT_NEAR(p.z, -39.114f, 1e-3f);

  // Between keys: lerp / slerp / compose written out here from spec 5.3-5.4.
  auto independent = [&](float frame) {
    size_t i = static_cast<size_t>(std::floor(frame));  // keys are at 0, 1, 2, ...
    float f = (frame - pos[i].time) / (pos[i + 1].time - pos[i].time);
    Vec3 v = pos[i].value + (pos[i + 1].value - pos[i].value) * f;
    Vec3 s = scl[i].value + (scl[i + 1].value - scl[i].value) * f;
    Quat q0 = rot[i].value, q1 = rot[i + 1].value;
    float d = q0.x * q1.x + q0.y * q1.y + q0.z * q1.z + q0.w * q1.w;
    float sign = d < 0 ? -1.0f : 1.0f;
    d = std::fabs(d);
    float k0 = 1 - f, k1 = f;
    if (1 - d > 0.01f) {
      float th = std::acos(d);
      k0 = std::sin((1 - f) * th) / std::sin(th);
      k1 = std::sin(f * th) / std::sin(th);
    }
    k1 *= sign;
    Quat q{k0 * q0.x + k1 * q1.x, k0 * q0.y + k1 * q1.y, k0 * q0.z + k1 * q1.z, k0 * q0.w + k1 * q1.w};
    float n = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w, k = 2 / n;
    Matrix m;
    m[0][0] = (1 - k * (q.y * q.y + q.z * q.z)) * s.x;
    m[0][1] = k * (q.x * q.y - q.w * q.z) * s.x;
    m[0][2] = k * (q.x * q.z + q.w * q.y) * s.x;
    m[1][0] = k * (q.x * q.y + q.w * q.z) * s.y;
    m[1][1] = (1 - k * (q.x * q.x + q.z * q.z)) * s.y;
    m[1][2] = k * (q.y * q.z - q.w * q.x) * s.y;
    m[2][0] = k * (q.x * q.z - q.w * q.y) * s.z;
    m[2][1] = k * (q.y * q.z + q.w * q.x) * s.z;
    m[2][2] = (1 - k * (q.x * q.x + q.y * q.y)) * s.z;
    m[3][0] = v.x;
    m[3][1] = v.y;
    m[3][2] = v.z;
    return m;
  };
  for (float step : {0.1234f, 0.25f, 0.5f, 0.61803f, 0.9999f}) {
    float frame = step * 4445.0f;
    if (frame >= 4444.0f) continue;  // beyond the last key time: clamped (below)
    set_step(*anim, step);
    expect_matrix(stone.world_matrix(), independent(frame), 1e-5f);
  }

  // At and beyond both ends: clamped to the first / last keys.
  set_step(*anim, -0.5f);
  Matrix first = stone.world_matrix();
  set_step(*anim, 0.0f);
  EXPECT_EQ(stone.world_matrix(), first);
  set_step(*anim, 4444.0f / 4445.0f);
  Matrix last = stone.world_matrix();
  set_step(*anim, 1.0f);
  EXPECT_EQ(stone.world_matrix(), last);
  set_step(*anim, 3.0f);
  EXPECT_EQ(stone.world_matrix(), last);
  EXPECT_NEAR(last[3][0], pos.back().value.x, 1e-6f);
}

// The eight UFO arm animations of PE_Balloon.nmo (class 15, found by name).
// The file holds no keyed animation (no class 18 object): the arms are
// played as standalone object animations, as Play Animation 3D Entity would.
constexpr const char* kUfoArms[] = {"PE_UFO_Arm_A_01", "PE_UFO_Arm_A_02", "PE_UFO_Arm_A_03", "PE_UFO_Arm_A_04",
                                    "PE_UFO_Arm_B_01", "PE_UFO_Arm_B_02", "PE_UFO_Arm_B_03", "PE_UFO_Arm_B_04"};

// The eight arm animations of `scene`, in kUfoArms order; fails the test when one is missing.
std::vector<ObjectAnimation*> ufo_arms(const Scene& scene) {
  std::vector<ObjectAnimation*> arms;
  for (const char* name : kUfoArms) {
    ObjectAnimation* anim = scene.object_animation(name);
    EXPECT_NE(anim, nullptr) << name;
    if (anim) arms.push_back(anim);
  }
  return arms;
}

// Geodesic distance between the rotations of two quaternions on the unit
// sphere (half the rotation angle between them), in double: 2 atan2(|a-b|, |a+b|)
// after normalising and choosing the closer sign. Accurate for tiny angles.
double quat_distance(Quat qa, Quat qb) {
  double a[4] = {qa.x, qa.y, qa.z, qa.w}, b[4] = {qb.x, qb.y, qb.z, qb.w};
  double na = 0, nb = 0, d = 0;
  for (int i = 0; i < 4; ++i) {
    na += a[i] * a[i];
    nb += b[i] * b[i];
    d += a[i] * b[i];
  }
  na = std::sqrt(na);
  nb = std::sqrt(nb);
  double sign = d < 0 ? -1.0 : 1.0, diff = 0, sum = 0;
  for (int i = 0; i < 4; ++i) {
    double u = a[i] / na, v = sign * b[i] / nb;
    diff += (u - v) * (u - v);
    sum += (u + v) * (u + v);
  }
  return 2.0 * std::atan2(std::sqrt(diff), std::sqrt(sum));
}

// An upper bound on the angular speed (geodesic distance per frame, as
// quat_distance measures it) of the TCB rotation on segment (k, k+1) when T, C,
// B and the eases are 0, from the neighbouring keys only. With g_j the key
// distances, dt_j the segment lengths and f the Kochanek-Bartels spacing
// factors (2 dt_k / (dt_{k-1} + dt_k) and 2 dt_k / (dt_k + dt_{k+1}), 1 at the
// end keys), the tangents are |T_out(k)| <= f_out (g_{k-1} + g_k) / 2 and
// |T_in(k+1)| <= f_in (g_k + g_{k+1}) / 2; the squad control points lie at
// da = |T_out - g_k| / 2 from q_k and db = |g_k - T_in| / 2 from q_{k+1}. The
// squad r(u) = p(u) exp(h(u) log(p⁻¹ s)) with p = slerp(q_k, q_k+1), s =
// slerp(a, b), h = 2u(1-u) then has |r'| <= |p'| + |h'| D + h |L'|, with
// |p'| = g_k, |s'| <= da + g_k + db, |h'| <= 2, h <= 1/2, D = d(p, s) <=
// (da + db + g_k + |s'|) / 2 and |L'| <= (|p'| + |s'|) D / sin D. Per frame:
// divided by dt_k.
double tcb_rotation_speed_bound(const std::vector<TcbRotationKey>& keys, size_t k) {
  auto g = [&](size_t j) { return quat_distance(keys[j].value, keys[j + 1].value); };
  auto dt = [&](size_t j) { return static_cast<double>(keys[j + 1].time) - keys[j].time; };
  size_t n = keys.size();
  double gk = g(k), gp = k > 0 ? g(k - 1) : 0.0, gn = k + 2 < n ? g(k + 1) : 0.0;
  double f_out = k > 0 ? 2 * dt(k) / (dt(k - 1) + dt(k)) : 1.0;
  double f_in = k + 2 < n ? 2 * dt(k) / (dt(k) + dt(k + 1)) : 1.0;
  double t_out = f_out * (gp + gk) / 2, t_in = f_in * (gk + gn) / 2;
  double da = (t_out + gk) / 2, db = (gk + t_in) / 2;
  double ds = da + gk + db;
  double d = (da + db + gk + ds) / 2;
  double sinc = d > 0 ? d / std::sin(std::min(d, 3.0)) : 1.0;
  double speed_u = gk + 2 * d + 0.5 * (gk + ds) * sinc;
  return speed_u / dt(k);
}

TEST(ObjectAnimationFiles, UfoArmsAreTheEightTcbArmAnimations) {
  RETROANIM_REQUIRE_BALLANCE(path, "PH/PE_Balloon.nmo");
  Scene scene = io::load_scene_file(path);
  EXPECT_EQ(scene.keyed_animation("UFO_Animation"), nullptr) << "the file has no class-18 object";
  std::vector<ObjectAnimation*> arms = ufo_arms(scene);
  ASSERT_EQ(arms.size(), 8u);
  for (ObjectAnimation* anim : arms) {
    ASSERT_NE(anim->entity, nullptr) << anim->name;
    EXPECT_EQ(anim->entity->name, anim->name);
    EXPECT_EQ(anim->flags, 0u) << anim->name;
    EXPECT_EQ(anim->length(), 100.0f) << anim->name;
    ASSERT_TRUE(anim->keyframes.rotation) << anim->name;
    EXPECT_EQ(anim->keyframes.rotation->type, controller_type::kTcbRotation) << anim->name;
    EXPECT_EQ(anim->keyframes.rotation->key_count(), 6u) << anim->name;
    ASSERT_TRUE(anim->keyframes.scale) << anim->name;
    EXPECT_EQ(anim->keyframes.scale->key_count(), 1u) << anim->name;
    EXPECT_FALSE(anim->keyframes.position) << anim->name;
  }
  // Spec 5.2: PE_UFO_Arm_A_03's keys are at 0, 35, 59, 70, 75, 100 with T/C/B/eases all 0.
  const auto& keys = std::get<std::vector<TcbRotationKey>>(arms[2]->keyframes.rotation->keys);
  const float times[] = {0, 35, 59, 70, 75, 100};
  retroanim::test::expect_plain_tcb_keys(keys, times);
}

TEST(ObjectAnimationFiles, UfoArmsHitTheirKeysExactly) {
  RETROANIM_REQUIRE_BALLANCE(path, "PH/PE_Balloon.nmo");
  Scene scene = io::load_scene_file(path);
  std::vector<ObjectAnimation*> arms = ufo_arms(scene);
  ASSERT_EQ(arms.size(), 8u);
  for (ObjectAnimation* anim : arms) {
    const auto& keys = std::get<std::vector<TcbRotationKey>>(anim->keyframes.rotation->keys);
    Vec3 scale = std::get<std::vector<PositionKey>>(anim->keyframes.scale->keys).at(0).value;
    Vec3 row3 = anim->entity->local_matrix().row(3);  // no position track: kept from the local matrix
    for (const auto& k : keys) {
      // At a key's time the squad's outer weight 2u(1-u) and one slerp weight
      // are exactly 0, so the value is the key's quaternion (or its negation,
      // the same rotation, when it was moved to q0's hemisphere).
      Quat q;
      ASSERT_TRUE(evaluate_rotation(*anim, k.time, q)) << anim->name;
      bool same = q == k.value || q == Quat{-k.value.x, -k.value.y, -k.value.z, -k.value.w};
      EXPECT_TRUE(same) << anim->name << " key t=" << k.time << ": " << q.x << " " << q.y << " " << q.z << " "
                        << q.w << " vs " << k.value.x << " " << k.value.y << " " << k.value.z << " " << k.value.w;
      // SetStep at step = time / length: its frame (step * length, in float)
      // can miss the key by an ulp (0.59f * 100 = 59.000004, and no float
      // step gives exactly 59), so the local matrix is compose(kept position,
      // scale key, rotation at that frame) exactly, and the key's own matrix
      // to within the motion of an ulp of a frame (1e-6).
      float len = anim->length(), step = k.time / len, frame = step * len;
      EXPECT_LE(std::fabs(frame - k.time), std::nextafter(k.time, 1e9f) - k.time) << anim->name;
      ASSERT_EQ(set_step(*anim, step), SetStepOutcome::kApplied);
      Quat at_frame;
      ASSERT_TRUE(evaluate_rotation(*anim, frame, at_frame));
      EXPECT_EQ(anim->entity->local_matrix(), math::compose_matrix(row3, scale, at_frame))
          << anim->name << " key t=" << k.time;
      if (frame == k.time) {
        EXPECT_EQ(anim->entity->local_matrix(), math::compose_matrix(row3, scale, k.value))
            << anim->name << " key t=" << k.time;
      } else {
        SCOPED_TRACE(anim->name + " key t=" + std::to_string(k.time));
        expect_matrix(anim->entity->local_matrix(), math::compose_matrix(row3, scale, k.value), 1e-6f);
      }
    }
  }
}

TEST(ObjectAnimationFiles, UfoArmsSampleContinuouslyOverTheirWholeLength) {
  RETROANIM_REQUIRE_BALLANCE(path, "PH/PE_Balloon.nmo");
  Scene scene = io::load_scene_file(path);
  std::vector<ObjectAnimation*> arms = ufo_arms(scene);
  ASSERT_EQ(arms.size(), 8u);
  constexpr int kPerFrame = 20;  // samples 0.05 frames apart
  for (ObjectAnimation* anim : arms) {
    const auto& keys = std::get<std::vector<TcbRotationKey>>(anim->keyframes.rotation->keys);
    Vec3 scale = std::get<std::vector<PositionKey>>(anim->keyframes.scale->keys).at(0).value;
    float max_scale = std::max({std::fabs(scale.x), std::fabs(scale.y), std::fabs(scale.z)});
    double worst_ratio = 0.0;
    Quat prev_q;
    Matrix prev_local;
    const int first = -kPerFrame, last = static_cast<int>(anim->length()) * kPerFrame + kPerFrame;
    for (int i = first; i <= last; ++i) {
      float frame = static_cast<float>(i) / kPerFrame;
      ASSERT_EQ(set_step(*anim, frame / anim->length()), SetStepOutcome::kApplied) << anim->name;
      const Matrix& local = anim->entity->local_matrix();
      ASSERT_TRUE(math::is_finite(local)) << anim->name << " frame " << frame;
      ASSERT_TRUE(math::is_finite(anim->entity->world_matrix())) << anim->name << " frame " << frame;
      Quat q;
      ASSERT_TRUE(evaluate_rotation(*anim, frame, q));
      ASSERT_TRUE(std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w));
      if (i > first) {
        // The bound of the segments the two samples touch (clamped outside the keys: no motion).
        float f0 = std::clamp(frame - 1.0f / kPerFrame, keys.front().time, keys.back().time);
        float f1 = std::clamp(frame, keys.front().time, keys.back().time);
        double bound = 0.0;
        for (size_t k = 0; k + 1 < keys.size(); ++k)
          if (keys[k + 1].time >= f0 && keys[k].time <= f1)
            bound = std::max(bound, tcb_rotation_speed_bound(keys, k) * (f1 - f0));
        double step = quat_distance(prev_q, q);
        // 1e-6: float rounding of the evaluated quaternion.
        EXPECT_LE(step, bound + 1e-6) << anim->name << " jump at frame " << frame;
        if (bound > 0) worst_ratio = std::max(worst_ratio, step / bound);
        // Matrix entries of a rotation by angle phi = 2 * distance move by at
        // most phi, times the row's scale; the position row does not move.
        for (int r = 0; r < 3; ++r)
          for (int c = 0; c < 3; ++c)
            EXPECT_LE(std::fabs(local[r][c] - prev_local[r][c]), 2.0 * (bound + 1e-6) * max_scale + 1e-6)
                << anim->name << " frame " << frame << " [" << r << "][" << c << "]";
        EXPECT_EQ(local.row(3), prev_local.row(3));
      }
      prev_q = q;
      prev_local = local;
    }
    // The bound is not vacuous: the fastest step uses a fair part of it.
    EXPECT_GT(worst_ratio, 0.1) << anim->name;
  }
}

TEST(ObjectAnimationFiles, UfoArmKeyZeroReproducesTheSavedWorldMatrix) {
  RETROANIM_REQUIRE_BALLANCE(path, "PH/PE_Balloon.nmo");
  Scene saved = io::load_scene_file(path);
  Scene played = io::load_scene_file(path);
  std::vector<ObjectAnimation*> arms = ufo_arms(played);
  ASSERT_EQ(arms.size(), 8u);
  for (ObjectAnimation* arm : arms) {
    ASSERT_NE(arm->entity, nullptr);
    Entity3d* saved_entity = saved.entity(arm->entity->name);
    ASSERT_NE(saved_entity, nullptr);
    ASSERT_EQ(set_step(*arm, 0.0f), SetStepOutcome::kApplied);
    SCOPED_TRACE(arm->name);
    // 1e-5: the saved matrix is float data written by the tool, the played one
    // is QuatToMatrix of the key: a few float ulps apart.
    expect_matrix(arm->entity->world_matrix(), saved_entity->world_matrix(), 1e-5f);
    expect_matrix(arm->entity->local_matrix(), saved_entity->local_matrix(), 1e-5f);
  }
}

}  // namespace

// sample_rotation gives sample_animation's rotation bit for bit, with and
// without a context, for every object animation of MenuLevel.nmo (the UFO
// arms' and the stone's among them) at 2,000 times going forward and back.
TEST(ObjectAnimationFiles, SampleRotationIsSampleAnimationsRotation) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene s = io::load_scene_file(path);
  size_t checked = 0;
  for (const ObjectRecord& r : s.objects()) {
    if (!r.object_animation) continue;
    const ObjectAnimation& a = *r.object_animation;
    PlaybackContext ctx;
    for (int i = 0; i < 2000; ++i) {
      const float t = a.keyframes.length * static_cast<float>(i < 1000 ? i : 2000 - i) / 1000.0f;
      const AnimationSample full = sample_animation(a, t);
      math::Quat q, qc;
      const bool has = sample_rotation(a, t, q);
      ASSERT_EQ(has, (full.present & sample_bit::kRotation) != 0) << r.name;
      ASSERT_EQ(sample_rotation(a, t, qc, &ctx), has);
      if (!has) continue;
      const auto bits = [](const math::Quat& v) {
        return std::array<uint32_t, 4>{std::bit_cast<uint32_t>(v.x), std::bit_cast<uint32_t>(v.y),
                                       std::bit_cast<uint32_t>(v.z), std::bit_cast<uint32_t>(v.w)};
      };
      ASSERT_EQ(bits(q), bits(full.rotation)) << r.name << " t " << t;
      ASSERT_EQ(bits(qc), bits(full.rotation)) << r.name << " t " << t;
      ++checked;
    }
  }
  EXPECT_GE(checked, 2000u);
}
