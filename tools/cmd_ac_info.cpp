// `retroanim ac info DAT [--type TYPE] [--id ID] [--json]`: the header of a
// dat; with --type the ids of that type (anim, mtable, setup, gfxobj,
// degrade, surface, texture, image, palette); with --id the unpacked object
// (chosen by the id's top byte).
#include <cstdio>
#include <iostream>
#include <map>
#include <string>

#include "commands.h"
#include "harness/ac/dat_json.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/error.h"
#include "retroanim/ac/motion/motion_command_names.h"
#include "io/hex.h"
#include "harness/io/json_text.h"

namespace retroanim::cli {

namespace {

using ac::io::DatJson;
using ac::io::format_dat_id;
using retroanim::io::hex;
using retroanim::io::JsonLayout;
using retroanim::io::json_text;

constexpr const char* kFormat = "retroanim.ac.info/1";

// Prints the document {"format": ..., MEMBER: VALUE, extra members...}.
void print_document(const char* member, const DatJson& value, const DatJson& extra = DatJson::object()) {
  DatJson doc = {{"format", kFormat}};
  doc[member] = value;
  for (auto it = extra.begin(); it != extra.end(); ++it) doc[it.key()] = it.value();
  std::cout << json_text(doc, JsonLayout::kIndented) << "\n";
}

uint32_t id_of(const std::string& text) { return static_cast<uint32_t>(std::stoul(text, nullptr, 16)); }

// "0x45000005 (WalkForward)", or the id alone when the command table does not name it.
std::string with_name(const std::string& id_text) {
  const std::string name = ac::motion_key_name(id_of(id_text));
  return name.empty() ? id_text : id_text + " (" + name + ")";
}

// Every motion id and key of a motion table's JSON that has a name: {"0x8000003D": "NonCombat", ...}.
DatJson motion_names(const DatJson& table) {
  std::map<uint32_t, std::string> names;
  auto add = [&names](const std::string& id_text) {
    const uint32_t id = id_of(id_text);
    std::string name = ac::motion_key_name(id);
    if (!name.empty()) names[id] = std::move(name);
  };
  add(table["default_style"].get<std::string>());
  for (auto it = table["style_defaults"].begin(); it != table["style_defaults"].end(); ++it) {
    add(it.key());
    add(it.value().get<std::string>());
  }
  for (auto it = table["cycles"].begin(); it != table["cycles"].end(); ++it) add(it.key());
  for (auto it = table["modifiers"].begin(); it != table["modifiers"].end(); ++it) add(it.key());
  for (auto it = table["links"].begin(); it != table["links"].end(); ++it) {
    add(it.key());
    for (auto in = it.value().begin(); in != it.value().end(); ++in) add(in.key());
  }
  DatJson out = DatJson::object();
  for (const auto& [id, name] : names) out[format_dat_id(id)] = name;
  return out;
}

struct InfoOptions {
  std::string dat;
  std::string type;
  std::string id;
  bool json = false;
};

uint8_t type_byte(const std::string& type) {
  if (type == "anim") return 0x03;
  if (type == "mtable") return 0x09;
  if (type == "setup") return 0x02;
  if (type == "gfxobj") return 0x01;
  if (type == "degrade") return 0x11;
  if (type == "surface") return 0x08;
  if (type == "texture") return 0x05;
  if (type == "image") return 0x06;
  if (type == "palette") return 0x04;
  throw Error("--type: '" + type + "' is not one of anim, mtable, setup, gfxobj, degrade, surface, texture, image, palette");
}

void print_header_text(const DatJson& h) {
  std::printf("file: %s\n", h["file"].get<std::string>().c_str());
  std::printf("size: %llu bytes (header says %u)\n", h["file_size"].get<unsigned long long>(),
              h["header_file_size"].get<uint32_t>());
  std::printf("block size: %u\n", h["block_size"].get<uint32_t>());
  std::printf("data set: %u (%s), subset %u\n", h["data_set"].get<uint32_t>(),
              h["data_set_name"].get<std::string>().c_str(), h["data_subset"].get<uint32_t>());
  std::printf("B-tree root: %s\n", hex(h["btree_root"].get<uint32_t>()).c_str());
  std::printf("free list: %u blocks, first %s, final %s\n", h["free_block_count"].get<uint32_t>(),
              hex(h["first_free"].get<uint32_t>()).c_str(), hex(h["final_free"].get<uint32_t>()).c_str());
  std::printf("versions: engine %u, game %u\n", h["engine_pack_version"].get<uint32_t>(),
              h["game_pack_version"].get<uint32_t>());
  std::printf("entries: %llu (%llu compressed): %llu setups, %llu animations, %llu motion tables\n",
              h["entry_count"].get<unsigned long long>(), h["compressed_entry_count"].get<unsigned long long>(),
              h["setup_count"].get<unsigned long long>(), h["animation_count"].get<unsigned long long>(),
              h["motion_table_count"].get<unsigned long long>());
}

std::string hook_text(const DatJson& h) {
  std::string s = h["name"].get<std::string>();
  const int dir = h["direction"].get<int>();
  s += dir == 1 ? " forward" : dir == -1 ? " backward" : dir == 0 ? " both" : " direction " + std::to_string(dir);
  for (auto it = h.begin(); it != h.end(); ++it) {
    if (it.key() == "type" || it.key() == "name" || it.key() == "direction") continue;
    s += " " + it.key() + "=" + json_text(it.value(), JsonLayout::kOneLine);
  }
  return s;
}

void print_animation_text(const ac::Animation& a, const DatJson& j) {
  std::printf("Animation %s: %u parts, %u frames, flags %s%s\n", format_dat_id(a.id).c_str(), a.num_parts,
              a.num_frames(), hex(a.flags).c_str(), a.pos_frames.empty() ? "" : " (pos frames)");
  const auto& frames = j["frames"];
  for (size_t f = 0; f < frames.size(); ++f) {
    const auto& hooks = frames[f]["hooks"];
    if (hooks.empty()) continue;
    std::printf("  frame %zu:", f);
    for (size_t k = 0; k < hooks.size(); ++k) std::printf("%s %s", k ? ";" : "", hook_text(hooks[k]).c_str());
    std::printf("\n");
  }
}

void print_motion_data(const char* label, const std::string& key, const DatJson& md) {
  std::printf("  %s %s:", label, key.c_str());
  for (const auto& a : md["anims"]) {
    std::printf(" %s[%d..%d]@%s", a["anim"].get<std::string>().c_str(), a["low"].get<int>(), a["high"].get<int>(),
                json_text(a["framerate"], JsonLayout::kOneLine).c_str());
  }
  if (md["bitfield"].get<int>() != 0) std::printf(" bitfield=%d", md["bitfield"].get<int>());
  if (md.contains("velocity")) std::printf(" velocity=%s", json_text(md["velocity"], JsonLayout::kOneLine).c_str());
  if (md.contains("omega")) std::printf(" omega=%s", json_text(md["omega"], JsonLayout::kOneLine).c_str());
  std::printf("\n");
}

void print_motion_table_text(const DatJson& j) {
  std::printf("MotionTable %s: default style %s\n", j["id"].get<std::string>().c_str(),
              with_name(j["default_style"].get<std::string>()).c_str());
  for (auto it = j["style_defaults"].begin(); it != j["style_defaults"].end(); ++it) {
    std::printf("  style %s default %s\n", with_name(it.key()).c_str(),
                with_name(it.value().get<std::string>()).c_str());
  }
  for (auto it = j["cycles"].begin(); it != j["cycles"].end(); ++it) {
    print_motion_data("cycle", with_name(it.key()), it.value());
  }
  for (auto it = j["modifiers"].begin(); it != j["modifiers"].end(); ++it) {
    print_motion_data("modifier", with_name(it.key()), it.value());
  }
  for (auto it = j["links"].begin(); it != j["links"].end(); ++it) {
    for (auto in = it.value().begin(); in != it.value().end(); ++in) {
      print_motion_data("link", with_name(it.key()) + " -> " + with_name(in.key()), in.value());
    }
  }
}

void print_setup_text(const ac::Setup& s) {
  std::printf("Setup %s: %u parts, flags %s\n", format_dat_id(s.id).c_str(), s.num_parts(), hex(s.flags).c_str());
  for (uint32_t i = 0; i < s.num_parts(); ++i) {
    std::printf("  part %u: %s", i, format_dat_id(s.part_ids[i]).c_str());
    if (!s.parent_index.empty()) std::printf(" parent %d", static_cast<int32_t>(s.parent_index[i]));
    if (!s.default_scale.empty()) {
      const auto& v = s.default_scale[i];
      std::printf(" scale [%g, %g, %g]", v.x, v.y, v.z);
    }
    std::printf("\n");
  }
  std::printf("  placements:");
  for (const auto& p : s.placement_frames) std::printf(" %s", hex(p.first).c_str());
  std::printf("\n  holding locations %zu, connection points %zu, cylspheres %zu, spheres %zu, lights %zu\n",
              s.holding_locations.size(), s.connection_points.size(), s.cyl_spheres.size(), s.spheres.size(),
              s.lights.size());
  std::printf("  height %g, radius %g, step up %g, step down %g\n", s.height, s.radius, s.step_up_height,
              s.step_down_height);
  std::printf("  defaults: animation %s, script %s, motion table %s, sound table %s, script table %s\n",
              format_dat_id(s.default_animation).c_str(), format_dat_id(s.default_script).c_str(),
              format_dat_id(s.default_motion_table).c_str(), format_dat_id(s.default_sound_table).c_str(),
              format_dat_id(s.default_script_table).c_str());
}

void print_gfx_obj_text(const ac::GfxObj& g) {
  std::printf("GfxObj %s: flags %s, %zu surfaces, %zu vertices, %zu polygons, %zu physics polygons\n",
              format_dat_id(g.id).c_str(), hex(g.flags).c_str(), g.surfaces.size(), g.vertex_array.vertices.size(),
              g.polygons.size(), g.physics_polygons.size());
  for (size_t i = 0; i < g.surfaces.size(); ++i) std::printf("  surface %zu: %s\n", i, format_dat_id(g.surfaces[i]).c_str());
  std::printf("  drawing BSP %zu nodes, physics BSP %zu nodes, sort centre [%g, %g, %g]\n", g.drawing_bsp.nodes.size(),
              g.physics_bsp.nodes.size(), g.sort_center.x, g.sort_center.y, g.sort_center.z);
  if ((g.flags & ac::gfx_obj_flag::kHasDegrade) != 0) std::printf("  degrade %s\n", format_dat_id(g.degrade_id).c_str());
}

// The one-line text of the small types: their JSON members, one per line.
void print_fields_text(const char* kind, const DatJson& j) {
  std::printf("%s %s\n", kind, j["id"].get<std::string>().c_str());
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() == "id") continue;
    std::printf("  %s: %s\n", it.key().c_str(), json_text(it.value(), JsonLayout::kOneLine).c_str());
  }
}

