// export/gltf_asset.cpp: the glTF model's builder (buffer layout, accessors
// with their bounds, animations, rest TRS, quaternion hemispheres) and the
// writer (.glb, .gltf, an external .bin, refused outputs, no file left behind).
#include <gtest/gtest.h>

#include <tiny_gltf.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "export/builder.h"
#include "retroanim/error.h"
#include "support/test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace retroanim::gltf;

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const retroanim::Error& e) {
    return e.what();
  }
  return "";
}

TEST(GltfAsset, ANewAssetHasOneSceneAndNoBuffer) {
  Asset a;
  const tinygltf::Model& m = a.model().m;
  EXPECT_EQ(m.asset.version, "2.0");
  EXPECT_EQ(m.asset.generator, "retroanim");
  ASSERT_EQ(m.scenes.size(), 1u);
  EXPECT_EQ(m.defaultScene, 0);
  EXPECT_TRUE(m.buffers.empty());
}

TEST(GltfAsset, ViewsStartOnFourByteBoundariesAndAccessorsKnowTheirBounds) {
  Asset a;
  Builder b(a);
  const int idx = b.add_index_accessor({0, 1, 2});  // 6 bytes
  const int pos = b.add_float_accessor({1, -2, 3, -4, 5, 0.5f}, 3, true, TINYGLTF_TARGET_ARRAY_BUFFER);
  const tinygltf::Model& m = a.model().m;
  ASSERT_EQ(m.bufferViews.size(), 2u);
  EXPECT_EQ(m.bufferViews[0].byteOffset, 0u);
  EXPECT_EQ(m.bufferViews[0].byteLength, 6u);
  EXPECT_EQ(m.bufferViews[1].byteOffset, 8u);  // padded from 6 to 8
  EXPECT_EQ(m.bufferViews[1].byteLength, 24u);
  EXPECT_EQ(m.buffers[0].data.size(), 32u);
  const tinygltf::Accessor& i = m.accessors[static_cast<size_t>(idx)];
  EXPECT_EQ(i.componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT);
  EXPECT_EQ(i.count, 3u);
  const tinygltf::Accessor& p = m.accessors[static_cast<size_t>(pos)];
  EXPECT_EQ(p.type, TINYGLTF_TYPE_VEC3);
  EXPECT_EQ(p.count, 2u);
  EXPECT_EQ(p.minValues, (std::vector<double>{-4, -2, 0.5}));
  EXPECT_EQ(p.maxValues, (std::vector<double>{1, 5, 3}));
  EXPECT_TRUE(b.add_float_accessor({1, 2}, 1, false) >= 0);
  EXPECT_TRUE(m.accessors.back().minValues.empty());  // no bounds asked
}

TEST(GltfAsset, NodesAttachToTheSceneOrAParent) {
  Asset a;
  Builder b(a);
  const int root = b.add_node("root");
  const int child = b.add_node("child");
  b.attach(root, -1);
  b.attach(child, root);
  EXPECT_EQ(a.model().m.scenes[0].nodes, std::vector<int>{root});
  EXPECT_EQ(a.model().m.nodes[static_cast<size_t>(root)].children, std::vector<int>{child});
}

TEST(GltfAsset, AnimationsDropChannelsWithoutTimes) {
  Asset a;
  Builder b(a);
  const int n = b.add_node("n");
  EXPECT_FALSE(b.add_animation("empty", {Channel{n, "translation", "LINEAR", {}, {}}}));
  EXPECT_TRUE(a.model().m.animations.empty());
  EXPECT_TRUE(a.model().m.accessors.empty());  // nothing added
  ASSERT_TRUE(b.add_animation("walk", {Channel{n, "translation", "LINEAR", {}, {}},
                                       Channel{n, "rotation", "STEP", {0, 0.5f}, {0, 0, 0, 1, 0, 0, 1, 0}}}));
  const tinygltf::Animation& anim = a.model().m.animations[0];
  ASSERT_EQ(anim.channels.size(), 1u);
  EXPECT_EQ(anim.channels[0].target_path, "rotation");
  EXPECT_EQ(anim.channels[0].target_node, n);
  EXPECT_EQ(anim.samplers[0].interpolation, "STEP");
  EXPECT_EQ(a.model().m.accessors[static_cast<size_t>(anim.samplers[0].output)].type, TINYGLTF_TYPE_VEC4);
  EXPECT_EQ(a.model().m.accessors[static_cast<size_t>(anim.samplers[0].input)].maxValues, std::vector<double>{0.5});
}

