// (retroanim's own) The text of a GUID in traces and block listings.
#include "retroanim/ck/behavior/block_report.h"

#include "io/hex.h"

namespace retroanim::ck {

std::string guid_text(Guid guid) {
  return io::hex(guid.d1, 8, io::HexCase::kLower) + "," + io::hex(guid.d2, 8, io::HexCase::kLower);
}

}  // namespace retroanim::ck
