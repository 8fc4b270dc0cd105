// `retroanim ck info FILE [--json] [--class N] [--name NAME] [--encoding CP] [--textures DIR]`: header facts of
// a Virtools file (versions, write mode, counts, CRC), then its objects by
// class with their names; curves show their point count, open/closed and
// length, object animations their entity, length and controllers, keyed
// animations their object animations, meshes their vertex, face and material
// counts, materials their colour and texture, textures their image (size,
// format, embedded or external, found or not; `--textures DIR` is searched first).
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/io/texture_files.h"
#include "harness/ck/scene_json.h"
#include "retroanim/error.h"
#include "io/hex.h"
#include "harness/io/json_text.h"
#include "retroanim/io/text_encoding.h"

namespace retroanim::cli {

namespace {

// Ids and versions as ck info prints them: 0x + 8 lower-case digits.
std::string hex32(uint32_t v) { return io::hex(v, 8, io::HexCase::kLower); }

struct InfoOptions {
  std::string file;
  bool json = false;
  std::optional<uint32_t> class_filter;
  std::optional<std::string> name_filter;  // UTF-8
  uint32_t code_page = 1252;
  std::vector<std::string> textures;  // --textures folders
};

bool selected(const ck::ObjectRecord& r, const InfoOptions& o) {
  if (o.class_filter && !ck::io::is_child_class_of(r.class_id, *o.class_filter)) return false;
  if (o.name_filter && r.name != *o.name_filter) return false;
  return true;
}

int run_info(const InfoOptions& o) {
  ck::Scene scene = ck::io::load_scene_file(o.file, read_options(o.code_page));
  if (o.class_filter || o.name_filter) {
    bool any = false;
    for (const auto& r : scene.objects()) any = any || selected(r, o);
    if (!any) {
      std::string query;
      if (o.class_filter) query += "--class " + std::to_string(*o.class_filter);
      if (o.name_filter) query += std::string(query.empty() ? "" : " ") + "--name '" + shown(*o.name_filter) + "'";
      throw NotFound(describe_error(o.file, "", std::nullopt, "no object matches " + query));
    }
  }
  const std::vector<std::string> dirs = ck::io::texture_search_dirs(o.file, o.textures);
  const ck::io::NmoFile& f = scene.file_info();
  const ck::io::FileHeader& h = f.header;
  if (o.json) {
    nlohmann::ordered_json header = ck::io::scene_header_json(scene, o.file);
    nlohmann::ordered_json objects = nlohmann::ordered_json::array();
    for (const auto& r : scene.objects()) {
      if (!selected(r, o)) continue;
      objects.push_back(ck::io::scene_object_json(scene, r, dirs));
    }
    nlohmann::ordered_json doc = {{"format", "retroanim.ck.info/1"}, {"header", header}, {"objects", objects}};
    std::cout << retroanim::io::json_text(doc, retroanim::io::JsonLayout::kIndented) << "\n";
    return 0;
  }

  std::cout << "file: " << shown(o.file) << "\n";
  std::cout << "CK version " << hex32(h.ck_version) << ", file version " << h.file_version << ", write mode "
            << h.write_mode << " (" << ck::io::write_mode_text(h.write_mode) << "), product " << h.product_version
            << " build " << hex32(h.product_build) << "\n";
  std::cout << "CRC " << hex32(h.crc) << (f.computed_crc == h.crc ? " (verified)" : " (MISMATCH, ignored)") << "\n";
  std::cout << "objects " << h.object_count << ", managers " << h.manager_count << ", max id " << h.max_id_saved
            << ", plugin dependency categories " << f.plugins.size() << ", included files "
            << f.included_files.size() << "\n";
  std::cout << "Hdr1 " << h.hdr1_pack_size << " -> " << h.hdr1_unpack_size << " bytes, data " << h.data_pack_size
            << " -> " << h.data_unpack_size << " bytes\n";
  std::map<uint32_t, std::vector<const ck::ObjectRecord*>> by_class;
  for (const auto& r : scene.objects())
    if (selected(r, o)) by_class[r.class_id].push_back(&r);
  for (const auto& [cid, recs] : by_class) {
    std::cout << ck::io::class_name(cid) << " (" << cid << "): " << recs.size() << "\n";
    for (const ck::ObjectRecord* r : recs) {
      std::cout << "  #" << r->file_index << " id " << r->id << " " << shown(r->name);
      std::string d = ck::io::scene_object_details_text(scene, *r, dirs);
      if (!d.empty()) std::cout << ": " << shown(d);
      std::cout << "\n";
    }
  }
  return 0;
}

}  // namespace

void register_ck_info(CLI::App& parent, Runner& run) {
  auto* cmd = parent.add_subcommand("info", "Describe a Virtools file: header facts and its objects by class");
  auto opts = std::make_shared<InfoOptions>();
  auto class_id = std::make_shared<int64_t>(-1);
  input_file(cmd->add_option("file", opts->file, "A .nmo/.cmo file"))->required()->type_name("FILE");
  cmd->add_flag("--json", opts->json, "Print one JSON document {\"format\": \"retroanim.ck.info/1\", \"header\": {...}, \"objects\": [...]}");
  cmd->add_option("--class", *class_id, "Only objects of this class id (or derived from it)")
      ->type_name("ID")
      ->check(CLI::Range(int64_t{0}, int64_t{0xFFFFFFFF}));
  auto name = cmd->add_option("--name", "Only objects with this name (UTF-8)")->type_name("NAME");
  add_encoding_option(cmd, opts->code_page);
  cmd->add_option("--textures", opts->textures,
                  "A folder of texture images, searched first (repeatable; then the file's folder and the game's "
                  "Textures folders)")
      ->type_name("DIR");
  cmd->callback([&run, opts, class_id, name] {
    if (*class_id >= 0) opts->class_filter = static_cast<uint32_t>(*class_id);
    if (name->count() > 0) opts->name_filter = name->as<std::string>();
    if (opts->name_filter && !retroanim::io::is_valid_utf8(*opts->name_filter))
      throw CLI::ValidationError("--name", "not UTF-8 (names are matched as UTF-8 whatever --encoding says)");
    run = [opts]() -> int { return run_info(*opts); };
  });
}

}  // namespace retroanim::cli
