// `retroanim demo`: runs every area's demo on built-in data and saves its outputs.
#include <cstdio>
#include <filesystem>
#include <string>

#include "commands.h"

namespace retroanim::cli {

void register_demo(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("demo", "Run the demo on built-in data and save its outputs");
  auto out = std::make_shared<std::string>("retroanim-demo");
  cmd->add_option("--out", *out, "Folder for the demo's outputs")->capture_default_str();
  cmd->callback([&run, out] {
    run = [out] {
      std::filesystem::create_directories(*out);
      int rc = 0;
      rc |= demo_ck_curve(*out);
      rc |= demo_ck_play(*out);
      rc |= demo_ac(*out);
      rc |= demo_gltf(*out);
      std::printf("demo outputs written to %s/\n", out->c_str());
      return rc;
    };
  });
}

}  // namespace retroanim::cli
