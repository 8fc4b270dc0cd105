// RenderSurface (0x06) unpack/pack: RenderSurface::Serialize (0x4444E0), after DBObj::Serialize
// (0x4152F0), the id and the data category (a categorized type).
// The dat archive is not word-aligned, so Archive::CheckAlignment reads nothing.
#include "retroanim/ac/io/render_surface_io.h"

#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/pack_primitives.h"
#include "retroanim/error.h"

namespace retroanim::ac::io {

namespace {

[[noreturn]] void pack_fail(const char* kind, uint32_t id, const std::string& what) {
  throw Error(describe_error("", std::string(kind) + " " + format_dat_id(id), std::nullopt, what));
}

}  // namespace

std::optional<uint64_t> render_surface_expected_size(uint32_t width, uint32_t height, uint32_t format) {
  const PixelFormatDesc d = pixel_format_desc(format);
  if ((d.flags & pixel_format_flag::kCompressed) != 0) return std::nullopt;
  return (uint64_t{width} * height * d.bits_per_pixel) >> 3;
}

// RenderSurface::Serialize (0x4444E0), reading side.
RenderSurface unpack_render_surface(std::span<const uint8_t> bytes, const std::string& file,
                                    const std::string& object, size_t* consumed) {
  ByteReader r(bytes, file, object);
  RenderSurface s;
  s.id = r.u32("id");
  s.data_category = r.u32("data category");
  s.width = r.u32("width");
  s.height = r.u32("height");
  s.format = r.u32("pixel format");
  const size_t at_size = r.offset();
  const uint32_t image_size = r.u32("image size");
  const std::optional<uint64_t> want = render_surface_expected_size(s.width, s.height, s.format);
  if (want && *want != image_size) {
    r.fail_at(at_size, "image size " + std::to_string(image_size) + " is not the " + std::to_string(*want) +
                           " bytes of a " + std::to_string(s.width) + "x" + std::to_string(s.height) + " " +
                           (pixel_format_name(s.format)[0] ? pixel_format_name(s.format)
                                                           : ("format " + std::to_string(s.format)).c_str()) +
                           " image");
  }
  auto pixels = r.bytes(image_size, "pixel data");
  s.data.assign(pixels.begin(), pixels.end());
  if (pixel_format_has_palette(s.format)) s.palette_id = r.u32("palette id");
  if (consumed) *consumed = r.offset();
  return s;
}

std::vector<uint8_t> pack_render_surface(const RenderSurface& s) {
  const std::optional<uint64_t> want = render_surface_expected_size(s.width, s.height, s.format);
  if (want && *want != s.data.size()) {
    pack_fail("RenderSurface", s.id,
              "holds " + std::to_string(s.data.size()) + " pixel bytes, its size and format need " +
                  std::to_string(*want));
  }
  if (s.data.size() > 0xFFFFFFFFu) pack_fail("RenderSurface", s.id, "more than 4 GiB of pixel data");
  ByteWriter w;
  w.u32(s.id);
  w.u32(s.data_category);
  w.u32(s.width);
  w.u32(s.height);
  w.u32(s.format);
  w.u32(static_cast<uint32_t>(s.data.size()));
  w.bytes(s.data.data(), s.data.size());
  if (pixel_format_has_palette(s.format)) w.u32(s.palette_id);
  return w.take();
}

}  // namespace retroanim::ac::io
