// CKBitmapData, the image part of a texture's (and a sprite's) chunk:
// CKBitmapData::ReadFromChunk reads the slots stored as image files in a
// recorded format, or as raw channel planes, and the slots' file names; the
// decoding of an embedded slot to RGBA is done on request only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/ck/scene/texture.h"
#include "retroanim/io/image.h"

namespace retroanim::ck::io {

// The identifiers a class stores its bitmap data under (CKTexture's: 0x100000
// image files, 0x20000 raw planes, 0x4000 old raw bitmaps, 0x10000 file names).
struct BitmapDataIdentifiers {
  uint32_t image_files = 0x100000;
  uint32_t raw_pixels = 0x20000;
  uint32_t old_raw = 0x4000;
  uint32_t file_names = 0x10000;
};

// CKBitmapData::ReadFromChunk: the slots (embedded bytes kept as stored, file
// names decoded from `code_page`). Every count and byte size is checked
// against the chunk, and an embedded image's width and height against
// io::image_size_problem, before anything is allocated.
std::vector<TextureSlot> read_bitmap_data(ChunkReader& reader, const BitmapDataIdentifiers& ids, uint32_t code_page);

// The pixels of an embedded slot as RGBA, top row first: raw planes put
// together (CKBitmapData::ReadRawBitmap; rows are stored bottom first), or the
// image file decoded with stb_image and the stored alpha applied
// (CKBitmapData::ReadSpecificFormatBitmap). `where` names the texture in
// errors. Throws retroanim::Error for a slot without embedded pixels, planes
// shorter than the image, or an image file that does not decode.
retroanim::io::Image decode_texture_slot(const TextureSlot& slot, const std::string& where);

}  // namespace retroanim::ck::io
