// Virtools meshes, materials and textures as glTF (retroanim's own).
#include "export/ck_meshes.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "retroanim/ck/io/texture_files.h"
#include "retroanim/error.h"
#include "retroanim/io/text_encoding.h"

namespace retroanim::gltf {

namespace {

// VXTEXTURE_FILTERMODE -> glTF filters (mag: nearest or linear).
int mag_filter(uint32_t f) { return f == ck::vx::kFilterNearest ? TINYGLTF_TEXTURE_FILTER_NEAREST : TINYGLTF_TEXTURE_FILTER_LINEAR; }
int min_filter(uint32_t f) {
  switch (f) {
    case ck::vx::kFilterNearest: return TINYGLTF_TEXTURE_FILTER_NEAREST;
    case ck::vx::kFilterLinear: return TINYGLTF_TEXTURE_FILTER_LINEAR;
    case ck::vx::kFilterMipNearest: return TINYGLTF_TEXTURE_FILTER_NEAREST_MIPMAP_NEAREST;
    case ck::vx::kFilterMipLinear: return TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_NEAREST;
    case ck::vx::kFilterLinearMipNearest: return TINYGLTF_TEXTURE_FILTER_NEAREST_MIPMAP_LINEAR;
    default: return TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;  // trilinear, anisotropic, unknown
  }
}
// VXTEXTURE_ADDRESSMODE -> glTF wrap.
int wrap(uint32_t a) {
  switch (a) {
    case ck::vx::kAddressMirror: return TINYGLTF_TEXTURE_WRAP_MIRRORED_REPEAT;
    case ck::vx::kAddressClamp:
    case ck::vx::kAddressBorder:
    case ck::vx::kAddressMirrorOnce: return TINYGLTF_TEXTURE_WRAP_CLAMP_TO_EDGE;
    default: return TINYGLTF_TEXTURE_WRAP_REPEAT;
  }
}

float clamp01(float v) { return std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f; }

// Blinn-Phong exponent -> GGX roughness: alpha = sqrt(2 / (n + 2)), roughness = sqrt(alpha).
double roughness_of(const ck::Material& m) {
  const bool no_specular = m.specular.r <= 0.0f && m.specular.g <= 0.0f && m.specular.b <= 0.0f;
  if (no_specular || !(m.specular_power > 0.0f) || !std::isfinite(m.specular_power)) return 1.0;
  return std::sqrt(std::sqrt(2.0 / (static_cast<double>(m.specular_power) + 2.0)));
}

struct Converter {
  Builder& b;
  Asset& asset;
  const ck::Scene& scene;
  const std::vector<std::string>& dirs;
  std::map<ck::FileIndex, int> textures;   // texture record -> glTF texture (-1: none)
  std::map<ck::FileIndex, int> materials;  // material record -> glTF material
  std::map<ck::FileIndex, int> meshes;     // mesh record -> glTF mesh (-1: nothing drawable)

  std::string name_of(ck::FileIndex i) {
    const ck::ObjectRecord* r = scene.at(i);
    return r ? r->name : std::string();
  }

  // The glTF texture of a texture record and a material's sampling, or -1.
  int texture(ck::FileIndex index, const ck::Material& m) {
    auto [it, fresh] = textures.try_emplace(index, -1);
    if (!fresh) return it->second < 0 ? -1 : it->second;
    const ck::ObjectRecord* r = scene.at(index);
    if (!r || !r->texture) return -1;
    const std::string shown = retroanim::io::escape_controls(r->name);
    try {
      auto img = ck::io::load_texture_image(*r->texture, dirs, "texture '" + shown + "'");
      if (!img) {
        const ck::io::TextureImageSource src = ck::io::resolve_texture(*r->texture, dirs);
        asset.warnings.push_back("texture '" + shown + "': image '" + retroanim::io::escape_controls(src.file_name) +
                              "' not found (looked in " + std::to_string(dirs.size()) +
                              (dirs.size() == 1 ? " folder" : " folders") +
                              "; --textures DIR adds one); exported without it");
        return -1;
      }
      if (r->texture->transparent) {
        // Colour keying: texels of the transparent colour (RGB) become see-through.
        const uint32_t key = r->texture->transparent_color;
        for (size_t p = 0; p + 3 < img->rgba.size(); p += 4) {
          if (img->rgba[p] == ((key >> 16) & 0xFF) && img->rgba[p + 1] == ((key >> 8) & 0xFF) &&
              img->rgba[p + 2] == (key & 0xFF))
            img->rgba[p + 3] = 0;
        }
      }
      SamplerSpec s;
      s.mag_filter = mag_filter(m.mag_filter);
      s.min_filter = min_filter(m.min_filter);
      s.wrap_s = s.wrap_t = wrap(m.address_mode);
      it->second = b.add_texture(b.add_png_image(r->name, *img), b.add_sampler(s));
    } catch (const Error& e) {
      asset.warnings.push_back("texture '" + shown + "': " + e.what() + "; exported without it");
    }
    return it->second;
  }

