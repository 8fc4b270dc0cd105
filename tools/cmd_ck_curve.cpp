// `retroanim ck curve`: not implemented yet.
#include "commands.h"
#include "retroanim/error.h"

namespace retroanim::cli {

void register_ck_curve(CLI::App& parent, Runner& run) {
  auto* cmd = parent.add_subcommand("curve", "(not implemented yet)");
  cmd->allow_extras();
  cmd->callback([&run] { run = [] () -> int { throw Error("'ck curve' is not supported yet"); }; });
}

}  // namespace retroanim::cli
