// `retroanim export FILE --out OUT.glb|OUT.gltf [--external-buffer] ...`: a
// Virtools file (--name NAME..., --fps F) or an Asheron's Call dat
// (--animation ID, --setup ID, --motion-table ID, --fps F) as glTF 2.0
// (library side: src/export, docs/formats/gltf-export.md). Also the demo's
// glTF outputs (demo_gltf).
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "retroanim/error.h"
#if RETROANIM_HAVE_GLTF
#include "export/gltf_export.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/io/file_path.h"
#endif

namespace retroanim::cli {

namespace {

struct ExportOptions {
  std::string file;
  std::string out;
  std::vector<std::string> names;
  double fps = 0.0;
  CLI::Option* fps_option = nullptr;
  bool external_buffer = false;
  bool no_meshes = false;
  std::vector<std::string> textures;
  std::string animation, setup, motion_table;
  uint32_t code_page = 1252;
};

#if RETROANIM_HAVE_GLTF
void print_notes(const gltf::Asset& asset) {
  for (const std::string& w : asset.warnings) std::fprintf(stderr, "retroanim: warning: %s\n", w.c_str());
  for (const std::string& n : asset.notes) std::fprintf(stderr, "retroanim: note: %s\n", n.c_str());
}

int run_export(const ExportOptions& o) {
  std::optional<float> fps;
  if (o.fps_option->count() > 0) {
    if (!std::isfinite(o.fps) || o.fps <= 0.0 || o.fps > 1e6) throw Error("--fps must be a finite number > 0");
    fps = static_cast<float>(o.fps);
  }
  const bool ac = !o.animation.empty() || !o.setup.empty() || !o.motion_table.empty();
  gltf::Asset asset;
  if (ac) {
    if (!o.names.empty()) throw Error("export: --name is for Virtools files; a dat takes --animation/--setup/--motion-table");
    gltf::AcExportOptions opt;
    if (!o.animation.empty()) opt.animation_id = parse_dat_id(o.animation, "--animation");
    if (!o.setup.empty()) opt.setup_id = parse_dat_id(o.setup, "--setup");
    if (!o.motion_table.empty()) opt.motion_table_id = parse_dat_id(o.motion_table, "--motion-table");
    opt.fps = fps;
    const auto dat = ac::io::DatDatabase::open(o.file);
    asset = gltf::export_ac(dat, opt);
  } else {
    ck::Scene scene = ck::io::load_scene_file(o.file, read_options(o.code_page));
    gltf::CkExportOptions opt;
    opt.names = o.names;
    opt.fps = fps;
    opt.meshes = !o.no_meshes;
    opt.texture_dirs = o.textures;
    asset = gltf::export_ck_scene(scene, opt);
  }
  gltf::write_asset(asset, o.out, gltf::WriteOptions{o.external_buffer});
  print_notes(asset);
  return 0;
}
#endif

}  // namespace

void register_export(CLI::App& app, Runner& run) {
  auto o = std::make_shared<ExportOptions>();
  auto* cmd = app.add_subcommand("export", "Export a Virtools file or an Asheron's Call dat as glTF 2.0 (.glb / .gltf)");
  input_file(cmd->add_option("file", o->file, "The .nmo / .cmo file, or a portal.dat with --animation/--setup/--motion-table"))
      ->required()
      ->type_name("FILE");
  cmd->add_option("--out", o->out, "Output OUT.glb (binary) or OUT.gltf (buffer embedded, or OUT.bin with --external-buffer)")
      ->required()
      ->type_name("OUT");
  cmd->add_option("--name", o->names, "Virtools: export only this entity, curve, object or keyed animation (repeatable)")
      ->type_name("NAME");
  o->fps_option = cmd->add_option("--fps", o->fps,
                                  "Frames per second (Virtools: default 30, keyed animations their own rate; dat "
                                  "--animation: default 30)")
                      ->type_name("F");
  cmd->add_flag("--no-meshes", o->no_meshes, "Virtools: leave out meshes, materials and textures (nodes, curves and animations only)");
  cmd->add_option("--textures", o->textures,
                  "Virtools: a folder of texture images, searched first (repeatable; then the file's folder and the "
                  "game's Textures folders)")
      ->type_name("DIR");
  cmd->add_flag("--external-buffer", o->external_buffer, "With OUT.gltf: write the buffer to OUT.bin beside it");
  cmd->add_option("--animation", o->animation, "dat: export this animation (0x03...)")->type_name("ID");
  cmd->add_option("--setup", o->setup, "dat: the setup's parts, rest pose and boxes (0x02...)")->type_name("ID");
  cmd->add_option("--motion-table", o->motion_table, "dat: one animation per cycle of the default style (0x09...)")
      ->type_name("ID");
  add_encoding_option(cmd, o->code_page);
  cmd->callback([o, &run] {
    run = [o]() -> int {
#if RETROANIM_HAVE_GLTF
      return run_export(*o);
#else
      throw Error("export: this retroanim was built without glTF export (RETROANIM_GLTF=OFF)");
#endif
    };
  });
}

// The demo's glTF files: the built-in composition (curve, camera, stone and
// its animation) and the dat's setup with its motion table's cycles.
int demo_gltf(const std::string& out_dir) {
#if RETROANIM_HAVE_GLTF
  const std::string nmo = out_dir + "/ck_play_demo.nmo";
  const std::string dat_path = out_dir + "/ac/demo.dat";
  std::vector<std::string> written;
  {
    ck::Scene scene = ck::io::load_scene_file(nmo);
    gltf::Asset asset = gltf::export_ck_scene(scene, {});
    gltf::write_asset(asset, out_dir + "/ck_play_demo.glb");
    print_notes(asset);
    written.push_back(out_dir + "/ck_play_demo.glb");
  }
  {
    const auto dat = ac::io::DatDatabase::open(dat_path);
    gltf::AcExportOptions opt;
    opt.setup_id = 0x02000001;
    opt.motion_table_id = 0x09000001;
    gltf::Asset asset = gltf::export_ac(dat, opt);
    gltf::write_asset(asset, out_dir + "/ac_demo.glb");
    print_notes(asset);
    written.push_back(out_dir + "/ac_demo.glb");
  }
  std::printf("gltf: wrote");
  for (const auto& w : written) std::printf(" %s", w.c_str());
  std::printf("\n      view one with: retroanim view %s\n", written.front().c_str());
  return 0;
#else
  (void)out_dir;
  std::printf("gltf: skipped (this retroanim was built without glTF export)\n");
  return 0;
#endif
}

}  // namespace retroanim::cli
