// The scenario runner's "dat" key: animations and a motion table read by id
// from a dat written by the writer; hooks from the dat are traced with their
// payload fields.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "retroanim/ac/io/dat_objects.h"
#include "harness/ac/scenario.h"
#include "retroanim/error.h"
#include "support/ac_fixtures.h"
#include "support/test_support.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;
using retroanim::ac::test::anim_id;

namespace {

Animation two_frame_animation(uint32_t id, float step) {
  Animation a;
  a.id = id;
  a.num_parts = 1;
  for (int f = 0; f < 2; ++f) {
    AnimationFrame fr;
    math::AFrame p;
    p.origin = {0.0f, step * f, 0.0f};
    fr.parts.push_back(p);
    fr.hooks.push_back(retroanim::ac::test::sound_table_hook());  // a hook on every frame
    a.part_frames.push_back(fr);
  }
  return a;
}

std::string write_dat(const std::string& dir) {
  DatWriter w;
  add_animation(w, two_frame_animation(anim_id(1), 1.0f));
  add_animation(w, two_frame_animation(anim_id(2), 2.0f), {true});
  add_motion_table(w, retroanim::ac::test::one_cycle_table(0x09000001, anim_id(1)));
  const std::string path = dir + "/small.dat";
  w.write_file(path);
  return path;
}

std::vector<nlohmann::json> run_file(const std::string& path) {
  std::ostringstream out;
  run_scenario_file(path, out);
  std::vector<nlohmann::json> lines;
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

}  // namespace

TEST(DatScenario, AnimationsAndMotionTableById) {
  const std::string dir = retroanim::test::temp_dir();
  write_dat(dir);
  const std::string scenario = dir + "/s.json";
  std::ofstream(scenario) << R"({"format": "retroanim.ac.scenario/1", "dat": "small.dat",
    "motion_table": "0x09000001",
    "steps": [{"set_default_state": true}, {"update": 0.1}, {"append": {"anim": "0x03000002"}}, {"update": 0.1}]})";
  auto lines = run_file(scenario);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["anim"], 0x03000001);
  EXPECT_EQ(lines[0]["state"]["style"], 0x8000003D);
  // Crossing frames of the dat's animations fires their SoundTable hooks, traced with their payload.
  bool saw = false;
  for (const auto& line : lines) {
    for (const auto& h : line["hooks"]) {
      if (h["type"] == 2) {
        EXPECT_EQ(h["direction"], 1);
        EXPECT_EQ(h["sound_type"], 0x11);
        saw = true;
      }
    }
  }
  EXPECT_TRUE(saw);
}

TEST(DatScenario, MissingDatAndMissingIdAreErrors) {
  const std::string dir = retroanim::test::temp_dir();
  write_dat(dir);
  const std::string s1 = dir + "/a.json";
  std::ofstream(s1) << R"({"format": "retroanim.ac.scenario/1", "dat": "nope.dat", "steps": []})";
  try {
    run_file(s1);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("dat"), std::string::npos) << e.what();
  }
  const std::string s2 = dir + "/b.json";
  std::ofstream(s2) << R"({"format": "retroanim.ac.scenario/1", "dat": "small.dat", "motion_table": "0x09000002",
    "steps": []})";
  try {
    run_file(s2);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("0x09000002"), std::string::npos) << e.what();
  }
}
