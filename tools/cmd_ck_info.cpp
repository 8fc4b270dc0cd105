// `retroanim ck info`: not implemented yet.
#include "commands.h"
#include "retroanim/error.h"

namespace retroanim::cli {

void register_ck_info(CLI::App& parent, Runner& run) {
  auto* cmd = parent.add_subcommand("info", "(not implemented yet)");
  cmd->allow_extras();
  cmd->callback([&run] { run = [] () -> int { throw Error("'ck info' is not supported yet"); }; });
}

}  // namespace retroanim::cli
