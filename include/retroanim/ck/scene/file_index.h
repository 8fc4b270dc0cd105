// An index into a Virtools file's object table: what FILE-bound chunks store
// for an object reference, and how loaded objects are numbered. -1 means no
// object.
#pragma once

#include <cstdint>

namespace retroanim::ck {

using FileIndex = int32_t;
inline constexpr FileIndex kNoObject = -1;

}  // namespace retroanim::ck
