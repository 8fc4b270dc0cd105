// The HTTP server of `retroanim view` (see view_server.h).
#include "view_server.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "retroanim/error.h"
#include "retroanim/io/file_path.h"

#ifndef _WIN32
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <strings.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#ifndef RETROANIM_VIEWER_SOURCE_DIR
#define RETROANIM_VIEWER_SOURCE_DIR ""
#endif

namespace retroanim::cli {

namespace fs = std::filesystem;

namespace {

bool has_manifest(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "MANIFEST", ec);
}

// The folder of the running executable, when the system says.
std::optional<fs::path> executable_dir() {
#if defined(__linux__)
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec && !exe.empty()) return exe.parent_path();
#endif
  return std::nullopt;
}

bool manifest_char_ok(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
         c == '-' || c == '/';
}

}  // namespace

std::string find_viewer_dir() {
  std::vector<fs::path> tried;
  if (const char* env = std::getenv("RETROANIM_VIEWER_DIR"); env && *env) {
    // An explicit choice is the only place looked at.
    const fs::path dir = retroanim::io::utf8_path(env);
    if (has_manifest(dir)) return retroanim::io::utf8_string(dir);
    throw Error("RETROANIM_VIEWER_DIR=" + std::string(env) + ": no viewer there (no MANIFEST file)");
  }
  if (auto exe = executable_dir()) tried.push_back(*exe / ".." / "share" / "retroanim" / "viewer");
  if (*RETROANIM_VIEWER_SOURCE_DIR) tried.push_back(retroanim::io::utf8_path(RETROANIM_VIEWER_SOURCE_DIR));
  for (const fs::path& dir : tried) {
    if (has_manifest(dir)) return retroanim::io::utf8_string(dir.lexically_normal());
  }
  std::string places;
  for (const fs::path& dir : tried) places += (places.empty() ? "" : ", ") + retroanim::io::utf8_string(dir);
  throw Error("view: the viewer's files were not found (looked in " + (places.empty() ? "no place" : places) +
              "; set RETROANIM_VIEWER_DIR to a folder holding tools/viewer's files)");
}

std::vector<std::string> read_viewer_manifest(const std::string& viewer_dir) {
  const std::string path = retroanim::io::utf8_string(retroanim::io::utf8_path(viewer_dir) / "MANIFEST");
  std::ifstream f(retroanim::io::utf8_path(path), std::ios::binary);
  if (!f) throw Error(describe_error(path, "", std::nullopt, "cannot open"));
  std::vector<std::string> out;
  std::string line;
  int number = 0;
  while (std::getline(f, line)) {
    ++number;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    bool ok = line[0] != '/' && line.back() != '/';
    for (char c : line) ok = ok && manifest_char_ok(c);
    size_t start = 0;
    while (ok && start <= line.size()) {
      const size_t slash = line.find('/', start);
      const std::string part = line.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
      if (part.empty() || part == "." || part == "..") ok = false;
      if (slash == std::string::npos) break;
      start = slash + 1;
    }
    if (!ok) {
      throw Error(describe_error(path, "line " + std::to_string(number), std::nullopt,
                                 "'" + line + "' is not a plain relative path"));
    }
    out.push_back(line);
  }
  return out;
}

#ifdef _WIN32

int serve_viewer(const ViewOptions&) {
  throw Error("view: not available in the Windows build (serve tools/viewer and the file with any local web server)");
}

#else

namespace {

volatile sig_atomic_t g_stop_signal = 0;

extern "C" void on_stop_signal(int sig) { g_stop_signal = sig; }

// Restores the previous handlers of SIGINT, SIGTERM and SIGPIPE when it goes.
class SignalScope {
 public:
  SignalScope() {
    g_stop_signal = 0;
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: poll returns EINTR
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
    struct sigaction ign {};
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &old_pipe_);
  }
  ~SignalScope() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
    sigaction(SIGPIPE, &old_pipe_, nullptr);
  }
  SignalScope(const SignalScope&) = delete;
  SignalScope& operator=(const SignalScope&) = delete;

 private:
  struct sigaction old_int_ {}, old_term_ {}, old_pipe_ {};
};