int run_info(const InfoOptions& o) {
  const auto dat = ac::io::DatDatabase::open(o.dat);
  if (!o.id.empty()) {
    const uint32_t id = parse_dat_id(o.id, "--id");
    const uint8_t top = static_cast<uint8_t>(id >> 24);
    if (!o.type.empty() && type_byte(o.type) != top) {
      throw Error("--id " + format_dat_id(id) + " is not of --type " + o.type);
    }
    if (top == 0x03) {
      const ac::Animation a = ac::io::read_animation(dat, id);
      const DatJson j = ac::io::animation_json(a);
      if (o.json) {
        print_document("animation", j);
      } else {
        print_animation_text(a, j);
      }
    } else if (top == 0x09) {
      const DatJson j = ac::io::motion_table_json(ac::io::read_motion_table(dat, id));
      if (o.json) {
        print_document("motion_table", j, {{"motion_names", motion_names(j)}});
      } else {
        print_motion_table_text(j);
      }
    } else if (top == 0x02) {
      const ac::Setup s = ac::io::read_setup(dat, id);
      if (o.json) {
        print_document("setup", ac::io::setup_json(s));
      } else {
        print_setup_text(s);
      }
    } else if (top == 0x01) {
      const ac::GfxObj g = ac::io::read_gfx_obj(dat, id);
      if (o.json) {
        print_document("gfx_obj", ac::io::gfx_obj_json(g));
      } else {
        print_gfx_obj_text(g);
      }
    } else if (top == 0x11 || top == 0x08 || top == 0x05 || top == 0x06 || top == 0x04) {
      DatJson j;
      const char* member = "";
      const char* kind = "";
      if (top == 0x11) {
        j = ac::io::degrade_info_json(ac::io::read_degrade_info(dat, id));
        member = "degrade_info";
        kind = "GfxObjDegradeInfo";
      } else if (top == 0x08) {
        j = ac::io::surface_json(ac::io::read_surface(dat, id));
        member = "surface";
        kind = "Surface";
      } else if (top == 0x05) {
        j = ac::io::surface_texture_json(ac::io::read_surface_texture(dat, id));
        member = "surface_texture";
        kind = "SurfaceTexture";
      } else if (top == 0x06) {
        j = ac::io::render_surface_json(ac::io::read_render_surface(dat, id));
        member = "render_surface";
        kind = "RenderSurface";
      } else {
        j = ac::io::palette_json(ac::io::read_palette(dat, id));
        member = "palette";
        kind = "Palette";
      }
      if (o.json) {
        print_document(member, j);
      } else {
        print_fields_text(kind, j);
      }
    } else {
      throw Error(describe_error(dat.name(), "entry " + format_dat_id(id), std::nullopt,
                                 "type 0x" + format_dat_id(id).substr(2, 2) +
                                     " is not one retroanim unpacks (0x01 GfxObj, 0x02 setup, 0x03 animation, 0x04 "
                                     "palette, 0x05 texture, 0x06 image, 0x08 surface, 0x09 motion table, 0x11 "
                                     "degrade)"));
    }
    return 0;
  }
  if (!o.type.empty()) {
    const uint8_t top = type_byte(o.type);
    const auto entries = dat.entries_in_range(static_cast<uint32_t>(top) << 24, (static_cast<uint32_t>(top) << 24) | 0xFFFFFFu);
    // An empty list would print nothing at all: say that nothing matched (exit code 3).
    if (entries.empty()) throw NotFound(describe_error(dat.name(), "", std::nullopt, "no entries of --type " + o.type));
    if (o.json) {
      DatJson arr = DatJson::array();
      for (const auto& e : entries) arr.push_back(ac::io::dat_entry_json(e));
      print_document("type", o.type, {{"entries", arr}});
    } else {
      for (const auto& e : entries) {
        std::printf("%s  %u bytes%s\n", format_dat_id(e.id).c_str(), e.size, e.compressed() ? " (zlib)" : "");
      }
    }
    return 0;
  }
  const DatJson h = ac::io::dat_header_json(dat);
  if (o.json) {
    print_document("header", h);
  } else {
    print_header_text(h);
  }
  return 0;
}

}  // namespace

void register_ac_info(CLI::App& parent, Runner& run) {
  auto opts = std::make_shared<InfoOptions>();
  auto* cmd = parent.add_subcommand("info", "Show a portal.dat: header, ids of a type, or one unpacked object");
  input_file(cmd->add_option("dat", opts->dat, "The dat file (client_portal.dat or one written by retroanim)"))
      ->required()
      ->type_name("FILE");
  cmd->add_option("--type", opts->type, "List the ids of one type: anim, mtable, setup, gfxobj, degrade, surface, texture, image or palette")->type_name("TYPE");
  cmd->add_option("--id", opts->id, "Unpack and print the object with this id (e.g. 0x03000514)")->type_name("ID");
  cmd->add_flag("--json", opts->json, "Print JSON instead of text");
  cmd->callback([&run, opts] { run = [opts]() -> int { return run_info(*opts); }; });
}

}  // namespace retroanim::cli
