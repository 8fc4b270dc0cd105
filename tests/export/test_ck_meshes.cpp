// export/ck_meshes.cpp: a Virtools mesh, its materials and an embedded
// texture in the glTF export (built here, read back with tinygltf): positions
// and normals through C, faces re-wound, UVs as stored, one primitive per
// material, the material table, the PNG image and its sampler; a missing
// image is one warning; --no-meshes; MenuLevel.nmo's objects get their meshes.
#include <gtest/gtest.h>

#include <tiny_gltf.h>

#include <cmath>
#include <string>
#include <vector>

#include "export/gltf_export.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "support/test_support.h"

namespace retroanim {
namespace {

tinygltf::Model load(const std::string& path) {
  tinygltf::TinyGLTF loader;
  tinygltf::Model m;
  std::string err, warn;
  EXPECT_TRUE(loader.LoadBinaryFromFile(&m, &err, &warn, path)) << err;
  return m;
}

template <typename T>
std::vector<T> values(const tinygltf::Model& m, int accessor) {
  const tinygltf::Accessor& a = m.accessors[static_cast<size_t>(accessor)];
  const tinygltf::BufferView& v = m.bufferViews[static_cast<size_t>(a.bufferView)];
  const size_t n = a.count * static_cast<size_t>(tinygltf::GetNumComponentsInType(static_cast<uint32_t>(a.type)));
  const auto* p = reinterpret_cast<const T*>(m.buffers[static_cast<size_t>(v.buffer)].data.data() + v.byteOffset + a.byteOffset);
  return std::vector<T>(p, p + n);
}

std::vector<uint32_t> indices(const tinygltf::Model& m, int accessor) {
  const tinygltf::Accessor& a = m.accessors[static_cast<size_t>(accessor)];
  std::vector<uint32_t> out;
  if (a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT) {
    for (uint16_t i : values<uint16_t>(m, accessor)) out.push_back(i);
  } else {
    out = values<uint32_t>(m, accessor);
  }
  return out;
}

int node_named(const tinygltf::Model& m, const std::string& name) {
  for (size_t i = 0; i < m.nodes.size(); ++i)
    if (m.nodes[i].name == name) return static_cast<int>(i);
  return -1;
}

// A 3D object "Quad" with a mesh of 4 vertices and 3 faces: face 0 in slot 0
// (material "Tex", an embedded 2x2 raw texture), face 1 in slot 1 (material
// "Mask": alpha test, two-sided, clamped), face 2 in slot 2 (no material).
ck::Scene quad_scene(bool texture_missing = false) {
  ck::Scene s;
  ck::Entity3d* e = s.add_entity(41, "Quad");
  (void)e;
  auto add = [&](uint32_t cls, const std::string& name) -> ck::ObjectRecord& {
    ck::ObjectRecord r;
    r.class_id = cls;
    r.name = name;
    return s.add_record(r);
  };
  ck::ObjectRecord& tex = add(31, "Checker");
  auto t = std::make_unique<ck::Texture>();
  ck::TextureSlot slot;
  if (texture_missing) {
    slot.file_name = "NoSuchImage.bmp";
  } else {
    slot.source = ck::TextureSource::kRawPixels;
    slot.width = slot.height = 2;
    slot.red = {10, 20, 30, 40};
    slot.green = {0, 0, 0, 0};
    slot.blue = {0, 0, 0, 0};
  }
  t->slots.push_back(slot);
  s.adopt_texture(tex, std::move(t));
  const ck::FileIndex tex_index = tex.file_index;

  ck::ObjectRecord& a = add(30, "Tex");
  auto ma = std::make_unique<ck::Material>();
  ma->diffuse = {0.5f, 0.25f, 1.0f, 1.0f};
  ma->emissive = {0.1f, 0.0f, 0.0f, 1.0f};
  ma->specular = {1, 1, 1, 1};
  ma->specular_power = 30.0f;
  ma->textures[0] = tex_index;
  ma->min_filter = ck::vx::kFilterNearest;
  ma->mag_filter = ck::vx::kFilterNearest;
  s.adopt_material(a, std::move(ma));
  const ck::FileIndex a_index = a.file_index;

  ck::ObjectRecord& b = add(30, "Mask");
  auto mb = std::make_unique<ck::Material>();
  mb->alpha_test = true;
  mb->alpha_ref = 128;
  mb->two_sided = true;
  mb->address_mode = ck::vx::kAddressClamp;
  s.adopt_material(b, std::move(mb));
  const ck::FileIndex b_index = b.file_index;

  ck::ObjectRecord& mr = add(32, "QuadMesh");
  auto m = std::make_unique<ck::Mesh>();
  m->positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 2}};
  // Face 0's front, as Direct3D's clockwise winding has it, is the side its
  // (b - a) x (c - a) points to: +z here.
  m->normals = {{0, 0, 2}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
  m->normals_stored = true;
  m->uvs = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  m->materials = {a_index, b_index, ck::kNoObject};
  m->faces = {{{0, 1, 2}, 0}, {{1, 3, 2}, 1}, {{0, 2, 3}, 2}};
  s.adopt_mesh(mr, std::move(m));
  s.objects()[0].current_mesh = mr.file_index;
  return s;
}

tinygltf::Model exported(ck::Scene& s, gltf::CkExportOptions opt, gltf::Asset* keep = nullptr) {
  gltf::Asset asset = gltf::export_ck_scene(s, opt);
  const std::string out = test::temp_dir() + "/quad.glb";
  gltf::write_asset(asset, out);
  if (keep) *keep = std::move(asset);
  return load(out);
}

}  // namespace

