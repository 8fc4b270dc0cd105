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
#if !defined(_WIN32)
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
    if (fs::create_directory(p, ec)) return p.string();
  }
  return fs::temp_directory_path().string();
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
  // Callers quote POSIX-style ('...', "...", \x); cmd.exe does not. Split the
  // arguments as sh would, then quote each one as the C runtime's argv parser
  // reads it back (a " inside becomes \", backslashes before a quote doubled);
  // cmd.exe strips the outer pair of quotes around the whole line.
  std::string line = "\"\"" + cli + "\"";
  for (const std::string& arg : split_shell_words(args)) {
    line += " \"";
    size_t backslashes = 0;
    for (char c : arg) {
      if (c == '\\') {
        ++backslashes;
        continue;
      }
      if (c == '"') line.append(backslashes * 2 + 1, '\\');
      else line.append(backslashes, '\\');
      backslashes = 0;
      line += c;
    }
    line.append(backslashes * 2, '\\');
    line += '"';
  }
  std::string cmd = line + " >\"" + out + "\" 2>\"" + err + "\"\"";
  int status = std::system(cmd.c_str());
  CliResult r;
  r.exit_code = status;
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
