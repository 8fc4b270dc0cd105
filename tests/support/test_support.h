// Shared helpers for the test programs: where the real game files are, and how
// to run the command-line tool and capture what it prints.
#pragma once

#include <optional>
#include <string>

namespace retroanim::test {

// The folder of the Ballance game files: $RETROANIM_BALLANCE_DIR when set,
// otherwise ../shared/data/ballance beside the project. Empty when neither exists.
std::string ballance_dir();

// Full path of a Ballance file (relative to ballance_dir()), or nullopt when the
// file is absent. Use with RETROANIM_REQUIRE_BALLANCE to skip with a message.
std::optional<std::string> ballance_file(const std::string& relative);

// A portal.dat named by $RETROANIM_PORTAL_DAT, or nullopt when unset/absent.
std::optional<std::string> portal_dat();

// The folder of the project's own test data (tests/data).
std::string test_data_dir();

// Result of running the CLI.
struct CliResult {
  int exit_code = -1;
  std::string out;  // standard output
  std::string err;  // standard error
};

// Runs the retroanim CLI with the given argument string (shell-quoted by the caller).
CliResult run_cli(const std::string& args);

// A fresh temporary directory for a test's output files.
std::string temp_dir();

// The whole content of a file, read as bytes; empty when it cannot be opened.
std::string read_file(const std::string& path);

}  // namespace retroanim::test

// Skips the current test, saying so, when a Ballance file is missing; otherwise
// declares `const std::string VAR` holding its path.
#define RETROANIM_REQUIRE_BALLANCE(VAR, REL)                                                  \
  auto VAR##_opt = ::retroanim::test::ballance_file(REL);                                     \
  if (!VAR##_opt) {                                                                           \
    GTEST_SKIP() << "Ballance file " << (REL)                                                 \
                 << " not found (set RETROANIM_BALLANCE_DIR or provide ../shared/data/ballance)"; \
  }                                                                                           \
  const std::string VAR = *VAR##_opt
