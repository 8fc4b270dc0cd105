// Palette (0x04) unpack/pack: Palette::UnPack (0x53E310), after DBObj::Serialize (0x4152F0), the
// id.
// The dat archive is not word-aligned, so Archive::CheckAlignment reads nothing.
#include "retroanim/ac/io/palette_io.h"

#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/pack_primitives.h"
#include "retroanim/error.h"

namespace retroanim::ac::io {

namespace {

[[noreturn]] void pack_fail(const char* kind, uint32_t id, const std::string& what) {
  throw Error(describe_error("", std::string(kind) + " " + format_dat_id(id), std::nullopt, what));
}

}  // namespace

// Palette::UnPack (0x53E310), after the id. The client unpacks into the
// 2048 entries it allocated without checking the count; a larger count is
// refused here.
Palette unpack_palette(std::span<const uint8_t> bytes, const std::string& file, const std::string& object,
                       size_t* consumed) {
  ByteReader r(bytes, file, object);
  Palette p;
  p.id = r.u32("id");
  const size_t at = r.offset();
  const uint32_t n = r.u32("colour count");
  if (n > kMaxPaletteColors) {
    r.fail_at(at, "colour count " + std::to_string(n) + " is above the client's " +
                      std::to_string(kMaxPaletteColors));
  }
  r.need_items(n, 4, "colour");
  p.colors.reserve(n);
  for (uint32_t i = 0; i < n; ++i) p.colors.push_back(r.u32("colour"));
  if (consumed) *consumed = r.offset();
  return p;
}

std::vector<uint8_t> pack_palette(const Palette& p) {
  if (p.colors.size() > kMaxPaletteColors) pack_fail("Palette", p.id, "more than 2048 colours");
  ByteWriter w;
  w.u32(p.id);
  w.u32(static_cast<uint32_t>(p.colors.size()));
  for (uint32_t c : p.colors) w.u32(c);
  return w.take();
}

}  // namespace retroanim::ac::io
