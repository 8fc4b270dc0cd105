// (retroanim's own, standing for CKPathManager::ResolveFileName with the
// bitmap paths) Where a texture's pixels come from: an embedded slot, or an
// external image file looked up as the game does, beside the composition, in
// the game's texture folders or in folders the user names, with names
// compared case-insensitively as on Windows. Images are read and decoded only
// when asked for.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "retroanim/ck/io/scene.h"
#include "retroanim/io/image.h"

namespace retroanim::ck::io {

// The folders searched for the external images of the composition at
// `scene_path` (UTF-8), in order: `extra` (e.g. --textures), the file's own
// folder, then the Ballance layout's texture folders: Textures/ beside the
// file, one and two levels up (the game keeps its .nmo files in
// "3D Entities/" and "3D Entities/PH/" and its images in "Textures/"), each
// with its immediate subfolders.
std::vector<std::string> texture_search_dirs(const std::string& scene_path, const std::vector<std::string>& extra = {});

// The path (UTF-8) of the file a texture slot names, or nullopt when none of
// `dirs` holds it. A stored name may carry a Windows path ("..\\Textures\\a.bmp"):
// it is tried as given (backslashes as separators) relative to each folder,
// then by its last component alone; each component is matched
// case-insensitively (ASCII letters) against the folder's entries.
std::optional<std::string> find_texture_file(std::string_view file_name, const std::vector<std::string>& dirs);

// What a texture's current slot resolves to.
struct TextureImageSource {
  enum class Kind { kEmbedded, kFile, kMissing, kNone } kind = Kind::kNone;
  std::string file_name;  // the slot's stored name (UTF-8), may be empty
  std::string path;       // kFile: the file found
  std::string format;     // "bmp", "tga", "jpeg", ... (embedded image files: as recorded; raw planes: "raw")
};

// Resolves `texture`'s current slot (the first when the current is out of
// range): embedded pixels, a file found in `dirs`, or missing.
TextureImageSource resolve_texture(const Texture& texture, const std::vector<std::string>& dirs);

// The RGBA pixels of `texture` (its current slot), decoded from the embedded
// slot or the file `resolve_texture` finds; nullopt when the texture has no
// pixels anywhere (missing file, no slot). `where` names the texture in
// errors; a file that exists but does not decode throws retroanim::Error.
std::optional<retroanim::io::Image> load_texture_image(const Texture& texture, const std::vector<std::string>& dirs,
                                                       const std::string& where);

}  // namespace retroanim::ck::io
