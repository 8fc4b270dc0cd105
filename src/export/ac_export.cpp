// Asheron's Call animations, setups and motion tables as glTF (retroanim's
// own; docs/formats/gltf-export.md).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "export/ac_mesh.h"
#include "export/builder.h"
#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/object/setup.h"
#include "retroanim/error.h"
#include "retroanim/math/frame.h"

namespace retroanim::gltf {

namespace {

// The dat's object types by the id's top byte.
constexpr uint32_t kTypeSetup = 0x02, kTypeAnimation = 0x03, kTypeMotionTable = 0x09;

void check_id(const ac::io::DatDatabase& dat, uint32_t id, uint32_t type, const char* option, const char* what) {
  const std::string shown = ac::io::format_dat_id(id);
  if ((id >> 24) != type) {
    char t[8];
    std::snprintf(t, sizeof t, "0x%02X", static_cast<unsigned>(type));
    throw Error(dat.name() + ": " + option + " " + shown + ": not " + what + " (" + what + " ids start with " + t +
                ")");
  }
  if (!dat.find(id)) throw Error(dat.name() + ": " + option + " " + shown + ": no such object in the dat");
}

// One stretch of an animation played at a frame rate (a MotionData's AnimData).
struct Stretch {
  const ac::Animation* anim = nullptr;
  int32_t low = 0, high = 0;  // frames played, low..high
  float framerate = 30.0f;    // negative: played backwards
};

// Frames low..high of `anim` as the client's node clamps them (high -1: the last frame).
Stretch make_stretch(const ac::Animation& anim, int32_t low, int32_t high, float framerate) {
  const int32_t n = static_cast<int32_t>(anim.num_frames());
  Stretch s{&anim, std::clamp(low, 0, n - 1), high < 0 || high >= n ? n - 1 : high, framerate};
  if (s.low > s.high) std::swap(s.low, s.high);
  return s;
}

// Adds one animation of the parts (STEP at k / framerate) and the root motion
// (pos frames accumulated with Frame::combine / subtract1).
void add_sequence(Builder& b, Asset& asset, const std::string& name, const std::vector<Stretch>& stretches, int root,
                  const std::vector<int>& parts) {
  std::vector<Channel> pt(parts.size()), pr(parts.size());
  for (size_t p = 0; p < parts.size(); ++p) {
    pt[p] = Channel{parts[p], "translation", "STEP", {}, {}};
    pr[p] = Channel{parts[p], "rotation", "STEP", {}, {}};
  }
  Channel rt{root, "translation", "STEP", {}, {}}, rr{root, "rotation", "STEP", {}, {}};
  bool root_motion = false;
  math::Frame offset;  // the accumulated pos frames
  double t0 = 0.0;
  tinygltf::Value::Array anims;
  for (const Stretch& s : stretches) {
    const double rate = std::fabs(static_cast<double>(s.framerate));
    const bool backwards = s.framerate < 0.0f;
    const int32_t count = s.high - s.low + 1;
    root_motion = root_motion || s.anim->has_pos_frames();
    for (int32_t j = 0; j < count; ++j) {
      const int32_t k = backwards ? s.high - j : s.low + j;
      const float t = static_cast<float>(t0 + j / rate);
      if (!rt.times.empty() && !(t > rt.times.back())) continue;
      const ac::AnimationFrame& frame = s.anim->part_frames[static_cast<size_t>(k)];
      for (size_t p = 0; p < parts.size() && p < frame.parts.size(); ++p) {
        const math::AFrame& f = frame.parts[p];
        pt[p].times.push_back(t);
        pr[p].times.push_back(t);
        push_vec3(pt[p].values, ac_point(f.origin));
        push_quat(pr[p].values, ac_rotation(f.qw, f.qx, f.qy, f.qz));
      }
      rt.times.push_back(t);
      rr.times.push_back(t);
      push_vec3(rt.values, ac_point(offset.origin));
      push_quat(rr.values, ac_rotation(offset.qw, offset.qx, offset.qy, offset.qz));
      // Leaving frame k: the client applies its pos frame (CSequence::update_internal).
      if (s.anim->has_pos_frames() && static_cast<size_t>(k) < s.anim->pos_frames.size()) {
        if (backwards) {
          offset.subtract1(offset, s.anim->pos_frames[static_cast<size_t>(k)]);
        } else {
          offset.combine(offset, s.anim->pos_frames[static_cast<size_t>(k)]);
        }
      }
    }
    t0 += count / rate;
    tinygltf::Value::Object a;
    a["id"] = tinygltf::Value(ac::io::format_dat_id(s.anim->id));
    a["low_frame"] = tinygltf::Value(s.low);
    a["high_frame"] = tinygltf::Value(s.high);
    a["framerate"] = tinygltf::Value(static_cast<double>(s.framerate));
    anims.push_back(tinygltf::Value(std::move(a)));
  }
  std::vector<Channel> all;
  for (size_t p = 0; p < parts.size(); ++p) {
    all.push_back(std::move(pt[p]));
    all.push_back(std::move(pr[p]));
  }
  if (root_motion) {
    all.push_back(std::move(rt));
    all.push_back(std::move(rr));
  }
  tinygltf::Value::Object r;
  r["source"] = tinygltf::Value(std::string("ac animation"));
  r["exact_between_samples"] = tinygltf::Value(true);
  r["root_motion"] = tinygltf::Value(root_motion);
  r["anims"] = tinygltf::Value(std::move(anims));
  tinygltf::Value::Object o;
  o["retroanim"] = tinygltf::Value(std::move(r));
  if (!b.add_animation(name, std::move(all), tinygltf::Value(std::move(o))))
    asset.notes.push_back(name + ": no frames, not exported");
}

// A cube of edge `e` centred on the origin (12 triangles).
int add_box(Builder& b, float e) {
  const float h = e * 0.5f;
  std::vector<float> pos;
  for (int i = 0; i < 8; ++i) {
    pos.push_back(i & 1 ? h : -h);
    pos.push_back(i & 2 ? h : -h);
    pos.push_back(i & 4 ? h : -h);
  }
  // Counter-clockwise seen from outside.
  const std::vector<uint16_t> idx = {0, 2, 1, 1, 2, 3,  4, 5, 6, 5, 7, 6,  0, 1, 4, 1, 5, 4,
                                     2, 6, 3, 3, 6, 7,  0, 4, 2, 2, 4, 6,  1, 3, 5, 3, 7, 5};
  return b.add_mesh("part_box", pos, idx, TINYGLTF_MODE_TRIANGLES);
}

}  // namespace

Asset export_ac(const ac::io::DatDatabase& dat, const AcExportOptions& options) {
  Asset asset;
  Builder b(asset);
  if (!options.animation_id && !options.setup_id && !options.motion_table_id)
    throw Error("export: give --animation ID, --setup ID or --motion-table ID for a dat");
  if (options.fps && !(*options.fps > 0.0f && std::isfinite(*options.fps)))
    throw Error("--fps must be a finite number > 0");

  std::map<uint32_t, ac::Animation> anims;  // by id, read once
  auto animation = [&](uint32_t id, const char* option) -> const ac::Animation& {
    auto it = anims.find(id);
    if (it != anims.end()) return it->second;
    check_id(dat, id, kTypeAnimation, option, "an animation");
    ac::Animation a = ac::io::read_animation(dat, id);
    if (a.num_frames() == 0)
      throw Error(dat.name() + ": " + option + " " + ac::io::format_dat_id(id) + ": the animation has zero frames");
    std::string bad = ac::check_animation(a);
    if (!bad.empty()) throw Error(dat.name() + ": " + option + " " + ac::io::format_dat_id(id) + ": " + bad);
    return anims.emplace(id, std::move(a)).first->second;
  };

  std::optional<ac::Setup> setup;
  if (options.setup_id) {
    check_id(dat, *options.setup_id, kTypeSetup, "--setup", "a setup");
    setup = ac::io::read_setup(dat, *options.setup_id);
  }
  std::optional<ac::MotionTable> table;
  if (options.motion_table_id) {
    check_id(dat, *options.motion_table_id, kTypeMotionTable, "--motion-table", "a motion table");
    table = ac::io::read_motion_table(dat, *options.motion_table_id);
  }
  const ac::Animation* single = options.animation_id ? &animation(*options.animation_id, "--animation") : nullptr;

  // The default style's cycles, in key order.
  std::vector<std::pair<uint32_t, const ac::MotionData*>> cycles;
  if (table) {
    for (const auto& [key, data] : table->cycles)
      if ((key >> 16) == (table->default_style & 0xFFFFu)) cycles.push_back({key, &data});
    std::sort(cycles.begin(), cycles.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& c : cycles)
      for (const ac::AnimData& d : c.second->anims) animation(d.anim_id, "--motion-table cycle animation");
  }

  // The number of parts: the setup's, else the first animation's; all must agree.
  uint32_t num_parts = 0;
  std::string parts_from;
  auto agree = [&](uint32_t n, const std::string& what) {
    if (parts_from.empty()) {
      num_parts = n;
      parts_from = what;
    } else if (n != num_parts) {
      throw Error(dat.name() + ": " + what + " has " + std::to_string(n) + " parts, " + parts_from + " has " +
                  std::to_string(num_parts));
    }
  };
  if (setup) agree(setup->num_parts(), "setup " + ac::io::format_dat_id(setup->id));
  if (single) agree(single->num_parts, "animation " + ac::io::format_dat_id(single->id));
  for (const auto& [id, a] : anims) agree(a.num_parts, "animation " + ac::io::format_dat_id(id));

  // Nodes: a root and part_0 .. part_N-1 under it (every part frame is
  // relative to the object, so the parts are the root's children whatever
  // the setup's parents; those are kept in the nodes' extras).
  const std::string root_name = setup ? "setup " + ac::io::format_dat_id(setup->id)
                                : single ? "animation " + ac::io::format_dat_id(single->id)
                                         : "motion table " + ac::io::format_dat_id(table->id);
  const int root = b.add_node(root_name);
  b.attach(root, -1);
  float edge = 1.0f;
  if (setup && setup->radius > 0.0f && std::isfinite(setup->radius)) edge = setup->radius;
  int box = -1;  // made when a part has no GfxObj
  AcMeshBuilder meshes(b, asset, dat);
  std::vector<std::string> missing;
  const ac::AnimationFrame* rest = nullptr;
  if (setup) {
    rest = setup->find_placement_frame(ac::kPlacementResting);
    if (rest && rest->parts.size() != num_parts) rest = nullptr;
  } else if (single) {
    rest = &single->part_frames[0];
  }
  std::vector<int> parts;
  for (uint32_t p = 0; p < num_parts; ++p) {
    const int n = b.add_node("part_" + std::to_string(p));
    b.attach(n, root);
    parts.push_back(n);
    // The part's GfxObj mesh, in the part's frame (vertices through A, as the
    // node's frame is A·F·A⁻¹); a box when the dat has none.
    int mesh = setup ? meshes.mesh(setup->part_ids[p]) : -1;
    if (mesh < 0) {
      if (box < 0) box = add_box(b, edge);
      mesh = box;
      if (setup) missing.push_back(std::to_string(p) + " (" + ac::io::format_dat_id(setup->part_ids[p]) + ")");
    }
    tinygltf::Node& node = b.m().nodes[static_cast<size_t>(n)];
    node.mesh = mesh;
    Vec3d t{0.0, 0.0, 0.0}, s{1.0, 1.0, 1.0};
    Quatd r{0.0, 0.0, 0.0, 1.0};
    if (rest) {
      const math::AFrame& f = rest->parts[p];
      t = ac_point(f.origin);
      r = ac_rotation(f.qw, f.qx, f.qy, f.qz);
    }
    if (setup && p < setup->default_scale.size()) s = ac_scale(setup->default_scale[p]);
    Builder::set_trs(node, t, r, s);
    if (setup) {
      tinygltf::Value::Object x;
      x["part_id"] = tinygltf::Value(ac::io::format_dat_id(setup->part_ids[p]));
      if (p < setup->parent_index.size())
        x["parent_index"] = tinygltf::Value(static_cast<int>(static_cast<int32_t>(setup->parent_index[p])));
      tinygltf::Value::Object o;
      o["retroanim"] = tinygltf::Value(std::move(x));
      node.extras = tinygltf::Value(std::move(o));
    }
  }

  if (!missing.empty()) {
    std::string list;
    for (const std::string& m : missing) list += (list.empty() ? "" : ", ") + m;
    asset.notes.push_back(dat.name() + ": setup " + ac::io::format_dat_id(setup->id) + ": no GfxObj in the dat for " +
                          (missing.size() == 1 ? "part " : "parts ") + list + "; drawn as boxes");
  }

  if (single) {
    const float fps = options.fps.value_or(30.0f);
    add_sequence(b, asset, "animation " + ac::io::format_dat_id(single->id),
                 {make_stretch(*single, 0, -1, fps)}, root, parts);
  }
  for (const auto& [key, data] : cycles) {
    std::vector<Stretch> st;
    for (const ac::AnimData& d : data->anims) {
      float rate = d.framerate;
      if (!(std::fabs(rate) > 0.0f) || !std::isfinite(rate)) {
        asset.notes.push_back("cycle " + ac::io::format_dat_id(key) + ": animation " +
                              ac::io::format_dat_id(d.anim_id) + " has frame rate 0; exported at 30");
        rate = 30.0f;
      }
      st.push_back(make_stretch(anims.at(d.anim_id), d.low_frame, d.high_frame, rate));
    }
    if (st.empty()) {
      asset.notes.push_back("cycle " + ac::io::format_dat_id(key) + ": no animations, not exported");
      continue;
    }
    add_sequence(b, asset, "cycle " + ac::io::format_dat_id(key), st, root, parts);
  }
  return asset;
}

}  // namespace retroanim::gltf
