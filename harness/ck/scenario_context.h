// The game files a played file is run with when a scenario spec has no
// "context" key (docs/formats/ck-scenario.md, "context"). Ballance's scripts
// reach objects of other files only by name (the parameter operation Get
// Object By Name: CKContext::GetObjectByNameAndClass); the game loads
// base.cmo and the files of its MainLoading array into one CKContext before
// they run. Here: which names a script gets, where base.cmo and the listed
// files are found, and what normally supplies an object a file lacks.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace retroanim::ck {

class Behavior;
class DataArray;

// One object a script gets by name: the operation's saved constant name and
// the class of its result type.
struct NameReference {
  std::string name;
  uint32_t class_id = 0;
  std::string block;   // the block running the operation (an Op, or the block whose pin reads it)
  std::string script;  // the script the block belongs to
};

// The names `script` gets by name as saved (Get Object By Name in Op blocks
// and in the parameter operations its blocks' pins read), then those of the
// scripts its parameters name (as Activate Script's pins do), each name and
// class once, in the order met. Names computed at run time show their saved value.
std::vector<NameReference> names_got_by(Behavior& script);

// base.cmo for a played file: in the file's directory (a flattened copy) or
// its parent (the install: Ballance/base.cmo, Ballance/3D Entities/*.nmo),
// the name compared without case; empty when none or when `played` is it.
std::filesystem::path find_base_composition(const std::filesystem::path& played);

// A file of base.cmo's MainLoading array (rows: folder, file name).
struct GameFile {
  std::string listed;           // the file name as listed
  std::filesystem::path path;   // found: base_dir/folder/file, else played_dir/file; empty when absent
};
std::vector<GameFile> main_loading_files(const DataArray& main_loading, const std::filesystem::path& base_dir,
                                         const std::filesystem::path& played_dir);

// (retroanim's own) The game file that holds an object the menu scripts get
// by name (GameSettings: base.cmo, AllLevel: Levelinit.nmo, Light_Ingame:
// Gameplay.nmo), or "" for a name retroanim does not know.
std::string usual_supplier(const std::string& name);

}  // namespace retroanim::ck