TEST(CkMeshes, QuadWithItsMaterialsAndTexture) {
  ck::Scene s = quad_scene();
  gltf::Asset asset;
  tinygltf::Model m = exported(s, {}, &asset);
  EXPECT_TRUE(asset.warnings.empty());
  const int node = node_named(m, "Quad");
  ASSERT_GE(node, 0);
  const int mesh = m.nodes[static_cast<size_t>(node)].mesh;
  ASSERT_GE(mesh, 0);
  const auto& prims = m.meshes[static_cast<size_t>(mesh)].primitives;
  ASSERT_EQ(prims.size(), 3u);
  int checked = 0;
  for (const tinygltf::Primitive& p : prims) {
    const std::vector<float> pos = values<float>(m, p.attributes.at("POSITION"));
    const std::vector<float> nrm = values<float>(m, p.attributes.at("NORMAL"));
    const std::vector<float> uv = values<float>(m, p.attributes.at("TEXCOORD_0"));
    const std::vector<uint32_t> idx = indices(m, p.indices);
    ASSERT_EQ(idx.size(), 3u);
    if (p.material >= 0 && m.materials[static_cast<size_t>(p.material)].name == "Tex") {
      // Face (0, 1, 2) re-wound to (0, 2, 1): vertices in that order.
      ASSERT_EQ(pos.size(), 9u);
      EXPECT_EQ(std::vector<float>(pos.begin() + 3, pos.begin() + 6), (std::vector<float>{0, 1, -0.0f}));
      EXPECT_EQ(std::vector<float>(uv.begin() + 2, uv.begin() + 4), (std::vector<float>{0, 1}));
      EXPECT_FLOAT_EQ(nrm[2], -1.0f);  // (0, 0, 2) -> (0, 0, -2), made unit
      // The front face is counter-clockwise in glTF: the geometric normal is the stored one.
      const float* a = &pos[3 * idx[0]];
      const float* b = &pos[3 * idx[1]];
      const float* c = &pos[3 * idx[2]];
      const float nz = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
      EXPECT_GT(nz * nrm[2], 0.0f);
      const tinygltf::Material& mat = m.materials[static_cast<size_t>(p.material)];
      EXPECT_EQ(mat.pbrMetallicRoughness.baseColorFactor, (std::vector<double>{0.5, 0.25, 1.0, 1.0}));
      EXPECT_DOUBLE_EQ(mat.pbrMetallicRoughness.metallicFactor, 0.0);
      EXPECT_NEAR(mat.pbrMetallicRoughness.roughnessFactor, std::sqrt(std::sqrt(2.0 / 32.0)), 1e-12);
      EXPECT_NEAR(mat.emissiveFactor[0], 0.1, 1e-7);
      EXPECT_EQ(mat.alphaMode, "OPAQUE");
      EXPECT_FALSE(mat.doubleSided);
      const int tex = mat.pbrMetallicRoughness.baseColorTexture.index;
      ASSERT_GE(tex, 0);
      const tinygltf::Texture& t = m.textures[static_cast<size_t>(tex)];
      const tinygltf::Sampler& smp = m.samplers[static_cast<size_t>(t.sampler)];
      EXPECT_EQ(smp.magFilter, TINYGLTF_TEXTURE_FILTER_NEAREST);
      EXPECT_EQ(smp.minFilter, TINYGLTF_TEXTURE_FILTER_NEAREST);
      EXPECT_EQ(smp.wrapS, TINYGLTF_TEXTURE_WRAP_REPEAT);
      const tinygltf::Image& img = m.images[static_cast<size_t>(t.source)];
      EXPECT_EQ(img.mimeType, "image/png");
      ASSERT_EQ(img.width, 2);
      // tinygltf decodes the PNG: row 0 is the stored bottom row's opposite (stored pixels 2, 3).
      EXPECT_EQ(img.image[0], 30);
      EXPECT_EQ(img.image[4], 40);
      EXPECT_EQ(img.image[8], 10);
      ++checked;
    } else if (p.material >= 0) {
      const tinygltf::Material& mat = m.materials[static_cast<size_t>(p.material)];
      EXPECT_EQ(mat.name, "Mask");
      EXPECT_EQ(mat.alphaMode, "MASK");
      EXPECT_NEAR(mat.alphaCutoff, 128.0 / 255.0, 1e-12);
      EXPECT_TRUE(mat.doubleSided);
      EXPECT_EQ(mat.pbrMetallicRoughness.baseColorTexture.index, -1);
      EXPECT_DOUBLE_EQ(mat.pbrMetallicRoughness.roughnessFactor, 1.0);  // power 0
      // Vertex 3 (1, 1, 2) -> (1, 1, -2).
      bool found = false;
      for (size_t i = 0; i + 2 < pos.size(); i += 3) found = found || (pos[i] == 1 && pos[i + 1] == 1 && pos[i + 2] == -2);
      EXPECT_TRUE(found);
      ++checked;
    } else {
      ++checked;  // no material: glTF's default
    }
  }
  EXPECT_EQ(checked, 3);
}