  // The glTF material of a material record (-1 for none: glTF's default).
  int material(ck::FileIndex index) {
    if (index == ck::kNoObject) return -1;
    auto it = materials.find(index);
    if (it != materials.end()) return it->second;
    const ck::ObjectRecord* r = scene.at(index);
    if (!r || !r->material) return materials[index] = -1;
    const ck::Material& m = *r->material;
    tinygltf::Material g;
    g.name = r->name;
    const int tex = m.textures[0] == ck::kNoObject ? -1 : texture(m.textures[0], m);
    // Decal-like texture blends replace the material colour by the texture's.
    const bool decal = m.texture_blend == 1 || m.texture_blend == 3 || m.texture_blend == 5 || m.texture_blend == 7;
    const bool white = tex >= 0 && decal;
    g.pbrMetallicRoughness.baseColorFactor = {white ? 1.0 : clamp01(m.diffuse.r), white ? 1.0 : clamp01(m.diffuse.g),
                                              white ? 1.0 : clamp01(m.diffuse.b), clamp01(m.diffuse.a)};
    if (tex >= 0) g.pbrMetallicRoughness.baseColorTexture.index = tex;
    g.pbrMetallicRoughness.metallicFactor = 0.0;
    g.pbrMetallicRoughness.roughnessFactor = roughness_of(m);
    g.emissiveFactor = {clamp01(m.emissive.r), clamp01(m.emissive.g), clamp01(m.emissive.b)};
    if (m.alpha_test) {
      g.alphaMode = "MASK";
      g.alphaCutoff = m.alpha_ref / 255.0;
    } else if (m.alpha_blend || (tex >= 0 && scene.at(m.textures[0])->texture->transparent)) {
      g.alphaMode = m.alpha_blend ? "BLEND" : "MASK";
    }
    g.doubleSided = m.two_sided;
    return materials[index] = b.add_material(std::move(g));
  }

  // The glTF mesh of a mesh record, or -1.
  int mesh(ck::FileIndex index) {
    auto it = meshes.find(index);
    if (it != meshes.end()) return it->second;
    const ck::ObjectRecord* r = scene.at(index);
    if (!r || !r->mesh) return meshes[index] = -1;
    const ck::Mesh& m = *r->mesh;
    // Faces grouped by the material their slot names (slots past the list: no material).
    std::map<int, std::vector<const ck::MeshFace*>> by_material;
    for (const ck::MeshFace& f : m.faces) {
      const ck::FileIndex mi = f.material_slot < m.materials.size() ? m.materials[f.material_slot] : ck::kNoObject;
      by_material[material(mi)].push_back(&f);
    }
    std::vector<Primitive> prims;
    for (const auto& [mat, faces] : by_material) {
      Primitive p;
      p.material = mat;
      std::vector<int32_t> remap(m.positions.size(), -1);
      for (const ck::MeshFace* f : faces) {
        // C reflects z: the winding turns, so vertices 1 and 2 swap.
        for (uint16_t v : {f->vertices[0], f->vertices[2], f->vertices[1]}) {
          if (remap[v] < 0) {
            remap[v] = static_cast<int32_t>(p.positions.size() / 3);
            push_vec3(p.positions, ck_point(m.positions[v]));
            p.uvs.push_back(m.uvs[v].x);
            p.uvs.push_back(m.uvs[v].y);
            if (m.normals_stored) {
              Vec3d n = ck_point(m.normals[v]);
              double len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
              if (len > 0.0 && std::isfinite(len)) {
                for (double& c : n) c /= len;
              } else {
                n = {0.0, 1.0, 0.0};
              }
              push_vec3(p.normals, n);
            }
          }
          p.indices.push_back(static_cast<uint32_t>(remap[v]));
        }
      }
      if (!m.normals_stored) p.normals = vertex_normals(p.positions, p.indices);
      prims.push_back(std::move(p));
    }
    return meshes[index] = b.add_triangle_mesh(r->name, prims);
  }

  // Normals as the normalised sum of the adjacent faces' normals (for meshes
  // storing none; the engine's BuildNormals); (0, 1, 0) where that sum is zero.
  static std::vector<float> vertex_normals(const std::vector<float>& pos, const std::vector<uint32_t>& idx) {
    std::vector<double> acc(pos.size(), 0.0);
    for (size_t t = 0; t + 2 < idx.size(); t += 3) {
      const float* a = &pos[3 * idx[t]];
      const float* b = &pos[3 * idx[t + 1]];
      const float* c = &pos[3 * idx[t + 2]];
      const double u[3] = {double(b[0]) - a[0], double(b[1]) - a[1], double(b[2]) - a[2]};
      const double v[3] = {double(c[0]) - a[0], double(c[1]) - a[1], double(c[2]) - a[2]};
      const double n[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
      for (int k = 0; k < 3; ++k)
        for (int c2 = 0; c2 < 3; ++c2) acc[3 * idx[t + k] + c2] += n[c2];
    }
    std::vector<float> out(pos.size());
    for (size_t i = 0; i + 2 < acc.size(); i += 3) {
      double len = std::sqrt(acc[i] * acc[i] + acc[i + 1] * acc[i + 1] + acc[i + 2] * acc[i + 2]);
      if (!(len > 0.0) || !std::isfinite(len)) {
        out[i] = 0.0f;
        out[i + 1] = 1.0f;
        out[i + 2] = 0.0f;
      } else {
        for (int c = 0; c < 3; ++c) out[i + c] = static_cast<float>(acc[i + c] / len);
      }
    }
    return out;
  }
};

}  // namespace

void add_ck_meshes(Builder& b, Asset& asset, const ck::Scene& scene,
                   const std::unordered_map<const ck::Entity3d*, int>& node_of,
                   const std::vector<std::string>& texture_dirs) {
  Converter c{b, asset, scene, texture_dirs, {}, {}, {}};
  for (const ck::ObjectRecord& r : scene.objects()) {
    if (!r.entity || r.current_mesh == ck::kNoObject) continue;
    auto it = node_of.find(r.entity);
    if (it == node_of.end()) continue;
    const ck::ObjectRecord* mr = scene.at(r.current_mesh);
    if (!mr || !mr->mesh) continue;
    if (!(mr->mesh->flags & ck::mesh_flag::kVisible)) continue;  // CKMesh::Show(CKHIDE)
    const int mesh = c.mesh(r.current_mesh);
    if (mesh >= 0) b.m().nodes[static_cast<size_t>(it->second)].mesh = mesh;
  }
}

}  // namespace retroanim::gltf
