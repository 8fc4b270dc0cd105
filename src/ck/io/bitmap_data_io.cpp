#include "retroanim/ck/io/bitmap_data_io.h"

#include <string>

#include "retroanim/error.h"
#include "retroanim/io/text_encoding.h"

namespace retroanim::ck::io {

namespace {

// CKBitmapData::ReadSpecificFormatBitmap: whether alpha follows the image file.
constexpr uint32_t kAlphaFollows = 2;

// Checks the texture's claimed size before a slot is kept.
void check_size(ChunkReader& r, uint32_t width, uint32_t height, uint32_t pos) {
  if (auto problem = retroanim::io::image_size_problem(width, height)) r.fail("texture image: " + *problem, pos);
}

// CKBitmapData::ReadSpecificFormatBitmap: alpha property, the reader's
// extension (4 bytes) and GUID, the file's byte size and bytes, then the alpha
// the reader could not store (one value, or a byte a pixel).
void read_image_file_slot(ChunkReader& r, TextureSlot& slot) {
  slot.source = TextureSource::kImageFile;
  uint32_t alpha_kind = r.read_dword();
  std::vector<uint8_t> ext = r.read_raw_bytes(4);
  size_t len = 0;
  while (len < ext.size() && ext[len] != 0) ++len;
  slot.format = retroanim::io::decode_text(std::string_view(reinterpret_cast<const char*>(ext.data()), len));
  r.read_dword();  // the reader's GUID (two dwords)
  r.read_dword();
  uint32_t size_pos = r.position();
  uint32_t size = r.read_dword();
  if (size == 0) return;
  if ((uint64_t{size} + 3) / 4 > r.remaining()) {
    r.fail("texture image file of " + std::to_string(size) + " bytes exceeds the chunk (" +
           std::to_string(uint64_t{r.remaining()} * 4) + " bytes left)", size_pos);
  }
  slot.image = r.read_raw_bytes(size);
  if (alpha_kind == kAlphaFollows) {
    uint32_t count = r.read_dword();
    if (count == 1) {
      slot.global_alpha = static_cast<int32_t>(r.read_dword() & 0xFF);
    } else {
      uint32_t pos = r.position();
      uint32_t bytes = r.read_dword();
      if ((uint64_t{bytes} + 3) / 4 > r.remaining()) r.fail("texture alpha of " + std::to_string(bytes) + " bytes exceeds the chunk", pos);
      r.go_to(pos);
      slot.alpha = r.read_buffer();
    }
  }
}

// A size-prefixed plane (CKStateChunk::ReadBuffer), its size checked first.
std::vector<uint8_t> read_plane(ChunkReader& r, const char* what) {
  uint32_t pos = r.position();
  uint32_t bytes = r.read_dword();
  if ((uint64_t{bytes} + 3) / 4 > r.remaining()) {
    r.fail(std::string("texture ") + what + " plane of " + std::to_string(bytes) + " bytes exceeds the chunk (" +
           std::to_string(uint64_t{r.remaining()} * 4) + " bytes left)", pos);
  }
  r.go_to(pos);
  return r.read_buffer();
}

// CKBitmapData::ReadRawBitmap: bits per pixel (0: no image), width, height,
// alpha/red/green/blue masks, a packing option, then the blue, green, red and
// alpha planes. Returns false when the planes are JPEG-packed (not read: the
// rest of the slot list cannot be found).
bool read_raw_slot(ChunkReader& r, TextureSlot& slot) {
  slot.bits_per_pixel = r.read_dword();
  if (slot.bits_per_pixel == 0) return true;
  uint32_t size_pos = r.position();
  slot.width = r.read_dword();
  slot.height = r.read_dword();
  check_size(r, slot.width, slot.height, size_pos);
  for (auto& m : slot.masks) m = r.read_dword();
  uint32_t packing = r.read_dword() & 0xF;
  if (packing != 0) {
    slot.jpeg_packed = true;
    return false;
  }
  slot.source = TextureSource::kRawPixels;
  uint64_t pixels = uint64_t{slot.width} * slot.height;
  uint32_t blue_pos = r.position();
  slot.blue = read_plane(r, "blue");
  slot.green = read_plane(r, "green");
  slot.red = read_plane(r, "red");
  slot.alpha = read_plane(r, "alpha");
  if (slot.blue.size() < pixels || slot.green.size() < pixels || slot.red.size() < pixels ||
      (!slot.alpha.empty() && slot.alpha.size() < pixels)) {
    r.fail("texture raw planes (" + std::to_string(slot.blue.size()) + ", " + std::to_string(slot.green.size()) +
               ", " + std::to_string(slot.red.size()) + ", " + std::to_string(slot.alpha.size()) +
               " bytes) are shorter than " + std::to_string(slot.width) + " x " + std::to_string(slot.height),
           blue_pos);
  }
  return true;
}

// A slot count, checked against the dwords left (each slot takes at least `per_slot`).
uint32_t read_slot_count(ChunkReader& r, uint32_t per_slot) {
  uint32_t pos = r.position();
  uint32_t count = r.read_dword();
  if (uint64_t{count} * per_slot > r.remaining()) {
    r.fail("texture slot count " + std::to_string(count) + " exceeds the chunk (" + std::to_string(r.remaining()) +
           " dwords left)", pos);
  }
  return count;
}

}  // namespace

// CKBitmapData::ReadFromChunk
std::vector<TextureSlot> read_bitmap_data(ChunkReader& r, const BitmapDataIdentifiers& ids, uint32_t code_page) {
  std::vector<TextureSlot> slots;
  if (r.seek_identifier(ids.image_files)) {
    uint32_t count = read_slot_count(r, 3);
    uint32_t size_pos = r.position();
    uint32_t width = r.read_dword();
    uint32_t height = r.read_dword();
    uint32_t bpp = r.read_dword();
    slots.resize(count);
    if (width > 0 && height > 0) {
      check_size(r, width, height, size_pos);
      for (TextureSlot& s : slots) {
        s.width = width;
        s.height = height;
        s.bits_per_pixel = bpp;
        read_image_file_slot(r, s);
      }
    }
  } else if (r.seek_identifier(ids.raw_pixels)) {
    uint32_t count = read_slot_count(r, 1);
    slots.resize(count);
    for (TextureSlot& s : slots) {
      if (!read_raw_slot(r, s)) break;
    }
  } else if (r.seek_identifier(ids.old_raw)) {
    // CKBitmapData::ReadOldRawBitmap (data before Virtools 2): not read; the slots stay empty.
    slots.resize(read_slot_count(r, 1));
  }
  if (r.seek_identifier(ids.file_names)) {
    uint32_t count = read_slot_count(r, 1);
    slots.resize(count);  // SetSlotCount
    for (TextureSlot& s : slots) {
      s.raw_file_name = r.read_string();
      s.file_name = retroanim::io::decode_text(s.raw_file_name, code_page);
    }
  }
  return slots;
}

retroanim::io::Image decode_texture_slot(const TextureSlot& s, const std::string& where) {
  retroanim::io::Image img;
  if (s.source == TextureSource::kRawPixels) {
    if (auto problem = retroanim::io::image_size_problem(s.width, s.height)) {
      throw Error(where + ": " + *problem);
    }
    uint64_t pixels = uint64_t{s.width} * s.height;
    if (s.blue.size() < pixels || s.green.size() < pixels || s.red.size() < pixels ||
        (!s.alpha.empty() && s.alpha.size() < pixels)) {
      throw Error(where + ": raw planes shorter than " + std::to_string(s.width) + " x " + std::to_string(s.height));
    }
    img.width = s.width;
    img.height = s.height;
    img.rgba.resize(pixels * 4);
    // VxDoBlitUpsideDown: stored row 0 is the bottom row.
    for (uint32_t y = 0; y < s.height; ++y) {
      size_t src = size_t{s.height - 1 - y} * s.width;
      uint8_t* dst = img.rgba.data() + size_t{y} * s.width * 4;
      for (uint32_t x = 0; x < s.width; ++x, ++src) {
        dst[4 * x] = s.red[src];
        dst[4 * x + 1] = s.green[src];
        dst[4 * x + 2] = s.blue[src];
        dst[4 * x + 3] = s.alpha.empty() ? 0xFF : s.alpha[src];
      }
    }
    return img;
  }
  if (s.source == TextureSource::kImageFile && !s.image.empty()) {
    img = retroanim::io::decode_image(s.image, where);
    size_t pixels = size_t{img.width} * img.height;
    if (s.global_alpha >= 0) {
      for (size_t p = 0; p < pixels; ++p) img.rgba[4 * p + 3] = static_cast<uint8_t>(s.global_alpha);
    } else if (!s.alpha.empty()) {
      if (s.alpha.size() < pixels) throw Error(where + ": stored alpha shorter than the image");
      for (size_t p = 0; p < pixels; ++p) img.rgba[4 * p + 3] = s.alpha[p];
    }
    return img;
  }
  if (s.jpeg_packed) throw Error(where + ": raw planes packed as JPEG are not decoded");
  throw Error(where + ": no embedded image (file name '" + retroanim::io::escape_controls(s.file_name) + "')");
}

}  // namespace retroanim::ck::io
