// Demo part: ck_play (not implemented yet).
#include <string>

#include "commands.h"

namespace retroanim::cli {

int demo_ck_play(const std::string& /*out_dir*/) { return 0; }

}  // namespace retroanim::cli