TEST(GltfAsset, RestTrsLeavesOutTheIdentityParts) {
  tinygltf::Node node;
  node.matrix = std::vector<double>(16, 1.0);
  Builder::set_trs(node, {0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1});
  EXPECT_TRUE(node.matrix.empty());
  EXPECT_TRUE(node.translation.empty());
  EXPECT_TRUE(node.rotation.empty());
  EXPECT_TRUE(node.scale.empty());
  Builder::set_trs(node, {1, 2, 3}, {0, 0, 0, 1}, {2, 2, 2});
  EXPECT_EQ(node.translation, (std::vector<double>{1, 2, 3}));
  EXPECT_TRUE(node.rotation.empty());
  EXPECT_EQ(node.scale, (std::vector<double>{2, 2, 2}));
}

TEST(GltfAsset, QuaternionsStayOnThePreviousOnesHemisphere) {
  std::vector<float> v;
  push_quat(v, {0, 0, 0, 1});
  push_quat(v, {0, 0, 0.6, -0.8});  // dot with (0, 0, 0, 1) < 0: negated
  push_quat(v, {0, 0, -0.6, 0.8});  // dot with (0, 0, -0.6, 0.8) > 0: kept
  EXPECT_EQ(v, (std::vector<float>{0, 0, 0, 1, -0.0f, -0.0f, -0.6f, 0.8f, 0, 0, -0.6f, 0.8f}));
}

// An asset of one node named "only".
Asset one_node() {
  Asset a;
  Builder b(a);
  b.attach(b.add_node("only"), -1);
  b.add_float_accessor({1, 2, 3}, 3, true);
  return a;
}

TEST(GltfAsset, GlbAndGltfAreWrittenAndReadBack) {
  const std::string dir = retroanim::test::temp_dir();
  const Asset a = one_node();
  for (const std::string name : {"one.glb", "one.gltf"}) {
    write_asset(a, dir + "/" + name);
    tinygltf::TinyGLTF loader;
    tinygltf::Model back;
    std::string err, warn;
    const bool ok = name.ends_with(".glb") ? loader.LoadBinaryFromFile(&back, &err, &warn, dir + "/" + name)
                                           : loader.LoadASCIIFromFile(&back, &err, &warn, dir + "/" + name);
    ASSERT_TRUE(ok) << name << ": " << err;
    ASSERT_EQ(back.nodes.size(), 1u);
    EXPECT_EQ(back.nodes[0].name, "only");
  }
  write_asset(a, dir + "/ext.gltf", WriteOptions{true});
  EXPECT_TRUE(fs::exists(dir + "/ext.bin"));
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"ext.bin", "ext.gltf", "one.glb", "one.gltf"}));  // no temporary left
}

TEST(GltfAsset, RefusedOutputsSayWhyAndLeaveNothing) {
  const std::string dir = retroanim::test::temp_dir();
  const Asset a = one_node();
  EXPECT_EQ(error_of([&] { write_asset(a, dir + "/x.obj"); }),
            dir + "/x.obj: cannot write: the output must end in .glb or .gltf");
  EXPECT_EQ(error_of([&] { write_asset(a, dir + "/x.glb", WriteOptions{true}); }),
            dir + "/x.glb: cannot write: an external buffer needs a .gltf output");
  fs::create_directory(dir + "/d.glb");
  EXPECT_EQ(error_of([&] { write_asset(a, dir + "/d.glb"); }), dir + "/d.glb: cannot write: it is a directory");
  EXPECT_EQ(error_of([&] { write_asset(a, dir + "/no/such/x.glb"); }).rfind(dir + "/no/such/x.glb: cannot write: ", 0), 0u);
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  EXPECT_EQ(names, std::vector<std::string>{"d.glb"});
}

}  // namespace
