// retroanim command-line tool: dispatches to the subcommands in tools/cmd_*.cpp,
// checks their input files and prints every error the same way:
//   retroanim: FILE: WHERE: WHAT      (one line on stderr)
// with the parts that do not apply left out, and exits with the code of the
// error's kind (exit_code in commands.h; docs/CLI.md). A write failure on
// stdout is an error too.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
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

#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#include <shellapi.h>
#endif

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

// Prints one error line and gives `code`.
int print_error(const std::string& message, int code = exit_code::kInput) {
  std::fprintf(stderr, "retroanim: %s\n", message.c_str());
  return code;
}

// "retroanim ck info": the command the command line reached.
std::string command_path(CLI::App& app) {
  std::string path = "retroanim";
  CLI::App* current = &app;
  for (;;) {
    std::vector<CLI::App*> subs = current->get_subcommands();
    if (subs.empty()) break;
    current = subs.front();
    path += " " + current->get_name();
  }
  return path;
}

#ifdef _WIN32
// Windows hands main its arguments in the ANSI code page: take the UTF-16
// command line instead and make UTF-8 arguments of it (names are matched as
// UTF-8), and let the console show the UTF-8 the tool prints.
std::vector<std::string> utf8_arguments() {
  std::vector<std::string> out;
  int n = 0;
  LPWSTR* wide = ::CommandLineToArgvW(::GetCommandLineW(), &n);
  if (!wide) return out;
  for (int i = 0; i < n; ++i) {
    int len = ::WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, nullptr, 0, nullptr, nullptr);
    std::string s(len > 0 ? static_cast<size_t>(len - 1) : 0, '\0');
    if (len > 1) ::WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, s.data(), len, nullptr, nullptr);
    out.push_back(std::move(s));
  }
  ::LocalFree(wide);
  ::SetConsoleOutputCP(CP_UTF8);
  return out;
}
#endif

// Flushes stdout; the error line when what was printed could not be written.
std::optional<std::string> stdout_problem() {
  errno = 0;
  std::cout.flush();
  const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
  if (!failed) return std::nullopt;
  const int err = errno;
  return std::string("stdout: cannot write") + (err ? std::string(": ") + std::strerror(err) : std::string());
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
  // Byte-for-byte the same output as on Linux: no "\r\n" from text-mode stdout or stderr.
  _setmode(_fileno(stdout), _O_BINARY);
  _setmode(_fileno(stderr), _O_BINARY);
#endif
#ifdef _WIN32
  std::vector<std::string> utf8_args = utf8_arguments();
  std::vector<char*> utf8_argv;
  for (std::string& a : utf8_args) utf8_argv.push_back(a.data());
  utf8_argv.push_back(nullptr);
  if (!utf8_args.empty()) {
    argc = static_cast<int>(utf8_args.size());
    argv = utf8_argv.data();
  }
#endif
  CLI::App app{"retroanim: faithful Virtools (Ballance) and Asheron's Call animation runtimes", "retroanim"};
  app.set_version_flag("--version", "retroanim " RETROANIM_VERSION_STRING);
  // The same option syntax on every platform: CLI11 would read "/path" as a
  // Windows-style option on Windows (set before the subcommands, which inherit it).
  app.allow_windows_style_options(false);
  app.require_subcommand(1);
  Runner run;
  register_demo(app, run);
  register_export(app, run);
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
  register_ac_timing(*ac, run);
  register_ac_info(*ac, run);
  register_ac_bench(*ac, run);
  register_view(app, run);

  if (argc <= 1) {
    // No arguments: the subcommands and where to go next.
    std::cout << app.help() << "Run `retroanim CMD --help` for a command's options, e.g. `retroanim ck info --help`.\n";
    std::cout.flush();
    return exit_code::kUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return print_error(std::string("command line: ") + e.what() + " (see `" + command_path(app) + " --help`)",
                       exit_code::kUsage);
  }
  if (!run) return print_error("command line: no command (see `" + command_path(app) + " --help`)", exit_code::kUsage);
  int rc = exit_code::kInput;
  try {
    // Only the options of the subcommand that was given have values.
    for (CLI::Option* option : input_file_options()) {
      if (option->count() == 0) continue;
      const std::string path = option->as<std::string>();
      if (path.empty()) continue;
      check_input_file(path);
    }
    rc = run();
  } catch (const NotFound& e) {
    return print_error(e.what(), exit_code::kNotFound);
  } catch (const OutputError& e) {
    return print_error(e.what(), exit_code::kOutput);
  } catch (const retroanim::Error& e) {
    return print_error(e.what());
  } catch (const std::bad_alloc&) {
    return print_error("out of memory");
  } catch (const std::exception& e) {
    return print_error(std::string("internal error: ") + e.what());
  }
  if (auto problem = stdout_problem()) return print_error(*problem, exit_code::kOutput);
  return rc;
}
