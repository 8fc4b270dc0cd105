// Typed dat access: DBObj loading by id (the client's DBCache::GetObj path,
// reduced to: look up, read, unpack, check the object's own id).
#include "retroanim/ac/io/dat_objects.h"

#include "retroanim/ac/io/animation_io.h"
#include "retroanim/ac/io/motion_table_io.h"
#include "retroanim/ac/io/setup_io.h"
#include "retroanim/error.h"

namespace retroanim::ac::io {

namespace {

// Reads the bytes of `id`, checking that its type byte is `type`.
std::vector<uint8_t> read_typed(const DatDatabase& dat, uint32_t id, DatType type, const char* kind) {
  if (dat_type_byte(id) != static_cast<uint8_t>(type)) {
    throw Error(describe_error(dat.name(), std::string(kind) + " " + format_dat_id(id), std::nullopt,
                               "id is not of type " + format_dat_id(dat_type_base(type)).substr(0, 4)));
  }
  return dat.read(id);
}

template <typename T>
void check_id(const DatDatabase& dat, const T& obj, uint32_t id, const char* kind) {
  if (obj.id != id) {
    throw Error(describe_error(dat.name(), std::string(kind) + " " + format_dat_id(id), 0,
                               "object holds id " + format_dat_id(obj.id)));
  }
}

}  // namespace

Animation read_animation(const DatDatabase& dat, uint32_t id) {
  auto bytes = read_typed(dat, id, DatType::kAnimation, "Animation");
  Animation a = unpack_animation(bytes, dat.name(), "Animation " + format_dat_id(id));
  check_id(dat, a, id, "Animation");
  return a;
}

Setup read_setup(const DatDatabase& dat, uint32_t id) {
  auto bytes = read_typed(dat, id, DatType::kSetup, "Setup");
  Setup s = unpack_setup(bytes, dat.name(), "Setup " + format_dat_id(id));
  check_id(dat, s, id, "Setup");
  return s;
}

MotionTable read_motion_table(const DatDatabase& dat, uint32_t id) {
  auto bytes = read_typed(dat, id, DatType::kMotionTable, "MotionTable");
  MotionTable t = unpack_motion_table(bytes, dat.name(), "MotionTable " + format_dat_id(id));
  check_id(dat, t, id, "MotionTable");
  return t;
}

void add_animation(DatWriter& writer, const Animation& anim, DatFileOptions options) {
  writer.add(anim.id, pack_animation(anim), options);
}

void add_setup(DatWriter& writer, const Setup& setup, DatFileOptions options) {
  writer.add(setup.id, pack_setup(setup), options);
}

void add_motion_table(DatWriter& writer, const MotionTable& table, DatFileOptions options) {
  writer.add(table.id, pack_motion_table(table), options);
}

}  // namespace retroanim::ac::io
