// harness/ck/anim_spec.cpp (issue 31): an object animation given as JSON
// (retroanim.ck.anim-spec/1, docs/CLI.md): the issue's example and its Bezier
// inputs are accepted and evaluated as a loaded animation.
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

TEST(AnimSpec, TheIssuesExampleIsAccepted) {
  const std::string dir = retroanim::test::temp_dir();
  const std::string path = write_spec(dir, "example.json", R"({"format": "retroanim.ck.anim-spec/1", "length": 100, "flags": 0,
 "controllers": [
   {"class": "0x921ab801", "keys": [{"time": 0, "value": [0, 0, 0], "flags": 0, "in": [0, 0, 0], "out": [0, 0, 0]}]},
   {"class": "0x45b52a02", "keys": [{"time": 0, "value": [0, 0, 0, 1], "tension": 0, "continuity": 0, "bias": 0, "ease_to": 0, "ease_from": 0}]}
 ]})");
  auto r = run_cli("ck anim --spec '" + path + "' --at 0,1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::ordered_json::parse(r.out);
  EXPECT_EQ(j["format"], "retroanim.ck.anim/1");
  EXPECT_EQ(j["name"], "example");
  EXPECT_EQ(j["entity"], "entity");
  EXPECT_EQ(j["length"].get<double>(), 100.0);
  ASSERT_EQ(j["samples"].size(), 2u);
  EXPECT_EQ(j["samples"][1]["frame"].get<double>(), 100.0);
}

TEST(AnimSpec, BezierInputsOfIssue31) {
  const std::string dir = retroanim::test::temp_dir();
  const unsigned smooth = 0x10001, tangents = 0x200020, fast = 0x80008;
  // Default two-key AUTOSMOOTH track: 0.25 at t = 0.25.
  auto a = xs(write_spec(dir, "auto.json", spec(R"({"class": "0x921ab801", "keys": [)" + bezier_key(0, 0, smooth) +
                                                ", " + bezier_key(1, 1, smooth) + "]}")),
              "0.25");
  ASSERT_EQ(a.size(), 1u);
  EXPECT_NEAR(a[0], 0.25, 1e-6);
  // TANGENTS keys: 2.5 at t = 2.5.
  auto t = xs(write_spec(dir, "tangents.json",
                         spec(R"({"class": "0x921ab801", "keys": [)" +
                              bezier_key(0, 0, tangents, R"(, "in": [0, 0, 0], "out": [1, 0, 0])") + ", " +
                              bezier_key(10, 10, tangents, R"(, "in": [-1, 0, 0], "out": [0, 0, 0])") + "]}")),
              "2.5");
  ASSERT_EQ(t.size(), 1u);
  EXPECT_NEAR(t[0], 2.5, 1e-5);
  // FAST keys 0/10/20 at 0/10/20: 3.4375 at t = 2.5.
  auto f = xs(write_spec(dir, "fast.json", spec(R"({"class": "0x921ab801", "keys": [)" + bezier_key(0, 0, fast) +
                                                ", " + bezier_key(10, 10, fast) + ", " + bezier_key(20, 20, fast) +
                                                "]}")),
              "2.5");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_NEAR(f[0], 3.4375, 1e-5);
}

}  // namespace