class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  ~Fd() { reset(); }
  Fd(Fd&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  Fd& operator=(Fd&& o) noexcept {
    if (this != &o) {
      reset();
      fd_ = o.fd_;
      o.fd_ = -1;
    }
    return *this;
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

// One servable file: a path below the viewer folder (opened component by
// component, no symbolic link followed) or the given file (opened as given).
struct Route {
  std::string relative;  // below the viewer folder; empty for the given file
  std::string content_type;
};

std::string content_type_of(const std::string& name) {
  auto ends = [&](const char* ext) {
    const size_t n = std::strlen(ext);
    return name.size() >= n && name.compare(name.size() - n, n, ext) == 0;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js") || ends(".mjs")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".json")) return "application/json";
  if (ends(".glb")) return "model/gltf-binary";
  if (ends(".gltf")) return "model/gltf+json";
  return "application/octet-stream";
}

// Reads the file `relative` below the folder `root_fd`, every component opened
// with O_NOFOLLOW (a symbolic link anywhere below the folder fails), only a
// regular file at the end. Nothing on failure.
std::optional<std::string> read_below(int root_fd, const std::string& relative) {
  Fd dir(::dup(root_fd));
  if (dir.get() < 0) return std::nullopt;
  size_t start = 0;
  for (;;) {
    const size_t slash = relative.find('/', start);
    const std::string part = relative.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (slash == std::string::npos) {
      Fd file(::openat(dir.get(), part.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
      if (file.get() < 0) return std::nullopt;
      struct stat st {};
      if (::fstat(file.get(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
      std::string data;
      data.resize(static_cast<size_t>(st.st_size));
      size_t got = 0;
      while (got < data.size()) {
        const ssize_t n = ::read(file.get(), data.data() + got, data.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return std::nullopt;
        got += static_cast<size_t>(n);
      }
      return data;
    }
    Fd next(::openat(dir.get(), part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (next.get() < 0) return std::nullopt;
    dir = std::move(next);
    start = slash + 1;
  }
}

std::optional<std::string> read_whole(const std::string& path) {
  std::ifstream f(retroanim::io::utf8_path(path), std::ios::binary);
  if (!f) return std::nullopt;
  std::string data((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (f.bad()) return std::nullopt;
  return data;
}

std::string percent_encode(const std::string& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
        c == '-') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

struct Connection {
  Fd fd;
  std::string in, out;
  size_t sent = 0;
  bool responded = false;  // `out` holds the whole response
  bool draining = false;   // response sent, write side shut: reading until the peer closes
  std::chrono::steady_clock::time_point since;
};

constexpr size_t kMaxRequestHead = 16 * 1024;
constexpr auto kConnectionTimeout = std::chrono::seconds(15);

class Server {
 public:
  Server(const ViewOptions& o, std::map<std::string, Route> routes, int root_fd, int listen_fd, int port)
      : options_(o), routes_(std::move(routes)), root_fd_(root_fd), listen_fd_(listen_fd), port_(port) {}

  // The loop: returns why it stopped.
  std::string run() {
    using clock = std::chrono::steady_clock;
    auto last_activity = clock::now();
    for (;;) {
      if (g_stop_signal) return g_stop_signal == SIGINT ? "interrupted (SIGINT)" : "terminated (SIGTERM)";
      const auto now = clock::now();
      if (options_.idle_timeout_s > 0 && conns_.empty() &&
          std::chrono::duration<double>(now - last_activity).count() >= options_.idle_timeout_s) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "no request for %g s (--idle-timeout)", options_.idle_timeout_s);
        return buf;
      }
      std::vector<pollfd> fds;
      fds.push_back({listen_fd_, POLLIN, 0});
      for (const Connection& c : conns_) {
        const bool want_write = c.responded && !c.draining;
        fds.push_back({c.fd.get(), static_cast<short>(want_write ? POLLOUT : POLLIN), 0});
      }
      const int n = ::poll(fds.data(), fds.size(), 200);
      if (n < 0) {
        if (errno == EINTR) continue;
        throw Error(std::string("view: poll: ") + std::strerror(errno));
      }
      if (fds[0].revents & POLLIN) {
        for (;;) {
          const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
          if (fd < 0) break;
          Connection c;
          c.fd = Fd(fd);
          c.since = clock::now();
          conns_.push_back(std::move(c));
          last_activity = clock::now();
          fds.push_back({fd, 0, 0});  // keeps indexes aligned; polled next round
        }
      }
      for (size_t i = 0; i + 1 < fds.size() && i < conns_.size(); ++i) {
        if (fds[i + 1].revents == 0) continue;
        if (service(conns_[i])) last_activity = clock::now();
      }
      // Drop finished or stale connections.
      const auto t = clock::now();
      for (size_t i = conns_.size(); i-- > 0;) {
        Connection& c = conns_[i];
        if (c.fd.get() < 0 || t - c.since > kConnectionTimeout) conns_.erase(conns_.begin() + static_cast<long>(i));
      }
    }
  }

 private:
  // Reads or writes what the socket allows; true when a request was answered.
  bool service(Connection& c) {
    if (c.draining) {
      char buf[4096];
      const ssize_t n = ::recv(c.fd.get(), buf, sizeof buf, 0);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) c.fd.reset();
      return false;
    }
    if (!c.responded) {
      char buf[4096];
      const ssize_t n = ::recv(c.fd.get(), buf, sizeof buf, 0);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
        c.fd.reset();
        return false;
      }
      if (n < 0) return false;
      c.in.append(buf, static_cast<size_t>(n));
      const size_t end = c.in.find("\r\n\r\n");
      if (end == std::string::npos) {
        if (c.in.size() > kMaxRequestHead) respond(c, 431, "Request Header Fields Too Large", "", "", false);
        return false;
      }
      answer(c, c.in.substr(0, end));
      return true;
    }
    while (c.sent < c.out.size()) {
      const ssize_t n = ::send(c.fd.get(), c.out.data() + c.sent, c.out.size() - c.sent, MSG_NOSIGNAL);
      if (n < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return false;
        c.fd.reset();
        return false;
      }
      c.sent += static_cast<size_t>(n);
    }
    ::shutdown(c.fd.get(), SHUT_WR);
    c.draining = true;
    return false;
  }

  void respond(Connection& c, int code, const char* reason, const std::string& type, const std::string& body,
               bool head_only) {
    std::string r = "HTTP/1.1 " + std::to_string(code) + " " + reason + "\r\n";
    r += "Content-Type: " + (type.empty() ? std::string("text/plain; charset=utf-8") : type) + "\r\n";
    r += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    r += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n";
    if (code == 405) r += "Allow: GET, HEAD\r\n";
    r += "\r\n";
    if (!head_only) r += body;
    c.out = std::move(r);
    c.sent = 0;
    c.responded = true;
    c.in.clear();
  }

  void not_found(Connection& c, bool head_only) { respond(c, 404, "Not Found", "", "not found\n", head_only); }

  void answer(Connection& c, const std::string& head) {
    // Request line: METHOD SP TARGET SP HTTP/1.x
    const size_t eol = head.find("\r\n");
    const std::string line = head.substr(0, eol);
    const size_t sp1 = line.find(' ');
    const size_t sp2 = sp1 == std::string::npos ? std::string::npos : line.find(' ', sp1 + 1);
    if (sp1 == std::string::npos || sp2 == std::string::npos || line.find(' ', sp2 + 1) != std::string::npos ||
        line.compare(sp2 + 1, 7, "HTTP/1.") != 0) {
      respond(c, 400, "Bad Request", "", "bad request\n", false);
      return;
    }
    const std::string method = line.substr(0, sp1);
    std::string target = line.substr(sp1 + 1, sp2 - sp1 - 1);
    const bool head_only = method == "HEAD";
    if (method != "GET" && !head_only) {
      respond(c, 405, "Method Not Allowed", "", "only GET and HEAD\n", false);
      return;
    }
    // Host must name this server (a page elsewhere cannot reach it through a DNS name).
    std::string host;
    size_t pos = eol == std::string::npos ? head.size() : eol + 2;
    while (pos < head.size()) {
      size_t next = head.find("\r\n", pos);
      if (next == std::string::npos) next = head.size();
      const std::string h = head.substr(pos, next - pos);
      if (h.size() > 5 && strncasecmp(h.c_str(), "host:", 5) == 0) {
        host = h.substr(5);
        while (!host.empty() && (host.front() == ' ' || host.front() == '\t')) host.erase(host.begin());
        while (!host.empty() && (host.back() == ' ' || host.back() == '\t')) host.pop_back();
      }
      pos = next + 2;
    }
    const std::string port = std::to_string(port_);
    if (host != "127.0.0.1:" + port && host != "localhost:" + port) {
      not_found(c, head_only);
      return;
    }
    // The path, query dropped, must be a key of the table exactly.
    const size_t q = target.find('?');
    if (q != std::string::npos) target.erase(q);
    const auto it = routes_.find(target);
    if (it == routes_.end()) {
      not_found(c, head_only);
      return;
    }
    const Route& route = it->second;
    const std::optional<std::string> data =
        route.relative.empty() ? read_whole(options_.file) : read_below(root_fd_, route.relative);
    if (!data) {
      not_found(c, head_only);
      return;
    }
    respond(c, 200, "OK", route.content_type, *data, head_only);
  }

  const ViewOptions& options_;
  std::map<std::string, Route> routes_;
  int root_fd_;
  int listen_fd_;
  int port_;
  std::vector<Connection> conns_;
};

}  // namespace

int serve_viewer(const ViewOptions& o) {
  // The given file: a .glb (checked for its magic) or a .gltf.
  const std::string ext = retroanim::io::utf8_string(retroanim::io::utf8_path(o.file).extension());
  std::string model;
  if (ext == ".glb" || ext == ".GLB") {
    model = "model.glb";
    std::ifstream f(retroanim::io::utf8_path(o.file), std::ios::binary);
    char magic[4] = {};
    f.read(magic, 4);
    if (!f || std::memcmp(magic, "glTF", 4) != 0)
      throw Error(describe_error(o.file, "", 0, "not a binary glTF file (no 'glTF' magic)"));
  } else if (ext == ".gltf" || ext == ".GLTF") {
    model = "model.gltf";
  } else {
    throw Error(describe_error(o.file, "", std::nullopt, "view: expected a .glb or .gltf file"));
  }
  if (o.port < 0 || o.port > 65535) throw Error("--port: " + std::to_string(o.port) + " is not a port (0..65535)");
  if (!(o.idle_timeout_s >= 0)) throw Error("--idle-timeout: must be a number of seconds >= 0");

  // The table of what is served.
  std::map<std::string, Route> routes;
  const std::vector<std::string> manifest = read_viewer_manifest(o.viewer_dir);
  Fd root(::open(o.viewer_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (root.get() < 0) throw Error(describe_error(o.viewer_dir, "", std::nullopt, std::string("cannot open: ") + std::strerror(errno)));
  bool has_index = false;
  for (const std::string& rel : manifest) {
    if (!read_below(root.get(), rel)) {
      const bool three = rel.rfind("node_modules/", 0) == 0;
      throw Error(describe_error(o.viewer_dir + "/" + rel, "", std::nullopt,
                                 std::string("missing (or not a regular file, or below a symbolic link)") +
                                     (three ? "; three.js is installed by scripts/bootstrap.sh (npm ci in tools/viewer)"
                                            : "")));
    }
    routes["/" + rel] = Route{rel, content_type_of(rel)};
    if (rel == "index.html") has_index = true;
  }
  if (!has_index) throw Error(describe_error(o.viewer_dir + "/MANIFEST", "", std::nullopt, "does not list index.html"));
  routes["/"] = Route{"index.html", content_type_of("index.html")};
  routes["/" + model] = Route{"", content_type_of(model)};

  Fd listener(::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (listener.get() < 0) throw Error(std::string("view: socket: ") + std::strerror(errno));
  const int yes = 1;
  ::setsockopt(listener.get(), SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<uint16_t>(o.port));
  if (::bind(listener.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0)
    throw Error("view: cannot listen on 127.0.0.1:" + std::to_string(o.port) + ": " + std::strerror(errno));
  if (::listen(listener.get(), 64) != 0) throw Error(std::string("view: listen: ") + std::strerror(errno));
  socklen_t len = sizeof addr;
  ::getsockname(listener.get(), reinterpret_cast<sockaddr*>(&addr), &len);
  const int port = ntohs(addr.sin_port);

  SignalScope signals;
  const std::string name = retroanim::io::utf8_string(retroanim::io::utf8_path(o.file).filename());
  std::string url = "http://127.0.0.1:" + std::to_string(port) + "/?name=" + percent_encode(name);
  if (model != "model.glb") url += "&model=" + model;
  std::printf("retroanim view: %s (serving %s; Ctrl-C to stop", url.c_str(), o.file.c_str());
  if (o.idle_timeout_s > 0) std::printf(", stops after %g s without a request", o.idle_timeout_s);
  std::printf(")\n");
  std::fflush(stdout);
  Server server(o, std::move(routes), root.get(), listener.get(), port);
  const std::string why = server.run();
  std::printf("retroanim view: stopped: %s\n", why.c_str());
  return 0;
}

#endif

}  // namespace retroanim::cli
