// retroanim command-line tool: dispatches to the subcommands in tools/cmd_*.cpp.
#include <cstdio>
#include <exception>
#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#endif

#include "commands.h"
#include "retroanim/error.h"
#include "retroanim/version.h"

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
  CLI::App* ac = app.add_subcommand("ac", "Asheron's Call: animation runtime, motion tables, portal.dat");
  ac->require_subcommand(1);
  register_ac_scenario(*ac, run);
  register_ac_info(*ac, run);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "retroanim: error: %s\n", e.what());
    return 2;
  }
  if (!run) {
    std::fprintf(stderr, "retroanim: error: no command\n");
    return 2;
  }
  try {
    return run();
  } catch (const retroanim::Error& e) {
    std::fprintf(stderr, "retroanim: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "retroanim: error: %s\n", e.what());
    return 2;
  }
}
