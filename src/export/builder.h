// The glTF model under construction and the helpers that lay out its buffer
// (retroanim's own, internal to src/export). One buffer; one buffer view per
// accessor, each at a 4-byte aligned offset.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "export/coordinates.h"
#include "export/gltf_export.h"
#include "retroanim/io/image.h"

namespace retroanim::gltf {

struct Model {
  tinygltf::Model m;
};

// One primitive of a triangle mesh, in glTF space: counter-clockwise front
// faces, UVs with v down (row 0 of the image at v = 0, as Direct3D has them).
struct Primitive {
  std::vector<float> positions;  // x, y, z per vertex
  std::vector<float> normals;    // x, y, z per vertex, or empty
  std::vector<float> uvs;        // u, v per vertex, or empty
  std::vector<float> colors;     // r, g, b, a per vertex (COLOR_0), or empty
  std::vector<uint32_t> indices; // 3 per triangle (written as 16-bit when every index fits)
  int material = -1;             // a material index, or -1 for glTF's default material
};

// A texture sampler (glTF's filter and wrap constants, TINYGLTF_TEXTURE_*).
struct SamplerSpec {
  int mag_filter = TINYGLTF_TEXTURE_FILTER_LINEAR;
  int min_filter = TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;
  int wrap_s = TINYGLTF_TEXTURE_WRAP_REPEAT;
  int wrap_t = TINYGLTF_TEXTURE_WRAP_REPEAT;
  friend bool operator==(const SamplerSpec&, const SamplerSpec&) = default;
};

// One animation channel with its own sampler.
struct Channel {
  int node = -1;
  std::string path;            // "translation", "rotation", "scale"
  std::string interpolation;   // "LINEAR" or "STEP"
  std::vector<float> times;    // seconds, strictly increasing
  std::vector<float> values;   // 3 or 4 floats per time
};

class Builder {
 public:
  explicit Builder(Asset& asset);

  tinygltf::Model& m() { return model_.m; }

  // A new node (not yet anyone's child); returns its index.
  int add_node(const std::string& name);
  // Makes `child` a child of `parent` (-1: a root of the scene).
  void attach(int child, int parent);

  // Float data as an accessor of `components` (1 to 4) per element; with
  // min_max, its exact per-component minimum and maximum. `target` is the
  // buffer view's target (0 for none).
  int add_float_accessor(const std::vector<float>& data, int components, bool min_max, int target = 0);
  // Unsigned-short triangle or line indices.
  int add_index_accessor(const std::vector<uint16_t>& indices);

  // A mesh of one primitive: positions (float xyz), optional indices, mode.
  int add_mesh(const std::string& name, const std::vector<float>& positions, const std::vector<uint16_t>& indices,
               int mode);

  // A triangle mesh of one or more primitives (a primitive without
  // triangles is left out); returns its index, or -1 when none remains.
  int add_triangle_mesh(const std::string& name, const std::vector<Primitive>& primitives);
  // A sampler equal to `spec`, added once; returns its index.
  int add_sampler(const SamplerSpec& spec);
  // An image stored as PNG in the buffer (image/png through a buffer view);
  // returns its index.
  int add_png_image(const std::string& name, const io::Image& image);
  // A texture of `image` sampled by `sampler`; returns its index.
  int add_texture(int image, int sampler);
  // Appends a material; returns its index.
  int add_material(tinygltf::Material material);

  // An animation from its channels (channels with no times are dropped);
  // returns false (adding nothing) when none remains.
  bool add_animation(const std::string& name, std::vector<Channel> channels, tinygltf::Value extras = {});

  // Sets the node's rest TRS.
  static void set_trs(tinygltf::Node& node, const Vec3d& t, const Quatd& r, const Vec3d& s);

 private:
  int add_view(const void* data, size_t bytes, int target);
  [[maybe_unused]] Asset& asset_;  // (no member function reads it yet: Clang would warn)
  Model& model_;
};

// Appends `q` to `values` (x, y, z, w), negated when that makes it closer to
// the previous quaternion in `values` (the same rotation; keeps consecutive
// keys on one hemisphere).
void push_quat(std::vector<float>& values, const Quatd& q);
// Appends a vector.
inline void push_vec3(std::vector<float>& values, const Vec3d& v) {
  for (double c : v) values.push_back(static_cast<float>(c));
}

}  // namespace retroanim::gltf
