#include "retroanim/ck/io/object_loaders.h"
#include "retroanim/ck/io/scene_io.h"

#include <optional>
#include <string>

#include "retroanim/error.h"
#include "retroanim/io/text_encoding.h"

namespace retroanim::ck::io {

namespace {
// CKVERSION / DEVVERSION of Virtools 2.1, for scenes built in memory.
constexpr uint32_t kCkVersion = 0x13022002;
constexpr uint32_t kDevVersion = 0x02010000;

// The bytes a record's name is saved as: the bytes it was read from while the
// name is still their decoding, else the name encoded in the scene's code page.
std::string stored_name(const Scene& scene, const ObjectRecord& r) {
  const uint32_t cp = scene.name_code_page();
  if (!r.raw_name.empty() && retroanim::io::decode_text(r.raw_name, cp) == r.name) return r.raw_name;
  std::optional<std::string> bytes = retroanim::io::encode_text(r.name, cp);
  if (!bytes)
    throw Error(describe_error(scene.source_name(), "object " + std::to_string(r.file_index) + " '" +
                                   retroanim::io::escape_controls(r.name) + "'",
                               std::nullopt,
                               "the name cannot be saved in code page " + std::to_string(cp)));
  return *bytes;
}
}  // namespace

NmoFile scene_to_file(const Scene& scene) {
  NmoFile f;
  const NmoFile& info = scene.file_info();
  f.header = info.header;
  if (f.header.ck_version == 0) {
    f.header.ck_version = kCkVersion;
    f.header.product_build = kDevVersion;
  }
  f.plugins = info.plugins;
  f.managers = info.managers;
  f.included_files = info.included_files;
  f.trailing = info.trailing;
  uint32_t max_id = 0;
  f.objects.reserve(scene.objects().size());
  for (const ObjectRecord& r : scene.objects()) {
    FileObject o;
    o.id = r.id;
    o.class_id = r.class_id;
    o.name = stored_name(scene, r);
    o.name_tail = r.name_tail;
    o.reference_only = r.reference_only;
    o.chunk = save_object(scene, r);
    if (r.id > max_id) max_id = r.id;
    f.objects.push_back(std::move(o));
  }
  if (f.header.max_id_saved < max_id) f.header.max_id_saved = max_id;
  return f;
}

std::vector<uint8_t> save_scene(const Scene& scene, const WriteOptions& options) {
  return write_nmo(scene_to_file(scene), options);
}

}  // namespace retroanim::ck::io
