// The small HTTP server of `retroanim view` (tool layer, POSIX sockets): it
// serves the viewer's own files (tools/viewer/, listed in its MANIFEST) and
// the one glTF file it was given, on 127.0.0.1 only, and nothing else.
//
// What is served is a fixed table built before the server starts: "/" and
// "/index.html" (the page), "/" + each MANIFEST entry, and "/model.glb" (or
// "/model.gltf") for the given file. A request's path, query dropped, must be
// one of those keys exactly; every other path (directories, "..", absolute
// paths, any percent-encoding, backslashes, symbolic links under the viewer
// folder) is answered 404. Only GET and HEAD are answered; a request whose
// Host is not 127.0.0.1:PORT or localhost:PORT is answered 404 too (no DNS
// rebinding). Not on Windows: there `view` reports that it is not available.
#pragma once

#include <string>
#include <vector>

namespace retroanim::cli {

// Where the viewer's files are, in lookup order (docs/CLI.md, "view"):
// $RETROANIM_VIEWER_DIR when set; DIR/../share/retroanim/viewer with DIR the
// folder of the running executable (an install); the source tree's
// tools/viewer (a build). The first folder holding a MANIFEST wins; throws
// retroanim::Error listing the places looked at when none does.
std::string find_viewer_dir();

// The paths (relative to the viewer folder, '/'-separated) its MANIFEST lists.
// Throws retroanim::Error naming the MANIFEST and line of a bad entry (absolute,
// "..", a backslash or a character outside [A-Za-z0-9._/-]).
std::vector<std::string> read_viewer_manifest(const std::string& viewer_dir);

struct ViewOptions {
  std::string file;         // the .glb / .gltf to serve
  std::string viewer_dir;   // from find_viewer_dir()
  int port = 0;             // 0: any free port
  double idle_timeout_s = 600.0;  // stop after this long without a request; 0: never
};

// Serves until SIGINT or SIGTERM, or the idle timeout. Prints the URL (one line,
// "retroanim view: http://127.0.0.1:PORT/?... (FILE; Ctrl-C to stop)") and,
// when it stops, why. Returns 0; throws retroanim::Error when it cannot start.
int serve_viewer(const ViewOptions& options);

}  // namespace retroanim::cli
