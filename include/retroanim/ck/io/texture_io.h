// The CKTexture part of a texture's chunk (CKTexture::Load, data version >= 5)
// and the CKBitmapData part it starts with (CKBitmapData::ReadFromChunk): an
// image slot list stored as image files in a recorded format (0x100000),
// raw channel planes (0x20000) or neither, the slots' file names (0x10000),
// then the texture's options (0x2FF000 / 0xFFF000: mipmaps, transparency,
// save options, transparent colour, current slot, video format). Nothing is
// decoded while loading: decode_texture_slot turns a slot into RGBA when a
// user asks. Textures are saved back as they were read (the raw chunk).
#pragma once

#include <cstdint>
#include <optional>

#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/ck/scene/texture.h"

namespace retroanim::ck::io {

// CK_STATESAVEFLAGS_TEXTURE identifiers.
namespace texture_chunk {
inline constexpr uint32_t kMovieFileName = 0x1000;
inline constexpr uint32_t kOldBitmaps = 0x4000;
inline constexpr uint32_t kFileNames = 0x10000;
inline constexpr uint32_t kRawPixels = 0x20000;
inline constexpr uint32_t kSaveFormat = 0x80000;
inline constexpr uint32_t kImageFiles = 0x100000;
inline constexpr uint32_t kOldOptions = 0x2FF000;  // CK_STATESAVE_OLDTEXONLY
inline constexpr uint32_t kOptions = 0xFFF000;     // CK_STATESAVE_TEXONLY
inline constexpr uint32_t kUserMipmaps = 0x200000;
inline constexpr uint32_t kPickThreshold = 0x400000;
}  // namespace texture_chunk

// CKTexture::Load: the texture a chunk stores; `code_page` decodes the file
// names to UTF-8. Every count and size is checked against the chunk (an
// embedded image whose claimed size exceeds its bytes, a slot count past the
// chunk, an image size io::image_size_problem refuses: retroanim::Error naming
// file, object and byte offset). Returns nullopt for data version < 5.
std::optional<Texture> read_texture(ChunkReader& reader, uint32_t code_page);

}  // namespace retroanim::ck::io
