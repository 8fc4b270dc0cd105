// `retroanim ck play FILE --scenario NAME_OR_SPEC --seconds S [--dt-ms D] [--json] [--svg OUT]`:
// runs a behaviour scenario on a Virtools file and prints the recorded
// entities' world matrices frame by frame (library: retroanim/ck/scenario.h),
// and one warning line on stderr for each building block without an
// implementation that became active or that returned an error result
// (CKBR_OWNERERROR, ...); a note naming the game files loaded beside FILE
// (and a warning naming the objects none holds) when a spec without
// "context" gets objects by name that FILE lacks. `retroanim ck play FILE --list-blocks`
// lists the building blocks the file's scripts use (ck/scene_behaviors.h).
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "retroanim/ck/io/scene_io.h"
#include "harness/ck/scenario.h"
#include "harness/ck/scenario_trace.h"
#include "retroanim/ck/behavior/scene_behaviors.h"
#include "retroanim/error.h"
#include "svg_plot.h"
#if RETROANIM_HAVE_GLTF
#include "export/gltf_export.h"
#endif

namespace retroanim::cli {

namespace {

struct PlayOptions {
  std::string file;
  std::string scenario;
  double seconds = 0.0;
  double dt_ms = 1000.0 / 60.0;
  bool json = false;
  std::string svg;
  std::string gltf;
  bool no_meshes = false;
  std::vector<std::string> textures;
  bool list_blocks = false;
  CLI::Option* scenario_option = nullptr;
  CLI::Option* seconds_option = nullptr;
  uint32_t code_page = 1252;
};

// `--list-blocks`: one line per kind of building block the scripts use.
int run_list_blocks(const PlayOptions& o) {
  ck::Scene scene = ck::io::load_scene_file(o.file, read_options(o.code_page));
  std::vector<ck::BlockUse> uses = ck::list_building_blocks(scene);
  int total = 0, missing = 0;
  std::printf("%-36s %-23s %5s  %s\n", "building block", "guid", "count", "implemented");
  for (const auto& u : uses) {
    std::printf("%-36s %-23s %5d  %s\n", u.name.c_str(), ck::guid_text(u.guid).c_str(), u.count,
                u.implemented ? "yes" : "no");
    total += u.count;
    if (!u.implemented) ++missing;
  }
  std::printf("%zu kinds, %d blocks; %zu kinds implemented, %d not\n", uses.size(), total,
              uses.size() - static_cast<size_t>(missing), missing);
  return 0;
}

// The warning line of a block without an implementation that became active.
void warn_unimplemented(const ck::UnimplementedBlock& u) {
  std::fprintf(stderr,
               "retroanim: warning: building block '%s' (guid %s) in script '%s' is not implemented: "
               "its outputs do not fire\n",
               u.name.c_str(), ck::guid_text(u.guid).c_str(), u.script.c_str());
}

// The warning line of a block that returned an error result (once per block and code).
void warn_failure(const ck::BlockEvent& e) {
  std::fprintf(stderr, "retroanim: warning: building block '%s' (guid %s) in script '%s' %s\n",
               e.block.c_str(), ck::guid_text(e.guid).c_str(), e.script.c_str(), e.what.c_str());
}

int run_play(const PlayOptions& o) {
  if (o.list_blocks) return run_list_blocks(o);
  if (o.scenario_option->count() == 0) throw Error("--scenario is required (unless --list-blocks)");
  if (o.seconds_option->count() == 0) throw Error("--seconds is required (unless --list-blocks)");
  if (o.gltf.empty() && (o.no_meshes || !o.textures.empty()))
    throw Error(std::string(o.no_meshes ? "--no-meshes" : "--textures") + " only applies to --gltf OUT");
  // A --scenario that names a file (or a directory) gets the input-file check.
  std::error_code ec;
  if (std::filesystem::exists(o.scenario, ec)) check_input_file(o.scenario);
  ck::Scene scene = ck::io::load_scene_file(o.file, read_options(o.code_page));
  // The flags are checked here so the message names them; the library checks the same.
  if (!std::isfinite(o.seconds) || o.seconds < 0.0) throw Error("--seconds must be a finite number >= 0");
  if (!std::isfinite(o.dt_ms) || o.dt_ms <= 0.0) throw Error("--dt-ms must be a finite number > 0");
  int frames = ck::scenario_frame_count(o.seconds, o.dt_ms);
  auto sc = ck::Scenario::create(scene, o.scenario, "--scenario");
  for (const std::string& w : sc->warnings()) std::fprintf(stderr, "retroanim: warning: %s\n", w.c_str());
  const auto& names = sc->recorded();
  std::vector<std::vector<math::Vec3>> paths(names.size());
  sc->reset();
#if RETROANIM_HAVE_GLTF
  // --gltf: the entities as after the reset and the recorded ones frame by frame.
  std::unique_ptr<gltf::CkRunRecorder> recorder;
  if (!o.gltf.empty()) {
    recorder = std::make_unique<gltf::CkRunRecorder>(scene, names, sc->label(), !o.no_meshes, o.textures);
    recorder->capture(0.0);
  }
#else
  if (!o.gltf.empty()) throw Error("--gltf: this retroanim was built without glTF export (RETROANIM_GLTF=OFF)");
#endif
  float dt = static_cast<float>(o.dt_ms);
  if (!o.json) {
    std::printf("%-8s %-12s", "frame", "t_ms");
    for (const auto& n : names) std::printf("  %-36s", (shown(n) + " (x, y, z)").c_str());
    std::printf("\n");
  }
  for (int i = 0; i < frames; ++i) {
    ck::ScenarioFrame f = sc->step(dt);
#if RETROANIM_HAVE_GLTF
    if (recorder) recorder->capture(f.t_ms / 1000.0);
#endif
    for (const auto& u : f.unimplemented) warn_unimplemented(u);
    for (const auto& e : f.events)
      if (e.failure) warn_failure(e);
    for (size_t k = 0; k < names.size(); ++k) paths[k].push_back(f.worlds[k].row(3));
    if (o.json) {
      std::string line = ck::scenario_frame_json(f, names);
      std::fwrite(line.data(), 1, line.size(), stdout);
      std::fputc('\n', stdout);
    } else {
      std::printf("%-8d %-12.3f", i, f.t_ms);
      for (size_t k = 0; k < names.size(); ++k) {
        math::Vec3 p = f.worlds[k].row(3);
        char buf[64];
        std::snprintf(buf, sizeof buf, "(%s, %s, %s)", fixed(p.x, 0, 4).c_str(), fixed(p.y, 0, 4).c_str(),
                      fixed(p.z, 0, 4).c_str());
        std::printf("  %-36s", buf);
      }
      std::printf("\n");
    }
  }
#if RETROANIM_HAVE_GLTF
  if (recorder) {
    gltf::Asset asset = recorder->finish();
    gltf::write_asset(asset, o.gltf);
    for (const std::string& w : asset.warnings) std::fprintf(stderr, "retroanim: warning: %s\n", w.c_str());
    for (const std::string& n : asset.notes) std::fprintf(stderr, "retroanim: note: %s\n", n.c_str());
  }
#endif
  // Which game files were loaded beside the file: said after the run, unless
  // the output failed (then the error is the one line on stderr).
  if (std::fflush(stdout) == 0 && !std::ferror(stdout))
    for (const std::string& n : sc->notes()) std::fprintf(stderr, "retroanim: note: %s\n", n.c_str());
  if (!o.svg.empty()) {
    static const char* colors[] = {"#c0392b", "#2471a3", "#239b56", "#b9770e", "#7d3c98"};
    std::string who;
    for (const auto& n : names) who += (who.empty() ? "" : ", ") + shown(n);
    SvgPlot plot("ck play " + sc->label() + ": " + who);
    char sub[160];
    std::snprintf(sub, sizeof sub, "; world positions of %d frames of %g ms (%g s)", frames, o.dt_ms,
                  frames * o.dt_ms / 1000.0);
    plot.subtitle(o.file + sub);
    for (size_t k = 0; k < names.size(); ++k) {
      const char* color = colors[k % 5];
      plot.path(paths[k], color, shown(names[k]));
      if (!paths[k].empty()) {
        plot.marker(paths[k].front(), color, shown(names[k]) + " t=0");
        plot.marker(paths[k].back(), color, "", 3.0f);
      }
    }
    plot.save(o.svg);
  }
  return 0;
}

}  // namespace

void register_ck_play(CLI::App& parent, Runner& run) {
  auto opts = std::make_shared<PlayOptions>();
  auto* cmd = parent.add_subcommand("play", "Run a behaviour scenario (built-in menu-camera / stone, or a JSON spec), or list a file's building blocks");
  input_file(cmd->add_option("file", opts->file, "Virtools file (.nmo/.cmo)"))->required()->type_name("FILE");
  opts->scenario_option =
      cmd->add_option("--scenario", opts->scenario, "built-in name (menu-camera, stone), spec file or JSON text")
          ->type_name("NAME|FILE|JSON");
  opts->seconds_option = cmd->add_option("--seconds", opts->seconds, "simulated duration in seconds")->type_name("S");
  cmd->add_flag("--list-blocks", opts->list_blocks,
                "list the building blocks the file's scripts use, how many, and whether retroanim implements them");
  cmd->add_option("--dt-ms", opts->dt_ms, "frame step in milliseconds (default 1000/60)")->type_name("MS");
  cmd->add_flag("--json", opts->json, "one JSON line per frame");
  cmd->add_option("--gltf", opts->gltf, "write the file's entities and the run (recorded entities, every frame) as glTF (.glb/.gltf)")
      ->type_name("OUT");
  cmd->add_flag("--no-meshes", opts->no_meshes, "with --gltf: leave out meshes, materials and textures");
  cmd->add_option("--textures", opts->textures,
                  "with --gltf: a folder of texture images, searched first (repeatable; then the file's folder and "
                  "the game's Textures folders)")
      ->type_name("DIR");
  cmd->add_option("--svg", opts->svg, "write the recorded trajectories (top and side views) as SVG")->type_name("FILE");
  add_encoding_option(cmd, opts->code_page);
  cmd->callback([opts, &run] { run = [opts] { return run_play(*opts); }; });
}

}  // namespace retroanim::cli
