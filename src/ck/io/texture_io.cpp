#include "retroanim/ck/io/texture_io.h"

#include "retroanim/ck/io/bitmap_data_io.h"
#include "retroanim/io/text_encoding.h"

namespace retroanim::ck::io {

namespace {

// VX_PIXELFORMAT values CKTexture::Load knows.
constexpr uint32_t kLastPixelFormat = 27;  // _32_X8L8V8U8
constexpr uint32_t kArgb1555 = 6;          // _16_ARGB1555

}  // namespace

// CKTexture::Load
std::optional<Texture> read_texture(ChunkReader& r, uint32_t code_page) {
  if (r.data_version() < 5) return std::nullopt;
  Texture t;
  t.slots = read_bitmap_data(r, BitmapDataIdentifiers{}, code_page);
  std::optional<uint32_t> size = r.seek_identifier_size(texture_chunk::kOldOptions);
  if (!size) size = r.seek_identifier_size(texture_chunk::kOptions);
  if (size) {
    // Byte 0: mipmaps; byte 1: transparent (1), video format saved (2), cube map (4); byte 2: save options.
    uint32_t mix = r.read_dword();
    t.mipmap = (mix & 0xFF) != 0;
    uint32_t flags = (mix >> 8) & 0xFF;
    t.transparent = flags & 0x1;
    bool has_video_format = flags & 0x2;
    t.cube_map = flags & 0x4;
    t.save_options = (mix >> 16) & 0xFF;
    const bool one_slot = t.slots.size() <= 1;
    switch (*size - 1) {  // what follows depends on the payload's size
      case 3:
        t.transparent_color = r.read_dword();
        t.current_slot = r.read_dword();
        t.video_format = r.read_dword();
        break;
      case 2:
        if (one_slot || !has_video_format) t.transparent_color = r.read_dword();
        if (!one_slot) t.current_slot = r.read_dword();
        if (has_video_format) t.video_format = r.read_dword();
        break;
      case 1:
        if (has_video_format) {
          t.video_format = r.read_dword();
        } else if (one_slot) {
          t.transparent_color = r.read_dword();
        } else {
          t.current_slot = r.read_dword();
        }
        break;
      default:
        break;
    }
  }
  // User mipmap levels (0x200000) and the pick threshold (0x400000) are not read.
  if (r.seek_identifier(texture_chunk::kSaveFormat)) {
    // CKBitmapProperties: size, reader GUID (2 dwords), extension (4 bytes), image description.
    std::vector<uint8_t> props = r.read_buffer();
    if (props.size() >= 16) {
      size_t len = 0;
      while (len < 4 && props[12 + len] != 0) ++len;
      t.save_format = retroanim::io::decode_text(std::string_view(reinterpret_cast<const char*>(props.data() + 12), len));
    }
  }
  if (t.video_format > kLastPixelFormat) t.video_format = kArgb1555;
  return t;
}

}  // namespace retroanim::ck::io
