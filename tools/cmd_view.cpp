// `retroanim view FILE.glb [--port P] [--idle-timeout S]`: serves the three.js
// viewer (tools/viewer/) and the one file on 127.0.0.1 and prints the URL
// (the server: view_server.h). Not available in the Windows build.
#include <memory>
#include <string>

#include "commands.h"
#include "view_server.h"

namespace retroanim::cli {

void register_view(CLI::App& app, Runner& run) {
  auto o = std::make_shared<ViewOptions>();
  auto* cmd = app.add_subcommand("view", "Serve the glTF viewer for one .glb/.gltf file on 127.0.0.1 (open the printed URL)");
  input_file(cmd->add_option("file", o->file, "The .glb (or self-contained .gltf) file, e.g. from `retroanim export`"))
      ->required()
      ->type_name("FILE.glb");
  cmd->add_option("--port", o->port, "TCP port on 127.0.0.1 (default 0: any free port)")->type_name("P");
  cmd->add_option("--idle-timeout", o->idle_timeout_s,
                  "Stop after this many seconds without a request (default 600; 0: only Ctrl-C stops it)")
      ->type_name("S");
  cmd->callback([o, &run] {
    run = [o]() -> int {
      ViewOptions options = *o;
      options.viewer_dir = find_viewer_dir();
      return serve_viewer(options);
    };
  });
}

}  // namespace retroanim::cli
