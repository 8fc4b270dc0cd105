// JSON object animation spec reader (the `retroanim ck anim --spec` format).
#include "harness/ck/anim_spec.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <type_traits>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "retroanim/ck/anim/controllers.h"
#include "retroanim/error.h"
#include "retroanim/io/file_path.h"
#include "harness/io/json_error.h"

namespace retroanim::ck::io {

namespace {

using nlohmann::ordered_json;
using json = nlohmann::ordered_json;

// Spec files are small; anything larger is refused before reading.
constexpr std::streamoff kMaxSpecBytes = 64 << 20;

const char* type_name(const json& v) {
  switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    case json::value_t::discarded: return "nothing";
    default: return "a number";
  }
}

uint32_t float_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

class Reader {
 public:
  explicit Reader(const std::string& source) : source_(source) {}

  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw Error(describe_error(source_, field, std::nullopt, what));
  }

  void check_keys(const json& obj, const std::string& where, std::initializer_list<const char*> allowed) const {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
      bool known = false;
      for (const char* k : allowed) known = known || it.key() == k;
      if (!known) fail(where.empty() ? it.key() : where + "." + it.key(), "unknown field");
    }
  }

  const json& require(const json& obj, const char* key, const std::string& field) const {
    auto it = obj.find(key);
    if (it == obj.end()) fail(field, "missing (required field)");
    return *it;
  }

  float number(const json& v, const std::string& field) const {
    if (!v.is_number()) fail(field, std::string("expected a number, got ") + type_name(v));
    const double d = v.get<double>();
    if (!std::isfinite(d)) fail(field, "number is not finite");
    if (std::fabs(d) > static_cast<double>(FLT_MAX)) fail(field, "number overflows a float");
    return static_cast<float>(d);
  }

  uint32_t dword(const json& v, const std::string& field) const {
    if (!v.is_number_integer()) fail(field, std::string("expected an integer 0..4294967295, got ") + type_name(v));
    if (v.is_number_unsigned()) {
      const uint64_t u = v.get<uint64_t>();
      if (u > 0xFFFFFFFFu) fail(field, "integer does not fit 32 bits (0..4294967295)");
      return static_cast<uint32_t>(u);
    }
    const int64_t i = v.get<int64_t>();
    if (i < 0 || i > 0xFFFFFFFFll) fail(field, "integer does not fit 32 bits (0..4294967295)");
    return static_cast<uint32_t>(i);
  }

  // A class id: "0x" and 1 to 8 hex digits.
  uint32_t class_id(const json& v, const std::string& field) const {
    if (!v.is_string()) fail(field, std::string("expected a class id string such as \"0x637c4301\", got ") + type_name(v));
    const std::string& s = v.get_ref<const std::string&>();
    if (s.size() < 3 || s.size() > 10 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
      fail(field, "expected \"0x\" and 1 to 8 hex digits");
    uint32_t id = 0;
    for (size_t i = 2; i < s.size(); ++i) {
      const char c = s[i];
      uint32_t d;
      if (c >= '0' && c <= '9') d = static_cast<uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') d = static_cast<uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') d = static_cast<uint32_t>(c - 'A' + 10);
      else fail(field, "expected \"0x\" and 1 to 8 hex digits");
      id = id << 4 | d;
    }
    return id;
  }

  // `count` numbers as their float bits, appended to `out`.
  void floats(const json& v, size_t count, const std::string& field, std::vector<uint32_t>& out) const {
    if (!v.is_array() || v.size() != count) {
      fail(field, v.is_array() ? "expected " + std::to_string(count) + " numbers, got " + std::to_string(v.size())
                               : "expected an array of " + std::to_string(count) + " numbers, got " + type_name(v));
    }
    for (size_t i = 0; i < count; ++i) out.push_back(float_bits(number(v[i], field + "[" + std::to_string(i) + "]")));
  }

 private:
  const std::string& source_;
};

const char* slot_name(ControllerSlot slot) {
  switch (slot) {
    case ControllerSlot::kPosition: return "position";
    case ControllerSlot::kScale: return "scale";
    case ControllerSlot::kRotation: return "rotation";
    case ControllerSlot::kScaleAxis: return "scale-axis";
    case ControllerSlot::kMorph: return "morph";
  }
  return "?";
}

std::string hex_id(uint32_t id) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", id);
  return buf;
}

