// `retroanim ck anim`: not implemented yet.
#include "commands.h"
#include "retroanim/error.h"

namespace retroanim::cli {

void register_ck_anim(CLI::App& parent, Runner& run) {
  auto* cmd = parent.add_subcommand("anim", "(not implemented yet)");
  cmd->allow_extras();
  cmd->callback([&run] { run = [] () -> int { throw Error("'ck anim' is not supported yet"); }; });
}

}  // namespace retroanim::cli
