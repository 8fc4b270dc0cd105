// The CLI's subcommands. Each file tools/cmd_*.cpp registers one subcommand on
// the parent app it is given and stores the function to run in `run`. The CLI
// holds no logic of its own: each command parses options, calls the library and
// prints. A command returns its exit code; errors (retroanim::Error, thrown by
// the library or by a command for a bad option) are caught by main and printed
// as one line "retroanim: FILE: WHERE: WHAT" with the exit code of its kind
// (docs/CLI.md, "Exit codes"). Commands never print errors themselves.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "retroanim/ck/io/nmo_file.h"
#include "retroanim/error.h"

namespace retroanim::cli {

using Runner = std::function<int()>;

// The tool's exit codes (docs/CLI.md).
namespace exit_code {
inline constexpr int kOk = 0;
inline constexpr int kUsage = 1;     // the command line does not parse (unknown option, missing argument, ...)
inline constexpr int kInput = 2;     // bad input: a file, its data, an option's value, an object it lacks
inline constexpr int kNotFound = 3;  // a query (ck info --class / --name) matched nothing
inline constexpr int kOutput = 4;    // an output (stdout or a file) could not be written
}  // namespace exit_code

// A query that matched nothing (exit code 3).
class NotFound : public Error {
 public:
  using Error::Error;
};

// An output that could not be written (exit code 4).
class OutputError : public Error {
 public:
  using Error::Error;
};

// Adds `--encoding CP` (the code page of a Virtools file's object names,
// default 1252) to `cmd`, storing into `code_page`.
CLI::Option* add_encoding_option(CLI::App* cmd, uint32_t& code_page);
// The read options for `code_page` (an Error naming --encoding when it is not supported here).
ck::io::ReadOptions read_options(uint32_t code_page);
// A name (UTF-8) as text output shows it: control characters escaped.
std::string shown(const std::string& name);
// `v` as printf's "%*.*f" would print it, except that a value that rounds to
// zero prints without a minus sign ("0.00000", never "-0.00000").
std::string fixed(double v, int width, int precision);
// A dat object id given as the value of `option`: decimal or 0x hex, 32 bits
// (an Error naming the option otherwise, e.g. for a sign or trailing text).
uint32_t parse_dat_id(const std::string& text, const char* option);
// Throws OutputError naming `path` unless `stream` wrote everything (flushes it first).
void check_written(std::ostream& stream, const std::string& path);

// Marks `option` as naming an input file: before the command runs, main
// checks that the file exists, is a regular file, can be opened and is not
// empty, and reports it in the one error format otherwise. Returns `option`.
CLI::Option* input_file(CLI::Option* option);
// The same check for one path: throws retroanim::Error ("FILE: WHAT") unless
// `path` names a readable, non-empty regular file.
void check_input_file(const std::string& path);

void register_demo(CLI::App& app, Runner& run);
void register_export(CLI::App& app, Runner& run);
void register_ck_curve(CLI::App& ck, Runner& run);
void register_ck_info(CLI::App& ck, Runner& run);
void register_ck_anim(CLI::App& ck, Runner& run);
void register_ck_play(CLI::App& ck, Runner& run);
void register_ac_scenario(CLI::App& ac, Runner& run);
void register_ac_timing(CLI::App& ac, Runner& run);
void register_ac_info(CLI::App& ac, Runner& run);
void register_ac_bench(CLI::App& ac, Runner& run);
void register_ck_bench(CLI::App& ck, Runner& run);
void register_view(CLI::App& app, Runner& run);

// Parts of `retroanim demo`, one per area; each writes its outputs under
// out_dir and prints a short summary. Returns 0 on success.
int demo_ck_curve(const std::string& out_dir);
int demo_ck_play(const std::string& out_dir);
int demo_ac(const std::string& out_dir);
// The demo's glTF exports (demo-output/*.glb; a note when built without glTF export).
int demo_gltf(const std::string& out_dir);

}  // namespace retroanim::cli