// One key as the file stores it (spec 5.2), appended to the key block.
void read_key(const Reader& rd, const json& jk, const std::string& where, ControllerKind kind,
              std::vector<uint32_t>& block) {
  const bool quat = kind.slot == ControllerSlot::kRotation || kind.slot == ControllerSlot::kScaleAxis;
  if (!jk.is_object()) rd.fail(where, std::string("expected an object, got ") + type_name(jk));
  switch (kind.interpolation) {
    case Interpolation::kLinear: rd.check_keys(jk, where, {"time", "value"}); break;
    case Interpolation::kTcb:
      rd.check_keys(jk, where, {"time", "value", "tension", "continuity", "bias", "ease_to", "ease_from"});
      break;
    case Interpolation::kBezier: rd.check_keys(jk, where, {"time", "value", "flags", "in", "out"}); break;
  }
  block.push_back(float_bits(rd.number(rd.require(jk, "time", where + ".time"), where + ".time")));
  rd.floats(rd.require(jk, "value", where + ".value"), quat ? 4 : 3, where + ".value", block);
  if (kind.interpolation == Interpolation::kTcb) {
    for (const char* f : {"tension", "continuity", "bias", "ease_to", "ease_from"}) {
      const std::string field = where + "." + f;
      block.push_back(float_bits(rd.number(rd.require(jk, f, field), field)));
    }
  } else if (kind.interpolation == Interpolation::kBezier) {
    const uint32_t flags = rd.dword(rd.require(jk, "flags", where + ".flags"), where + ".flags");
    block.push_back(flags);
    const BezierPositionKey probe{0.0f, {}, flags, {}, {}};
    const std::pair<const char*, bool> sides[2] = {{"in", (probe.in_mode() & bezier_mode::kTangents) != 0},
                                                   {"out", (probe.out_mode() & bezier_mode::kTangents) != 0}};
    for (const auto& [side, stored] : sides) {
      const std::string field = where + "." + side;
      auto it = jk.find(side);
      if (stored) {
        if (it == jk.end())
          rd.fail(field, std::string("missing (required: the ") + side + "-mode has TANGENTS, 0x20)");
        rd.floats(*it, 3, field, block);
      } else if (it != jk.end()) {
        std::vector<uint32_t> v;
        rd.floats(*it, 3, field, v);
        for (uint32_t bits : v) {
          if (bits != 0 && bits != 0x80000000u)
            rd.fail(field, std::string("stored only when the ") + side +
                               "-mode has TANGENTS (0x20); without it a loaded key holds [0, 0, 0] here");
        }
      }
    }
  }
}

}  // namespace

SpecAnimation parse_anim_spec(std::string_view json_text, const std::string& source, const std::string& name) {
  Reader rd(source);
  json doc;
  try {
    doc = json::parse(json_text.begin(), json_text.end(), nullptr, true, false);
  } catch (const json::parse_error& e) {
    throw retroanim::io::json_syntax_error(e, source);
  } catch (const json::exception& e) {
    throw Error(describe_error(source, "", std::nullopt,
                               "bad JSON number: " + retroanim::io::json_exception_text(e) + " (numbers must fit a float)"));
  }
  if (!doc.is_object()) rd.fail("top level", std::string("expected a JSON object, got ") + type_name(doc));
  rd.check_keys(doc, "", {"format", "length", "flags", "controllers"});
  const json& format = rd.require(doc, "format", "format");
  if (!format.is_string() || format.get_ref<const std::string&>() != kAnimSpecFormat)
    rd.fail("format", std::string("expected \"") + kAnimSpecFormat + "\"");

  SpecAnimation out;
  out.entity = std::make_unique<Entity3d>();
  out.entity->name = "entity";
  out.animation = std::make_unique<ObjectAnimation>();
  ObjectAnimation& anim = *out.animation;
  anim.name = name;
  anim.entity = out.entity.get();
  anim.keyframes.set_length(rd.number(rd.require(doc, "length", "length"), "length"));
  if (auto it = doc.find("flags"); it != doc.end()) anim.flags = rd.dword(*it, "flags");

  const json& controllers = rd.require(doc, "controllers", "controllers");
  if (!controllers.is_array())
    rd.fail("controllers", std::string("expected an array of controllers, got ") + type_name(controllers));
  std::optional<size_t> slot_owner[5];
  for (size_t ci = 0; ci < controllers.size(); ++ci) {
    const std::string where = "controllers[" + std::to_string(ci) + "]";
    const json& jc = controllers[ci];
    if (!jc.is_object()) rd.fail(where, std::string("expected an object, got ") + type_name(jc));
    rd.check_keys(jc, where, {"class", "keys"});
    const uint32_t type = rd.class_id(rd.require(jc, "class", where + ".class"), where + ".class");
    const std::optional<ControllerKind> kind = controller_kind(type);
    if (!kind) {
      rd.fail(where + ".class", hex_id(type) +
                                    " is not a controller class CreateController (FUN_1004a922) makes (a file's "
                                    "block of this class is skipped)");
    }
    if (kind->slot == ControllerSlot::kMorph)
      rd.fail(where + ".class", hex_id(type) + " is a morph controller: retroanim does not evaluate morphs");
    auto& owner = slot_owner[static_cast<size_t>(kind->slot)];
    if (owner) {
      rd.fail(where + ".class", std::string("a second ") + slot_name(kind->slot) + " controller (controllers[" +
                                    std::to_string(*owner) + "] is one; a file's later block would replace it)");
    }
    owner = ci;
    const json& keys = rd.require(jc, "keys", where + ".keys");
    if (!keys.is_array()) rd.fail(where + ".keys", std::string("expected an array of keys, got ") + type_name(keys));
    if (keys.size() > 0xFFFFFFFFu) rd.fail(where + ".keys", "too many keys");
    std::vector<uint32_t> block;
    block.push_back(static_cast<uint32_t>(keys.size()));
    for (size_t ki = 0; ki < keys.size(); ++ki)
      read_key(rd, keys[ki], where + ".keys[" + std::to_string(ki) + "]", *kind, block);
    // The loader's reader on the block a file would store (its checks included).
    const size_t used = decode_controller(anim.keyframes, type, block, KeyBlockSource{source, where, std::nullopt});
    if (used != block.size()) rd.fail(where, "the key block did not read back whole (" + std::to_string(used) + " of " +
                                                 std::to_string(block.size()) + " dwords)");
  }
  return out;
}

