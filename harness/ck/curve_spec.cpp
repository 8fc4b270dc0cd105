// JSON curve spec reader (the `retroanim ck curve --spec` format).
#include "harness/ck/curve_spec.h"

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <sstream>

#include <nlohmann/json.hpp>

#include "retroanim/error.h"
#include "retroanim/io/file_path.h"
#include "harness/io/json_error.h"

namespace retroanim::ck::io {

namespace {

using nlohmann::json;

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

  bool boolean(const json& v, const std::string& field) const {
    if (!v.is_boolean()) fail(field, std::string("expected true or false, got ") + type_name(v));
    return v.get<bool>();
  }

  math::Vec3 vec3(const json& v, const std::string& field) const {
    if (!v.is_array() || v.size() != 3) {
      fail(field, v.is_array() ? "expected 3 numbers, got " + std::to_string(v.size())
                               : std::string("expected an array of 3 numbers, got ") + type_name(v));
    }
    return {number(v[0], field + "[0]"), number(v[1], field + "[1]"), number(v[2], field + "[2]")};
  }

  math::Matrix matrix(const json& v, const std::string& field) const {
    if (!v.is_array() || v.size() != 4) {
      fail(field, v.is_array() ? "expected 4 rows, got " + std::to_string(v.size())
                               : std::string("expected an array of 4 rows, got ") + type_name(v));
    }
    math::Matrix m;
    for (int r = 0; r < 4; ++r) {
      const std::string row_field = field + "[" + std::to_string(r) + "]";
      const json& row = v[static_cast<size_t>(r)];
      if (!row.is_array() || row.size() != 4) {
        fail(row_field, row.is_array() ? "expected 4 numbers, got " + std::to_string(row.size())
                                       : std::string("expected an array of 4 numbers, got ") + type_name(row));
      }
      for (int c = 0; c < 4; ++c) {
        m[r][c] = number(row[static_cast<size_t>(c)], row_field + "[" + std::to_string(c) + "]");
      }
    }
    return m;
  }

 private:
  const std::string& source_;
};

}  // namespace

SpecCurve parse_curve_spec(std::string_view json_text, const std::string& source) {
  Reader rd(source);
  json doc;
  try {
    doc = json::parse(json_text.begin(), json_text.end(), nullptr, true, false);
  } catch (const json::parse_error& e) {
    throw retroanim::io::json_syntax_error(e, source);
  } catch (const json::exception& e) {
    // A number too large even for a double ("1e400"): no field is known yet.
    throw Error(describe_error(source, "", std::nullopt, "bad JSON number: " + retroanim::io::json_exception_text(e) + " (numbers must fit a float)"));
  }
  if (!doc.is_object()) rd.fail("top level", std::string("expected a JSON object, got ") + type_name(doc));
  rd.check_keys(doc, "", {"closed", "fitting", "world", "points"});

  SpecCurve out;
  out.curve = std::make_unique<Curve>();
  Curve& curve = *out.curve;
  curve.name = "Curve";
  const bool closed = rd.boolean(rd.require(doc, "closed", "closed"), "closed");
  const float fitting = rd.number(rd.require(doc, "fitting", "fitting"), "fitting");
  if (auto it = doc.find("world"); it != doc.end()) curve.set_world_matrix(rd.matrix(*it, "world"));
  const json& points = rd.require(doc, "points", "points");
  if (!points.is_array()) rd.fail("points", std::string("expected an array of points, got ") + type_name(points));

  CurveData data = curve.data();
  data.open = !closed;
  data.fitting = fitting;
  curve.set_data(data);

  out.points.reserve(points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    const std::string where = "points[" + std::to_string(i) + "]";
    const json& jp = points[i];
    if (!jp.is_object()) rd.fail(where, std::string("expected an object, got ") + type_name(jp));
    rd.check_keys(jp, where, {"pos", "tension", "continuity", "bias", "linear", "user_tangents", "in", "out"});
    CurvePointData d;
    const math::Vec3 pos = rd.vec3(rd.require(jp, "pos", where + ".pos"), where + ".pos");
    auto opt_number = [&](const char* key, float& dst) {
      if (auto it = jp.find(key); it != jp.end()) dst = rd.number(*it, where + "." + key);
    };
    auto opt_bool = [&](const char* key, bool& dst) {
      if (auto it = jp.find(key); it != jp.end()) dst = rd.boolean(*it, where + "." + key);
    };
    auto opt_vec = [&](const char* key, math::Vec3& dst) {
      if (auto it = jp.find(key); it != jp.end()) dst = rd.vec3(*it, where + "." + key);
    };
    opt_number("tension", d.tension);
    opt_number("continuity", d.continuity);
    opt_number("bias", d.bias);
    opt_bool("linear", d.linear);
    opt_bool("user_tangents", d.user_tangents);
    opt_vec("in", d.in);
    opt_vec("out", d.out);

    auto pt = std::make_unique<CurvePoint>();
    char name[32];
    std::snprintf(name, sizeof name, "Point%04zu", i);
    pt->name = name;
    pt->set_position(pos);
    pt->set_data(d);
    curve.add_control_point(pt.get());
    out.points.push_back(std::move(pt));
  }
  return out;
}

SpecCurve read_curve_spec_file(const std::string& path) {
  std::ifstream f(retroanim::io::utf8_path(path), std::ios::binary);
  if (!f) throw Error(describe_error(path, "", std::nullopt, "cannot open the file"));
  f.seekg(0, std::ios::end);
  const std::streamoff size = f.tellg();
  if (size < 0) throw Error(describe_error(path, "", std::nullopt, "cannot read the file"));
  if (size > kMaxSpecBytes) {
    throw Error(describe_error(path, "", std::nullopt, "file too large for a curve spec (" + std::to_string(size) + " bytes)"));
  }
  f.seekg(0, std::ios::beg);
  std::string text(static_cast<size_t>(size), '\0');
  if (size > 0 && !f.read(text.data(), size)) throw Error(describe_error(path, "", std::nullopt, "cannot read the file"));
  return parse_curve_spec(text, path);
}

const char* const kMenuCameraCurveSpec = R"({
  "closed": true,
  "fitting": 0.0,
  "world": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 40, 0, 1]],
  "points": [
    {"pos": [94.98, 40, 0.48], "tension": -0.6},
    {"pos": [-0.95, 40, 95.46], "tension": -0.6},
    {"pos": [-95.46, 40, -0.95], "tension": -0.6},
    {"pos": [1.43, 40, -94.98], "tension": -0.6}
  ]
}
)";

}  // namespace retroanim::ck::io
