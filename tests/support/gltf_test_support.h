// Helpers of the glTF export tests (tests/export, tests/cli/test_cli_export.cpp):
// column-major 4x4 matrices as glTF holds them, files read back with tinygltf's
// loader, the check that an exported curve lies on CKCurve::GetPos's path, and
// the demo's files made once per test program.
#pragma once

#include <tiny_gltf.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "retroanim/ck/scene/curve.h"
#include "retroanim/math/matrix.h"
#include "retroanim/math/transform_compose.h"
#include "support/test_support.h"

namespace retroanim::gltf_test {

using M4 = std::array<double, 16>;  // column-major, as glTF

inline M4 mul(const M4& a, const M4& b) {
  M4 r{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row)
      for (int k = 0; k < 4; ++k) r[c * 4 + row] += a[k * 4 + row] * b[c * 4 + k];
  return r;
}
inline M4 diag(double a, double b, double c, double d) { return {a, 0, 0, 0, 0, b, 0, 0, 0, 0, c, 0, 0, 0, 0, d}; }
// Lᵀ as a column-major array: element (i, j) of Lᵀ is L[j][i].
inline M4 transpose_of(const math::Matrix& l) {
  M4 r{};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) r[j * 4 + i] = l.m[j][i];
  return r;
}
// glTF's T·R·S from a node's translation, rotation (x, y, z, w) and scale.
inline M4 trs(const std::vector<double>& t, const std::vector<double>& q, const std::vector<double>& s) {
  const double x = q[0], y = q[1], z = q[2], w = q[3];
  M4 r = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z),     2 * (x * z - w * y),     0,
          2 * (x * y - w * z),     1 - 2 * (x * x + z * z), 2 * (y * z + w * x),     0,
          2 * (x * z + w * y),     2 * (y * z - w * x),     1 - 2 * (x * x + y * y), 0,
          t[0],                    t[1],                    t[2],                    1};
  for (int c = 0; c < 3; ++c)
    for (int k = 0; k < 3; ++k) r[c * 4 + k] *= s[c];
  return r;
}
template <class A>
inline std::vector<double> vec(const A& a) {
  return std::vector<double>(a.begin(), a.end());
}
inline double max_diff(const M4& a, const M4& b) {
  double d = 0;
  for (int i = 0; i < 16; ++i) d = std::max(d, std::fabs(a[i] - b[i]) / std::max(1.0, std::fabs(b[i])));
  return d;
}
inline const M4 kC = diag(1, 1, -1, 1);


// ---- files read back with tinygltf's loader ----

inline tinygltf::Model load(const std::string& path) {
  tinygltf::TinyGLTF loader;
  tinygltf::Model m;
  std::string err, warn;
  const bool ok = path.ends_with(".glb") ? loader.LoadBinaryFromFile(&m, &err, &warn, path)
                                         : loader.LoadASCIIFromFile(&m, &err, &warn, path);
  EXPECT_TRUE(ok) << err;
  return m;
}
inline std::vector<float> floats(const tinygltf::Model& m, int accessor) {
  const tinygltf::Accessor& a = m.accessors[static_cast<size_t>(accessor)];
  const tinygltf::BufferView& v = m.bufferViews[static_cast<size_t>(a.bufferView)];
  const size_t n = a.count * static_cast<size_t>(tinygltf::GetNumComponentsInType(static_cast<uint32_t>(a.type)));
  const auto* p = reinterpret_cast<const float*>(m.buffers[static_cast<size_t>(v.buffer)].data.data() + v.byteOffset + a.byteOffset);
  return std::vector<float>(p, p + n);
}
inline int node_named(const tinygltf::Model& m, const std::string& name) {
  for (size_t i = 0; i < m.nodes.size(); ++i)
    if (m.nodes[i].name == name) return static_cast<int>(i);
  return -1;
}

inline std::string shell_quote(const std::string& s) { return "'" + s + "'"; }

// Checks that `curve`'s exported line lies on get_pos's path (each vertex
// taken to world by the curve's world matrix, found on the path by a search
// over the step), and its vertex counts.
inline void expect_curve_on_path(const tinygltf::Model& m, const ck::Curve& curve) {
  const int node = node_named(m, curve.name);
  ASSERT_GE(node, 0);
  ASSERT_GE(m.nodes[static_cast<size_t>(node)].mesh, 0);
  const auto& prim = m.meshes[static_cast<size_t>(m.nodes[static_cast<size_t>(node)].mesh)].primitives.at(0);
  EXPECT_EQ(prim.mode, curve.is_open() ? TINYGLTF_MODE_LINE_STRIP : TINYGLTF_MODE_LINE_LOOP);
  const std::vector<float> pos = floats(m, prim.attributes.at("POSITION"));
  const size_t nv = pos.size() / 3;
  const int segments = curve.is_open() ? curve.control_point_count() - 1 : curve.control_point_count();
  EXPECT_GE(nv, 100u);
  EXPECT_GE(nv, static_cast<size_t>(25 * segments));
  // get_pos densely, then each vertex refined by a ternary search on the step.
  const int dense = 20000;
  std::vector<math::Vec3> path(dense + 1);
  for (int i = 0; i <= dense; ++i) ASSERT_TRUE(curve.get_pos(static_cast<float>(i) / dense, &path[static_cast<size_t>(i)]).ok());
  auto dist = [](math::Vec3 a, math::Vec3 b) { return std::hypot(a.x - b.x, a.y - b.y, a.z - b.z); };
  const double scale = std::max(1.0, static_cast<double>(curve.get_length()));
  double worst = 0;
  for (size_t v = 0; v < nv; ++v) {
    // glTF curve-local (x, y, -z) back to Virtools, then to world.
    const math::Vec3 local{pos[v * 3], pos[v * 3 + 1], -pos[v * 3 + 2]};
    const math::Vec3 w = math::multiply_matrix_vector(curve.world_matrix(), local);
    size_t best = 0;
    for (size_t i = 0; i < path.size(); ++i)
      if (dist(path[i], w) < dist(path[best], w)) best = i;
    double lo = std::max(0.0, (best - 1.0) / dense), hi = std::min(1.0, (best + 1.0) / dense);
    auto at = [&](double s) {
      math::Vec3 p;
      EXPECT_TRUE(curve.get_pos(static_cast<float>(s), &p).ok());
      return dist(p, w);
    };
    for (int it = 0; it < 60; ++it) {
      double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
      if (at(a) < at(b)) hi = b; else lo = a;
    }
    worst = std::max(worst, at((lo + hi) / 2) / scale);
  }
  EXPECT_LT(worst, 1e-5) << curve.name << ": a vertex is off get_pos's path";
}

// The demo's files (retroanim demo), made once.
inline const std::string& demo_dir() {
  static const std::string dir = [] {
    std::string d = test::temp_dir() + "/demo";
    test::CliResult r = test::run_cli("demo --out " + shell_quote(d));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return d;
  }();
  return dir;
}

}  // namespace retroanim::gltf_test
