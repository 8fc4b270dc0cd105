// `retroanim view`'s server, tried with raw HTTP requests: it serves the
// viewer's own files and the one given file, and answers 404 to everything
// else (directory listings, "..", absolute paths, encoded and double-encoded
// variants, symbolic links, other hosts); it stops on SIGINT/SIGTERM and after
// its idle timeout.
#include <gtest/gtest.h>

#include <filesystem>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/test_support.h"
#include "viewer/view_process.h"

#ifndef _WIN32
#include <signal.h>
#endif

namespace fs = std::filesystem;

#ifdef _WIN32

TEST(ViewServer, NotOnWindows) { GTEST_SKIP() << "retroanim view is not built for Windows"; }

#else

using namespace retroanim::test;

namespace {

std::string source_viewer_dir() {
  return (fs::path(RETROANIM_TEST_DATA_DIR) / ".." / ".." / "tools" / "viewer").lexically_normal().string();
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// The MANIFEST's entries.
std::vector<std::string> manifest(const std::string& dir) {
  std::vector<std::string> out;
  std::ifstream f(fs::path(dir) / "MANIFEST");
  std::string line;
  while (std::getline(f, line)) {
    if (!line.empty() && line[0] != '#') out.push_back(line);
  }
  return out;
}

// A copy of the viewer folder (the page's files as they are; three.js's files
// as small stand-ins when npm has not installed them), so the test can put
// symbolic links into it.
[[maybe_unused]] std::string viewer_copy(const std::string& tmp) {
  const fs::path src = source_viewer_dir();
  const fs::path dst = fs::path(tmp) / "viewer";
  fs::create_directories(dst);
  fs::copy_file(src / "MANIFEST", dst / "MANIFEST");
  for (const std::string& rel : manifest(src.string())) {
    if (fs::exists(src / rel)) {
      fs::create_directories((dst / rel).parent_path());
      fs::copy_file(src / rel, dst / rel);
    } else {
      write(dst / rel, "// stand-in for " + rel + "\n");
    }
  }
  write(dst / "package.json", "{}\n");  // in the folder, not in the MANIFEST
  write(dst / "node_modules" / "three" / "package.json", "{}\n");
  return dst.string();
}

// A file with the binary glTF magic (the server checks nothing more).
[[maybe_unused]] std::string fake_glb(const std::string& tmp) {
  const std::string path = tmp + "/scene one.glb";
  write(path, std::string("glTF\x02\x00\x00\x00", 8) + "retroanim test bytes");
  return path;
}

}  // namespace

TEST(ViewServer, ServesTheViewerAndTheFileAndNothingElse) {
  const std::string tmp = temp_dir();
  const std::string dir = viewer_copy(tmp);
  const std::string glb = fake_glb(tmp);
  // Files outside the viewer folder that a traversal would reach.
  write(fs::path(tmp) / "secret.txt", "secret\n");
  fs::create_symlink(fs::path(tmp) / "secret.txt", fs::path(dir) / "link.js");
  fs::create_directory_symlink("/etc", fs::path(dir) / "etc");
  ViewProcess view({glb, "--idle-timeout", "60"}, {"RETROANIM_VIEWER_DIR=" + dir});
  ASSERT_TRUE(view.started()) << view.first_line() << "\n" << view.err();
  EXPECT_NE(view.url().find("/?name=scene%20one.glb"), std::string::npos) << view.url();
  const int port = view.port();

  // The page, its files and the given file.
  HttpReply index = http_get(port, "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.body, read_file(dir + "/index.html"));
  EXPECT_EQ(index.header("Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(http_get(port, "/index.html").body, read_file(dir + "/index.html"));
  EXPECT_EQ(http_get(port, "/?name=x.glb").status, 200);
  for (const std::string& rel : manifest(dir)) {
    HttpReply r = http_get(port, "/" + rel);
    EXPECT_EQ(r.status, 200) << rel;
    EXPECT_EQ(r.body, read_file(dir + "/" + rel)) << rel;
  }
  EXPECT_EQ(http_get(port, "/viewer.js").header("Content-Type"), "text/javascript; charset=utf-8");
  HttpReply model = http_get(port, "/model.glb");
  EXPECT_EQ(model.status, 200);
  EXPECT_EQ(model.body, read_file(glb));
  EXPECT_EQ(model.header("Content-Type"), "model/gltf-binary");
  HttpReply head = http_get(port, "/model.glb", "HEAD");
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.header("Content-Length"), std::to_string(read_file(glb).size()));
  EXPECT_TRUE(head.body.empty());

  // Everything else: 404.
  const std::vector<std::string> refused = {
      // not in the table
      "/MANIFEST", "/package.json", "/node_modules/three/package.json", "/scene%20one.glb", "/scene+one.glb",
      "/model.gltf", "/favicon.ico", "/secret.txt",
      // directories (no listing)
      "/node_modules", "/node_modules/", "/node_modules/three/", "/node_modules/three/build/", "//",
      // traversal
      "/..", "/../", "/../secret.txt", "/../../../../etc/passwd", "/node_modules/../MANIFEST",
      "/node_modules/three/../../index.html", "/./index.html", "/index.html/", "/index.html/.", "/model.glb/..",
      "/viewer.js/../MANIFEST", "/\\..\\secret.txt", "/..\\secret.txt", "/index.html\\",
      // absolute paths
      "//etc/passwd", "/etc/passwd", "/etc/hostname", "/tmp", "//" + tmp.substr(1) + "/secret.txt",
      tmp + "/secret.txt", "http://127.0.0.1:" + std::to_string(port) + "/../secret.txt", "etc/passwd", "*",
      // percent-encoded and double-encoded variants
      "/%2e%2e/secret.txt", "/%2E%2E/%2E%2E/etc/passwd", "/..%2fsecret.txt", "/..%2Fsecret.txt",
      "/%2e%2e%2fsecret.txt", "/.%2e/secret.txt", "/%2e./secret.txt", "/%2fetc%2fpasswd", "/%2Fetc/passwd",
      "/%252e%252e/secret.txt", "/%252e%252e%252fsecret.txt", "/%25252e%25252e/secret.txt", "/index%2ehtml",
      "/%69ndex.html", "/index.html%00", "/index.html%00.js", "/%c0%ae%c0%ae/secret.txt", "/..%c0%afsecret.txt",
      "/..%5csecret.txt", "/%5c..%5csecret.txt", "/model.glb%2f..%2fMANIFEST",
      // symbolic links in the viewer folder
      "/link.js", "/etc", "/etc/passwd", "/etc/hostname"};
  for (const std::string& target : refused) {
    HttpReply r = http_get(port, target);
    EXPECT_EQ(r.status, 404) << target;
    EXPECT_EQ(r.body.find("secret"), std::string::npos) << target;
    EXPECT_EQ(r.body.find("root:"), std::string::npos) << target;
  }

  // A file of the table replaced by a symbolic link after the start: 404.
  fs::remove(fs::path(dir) / "viewer.css");
  fs::create_symlink(fs::path(tmp) / "secret.txt", fs::path(dir) / "viewer.css");
  EXPECT_EQ(http_get(port, "/viewer.css").status, 404);
  // A directory on the way replaced by a link to a copy: 404 too.
  const fs::path three = fs::path(dir) / "node_modules" / "three";
  fs::rename(three, fs::path(tmp) / "three-moved");
  fs::create_directory_symlink(fs::path(tmp) / "three-moved", three);
  EXPECT_EQ(http_get(port, "/node_modules/three/build/three.module.js").status, 404);

  // Other hosts (DNS rebinding), methods and malformed requests.
  const std::string p = std::to_string(port);
  EXPECT_EQ(http_raw(port, "GET / HTTP/1.1\r\nHost: evil.example:" + p + "\r\n\r\n").status, 404);
  EXPECT_EQ(http_raw(port, "GET / HTTP/1.1\r\n\r\n").status, 404);  // no Host
  EXPECT_EQ(http_raw(port, "GET / HTTP/1.1\r\nHost: localhost:" + p + "\r\n\r\n").status, 200);
  EXPECT_EQ(http_raw(port, "POST / HTTP/1.1\r\nHost: 127.0.0.1:" + p + "\r\nContent-Length: 0\r\n\r\n").status, 405);
  EXPECT_EQ(http_raw(port, "DELETE /model.glb HTTP/1.1\r\nHost: 127.0.0.1:" + p + "\r\n\r\n").status, 405);
  EXPECT_EQ(http_raw(port, "hello\r\n\r\n").status, 400);
  EXPECT_EQ(http_raw(port, "GET /index.html HTTP/1.1 extra\r\nHost: 127.0.0.1:" + p + "\r\n\r\n").status, 400);
  EXPECT_EQ(http_raw(port, "GET " + std::string(20000, 'a') + "\r\n").status, 431);
  // Still serving after all that.
  EXPECT_EQ(http_get(port, "/model.glb").status, 200);

  std::string rest;
  EXPECT_EQ(view.stop(SIGTERM, &rest), 0);
  EXPECT_NE(rest.find("stopped: terminated (SIGTERM)"), std::string::npos) << rest;
}

TEST(ViewServer, StopsOnCtrlC) {
  const std::string tmp = temp_dir();
  ViewProcess view({fake_glb(tmp), "--idle-timeout", "0"}, {"RETROANIM_VIEWER_DIR=" + viewer_copy(tmp)});
  ASSERT_TRUE(view.started()) << view.first_line() << "\n" << view.err();
  EXPECT_EQ(view.first_line().find("stops after"), std::string::npos) << view.first_line();
  EXPECT_EQ(http_get(view.port(), "/").status, 200);
  std::string rest;
  EXPECT_EQ(view.stop(SIGINT, &rest), 0);
  EXPECT_NE(rest.find("stopped: interrupted (SIGINT)"), std::string::npos) << rest;
}

TEST(ViewServer, StopsAfterTheIdleTimeout) {
  const std::string tmp = temp_dir();
  ViewProcess view({fake_glb(tmp), "--idle-timeout", "1"}, {"RETROANIM_VIEWER_DIR=" + viewer_copy(tmp)});
  ASSERT_TRUE(view.started()) << view.first_line() << "\n" << view.err();
  EXPECT_EQ(http_get(view.port(), "/").status, 200);
  std::string rest;
  EXPECT_EQ(view.wait_exit(10.0, &rest), 0);
  EXPECT_NE(rest.find("stopped: no request for 1 s (--idle-timeout)"), std::string::npos) << rest;
}

TEST(ViewServer, ListensOnTheGivenPortOfLoopbackOnly) {
  const std::string tmp = temp_dir();
  const std::string dir = viewer_copy(tmp);
  ViewProcess first({fake_glb(tmp), "--idle-timeout", "30"}, {"RETROANIM_VIEWER_DIR=" + dir});
  ASSERT_TRUE(first.started()) << first.first_line() << "\n" << first.err();
#ifdef __linux__
  // Bound to 127.0.0.1 alone: /proc/net/tcp lists it as 0100007F:PORT (hex), on no other address.
  char local[32];
  std::snprintf(local, sizeof local, ":%04X ", first.port());
  const std::string table = read_file("/proc/net/tcp") + read_file("/proc/net/tcp6");
  int listed = 0;
  for (size_t at = table.find(local); at != std::string::npos; at = table.find(local, at + 1)) {
    const size_t line = table.rfind('\n', at) + 1;
    const std::string row = table.substr(line, table.find('\n', at) - line);
    std::istringstream fields(row);
    std::string slot, local_addr, remote_addr, state;
    fields >> slot >> local_addr >> remote_addr >> state;
    if (local_addr.size() > 5 && local_addr.compare(local_addr.size() - 4, 4, std::string(local + 1, 4)) == 0 &&
        state == "0A") {  // LISTEN
      EXPECT_EQ(local_addr, "0100007F" + std::string(local, 5)) << row;
      ++listed;
    }
  }
  EXPECT_EQ(listed, 1) << table;
#endif
  // The same port again: one clear error, exit 2.
  ViewProcess second({fake_glb(tmp), "--port", std::to_string(first.port())}, {"RETROANIM_VIEWER_DIR=" + dir});
  EXPECT_FALSE(second.started());
  EXPECT_EQ(second.wait_exit(10.0), 2);
  EXPECT_NE(second.err().find("retroanim: view: cannot listen on 127.0.0.1:" + std::to_string(first.port())),
            std::string::npos)
      << second.err();
  EXPECT_EQ(first.stop(SIGTERM), 0);
}

TEST(ViewServer, BadInputIsOneErrorLine) {
  const std::string tmp = temp_dir();
  const std::string dir = viewer_copy(tmp);
  write(tmp + "/not.glb", "this is not glTF");
  write(tmp + "/scene.obj", "v 0 0 0\n");
  CliResult r = run_cli("view '" + tmp + "/not.glb'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "retroanim: " + tmp + "/not.glb: at byte 0: not a binary glTF file (no 'glTF' magic)\n");
  r = run_cli("view '" + tmp + "/scene.obj'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "retroanim: " + tmp + "/scene.obj: view: expected a .glb or .gltf file\n");
  r = run_cli("view '" + tmp + "/missing.glb'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing.glb: cannot open"), std::string::npos) << r.err;
  // A viewer folder whose MANIFEST names a missing file or a path outside it.
  write(tmp + "/bad/MANIFEST", "index.html\n../secret.txt\n");
  ViewProcess bad({fake_glb(tmp)}, {"RETROANIM_VIEWER_DIR=" + tmp + "/bad"});
  EXPECT_EQ(bad.wait_exit(10.0), 2);
  EXPECT_NE(bad.err().find("MANIFEST: line 2: '../secret.txt' is not a plain relative path"), std::string::npos)
      << bad.err();
  write(tmp + "/bad2/MANIFEST", "index.html\n");
  ViewProcess bad2({fake_glb(tmp)}, {"RETROANIM_VIEWER_DIR=" + tmp + "/bad2"});
  EXPECT_EQ(bad2.wait_exit(10.0), 2);
  EXPECT_NE(bad2.err().find("bad2/index.html: missing"), std::string::npos) << bad2.err();
}

TEST(ViewServer, FindsTheViewerOfTheSourceTree) {
  // Without RETROANIM_VIEWER_DIR: the source tree's tools/viewer (this is a build, not an install).
  const std::string three = source_viewer_dir() + "/node_modules/three/build/three.module.js";
  if (!fs::exists(three)) GTEST_SKIP() << "three.js not installed in tools/viewer (scripts/bootstrap.sh runs npm ci there)";
  const std::string tmp = temp_dir();
  ViewProcess view({fake_glb(tmp), "--idle-timeout", "30"}, {"RETROANIM_VIEWER_DIR="});
  ASSERT_TRUE(view.started()) << view.first_line() << "\n" << view.err();
  EXPECT_EQ(http_get(view.port(), "/node_modules/three/build/three.module.js").body, read_file(three));
  EXPECT_EQ(view.stop(SIGTERM), 0);
}

#endif