TEST(CkMeshes, AMissingImageIsOneWarningAndTheExportGoesOn) {
  ck::Scene s = quad_scene(true);
  gltf::Asset asset;
  tinygltf::Model m = exported(s, {}, &asset);
  ASSERT_EQ(asset.warnings.size(), 1u);
  EXPECT_NE(asset.warnings[0].find("texture 'Checker': image 'NoSuchImage.bmp' not found"), std::string::npos)
      << asset.warnings[0];
  EXPECT_TRUE(m.images.empty());
  EXPECT_EQ(m.meshes.size(), 1u);
}

TEST(CkMeshes, NoMeshesKeepsTheNodesOnly) {
  ck::Scene s = quad_scene();
  gltf::CkExportOptions opt;
  opt.meshes = false;
  tinygltf::Model m = exported(s, opt);
  EXPECT_TRUE(m.meshes.empty());
  EXPECT_TRUE(m.materials.empty());
  EXPECT_GE(node_named(m, "Quad"), 0);
}

TEST(CkMeshes, MenuLevelObjectsGetTheirMeshes) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  ck::Scene s = ck::io::load_scene_file(path);
  gltf::Asset asset;
  tinygltf::Model m = exported(s, {}, &asset);
  // The game's texture folder is not among the test files: every used texture is one warning.
  for (const std::string& w : asset.warnings) EXPECT_NE(w.find("not found"), std::string::npos) << w;
  EXPECT_FALSE(asset.warnings.empty());
  size_t with_mesh = 0;
  for (const ck::ObjectRecord& r : s.objects()) {
    if (!r.entity || r.current_mesh == ck::kNoObject) continue;
    const int node = node_named(m, r.name);
    ASSERT_GE(node, 0) << r.name;
    const int mesh = m.nodes[static_cast<size_t>(node)].mesh;
    if (s.at(r.current_mesh)->mesh->faces.empty()) {  // "Point Mesh.Copy": vertices only, nothing to draw
      EXPECT_LT(mesh, 0) << r.name;
      continue;
    }
    ASSERT_GE(mesh, 0) << r.name;
    ++with_mesh;
    // Every face reaches the file, in some primitive.
    size_t triangles = 0;
    for (const tinygltf::Primitive& p : m.meshes[static_cast<size_t>(mesh)].primitives)
      triangles += indices(m, p.indices).size() / 3;
    EXPECT_EQ(triangles, s.at(r.current_mesh)->mesh->faces.size()) << r.name;
  }
  EXPECT_EQ(with_mesh, 30u);
  // The stone ball: 180 faces, its material I_Ball_Stone.
  const int ball = node_named(m, "I_Ball_Stone");
  ASSERT_GE(ball, 0);
  bool stone = false;
  for (const tinygltf::Primitive& p : m.meshes[static_cast<size_t>(m.nodes[static_cast<size_t>(ball)].mesh)].primitives)
    stone = stone || (p.material >= 0 && m.materials[static_cast<size_t>(p.material)].name == "I_Ball_Stone");
  EXPECT_TRUE(stone);
}

}  // namespace retroanim
