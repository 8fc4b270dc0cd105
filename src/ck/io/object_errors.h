// The one error of a loaded object that fails to resolve, shared by the
// object loaders and the scene reader: "FILE: data section: object N 'NAME'
// (CLASS): at byte OFFSET: WHAT".
#pragma once

#include <string>

#include "retroanim/ck/io/scene.h"

namespace retroanim::ck::io {

[[noreturn]] void fail_object(const Scene& s, const ObjectRecord& r, const std::string& what);

}  // namespace retroanim::ck::io
