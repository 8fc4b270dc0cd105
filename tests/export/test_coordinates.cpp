// export/coordinates.h: the coordinate changes as matrix identities on
// random transforms (Virtools C·Lᵀ·C, Asheron's Call A·F·A⁻¹).
#include <gtest/gtest.h>

#include <tiny_gltf.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "export/coordinates.h"
#include "export/gltf_export.h"
#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/math/transform_compose.h"
#include "support/test_support.h"
#include "support/gltf_test_support.h"

namespace retroanim {
namespace {

using namespace retroanim::gltf_test;

math::Quat random_quat(std::mt19937& rng) {
  std::normal_distribution<float> n;
  math::Quat q{n(rng), n(rng), n(rng), n(rng)};
  return math::normalize(q);
}

TEST(GltfCoordinates, VirtoolsTrsIsCLtC) {
  std::mt19937 rng(16);
  std::uniform_real_distribution<float> u(-50.0f, 50.0f), s(0.2f, 3.0f);
  for (int i = 0; i < 500; ++i) {
    const math::Vec3 pos{u(rng), u(rng), u(rng)}, scale{s(rng), s(rng), s(rng)};
    const math::Quat rot = random_quat(rng);
    const math::Matrix l = math::compose_matrix(pos, scale, rot);  // the Virtools local matrix
    const M4 want = mul(mul(kC, transpose_of(l)), kC);
    // The node matrix of a static node is C·Lᵀ·C exactly.
    const std::array<double, 16> g = gltf::ck_node_matrix(l);
    for (int k = 0; k < 16; ++k) ASSERT_EQ(g[k], want[k]);
    // The TRS of an animated node (from the components, and through decompose_matrix).
    EXPECT_LT(max_diff(trs(vec(gltf::ck_point(pos)), vec(gltf::ck_rotation(rot)), vec(gltf::ck_scale(scale))), want), 2e-6);
    const math::DecomposedMatrix d = math::decompose_matrix(l);
    EXPECT_LT(max_diff(trs(vec(gltf::ck_point(d.position)), vec(gltf::ck_rotation(d.rotation)), vec(gltf::ck_scale(d.scale))),
                       want),
              1e-5);
    // A point: G·(C p) = C·(p·L) for the row vector p.
    const math::Vec3 p{u(rng), u(rng), u(rng)};
    const math::Vec3 pl = math::multiply_matrix_vector(l, p);
    const gltf::Vec3d cp = gltf::ck_point(p), cpl = gltf::ck_point(pl);
    for (int r = 0; r < 3; ++r) {
      double v = want[12 + r];
      for (int k = 0; k < 3; ++k) v += want[k * 4 + r] * cp[static_cast<size_t>(k)];
      EXPECT_NEAR(v, cpl[static_cast<size_t>(r)], 1e-4 * std::max(1.0, std::fabs(v)));
    }
  }
}

TEST(GltfCoordinates, AsheronsCallTrsIsAFAinverse) {
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> u(-50.0f, 50.0f), s(0.2f, 3.0f);
  const M4 a = {1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1};  // (x, y, z) -> (x, z, -y)
  const M4 a_inv = {1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1};
  ASSERT_EQ(mul(a, a_inv), diag(1, 1, 1, 1));
  for (int i = 0; i < 500; ++i) {
    const math::Quat q = random_quat(rng);
    math::Frame f({u(rng), u(rng), u(rng)}, q.w, q.x, q.y, q.z);
    // F as a column-vector transform: f.m is column-major (m[0..2] the image of x).
    const M4 fm = {f.m[0], f.m[1], f.m[2], 0, f.m[3], f.m[4], f.m[5], 0,
                   f.m[6], f.m[7], f.m[8], 0, f.origin.x, f.origin.y, f.origin.z, 1};
    const M4 want = mul(mul(a, fm), a_inv);
    EXPECT_LT(max_diff(trs(vec(gltf::ac_point(f.origin)), vec(gltf::ac_rotation(f.qw, f.qx, f.qy, f.qz)), {1, 1, 1}), want),
              2e-6);
    const math::Vec3 sc{s(rng), s(rng), s(rng)};
    const gltf::Vec3d gs = gltf::ac_scale(sc);
    EXPECT_EQ(mul(mul(a, diag(sc.x, sc.y, sc.z, 1)), a_inv), diag(gs[0], gs[1], gs[2], 1));
  }
}

// ---- bad input: one error line, exit 2, nothing left in the output folder ----

}  // namespace
}  // namespace retroanim
