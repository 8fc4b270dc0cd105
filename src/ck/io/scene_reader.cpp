#include <memory>

#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/entity_io.h"
#include "retroanim/ck/io/object_loaders.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"
#include "ck/io/object_errors.h"
#include "retroanim/io/text_encoding.h"

namespace retroanim::ck::io {

Scene load_scene_file(const std::string& path, const ReadOptions& options) {
  std::vector<uint8_t> bytes = read_file_bytes(path);
  return load_scene(bytes, path, options);
}

Scene load_scene(std::span<const uint8_t> bytes, const std::string& file_name, const ReadOptions& options) {
  return build_scene(read_nmo(bytes, file_name, options), file_name, options.name_code_page, options.load_graphics);
}

// CKFile::LoadFileData / FinishLoading: create, load, then resolve.
Scene build_scene(NmoFile file, const std::string& file_name, uint32_t name_code_page, bool load_graphics) {
  Scene s;
  s.set_name_code_page(name_code_page);
  for (auto& o : file.objects) {
    ObjectRecord r;
    r.id = o.id;
    r.class_id = o.class_id;
    r.name = retroanim::io::decode_text(o.name, name_code_page);
    r.raw_name = o.name;
    r.name_tail = o.name_tail;
    r.reference_only = o.reference_only;
    r.chunk = std::move(o.chunk);
    o.chunk.reset();
    s.add_record(std::move(r));
  }
  s.set_file_info(std::move(file), file_name);
  s.reindex();

  // Pass 1: create the modelled objects and load their own data.
  std::vector<LoadedLinks> links(s.objects().size());
  for (auto& r : s.objects()) {
    if (!r.chunk) continue;
    links[static_cast<size_t>(r.file_index)] = load_object(s, r, load_graphics);
  }

  // Pass 2: resolve references now that every object exists.
  for (auto& r : s.objects()) {
    const LoadedLinks& l = links[static_cast<size_t>(r.file_index)];
    if (r.entity && l.parent != kNoObject) {
      const ObjectRecord* p = s.at(l.parent);
      if (!p || !p->entity) fail_object(s, r, "parent reference (file index " + std::to_string(l.parent) + ") is not a 3D entity");
      for (const Entity3d* a = p->entity; a; a = a->parent()) {
        if (a == r.entity) fail_object(s, r, "parent reference makes a cycle in the hierarchy");
      }
      // The saved world matrices stay; local matrices follow from the parent.
      r.entity->set_parent(p->entity, true);
    }
  }
  resolve_object_links(s, links);
  return s;
}

}  // namespace retroanim::ck::io
