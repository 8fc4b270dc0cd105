// glTF 2.0 export (retroanim's own; docs/formats/gltf-export.md): Virtools
// scenes (entities, curves, object and keyed animations), behaviour runs and
// Asheron's Call animations, setups and motion tables, as glTF assets written
// through tinygltf. A tool-layer module (library `retroanim_export`, linked by
// the CLI and the tests), outside the core library's zlib-only dependency set.
// Every sampled value comes from the library's own evaluation
// (ck::sample_animation / animated_local_matrix / decompose_matrix,
// ck::Curve::get_local_pos, ac::Animation frames and math::Frame::combine);
// this module only changes coordinates (coordinates.h) and lays out buffers.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "retroanim/math/matrix.h"

namespace retroanim::ck {
class Scene;
}
namespace retroanim::ac::io {
class DatDatabase;
}

namespace retroanim::gltf {

struct Model;  // the tinygltf model being built (gltf_export.cpp)

// An asset being built, then written. Movable, not copyable.
class Asset {
 public:
  Asset();
  ~Asset();
  Asset(Asset&&) noexcept;
  Asset& operator=(Asset&&) noexcept;
  Asset(const Asset&) = delete;
  Asset& operator=(const Asset&) = delete;

  Model& model() { return *model_; }
  const Model& model() const { return *model_; }

  // Notes for stderr (approximations, skipped objects), one line each.
  std::vector<std::string> notes;
  // Warnings for stderr (missing or undecodable texture images: the export
  // went on without them), one line each.
  std::vector<std::string> warnings;

 private:
  std::unique_ptr<Model> model_;
};

// How the file is written: OUT.glb (binary, one buffer), OUT.gltf with the
// buffer embedded as a data URI, or OUT.gltf beside OUT.bin (external_buffer).
struct WriteOptions {
  bool external_buffer = false;
};

// Writes `asset` to `path` (.glb or .gltf, by its extension) through a
// temporary file in the same folder renamed into place: on any failure no
// file is left. Throws retroanim::Error ("PATH: cannot write: ...") when the
// path has another extension or cannot be written.
void write_asset(const Asset& asset, const std::string& path, const WriteOptions& options = {});

// The bytes write_asset writes to OUT.glb, in memory (the WebAssembly
// module's export). Throws retroanim::Error when tinygltf fails.
std::vector<uint8_t> write_glb(const Asset& asset);

// ---- Virtools ----

struct CkExportOptions {
  // Objects to export (entities, curves, object or keyed animations, by
  // name); empty = everything. An unknown name is an error.
  std::vector<std::string> names;
  // Frames per second of lone object animations (default 30) and, when
  // given, of keyed animations too (default: their frame rate).
  std::optional<float> fps;
  // Vertices per curve segment (at least 25) and per curve (at least 100).
  int curve_samples_per_segment = 25;
  int curve_min_vertices = 100;
  // 3D objects get their current mesh, materials and textures (false:
  // --no-meshes, nodes, curves and animations only).
  bool meshes = true;
  // Folders searched first for external texture images (--textures), before
  // the file's folder and the game's Textures folders (ck/io/texture_files.h).
  std::vector<std::string> texture_dirs;
};

// The glTF asset of a loaded Virtools scene. Throws retroanim::Error for an
// unknown name, a named animation with zero frames or without an entity. A
// texture whose image is missing or does not decode is a note, and the
// export goes on without it.
Asset export_ck_scene(ck::Scene& scene, const CkExportOptions& options);

// Records a behaviour run (`ck play --gltf`): the scene's entities as nodes
// and, frame by frame, the local matrices of the recorded entities, written
// as one animation named after the scenario.
class CkRunRecorder {
 public:
  // `recorded` names entities of `scene` (Scenario::recorded()). With
  // `meshes`, 3D objects get their meshes as export_ck_scene gives them
  // (images looked up in `texture_dirs` first; a missing one is a warning).
  CkRunRecorder(ck::Scene& scene, std::vector<std::string> recorded, std::string animation_name, bool meshes = true,
                const std::vector<std::string>& texture_dirs = {});
  ~CkRunRecorder();
  CkRunRecorder(const CkRunRecorder&) = delete;
  CkRunRecorder& operator=(const CkRunRecorder&) = delete;
  // Takes the recorded entities' current local matrices as the sample at
  // `seconds` (call after reset, then after every frame; times increasing).
  void capture(double seconds);
  // The asset: the scene's nodes as at construction, and the run as an animation.
  Asset finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// ---- Asheron's Call ----

struct AcExportOptions {
  std::optional<uint32_t> animation_id;     // --animation: one animation (type 0x03)
  std::optional<uint32_t> setup_id;         // --setup: parts, rest pose, boxes (type 0x02)
  std::optional<uint32_t> motion_table_id;  // --motion-table: the default style's cycles (type 0x09)
  // The frame rate of --animation (default 30); motion-table cycles use
  // their AnimData's frame rates.
  std::optional<float> fps;
};

// The glTF asset of a dat's animation / setup / motion table. Throws
// retroanim::Error for an id that is absent or of the wrong type, an
// animation with zero frames, or part counts that do not agree.
Asset export_ac(const ac::io::DatDatabase& dat, const AcExportOptions& options);

}  // namespace retroanim::gltf
