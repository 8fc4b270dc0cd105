// export/ck_export.cpp: MenuLevel's curve exported onto get_pos's path, and
// a lone zero-length animation refused when named (a note otherwise).
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

namespace retroanim {
namespace {

// ---- files read back with tinygltf's loader ----

tinygltf::Model load(const std::string& path) {
  tinygltf::TinyGLTF loader;
  tinygltf::Model m;
  std::string err, warn;
  const bool ok = path.ends_with(".glb") ? loader.LoadBinaryFromFile(&m, &err, &warn, path)
                                         : loader.LoadASCIIFromFile(&m, &err, &warn, path);
  EXPECT_TRUE(ok) << err;
  return m;
}
std::vector<float> floats(const tinygltf::Model& m, int accessor) {
  const tinygltf::Accessor& a = m.accessors[static_cast<size_t>(accessor)];
  const tinygltf::BufferView& v = m.bufferViews[static_cast<size_t>(a.bufferView)];
  const size_t n = a.count * static_cast<size_t>(tinygltf::GetNumComponentsInType(static_cast<uint32_t>(a.type)));
  const auto* p = reinterpret_cast<const float*>(m.buffers[static_cast<size_t>(v.buffer)].data.data() + v.byteOffset + a.byteOffset);
  return std::vector<float>(p, p + n);
}
int node_named(const tinygltf::Model& m, const std::string& name) {
  for (size_t i = 0; i < m.nodes.size(); ++i)
    if (m.nodes[i].name == name) return static_cast<int>(i);
  return -1;
}

std::string shell_quote(const std::string& s) { return "'" + s + "'"; }

// Checks that `curve`'s exported line lies on get_pos's path (each vertex
// taken to world by the curve's world matrix, found on the path by a search
// over the step), and its vertex counts.
void expect_curve_on_path(const tinygltf::Model& m, const ck::Curve& curve) {
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
const std::string& demo_dir() {
  static const std::string dir = [] {
    std::string d = test::temp_dir() + "/demo";
    test::CliResult r = test::run_cli("demo --out " + shell_quote(d));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return d;
  }();
  return dir;
}

TEST(CkExport, MenuCurveLiesOnGetPosPath) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  gltf::CkExportOptions opt;
  opt.names = {"I_MenuLevel_Curve"};
  ck::Scene scene = ck::io::load_scene_file(path);
  const std::string out = test::temp_dir() + "/curve.gltf";
  gltf::write_asset(gltf::export_ck_scene(scene, opt), out);
  expect_curve_on_path(load(out), *scene.curve("I_MenuLevel_Curve"));
}

// ---- bad input: one error line, exit 2, nothing left in the output folder ----

TEST(CkExportErrors, ZeroLengthVirtoolsAnimationNamed) {
  // A lone object animation of length 0, named: refused; not named: a note.
  ck::Scene scene = ck::io::load_scene_file(demo_dir() + "/ck_play_demo.nmo");
  ck::ObjectAnimation* anim = scene.object_animation("Record Anim");
  ASSERT_NE(anim, nullptr);
  anim->keyframes.set_length(0.0f);
  gltf::CkExportOptions opt;
  opt.names = {"Record Anim"};
  EXPECT_THROW(gltf::export_ck_scene(scene, opt), Error);
  gltf::Asset all = gltf::export_ck_scene(scene, {});
  ASSERT_FALSE(all.notes.empty());
  EXPECT_NE(all.notes[0].find("zero frames"), std::string::npos);
}

}  // namespace
}  // namespace retroanim
