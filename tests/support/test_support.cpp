#include "support/test_support.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>
#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#else
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace fs = std::filesystem;

namespace retroanim::test {

std::string ballance_dir() {
  if (const char* env = std::getenv("RETROANIM_BALLANCE_DIR"); env && *env) {
    if (fs::is_directory(env)) return env;
    return {};
  }
  std::string def = std::string(RETROANIM_SHARED_DIR) + "/data/ballance";
  if (fs::is_directory(def)) return def;
  return {};
}

std::optional<std::string> ballance_file(const std::string& relative) {
  std::string dir = ballance_dir();
  if (dir.empty()) return std::nullopt;
  std::string path = dir + "/" + relative;
  if (!fs::is_regular_file(path)) return std::nullopt;
  return path;
}

std::optional<std::string> portal_dat() {
  const char* env = std::getenv("RETROANIM_PORTAL_DAT");
  if (!env || !*env || !fs::is_regular_file(env)) return std::nullopt;
  return std::string(env);
}

std::string test_data_dir() { return RETROANIM_TEST_DATA_DIR; }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string temp_dir() {
#if defined(_WIN32)
  // No mkdtemp: try random names until one is free.
  std::random_device rd;
  for (int i = 0; i < 100; ++i) {
    fs::path p = fs::temp_directory_path() / ("retroanim-test-" + std::to_string(rd()));
    std::error_code ec;
    // With '/' only: callers append "/name" and pass the path unquoted, as on POSIX.
    if (fs::create_directory(p, ec)) return p.generic_string();
  }
  return fs::temp_directory_path().generic_string();
#else
  std::string tmpl = (fs::temp_directory_path() / "retroanim-test-XXXXXX").string();
  char* made = mkdtemp(tmpl.data());
  return made ? std::string(made) : std::string(fs::temp_directory_path());
#endif
}

#if defined(_WIN32)
// The words of a POSIX shell command line: blanks separate words; '...' keeps
// everything literally; "..." keeps everything but \" and \\; a backslash
// outside quotes keeps the next character.
static std::vector<std::string> split_shell_words(const std::string& s) {
  std::vector<std::string> words;
  std::string cur;
  bool in_word = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(cur), cur.clear(), in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {
      for (++i; i < s.size() && s[i] != '\''; ++i) cur += s[i];
    } else if (c == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\')) ++i;
        cur += s[i];
      }
    } else if (c == '\\' && i + 1 < s.size()) {
      cur += s[++i];
    } else {
      cur += c;
    }
  }
  if (in_word) words.push_back(cur);
  return words;
}
#endif

CliResult run_cli(const std::string& args) {
  std::string dir = temp_dir();
  std::string out = dir + "/stdout", err = dir + "/stderr";
  // RETROANIM_CLI overrides the built-in path (scripts/test-windows.sh sets it under Wine).
  const char* env_cli = std::getenv("RETROANIM_CLI");
  std::string cli = env_cli && *env_cli ? env_cli : RETROANIM_CLI_PATH;
#if defined(_WIN32)
  // Callers quote POSIX-style ('...', "...", \x). Split the arguments as sh
  // would, quote each one as CommandLineToArgvW and the C runtime read it back
  // (a " inside becomes \", backslashes before a quote doubled), and start the
  // CLI directly, the command line as UTF-16 (CreateProcessW: no cmd.exe, no
  // ANSI code page), stdout and stderr going to the two files.
  auto quoted = [](const std::string& arg) {
    std::string q = "\"";
    size_t backslashes = 0;
    for (char c : arg) {
      if (c == '\\') {
        ++backslashes;
        continue;
      }
      if (c == '"') q.append(backslashes * 2 + 1, '\\');
      else q.append(backslashes, '\\');
      backslashes = 0;
      q += c;
    }
    q.append(backslashes * 2, '\\');
    return q + '"';
  };
  auto wide = [](const std::string& utf8) {
    const int n = ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), nullptr, 0);
    std::wstring w(static_cast<size_t>(n > 0 ? n : 0), L'\0');
    if (n > 0) ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), w.data(), n);
    return w;
  };
  std::string line = quoted(cli);
  for (const std::string& arg : split_shell_words(args)) line += " " + quoted(arg);
  std::wstring wline = wide(line);
  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  auto open_output = [&](const std::string& path) {
    return ::CreateFileW(wide(path).c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit,
                         CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  };
  HANDLE in_h = ::CreateFileW(L"NUL", GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit, OPEN_EXISTING,
                              FILE_ATTRIBUTE_NORMAL, nullptr);
  HANDLE out_h = open_output(out), err_h = open_output(err);
  CliResult r;
  STARTUPINFOW si{};
  si.cb = sizeof si;
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdInput = in_h;
  si.hStdOutput = out_h;
  si.hStdError = err_h;
  PROCESS_INFORMATION pi{};
  if (out_h != INVALID_HANDLE_VALUE && err_h != INVALID_HANDLE_VALUE &&
      ::CreateProcessW(nullptr, wline.data(), nullptr, nullptr, TRUE, 0, nullptr, nullptr, &si, &pi)) {
    ::WaitForSingleObject(pi.hProcess, INFINITE);
    DWORD code = 0;
    if (::GetExitCodeProcess(pi.hProcess, &code)) r.exit_code = static_cast<int>(code);
    ::CloseHandle(pi.hThread);
    ::CloseHandle(pi.hProcess);
  }
  for (HANDLE h : {in_h, out_h, err_h})
    if (h != INVALID_HANDLE_VALUE) ::CloseHandle(h);
#else
  std::string cmd = std::string("\"") + cli + "\" " + args + " >\"" + out + "\" 2>\"" + err + "\"";
  int status = std::system(cmd.c_str());
  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
#endif
  r.out = read_file(out);
  r.err = read_file(err);
  std::error_code ec;
  fs::remove_all(dir, ec);
  return r;
}

}  // namespace retroanim::test