namespace {

json floats_json(math::Vec3 v) { return json::array({v.x, v.y, v.z}); }
json floats_json(math::Quat q) { return json::array({q.x, q.y, q.z, q.w}); }

template <class Key>
json key_json(const Key& k) {
  json j = json::object();
  j["time"] = k.time;
  j["value"] = floats_json(k.value);
  if constexpr (std::is_same_v<Key, TcbPositionKey> || std::is_same_v<Key, TcbRotationKey>) {
    j["tension"] = k.tension;
    j["continuity"] = k.continuity;
    j["bias"] = k.bias;
    j["ease_to"] = k.ease_to;
    j["ease_from"] = k.ease_from;
  } else if constexpr (std::is_same_v<Key, BezierPositionKey>) {
    j["flags"] = k.flags;
    if (k.in_mode() & bezier_mode::kTangents) j["in"] = floats_json(k.in_tangent);
    if (k.out_mode() & bezier_mode::kTangents) j["out"] = floats_json(k.out_tangent);
  }
  return j;
}

template <class Controller>
void controller_json(json& list, const std::optional<Controller>& c) {
  if (!c) return;
  json jc = json::object();
  jc["class"] = hex_id(c->type);
  json keys = json::array();
  std::visit([&](const auto& v) {
    for (const auto& k : v) keys.push_back(key_json(k));
  }, c->keys);
  jc["keys"] = std::move(keys);
  list.push_back(std::move(jc));
}

}  // namespace

std::string write_anim_spec(const ObjectAnimation& anim) {
  json doc = json::object();
  doc["format"] = kAnimSpecFormat;
  doc["length"] = anim.keyframes.length;
  doc["flags"] = anim.flags;
  json list = json::array();
  controller_json(list, anim.keyframes.position);
  controller_json(list, anim.keyframes.rotation);
  controller_json(list, anim.keyframes.scale);
  controller_json(list, anim.keyframes.scale_axis);
  doc["controllers"] = std::move(list);
  return doc.dump(1) + "\n";
}

SpecAnimation read_anim_spec_file(const std::string& path) {
  const std::filesystem::path p = retroanim::io::utf8_path(path);
  std::ifstream f(p, std::ios::binary);
  if (!f) throw Error(describe_error(path, "", std::nullopt, "cannot open the file"));
  f.seekg(0, std::ios::end);
  const std::streamoff size = f.tellg();
  if (size < 0) throw Error(describe_error(path, "", std::nullopt, "cannot read the file"));
  if (size > kMaxSpecBytes) {
    throw Error(describe_error(path, "", std::nullopt,
                               "file too large for an animation spec (" + std::to_string(size) + " bytes)"));
  }
  f.seekg(0, std::ios::beg);
  std::string text(static_cast<size_t>(size), '\0');
  if (size > 0 && !f.read(text.data(), size)) throw Error(describe_error(path, "", std::nullopt, "cannot read the file"));
  return parse_anim_spec(text, path, retroanim::io::utf8_string(p.stem()));
}

}  // namespace retroanim::ck::io
