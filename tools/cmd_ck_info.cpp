// `retroanim ck info FILE [--json] [--class N] [--name NAME]`: header facts of
// a Virtools file (versions, write mode, counts, CRC), then its objects by
// class with their names; curves show their point count, open/closed and
// length, object animations their entity, length and controllers, keyed
// animations their object animations.
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "ck_info_details.h"
#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"

namespace retroanim::cli {

namespace {

std::string hex32(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}

std::string write_mode_text(uint32_t m) {
  if (m == 0) return "uncompressed";
  std::string s;
  auto add = [&](uint32_t bit, const char* name) {
    if (m & bit) s += (s.empty() ? "" : "|") + std::string(name);
  };
  add(ck::io::write_mode::kChunkCompressedOld, "chunk compressed");
  add(ck::io::write_mode::kExternalTextures, "external textures");
  add(ck::io::write_mode::kForViewer, "for viewer");
  add(ck::io::write_mode::kWholeCompressed, "whole compressed");
  return s;
}

struct InfoOptions {
  std::string file;
  bool json = false;
  std::optional<uint32_t> class_filter;
  std::optional<std::string> name_filter;
};

bool selected(const ck::ObjectRecord& r, const InfoOptions& o) {
  if (o.class_filter && !ck::io::is_child_class_of(r.class_id, *o.class_filter)) return false;
  if (o.name_filter && r.name != *o.name_filter) return false;
  return true;
}

int run_info(const InfoOptions& o) {
  ck::Scene scene = ck::io::load_scene_file(o.file);
  const ck::io::NmoFile& f = scene.file_info();
  const ck::io::FileHeader& h = f.header;
  if (o.json) {
    nlohmann::ordered_json header = {
        {"file", o.file},
        {"ck_version", hex32(h.ck_version)},
        {"file_version", h.file_version},
        {"write_mode", h.write_mode},
        {"write_mode_text", write_mode_text(h.write_mode)},
        {"crc", hex32(h.crc)},
        {"crc_verified", f.computed_crc == h.crc},
        {"product_version", h.product_version},
        {"product_build", hex32(h.product_build)},
        {"max_id_saved", h.max_id_saved},
        {"object_count", h.object_count},
        {"manager_count", h.manager_count},
        {"hdr1_packed", h.hdr1_pack_size},
        {"hdr1_unpacked", h.hdr1_unpack_size},
        {"data_packed", h.data_pack_size},
        {"data_unpacked", h.data_unpack_size},
        {"plugin_dependencies", f.plugins.size()},
        {"included_files", f.included_files.size()},
        {"trailing_bytes", f.trailing.size()},
    };
    nlohmann::ordered_json objects = nlohmann::ordered_json::array();
    for (const auto& r : scene.objects()) {
      if (!selected(r, o)) continue;
      nlohmann::ordered_json j = {{"id", r.id},
                                  {"class", r.class_id},
                                  {"class_name", ck::io::class_name(r.class_id)},
                                  {"name", r.name},
                                  {"file_index", r.file_index}};
      add_details_json(scene, r, j);
      objects.push_back(std::move(j));
    }
    nlohmann::ordered_json doc = {{"header", header}, {"objects", objects}};
    std::cout << doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    return 0;
  }

  std::cout << "file: " << o.file << "\n";
  std::cout << "CK version " << hex32(h.ck_version) << ", file version " << h.file_version << ", write mode "
            << h.write_mode << " (" << write_mode_text(h.write_mode) << "), product " << h.product_version
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
      std::cout << "  #" << r->file_index << " id " << r->id << " " << r->name;
      std::string d = details_text(scene, *r);
      if (!d.empty()) std::cout << ": " << d;
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
  input_file(cmd->add_option("file", opts->file, "A .nmo/.cmo file"))->required();
  cmd->add_flag("--json", opts->json, "Print one JSON document {\"header\": {...}, \"objects\": [...]}");
  cmd->add_option("--class", *class_id, "Only objects of this class id (or derived from it)");
  auto name = cmd->add_option("--name", "Only objects with this name");
  cmd->callback([&run, opts, class_id, name] {
    if (*class_id >= 0) opts->class_filter = static_cast<uint32_t>(*class_id);
    if (name->count() > 0) opts->name_filter = name->as<std::string>();
    run = [opts]() -> int { return run_info(*opts); };
  });
}

}  // namespace retroanim::cli
