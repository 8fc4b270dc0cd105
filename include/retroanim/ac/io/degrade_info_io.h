// Unpacking and packing of GfxObjDegradeInfo (0x11) files, field for field as
// GfxObjDegradeInfo::UnPack (0x51E400) reads them (after DBObj::Serialize's id). The unpacker
// throws retroanim::Error naming the file, the object and the byte offset on
// a count or size beyond the bytes; `consumed`, when given, receives the bytes read.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "retroanim/ac/object/degrade_info.h"

namespace retroanim::ac::io {

// The id, then GfxObjDegradeInfo::UnPack: count, then per level the GfxObj
// id, degrade mode, min, ideal and max distance.
GfxObjDegradeInfo unpack_degrade_info(std::span<const uint8_t> bytes, const std::string& file = "",
                                      const std::string& object = "GfxObjDegradeInfo", size_t* consumed = nullptr);
std::vector<uint8_t> pack_degrade_info(const GfxObjDegradeInfo& info);

}  // namespace retroanim::ac::io
