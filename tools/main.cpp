// retroanim command-line tool: dispatches to the subcommands in tools/cmd_*.cpp,
// checks their input files and prints every error the same way:
//   retroanim: FILE: WHERE: WHAT      (one line on stderr, exit code 2)
// with the parts that do not apply left out (see docs/CLI.md).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <new>
#include <optional>
#include <string>
#include <vector>
#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#endif

#include "commands.h"
#include "retroanim/error.h"
#include "retroanim/io/file_path.h"
#include "retroanim/version.h"

namespace retroanim::cli {

namespace {

// The options registered with input_file, in registration order.
std::vector<CLI::Option*>& input_file_options() {
  static std::vector<CLI::Option*> options;
  return options;
}

// Why `path` cannot be read as an input file, as "FILE: WHAT", or nothing.
std::optional<std::string> input_file_problem(const std::string& path) {
  // Through std::filesystem with the path as UTF-8, the same on every platform.
  const std::filesystem::path p = retroanim::io::utf8_path(path);
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(p, ec);
  if (ec || !std::filesystem::exists(st))
    return describe_error(path, "", std::nullopt, "cannot open: " + (ec ? ec.message() : std::string(std::strerror(ENOENT))));
  if (std::filesystem::is_directory(st))
    return describe_error(path, "", std::nullopt, "cannot open: is a directory, not a file");
  if (!std::filesystem::is_regular_file(st))
    return describe_error(path, "", std::nullopt, "cannot open: not a regular file");
  if (std::ifstream f(p, std::ios::binary); !f)
    return describe_error(path, "", std::nullopt, "cannot open: " + std::string(std::strerror(errno)));
  const auto size = std::filesystem::file_size(p, ec);
  if (!ec && size == 0) return describe_error(path, "", 0, "the file is empty");
  return std::nullopt;
}

// Prints one error line and gives the exit code of every failure.
int print_error(const std::string& message) {
  std::fprintf(stderr, "retroanim: %s\n", message.c_str());
  return 2;
}

}  // namespace

void check_input_file(const std::string& path) {
  if (auto problem = input_file_problem(path)) throw retroanim::Error(*problem);
}

CLI::Option* input_file(CLI::Option* option) {
  input_file_options().push_back(option);
  return option;
}

}  // namespace retroanim::cli

int main(int argc, char** argv) {
  using namespace retroanim::cli;
#if defined(_WIN32)
  // Byte-for-byte the same output as on Linux: no "\r\n" from text-mode stdout.
  _setmode(_fileno(stdout), _O_BINARY);
#endif
  CLI::App app{"retroanim: faithful Virtools (Ballance) and Asheron's Call animation runtimes"};
  app.set_version_flag("--version", "retroanim " RETROANIM_VERSION_STRING);
  // The same option syntax on every platform: CLI11 would read "/path" as a
  // Windows-style option on Windows (set before the subcommands, which inherit it).
  app.allow_windows_style_options(false);
  app.require_subcommand(1);
  Runner run;
  register_demo(app, run);
  CLI::App* ck = app.add_subcommand("ck", "Virtools CK2 (Ballance): curves, animations, files, behaviours");
  ck->require_subcommand(1);
  register_ck_curve(*ck, run);
  register_ck_info(*ck, run);
  register_ck_anim(*ck, run);
  register_ck_play(*ck, run);
  register_ck_bench(*ck, run);
  CLI::App* ac = app.add_subcommand("ac", "Asheron's Call: animation runtime, motion tables, portal.dat");
  ac->require_subcommand(1);
  register_ac_scenario(*ac, run);
  register_ac_info(*ac, run);
  register_ac_bench(*ac, run);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return print_error(std::string("command line: ") + e.what());
  }
  if (!run) return print_error("command line: no command");
  try {
    // Only the options of the subcommand that was given have values.
    for (CLI::Option* option : input_file_options()) {
      if (option->count() == 0) continue;
      const std::string path = option->as<std::string>();
      if (path.empty()) continue;
      check_input_file(path);
    }
    return run();
  } catch (const retroanim::Error& e) {
    return print_error(e.what());
  } catch (const std::bad_alloc&) {
    return print_error("out of memory");
  } catch (const std::exception& e) {
    return print_error(std::string("internal error: ") + e.what());
  }
}
