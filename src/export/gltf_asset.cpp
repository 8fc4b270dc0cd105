// The glTF asset: building helpers and the writer (retroanim's own).
#include "export/builder.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <system_error>

#include "retroanim/error.h"
#include "retroanim/io/file_path.h"

namespace retroanim::gltf {

Asset::Asset() : model_(std::make_unique<Model>()) {
  model_->m.asset.version = "2.0";
  model_->m.asset.generator = "retroanim";
  model_->m.scenes.emplace_back();
  model_->m.scenes[0].name = "retroanim";
  model_->m.defaultScene = 0;
}
Asset::~Asset() = default;
Asset::Asset(Asset&&) noexcept = default;
Asset& Asset::operator=(Asset&&) noexcept = default;

Builder::Builder(Asset& asset) : asset_(asset), model_(asset.model()) {}

int Builder::add_node(const std::string& name) {
  tinygltf::Node n;
  n.name = name;
  m().nodes.push_back(std::move(n));
  return static_cast<int>(m().nodes.size()) - 1;
}

void Builder::attach(int child, int parent) {
  if (parent < 0) {
    m().scenes[0].nodes.push_back(child);
  } else {
    m().nodes[static_cast<size_t>(parent)].children.push_back(child);
  }
}

int Builder::add_view(const void* data, size_t bytes, int target) {
  if (m().buffers.empty()) m().buffers.emplace_back();
  std::vector<unsigned char>& buf = m().buffers[0].data;
  while (buf.size() % 4 != 0) buf.push_back(0);
  tinygltf::BufferView v;
  v.buffer = 0;
  v.byteOffset = buf.size();
  v.byteLength = bytes;
  v.target = target;
  const auto* p = static_cast<const unsigned char*>(data);
  buf.insert(buf.end(), p, p + bytes);
  m().bufferViews.push_back(v);
  return static_cast<int>(m().bufferViews.size()) - 1;
}

int Builder::add_float_accessor(const std::vector<float>& data, int components, bool min_max, int target) {
  tinygltf::Accessor a;
  a.bufferView = add_view(data.data(), data.size() * sizeof(float), target);
  a.byteOffset = 0;
  a.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
  a.count = data.size() / static_cast<size_t>(components);
  a.type = components == 1   ? TINYGLTF_TYPE_SCALAR
           : components == 2 ? TINYGLTF_TYPE_VEC2
           : components == 3 ? TINYGLTF_TYPE_VEC3
                             : TINYGLTF_TYPE_VEC4;
  if (min_max) {
    a.minValues.assign(static_cast<size_t>(components), std::numeric_limits<double>::infinity());
    a.maxValues.assign(static_cast<size_t>(components), -std::numeric_limits<double>::infinity());
    for (size_t i = 0; i < data.size(); ++i) {
      size_t c = i % static_cast<size_t>(components);
      a.minValues[c] = std::min(a.minValues[c], static_cast<double>(data[i]));
      a.maxValues[c] = std::max(a.maxValues[c], static_cast<double>(data[i]));
    }
  }
  m().accessors.push_back(std::move(a));
  return static_cast<int>(m().accessors.size()) - 1;
}

int Builder::add_index_accessor(const std::vector<uint16_t>& indices) {
  tinygltf::Accessor a;
  a.bufferView = add_view(indices.data(), indices.size() * sizeof(uint16_t), TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
  a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
  a.count = indices.size();
  a.type = TINYGLTF_TYPE_SCALAR;
  m().accessors.push_back(std::move(a));
  return static_cast<int>(m().accessors.size()) - 1;
}

int Builder::add_mesh(const std::string& name, const std::vector<float>& positions,
                      const std::vector<uint16_t>& indices, int mode) {
  tinygltf::Primitive p;
  p.attributes["POSITION"] = add_float_accessor(positions, 3, true, TINYGLTF_TARGET_ARRAY_BUFFER);
  if (!indices.empty()) p.indices = add_index_accessor(indices);
  p.mode = mode;
  tinygltf::Mesh mesh;
  mesh.name = name;
  mesh.primitives.push_back(std::move(p));
  m().meshes.push_back(std::move(mesh));
  return static_cast<int>(m().meshes.size()) - 1;
}

int Builder::add_triangle_mesh(const std::string& name, const std::vector<Primitive>& primitives) {
  tinygltf::Mesh mesh;
  mesh.name = name;
  for (const Primitive& src : primitives) {
    if (src.indices.size() < 3 || src.positions.empty()) continue;
    tinygltf::Primitive p;
    p.mode = TINYGLTF_MODE_TRIANGLES;
    p.attributes["POSITION"] = add_float_accessor(src.positions, 3, true, TINYGLTF_TARGET_ARRAY_BUFFER);
    if (!src.normals.empty()) p.attributes["NORMAL"] = add_float_accessor(src.normals, 3, false, TINYGLTF_TARGET_ARRAY_BUFFER);
    if (!src.uvs.empty()) p.attributes["TEXCOORD_0"] = add_float_accessor(src.uvs, 2, false, TINYGLTF_TARGET_ARRAY_BUFFER);
    if (!src.colors.empty()) p.attributes["COLOR_0"] = add_float_accessor(src.colors, 4, false, TINYGLTF_TARGET_ARRAY_BUFFER);
    const uint32_t top = *std::max_element(src.indices.begin(), src.indices.end());
    tinygltf::Accessor a;
    if (top < 0xFFFF) {
      std::vector<uint16_t> narrow(src.indices.begin(), src.indices.end());
      a.bufferView = add_view(narrow.data(), narrow.size() * sizeof(uint16_t), TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
      a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
    } else {
      a.bufferView = add_view(src.indices.data(), src.indices.size() * sizeof(uint32_t), TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
      a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
    }
    a.count = src.indices.size();
    a.type = TINYGLTF_TYPE_SCALAR;
    m().accessors.push_back(std::move(a));
    p.indices = static_cast<int>(m().accessors.size()) - 1;
    p.material = src.material;
    mesh.primitives.push_back(std::move(p));
  }
  if (mesh.primitives.empty()) return -1;
  m().meshes.push_back(std::move(mesh));
  return static_cast<int>(m().meshes.size()) - 1;
}

int Builder::add_sampler(const SamplerSpec& spec) {
  for (size_t i = 0; i < m().samplers.size(); ++i) {
    const tinygltf::Sampler& s = m().samplers[i];
    if (s.magFilter == spec.mag_filter && s.minFilter == spec.min_filter && s.wrapS == spec.wrap_s &&
        s.wrapT == spec.wrap_t)
      return static_cast<int>(i);
  }
  tinygltf::Sampler s;
  s.magFilter = spec.mag_filter;
  s.minFilter = spec.min_filter;
  s.wrapS = spec.wrap_s;
  s.wrapT = spec.wrap_t;
  m().samplers.push_back(s);
  return static_cast<int>(m().samplers.size()) - 1;
}

int Builder::add_png_image(const std::string& name, const io::Image& image) {
  const std::vector<uint8_t> png = io::encode_png(image);
  tinygltf::Image img;
  img.name = name;
  img.mimeType = "image/png";
  img.bufferView = add_view(png.data(), png.size(), 0);
  m().images.push_back(std::move(img));
  return static_cast<int>(m().images.size()) - 1;
}

int Builder::add_texture(int image, int sampler) {
  tinygltf::Texture t;
  t.source = image;
  t.sampler = sampler;
  m().textures.push_back(t);
  return static_cast<int>(m().textures.size()) - 1;
}

int Builder::add_material(tinygltf::Material material) {
  m().materials.push_back(std::move(material));
  return static_cast<int>(m().materials.size()) - 1;
}

bool Builder::add_animation(const std::string& name, std::vector<Channel> channels, tinygltf::Value extras) {
  tinygltf::Animation anim;
  anim.name = name;
  for (Channel& c : channels) {
    if (c.times.empty()) continue;
    const int comps = c.path == "rotation" ? 4 : 3;
    tinygltf::AnimationSampler s;
    s.input = add_float_accessor(c.times, 1, true);
    s.output = add_float_accessor(c.values, comps, false);
    s.interpolation = c.interpolation;
    anim.samplers.push_back(s);
    tinygltf::AnimationChannel ch;
    ch.sampler = static_cast<int>(anim.samplers.size()) - 1;
    ch.target_node = c.node;
    ch.target_path = c.path;
    anim.channels.push_back(ch);
  }
  if (anim.channels.empty()) return false;
  anim.extras = std::move(extras);
  m().animations.push_back(std::move(anim));
  return true;
}

void Builder::set_trs(tinygltf::Node& node, const Vec3d& t, const Quatd& r, const Vec3d& s) {
  node.matrix.clear();
  node.translation.clear();
  node.rotation.clear();
  node.scale.clear();
  if (t != Vec3d{0.0, 0.0, 0.0}) node.translation.assign(t.begin(), t.end());
  if (r != Quatd{0.0, 0.0, 0.0, 1.0}) node.rotation.assign(r.begin(), r.end());
  if (s != Vec3d{1.0, 1.0, 1.0}) node.scale.assign(s.begin(), s.end());
}

void push_quat(std::vector<float>& values, const Quatd& q) {
  double sign = 1.0;
  if (values.size() >= 4) {
    const float* p = &values[values.size() - 4];
    double d = p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3];
    if (d < 0.0) sign = -1.0;
  }
  for (double c : q) values.push_back(static_cast<float>(sign * c));
}

namespace {

std::string lower_extension(const std::filesystem::path& p) {
  std::string e = io::utf8_string(p.extension());
  std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return e;
}

// A name beside `target` that no file has yet.
std::filesystem::path temp_beside(const std::filesystem::path& target, const std::string& suffix) {
  std::random_device rd;
  std::filesystem::path dir = target.parent_path();
  for (int i = 0; i < 100; ++i) {
    char tag[32];
    std::snprintf(tag, sizeof tag, ".tmp%08x", static_cast<unsigned>(rd()));
    std::filesystem::path p = dir / (io::utf8_string(target.filename()) + tag + suffix);
    std::error_code ec;
    if (!std::filesystem::exists(p, ec)) return p;
  }
  return dir / (io::utf8_string(target.filename()) + ".tmp" + suffix);
}

[[noreturn]] void cannot_write(const std::string& path, const std::string& why) {
  throw Error(path + ": cannot write: " + why);
}

}  // namespace

std::vector<uint8_t> write_glb(const Asset& asset) {
  tinygltf::TinyGLTF writer;
  tinygltf::Model model = asset.model().m;  // as write_asset: the writer takes a const pointer
  std::ostringstream out(std::ios::binary);
  if (!writer.WriteGltfSceneToStream(&model, out, false, true)) throw Error("glb: writing failed");
  const std::string bytes = out.str();
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

void write_asset(const Asset& asset, const std::string& path, const WriteOptions& options) {
  const std::filesystem::path target = io::utf8_path(path);
  const std::string ext = lower_extension(target);
  if (ext != ".glb" && ext != ".gltf") cannot_write(path, "the output must end in .glb or .gltf");
  if (options.external_buffer && ext != ".gltf") cannot_write(path, "an external buffer needs a .gltf output");
  std::error_code ec;
  if (std::filesystem::is_directory(target, ec)) cannot_write(path, "it is a directory");
  tinygltf::TinyGLTF writer;
  const bool binary = ext == ".glb";
  if (!options.external_buffer) {
    const tinygltf::Model& model = asset.model().m;
    const std::filesystem::path tmp = temp_beside(target, "");
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      if (!out) cannot_write(path, "cannot create a file in its folder");
      bool ok = writer.WriteGltfSceneToStream(&model, out, !binary, binary);
      out.flush();
      if (!ok || !out) {
        out.close();
        std::filesystem::remove(tmp, ec);
        cannot_write(path, "writing failed");
      }
    }
    std::filesystem::rename(tmp, target, ec);
    if (ec) {
      std::error_code ignore;
      std::filesystem::remove(tmp, ignore);
      cannot_write(path, ec.message());
    }
    return;
  }
  // OUT.gltf beside OUT.bin: both written into a temporary folder beside them,
  // then renamed into place (the .bin first, so a .gltf never names a missing buffer).
  const std::string stem = io::utf8_string(target.stem());
  const std::filesystem::path bin_target = target.parent_path() / (stem + ".bin");
  const std::filesystem::path dir = temp_beside(target, ".d");
  if (!std::filesystem::create_directory(dir, ec) || ec) cannot_write(path, "cannot create a file in its folder");
  tinygltf::Model model = asset.model().m;  // a copy: its buffers' URIs are set here
  auto cleanup = [&] {
    std::error_code ignore;
    std::filesystem::remove_all(dir, ignore);
  };
  for (auto& b : model.buffers) b.uri = stem + ".bin";
  const std::filesystem::path tmp_gltf = dir / io::utf8_string(target.filename());
  if (!writer.WriteGltfSceneToFile(&model, io::utf8_string(tmp_gltf), false, false, true, false)) {
    cleanup();
    cannot_write(path, "writing failed");
  }
  if (!model.buffers.empty()) {
    std::filesystem::rename(dir / (stem + ".bin"), bin_target, ec);
    if (ec) {
      cleanup();
      cannot_write(io::utf8_string(bin_target), ec.message());
    }
  }
  std::filesystem::rename(tmp_gltf, target, ec);
  if (ec) {
    cleanup();
    cannot_write(path, ec.message());
  }
  cleanup();
}

}  // namespace retroanim::gltf
