// Helpers of the viewer tests (see view_process.h).
#include "view_process.h"

#ifndef _WIN32

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <thread>

#include "support/test_support.h"

namespace retroanim::test {

namespace {

std::string cli_path() {
  const char* env_cli = std::getenv("RETROANIM_CLI");
  return env_cli && *env_cli ? env_cli : RETROANIM_CLI_PATH;
}

}  // namespace

ViewProcess::ViewProcess(const std::vector<std::string>& args, const std::vector<std::string>& env) {
  err_path_ = temp_dir() + "/view.stderr";
  int fds[2];
  if (::pipe(fds) != 0) return;
  const std::string cli = cli_path();
  std::vector<std::string> argv_s = {cli, "view"};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(fds[1], 1);
    const int err = ::open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (err >= 0) ::dup2(err, 2);
    ::close(fds[0]);
    ::close(fds[1]);
    for (const std::string& e : env) ::putenv(const_cast<char*>(e.c_str()));
    std::vector<char*> argv;
    for (std::string& a : argv_s) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(cli.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  out_fd_ = fds[0];
  // Read the first line.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  std::string got;
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{out_fd_, POLLIN, 0};
    if (::poll(&p, 1, 100) > 0) {
      char buf[512];
      const ssize_t n = ::read(out_fd_, buf, sizeof buf);
      if (n <= 0) break;  // exited
      got.append(buf, static_cast<size_t>(n));
      if (got.find('\n') != std::string::npos) break;
    }
  }
  const size_t nl = got.find('\n');
  first_line_ = got.substr(0, nl);
  if (nl != std::string::npos) pending_ = got.substr(nl + 1);
  const size_t at = first_line_.find("http://127.0.0.1:");
  if (at != std::string::npos) {
    const size_t end = first_line_.find(' ', at);
    url_ = first_line_.substr(at, end == std::string::npos ? std::string::npos : end - at);
    port_ = std::atoi(url_.c_str() + std::strlen("http://127.0.0.1:"));
  }
}

ViewProcess::~ViewProcess() {
  if (pid_ > 0 && !exited_) {
    ::kill(pid_, SIGKILL);
    int st = 0;
    ::waitpid(pid_, &st, 0);
  }
  if (out_fd_ >= 0) ::close(out_fd_);
}

std::string ViewProcess::drain() {
  std::string out = pending_;
  pending_.clear();
  if (out_fd_ < 0) return out;
  for (;;) {
    pollfd p{out_fd_, POLLIN, 0};
    if (::poll(&p, 1, 500) <= 0) break;
    char buf[512];
    const ssize_t n = ::read(out_fd_, buf, sizeof buf);
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

int ViewProcess::wait_exit(double seconds, std::string* rest) {
  if (pid_ <= 0) return -1;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!exited_) {
    int st = 0;
    const int r = ::waitpid(pid_, &st, WNOHANG);
    if (r == pid_) {
      exited_ = true;
      exit_code_ = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
      break;
    }
    if (std::chrono::steady_clock::now() > deadline) return -2;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (rest) *rest = drain();
  return exit_code_;
}

int ViewProcess::stop(int sig, std::string* rest) {
  if (pid_ <= 0) return -1;
  if (!exited_) ::kill(pid_, sig);
  const int code = wait_exit(10.0, rest);
  return code == -2 ? -1 : code;
}

std::string ViewProcess::err() const { return read_file(err_path_); }

std::string HttpReply::header(const std::string& name) const {
  size_t pos = 0;
  while (pos < head.size()) {
    size_t next = head.find("\r\n", pos);
    if (next == std::string::npos) next = head.size();
    const std::string line = head.substr(pos, next - pos);
    if (line.size() > name.size() && line[name.size()] == ':' &&
        strncasecmp(line.c_str(), name.c_str(), name.size()) == 0) {
      std::string v = line.substr(name.size() + 1);
      while (!v.empty() && v.front() == ' ') v.erase(v.begin());
      return v;
    }
    pos = next + 2;
  }
  return "";
}

HttpReply http_raw(int port, const std::string& request) {
  HttpReply reply;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return reply;
  timeval tv{10, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<uint16_t>(port));
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return reply;
  }
  size_t sent = 0;
  while (sent < request.size()) {
    const ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<size_t>(n);
  }
  std::string all;
  char buf[8192];
  for (;;) {
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    all.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  const size_t end = all.find("\r\n\r\n");
  if (end == std::string::npos) return reply;
  reply.head = all.substr(0, end);
  reply.body = all.substr(end + 4);
  if (reply.head.rfind("HTTP/1.1 ", 0) == 0) reply.status = std::atoi(reply.head.c_str() + 9);
  return reply;
}

HttpReply http_get(int port, const std::string& target, const std::string& method) {
  return http_raw(port, method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                            "\r\nConnection: close\r\n\r\n");
}

int run_command(const std::string& command, std::string* out, const std::string& err_file) {
  const std::string cmd = command + (err_file.empty() ? "" : " 2>" + shell_quote(err_file));
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return -1;
  std::string got;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) got.append(buf, n);
  const int st = ::pclose(p);
  if (out) *out = got;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q += "'\\''";
    else q += c;
  }
  return q + "'";
}

}  // namespace retroanim::test

#endif
