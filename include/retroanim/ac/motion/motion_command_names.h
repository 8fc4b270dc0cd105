// The client's names of its motion commands (WalkForward 0x45000005, Ready
// 0x41000003, NonCombat 0x8000003D, ...), for display only: nothing in the
// runtime looks a name up. A command id is a class byte (0x40 substate, 0x80
// style, 0x10 action, ...) and a 16-bit command number; the table holds the
// numbers 0x0001 to 0x010E, where the client versions' tables agree
// (docs/FIDELITY.md, "Motion command names").
#pragma once

#include <cstdint>
#include <string>

namespace retroanim::ac {

// The name of the motion command `id`, or nullptr when the table does not
// know it (an unknown number, or a known number with another class byte).
const char* motion_command_name(uint32_t id);

// A motion table key as a name: a style-specific key (style number << 16 |
// command number, the layout of the cycles, modifiers and links maps) as
// "Style/Command" ("NonCombat/Ready" for 0x003D0003), a key without a style
// (0x0000NNNN) as the command's name, a full command id as
// motion_command_name. Empty when a part is unknown.
std::string motion_key_name(uint32_t key);

}  // namespace retroanim::ac
