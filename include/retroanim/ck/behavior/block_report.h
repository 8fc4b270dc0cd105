// (retroanim's own) What the behaviour runtime reports about the building
// blocks it does not implement: one entry per block that became active without
// an implementation (it fires no output), and one line per kind of block a
// file's scripts use. Plain data: the manager fills the first, the scenario
// trace prints it; `ck play --list-blocks` prints the second.
#pragma once

#include <cstdint>
#include <string>

#include "retroanim/ck/scene/guid.h"

namespace retroanim::ck {

// A building block without an implementation that became active.
struct UnimplementedBlock {
  std::string name;    // the block's name in its graph
  Guid guid;           // its prototype GUID
  std::string script;  // the name of the script it belongs to ("" outside a script)
  uint32_t id = 0;     // the behaviour's object id (CK_ID)
  uint64_t frame = 0;  // the manager's frame (0-based) in which it first became active
};

// (retroanim's own) What a building block did that lies outside the
// animation runtime (a sound played, a texture loaded, fog set, an object
// created, ...), or an error result it returned (`failure`): one entry per
// occurrence for effects, once per block and code for failures.
struct BlockEvent {
  uint64_t frame = 0;    // the manager's frame (0-based)
  std::string block;     // the block's name in its graph
  Guid guid;             // its prototype GUID
  std::string script;    // the script it belongs to
  uint32_t id = 0;       // the behaviour's object id
  std::string what;      // e.g. "texture load failed: Textures\\sky\\Sky_C_Back.bmp"
  bool failure = false;  // a CKBR_*ERROR result (the block's outputs did not fire)
};

// One kind of building block used by a file's scripts.
struct BlockUse {
  Guid guid;
  std::string name;        // the prototype's name when implemented, else the first instance's name
  int count = 0;           // how many blocks of this kind the scripts hold
  bool implemented = false;
};

// "0xD1D1D1D1,0xD2D2D2D2" (lower case, 8 digits each): a GUID as traces and listings print it.
std::string guid_text(Guid guid);

}  // namespace retroanim::ck
