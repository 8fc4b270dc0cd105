// The CLI's subcommands. Each file tools/cmd_*.cpp registers one subcommand on
// the parent app it is given and stores the function to run in `run`. The CLI
// holds no logic of its own: each command parses options, calls the library and
// prints. A command returns its exit code; errors (retroanim::Error, thrown by
// the library or by a command for a bad option) are caught by main and printed
// as one line "retroanim: FILE: WHERE: WHAT", exit code 2. Commands never print
// errors themselves.
#pragma once

#include <functional>
#include <string>

#include <CLI/CLI.hpp>

namespace retroanim::cli {

using Runner = std::function<int()>;

// Marks `option` as naming an input file: before the command runs, main
// checks that the file exists, is a regular file, can be opened and is not
// empty, and reports it in the one error format otherwise. Returns `option`.
CLI::Option* input_file(CLI::Option* option);
// The same check for one path: throws retroanim::Error ("FILE: WHAT") unless
// `path` names a readable, non-empty regular file.
void check_input_file(const std::string& path);

void register_demo(CLI::App& app, Runner& run);
void register_ck_curve(CLI::App& ck, Runner& run);
void register_ck_info(CLI::App& ck, Runner& run);
void register_ck_anim(CLI::App& ck, Runner& run);
void register_ck_play(CLI::App& ck, Runner& run);
void register_ac_scenario(CLI::App& ac, Runner& run);
void register_ac_info(CLI::App& ac, Runner& run);
void register_ac_bench(CLI::App& ac, Runner& run);
void register_ck_bench(CLI::App& ck, Runner& run);

// Parts of `retroanim demo`, one per area; each writes its outputs under
// out_dir and prints a short summary. Returns 0 on success.
int demo_ck_curve(const std::string& out_dir);
int demo_ck_play(const std::string& out_dir);
int demo_ac(const std::string& out_dir);

}  // namespace retroanim::cli
