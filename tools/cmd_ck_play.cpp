// `retroanim ck play`: not implemented yet.
#include "commands.h"
#include "retroanim/error.h"

namespace retroanim::cli {

void register_ck_play(CLI::App& parent, Runner& run) {
  auto* cmd = parent.add_subcommand("play", "(not implemented yet)");
  cmd->allow_extras();
  cmd->callback([&run] { run = [] () -> int { throw Error("'ck play' is not supported yet"); }; });
}

}  // namespace retroanim::cli
