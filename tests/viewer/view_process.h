// Helpers of the viewer tests (POSIX only): `retroanim view` run as a child
// process, raw HTTP requests over a socket, and a child command's output.
#pragma once

#include <string>
#include <vector>

namespace retroanim::test {

// `retroanim view ARGS...` started in the background; the constructor waits
// for its URL line (up to 20 s). The destructor stops it (SIGTERM) if needed.
class ViewProcess {
 public:
  // `env` entries "NAME=VALUE" are added to the child's environment.
  ViewProcess(const std::vector<std::string>& args, const std::vector<std::string>& env = {});
  ~ViewProcess();
  ViewProcess(const ViewProcess&) = delete;
  ViewProcess& operator=(const ViewProcess&) = delete;

  bool started() const { return port_ > 0; }
  int port() const { return port_; }
  const std::string& url() const { return url_; }
  // The first line it printed (or everything, when it exited before printing a URL).
  const std::string& first_line() const { return first_line_; }

  // Sends `sig`, waits up to 10 s; returns the exit code (-1: killed by a
  // signal or still running) and fills `rest` with what it printed after the URL.
  int stop(int sig, std::string* rest = nullptr);
  // Waits up to `seconds` for it to exit by itself; the exit code, or -2 when it did not.
  int wait_exit(double seconds, std::string* rest = nullptr);
  // Its standard error so far (a file).
  std::string err() const;

 private:
  int pid_ = -1;
  int out_fd_ = -1;
  int port_ = 0;
  std::string url_, first_line_, err_path_, pending_;
  bool exited_ = false;
  int exit_code_ = -1;
  std::string drain();
};

// A raw HTTP exchange with 127.0.0.1:port: `request` is sent as given; the
// reply (status line, headers, body) is read until the server closes.
struct HttpReply {
  int status = 0;  // 0: no valid status line
  std::string head, body;
  std::string header(const std::string& name) const;  // value of a header (case-insensitive), or ""
};
HttpReply http_raw(int port, const std::string& request);
// GET `target` with a Host header naming the server.
HttpReply http_get(int port, const std::string& target, const std::string& method = "GET");

// Runs a shell command; its exit code and standard output (stderr to `err_file` when given).
int run_command(const std::string& command, std::string* out, const std::string& err_file = "");
// `s` quoted for sh ('...').
std::string shell_quote(const std::string& s);

}  // namespace retroanim::test
