// `retroanim ac scenario`: not implemented yet.
#include "commands.h"
#include "retroanim/error.h"

namespace retroanim::cli {

void register_ac_scenario(CLI::App& parent, Runner& run) {
  auto* cmd = parent.add_subcommand("scenario", "(not implemented yet)");
  cmd->allow_extras();
  cmd->callback([&run] { run = [] () -> int { throw Error("'ac scenario' is not supported yet"); }; });
}

}  // namespace retroanim::cli
