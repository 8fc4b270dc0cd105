// `retroanim ac scenario FILE.json [--out FILE]`: runs an AC scenario and
// prints its trace (JSON Lines) to stdout or to the --out file.
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "commands.h"
#include "retroanim/ac/scenario.h"
#include "retroanim/error.h"
#include "retroanim/io/file_path.h"

namespace retroanim::cli {

void register_ac_scenario(CLI::App& parent, Runner& run) {
  auto* cmd = parent.add_subcommand("scenario", "Run an AC scenario file and print its trace (JSON Lines)");
  auto file = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  input_file(cmd->add_option("file", *file, "Scenario file (format retroanim.ac.scenario/1)"))
      ->required()
      ->type_name("FILE.json");
  cmd->add_option("--out", *out, "Write the trace to this file instead of stdout")->type_name("FILE");
  cmd->callback([&run, file, out] {
    run = [file, out]() -> int {
      if (out->empty()) {
        ac::run_scenario_file(*file, std::cout);
        std::cout.flush();
        return 0;
      }
      std::ofstream os(retroanim::io::utf8_path(*out), std::ios::binary);
      if (!os) throw OutputError(describe_error(*out, "", std::nullopt, "cannot open the output file"));
      ac::run_scenario_file(*file, os);
      check_written(os, *out);
      return 0;
    };
  });
}

}  // namespace retroanim::cli
