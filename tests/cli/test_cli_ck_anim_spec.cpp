// `retroanim ck anim --spec FILE.json` (issue 31): an object animation given as
// JSON (retroanim.ck.anim-spec/1, docs/CLI.md) evaluated exactly as a loaded
// one, on every input issue 31 names, with the same JSON and exit codes as
// `ck anim FILE --name`, and one-line errors naming controller, key and field.
#include <cmath>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "harness/ck/anim_spec.h"
#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"
#include "support/test_support.h"

namespace {

using retroanim::test::run_cli;

bool one_line(const std::string& err) { return !err.empty() && err.find('\n') == err.size() - 1; }

std::string write_spec(const std::string& dir, const std::string& name, const std::string& text) {
  const std::string path = dir + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string spec(const std::string& controllers, const std::string& length = "100") {
  return R"({"format": "retroanim.ck.anim-spec/1", "length": )" + length + R"(, "flags": 0, "controllers": [)" +
         controllers + "]}";
}

// The world row 3 (x) at each sample of `ck anim --spec PATH --frames FRAMES --json`.
std::vector<double> xs(const std::string& path, const std::string& frames) {
  auto r = run_cli("ck anim --spec '" + path + "' --frames " + frames + " --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<double> out;
  if (r.exit_code != 0) return out;
  auto j = nlohmann::json::parse(r.out);
  for (const auto& s : j["samples"]) out.push_back(s["world"][3][0].get<double>());
  return out;
}

std::string bezier_key(double t, double x, unsigned flags, const std::string& extra = "") {
  return R"({"time": )" + std::to_string(t) + R"(, "value": [)" + std::to_string(x) + R"(, 0, 0], "flags": )" +
         std::to_string(flags) + extra + "}";
}

std::string tcb_key(double t, double x) {
  return R"({"time": )" + std::to_string(t) + R"(, "value": [)" + std::to_string(x) +
         R"(, 0, 0], "tension": 0, "continuity": 0, "bias": 0, "ease_to": 0, "ease_from": 0})";
}

TEST(CliCkAnimSpec, TcbPositionInputsOfIssue31) {
  const std::string dir = retroanim::test::temp_dir();
  auto a = xs(write_spec(dir, "a.json", spec(R"({"class": "0x347e4a01", "keys": [)" + tcb_key(0, 0) + ", " +
                                             tcb_key(1, 1) + ", " + tcb_key(2, 2) + "]}")),
              "1.5");
  ASSERT_EQ(a.size(), 1u);
  EXPECT_NEAR(a[0], 1.375, 1e-6);
  auto b = xs(write_spec(dir, "b.json", spec(R"({"class": "0x347e4a01", "keys": [)" + tcb_key(0, 0) + ", " +
                                             tcb_key(1, 1) + ", " + tcb_key(2, 3) + "]}")),
              "0.5");
  ASSERT_EQ(b.size(), 1u);
  EXPECT_NEAR(b[0], 0.40625, 1e-6);
  // TCB scale (0x1b545904) evaluates the same keys the same way: the x scale is the world's [0][0].
  auto r = run_cli("ck anim --spec '" +
                   write_spec(dir, "s.json", spec(R"({"class": "0x1b545904", "keys": [)" + tcb_key(0, 1) + ", " +
                                                  tcb_key(1, 2) + ", " + tcb_key(2, 3) + "]}")) +
                   "' --frames 1.5 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NEAR(nlohmann::json::parse(r.out)["samples"][0]["world"][0][0].get<double>(), 2.375, 1e-6);
}

TEST(CliCkAnimSpec, TcbRotationInputOfIssue31) {
  const std::string dir = retroanim::test::temp_dir();
  std::string keys;
  const double deg[] = {0, 10, 170, 200};
  for (int i = 0; i < 4; ++i) {
    const double h = deg[i] * std::acos(-1.0) / 360.0;
    if (i) keys += ", ";
    keys += R"({"time": )" + std::to_string(i) + R"(, "value": [0, 0, )" + std::to_string(std::sin(h)) + ", " +
            std::to_string(std::cos(h)) +
            R"(], "tension": 0, "continuity": 0, "bias": 0, "ease_to": 0, "ease_from": 0})";
  }
  auto r = run_cli("ck anim --spec '" + write_spec(dir, "rot.json", spec(R"({"class": "0x45b52a02", "keys": [)" + keys + "]}")) +
                   "' --frames 1.5 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto w = nlohmann::json::parse(r.out)["samples"][0]["world"];
  // Row 0 is the entity x axis, (cos a, -sin a) for a rotation of a about z (quat_to_matrix); a = 178.75 degrees.
  const double angle = std::atan2(-w[0][1].get<double>(), w[0][0].get<double>()) * 180.0 / std::acos(-1.0);
  EXPECT_NEAR(angle, 178.75, 2e-3);
}

TEST(CliCkAnimSpec, BareScaleAxisClassIsRefused) {
  const std::string dir = retroanim::test::temp_dir();
  auto r = run_cli("ck anim --spec '" +
                   write_spec(dir, "eight.json",
                              spec(R"({"class": "0x8", "keys": [{"time": 0, "value": [0, 0, 0, 1]}]})")) +
                   "' --at 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("controllers[0].class"), std::string::npos) << r.err;
}

// The spec's samples are those of the same animation saved in a file and read by `ck anim FILE --name`.
TEST(CliCkAnimSpec, SameSamplesAsTheAnimationLoadedFromAFile) {
  using namespace retroanim;
  const std::string dir = test::temp_dir();
  const std::string text = spec(
      R"({"class": "0x921ab801", "keys": [)" + bezier_key(0, 0, 0x80008) + ", " + bezier_key(10, 10, 0x10001) + ", " +
      bezier_key(20, 5, 0x200002, R"(, "in": [0, 0, 0], "out": [0.5, 1, 0])") + ", " + bezier_key(30, 7, 0x40004) +
      R"(]}, {"class": "0x45b52a02", "keys": [{"time": 0, "value": [0, 0, 0, 1], "tension": 0.3, "continuity": -0.2, "bias": 0.1, "ease_to": 0, "ease_from": 0.4}, {"time": 30, "value": [0, 0.6, 0, 0.8], "tension": 0, "continuity": 0, "bias": 0, "ease_to": 0.2, "ease_from": 0}]})",
      "30");
  const std::string spec_path = write_spec(dir, "A.json", text);
  // The same animation in a .nmo: entity E (no parent), object animation A with the spec's keys.
  ck::io::SpecAnimation sa = ck::io::parse_anim_spec(text, "A.json", "A");
  ck::Scene s;
  auto add = [&s](uint32_t cls, const std::string& name) -> ck::ObjectRecord& {
    ck::ObjectRecord r;
    r.class_id = cls;
    r.name = name;
    r.id = static_cast<ck::ObjectId>(100 + s.objects().size());
    return s.add_record(r);
  };
  ck::ObjectRecord& erec = add(ck::class_id::k3dEntity, "entity");
  auto e_owned = std::make_unique<ck::Entity3d>();
  e_owned->name = "entity";
  ck::Entity3d* e = s.adopt_entity(erec, std::move(e_owned));
  auto anim = std::make_shared<ck::ObjectAnimation>(*sa.animation);
  anim->entity = e;
  ck::ObjectRecord& arec = add(ck::class_id::kObjectAnimation, "A");
  s.adopt_object_animation(arec, anim);
  s.reindex();
  const std::vector<uint8_t> bytes = ck::io::save_scene(s);
  const std::string nmo = dir + "/A.nmo";
  std::ofstream(nmo, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                             static_cast<std::streamsize>(bytes.size()));
  const std::string at = " --at 0,0.1,0.25,0.5,0.61,0.75,0.9,1,1.2 --json";
  auto from_spec = run_cli("ck anim --spec '" + spec_path + "'" + at);
  auto from_file = run_cli("ck anim '" + nmo + "' --name A" + at);
  ASSERT_EQ(from_spec.exit_code, 0) << from_spec.err;
  ASSERT_EQ(from_file.exit_code, 0) << from_file.err;
  // Byte for byte: the name (the spec file's name without extension) and the entity agree too.
  EXPECT_EQ(from_spec.out, from_file.out);
  // The text form too.
  auto text_spec = run_cli("ck anim --spec '" + spec_path + "' --frames 0,12.5");
  auto text_file = run_cli("ck anim '" + nmo + "' --name A --frames 0,12.5");
  EXPECT_EQ(text_spec.exit_code, 0);
  EXPECT_EQ(text_spec.out, text_file.out);
}

TEST(CliCkAnimSpec, BadSpecsAreOneLineErrorsNamingControllerKeyAndField) {
  const std::string dir = retroanim::test::temp_dir();
  const std::string lin = R"({"class": "0x637c4301", "keys": [{"time": 0, "value": [0, 0, 0]}, )";
  struct Case {
    std::string text, where;
  };
  const std::vector<Case> cases = {
      {"{", "malformed JSON"},
      {"[]", "top level"},
      {R"({"format": "retroanim.ck.anim-spec/2", "length": 1, "controllers": []})", "format"},
      {R"({"format": "retroanim.ck.anim-spec/1", "controllers": []})", "length"},
      {R"({"format": "retroanim.ck.anim-spec/1", "length": 1, "flags": -1, "controllers": []})", "flags"},
      {R"({"format": "retroanim.ck.anim-spec/1", "length": 1, "controllers": [], "extra": 1})", "extra"},
      {spec(lin + R"({"time": 1, "value": [0, 0]}]})"), "controllers[0].keys[1].value"},
      {spec(lin + R"({"time": "1", "value": [0, 0, 0]}]})"), "controllers[0].keys[1].time"},
      {spec(lin + R"({"time": 1, "value": [0, 0, 1e39]}]})"), "controllers[0].keys[1].value[2]"},
      {spec(lin + R"({"time": 1, "value": [0, 0, 0], "tension": 0}]})"), "controllers[0].keys[1].tension"},
      {spec(R"({"class": "0x347e4a01", "keys": [{"time": 0, "value": [0, 0, 0], "tension": 0, "continuity": 0, "bias": 0, "ease_to": 0}]})"),
       "controllers[0].keys[0].ease_from"},
      {spec(R"({"class": "0x921ab801", "keys": [{"time": 0, "value": [0, 0, 0], "flags": 2097184, "in": [1, 0, 0]}]})"),
       "controllers[0].keys[0].out"},
      {spec(R"({"class": "0x921ab801", "keys": [{"time": 0, "value": [0, 0, 0], "flags": 1, "out": [1, 0, 0]}]})"),
       "controllers[0].keys[0].out"},
      {spec(R"({"class": "0x921ab801", "keys": [{"time": 0, "value": [0, 0, 0], "flags": 1.5}]})"),
       "controllers[0].keys[0].flags"},
      {spec(R"({"class": "0x1234", "keys": []})"), "controllers[0].class"},
      {spec(R"({"class": "637c4301", "keys": []})"), "controllers[0].class"},
      {spec(R"({"class": "0x73847810", "keys": []})"), "controllers[0].class"},
      {spec(R"({"class": "0x637c4301", "keys": []}, {"class": "0x347e4a01", "keys": []})"), "controllers[1].class"},
      {spec(R"({"class": "0x637c4301"})"), "controllers[0].keys"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string path = write_spec(dir, "bad" + std::to_string(i) + ".json", cases[i].text);
    auto r = run_cli("ck anim --spec '" + path + "' --at 0 --json");
    EXPECT_EQ(r.exit_code, 2) << cases[i].text;
    EXPECT_TRUE(one_line(r.err)) << cases[i].text << ": " << r.err;
    EXPECT_NE(r.err.find(cases[i].where), std::string::npos) << cases[i].text << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // Option errors: the same exit code and one line.
  const std::string good = write_spec(dir, "good.json", spec(""));
  for (const std::string& args : std::vector<std::string>{"--spec '" + good + "'",                              // neither --at nor --frames
                           "--spec '" + good + "' --at 0 --name A",              // --name with --spec
                           "--spec '" + good + "' --at 0 --encoding 1251",       // --encoding with --spec
                           std::string("--spec /nonexistent/spec.json --at 0"),  // missing file
                           std::string("--at 0")}) {                             // neither FILE nor --spec
    auto r = run_cli("ck anim " + args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(one_line(r.err)) << args << ": " << r.err;
  }
  // An empty controller list animates nothing: the entity keeps its identity matrix.
  auto r = run_cli("ck anim --spec '" + good + "' --at 0.5 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["samples"][0]["world"][3][3].get<double>(), 1.0);
}

}  // namespace
