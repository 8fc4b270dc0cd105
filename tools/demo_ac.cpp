// Demo part: ac (not implemented yet).
#include <string>

#include "commands.h"

namespace retroanim::cli {

int demo_ac(const std::string& /*out_dir*/) { return 0; }

}  // namespace retroanim::cli
