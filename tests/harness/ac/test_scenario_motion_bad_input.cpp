// Bad motion-table content in scenario files: one-line errors naming the place;
// commands the table cannot perform are refused silently, as in the client.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "harness/ac/scenario.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/error.h"

using retroanim::ac::ScenarioJson;

namespace {

const char* const kBase = R"({"format": "retroanim.ac.scenario/1",
  "animations": [{"id": 1, "frames": [{"parts": [{"origin": [0,0,0], "rotation": [1,0,0,0]}]}]}],
  "motion_table": {"default_style": "0x8000003D", "style_defaults": {"0x8000003D": "0x41000003"},
    "cycles": {"0x003D0003": {"anims": [{"anim": 1}]}}},
  "steps": [{"set_default_state": true}, {"update": 0.1}]})";

std::string replace(std::string s, const std::string& from, const std::string& to) {
  auto p = s.find(from);
  EXPECT_NE(p, std::string::npos) << from;
  if (p != std::string::npos) s.replace(p, from.size(), to);
  return s;
}

// Runs a scenario text; returns the error ("" when it ran) and the trace.
std::string run(const std::string& text, std::string* trace = nullptr) {
  std::ostringstream out;
  try {
    retroanim::ac::run_scenario(text, "m.json", "", out);
  } catch (const retroanim::Error& e) {
    return e.what();
  }
  if (trace) *trace = out.str();
  return "";
}

}  // namespace

TEST(MotionScenarioBadInput, BaselineRuns) {
  std::string trace;
  EXPECT_EQ(run(kBase, &trace), "");
  EXPECT_NE(trace.find(R"("pending":[],"done":[1090519043])"), std::string::npos) << trace;
}

TEST(MotionScenarioBadInput, TableErrorsNameThePlace) {
  EXPECT_EQ(run(replace(kBase, "\"default_style\": \"0x8000003D\", ", "")),
            "m.json: motion_table: missing \"default_style\"");
  EXPECT_NE(run(replace(kBase, "\"style_defaults\"", "\"stile_defaults\"")).find("m.json: motion_table"),
            std::string::npos);
  EXPECT_EQ(run(replace(kBase, "{\"anim\": 1}", "{\"anim\": 1, \"speed\": 2}")).rfind(
                "m.json: motion_table.cycles.0x003D0003.anims[0]", 0),
            0u);
  EXPECT_EQ(run(replace(kBase, "{\"anim\": 1}", "{\"low\": 0}")),
            "m.json: motion_table.cycles.0x003D0003.anims[0]: missing \"anim\"");
  EXPECT_EQ(run(replace(kBase, "\"anims\": [{\"anim\": 1}]", "\"anims\": [{\"anim\": 1}], \"bitfield\": 256")),
            "m.json: motion_table.cycles.0x003D0003.bitfield: must be 0..255 (one byte in the client)");
  EXPECT_EQ(run(replace(kBase, "\"0x003D0003\":", "\"walk\":")).rfind("m.json: motion_table.cycles.walk", 0), 0u);
  std::string many = "[";
  for (int i = 0; i < 256; ++i) many += std::string(i ? "," : "") + "{\"anim\": 1}";
  many += "]";
  EXPECT_EQ(run(replace(kBase, "[{\"anim\": 1}]", many)),
            "m.json: motion_table.cycles.0x003D0003.anims: more than 255 animations (the client counts them in one "
            "byte)");
  const std::string by_id = R"({"format": "retroanim.ac.scenario/1", "animations": [], "motion_table": "0x09000001",
    "steps": []})";
  EXPECT_EQ(run(by_id), "m.json: motion_table: a motion table id needs \"dat\"");
}

TEST(MotionScenarioBadInput, StepErrorsNameThePlace) {
  EXPECT_EQ(run(replace(kBase, "{\"update\": 0.1}", "{\"perform\": {\"speed\": 1}}")),
            "m.json: steps[1].perform: missing \"motion\"");
  EXPECT_EQ(run(replace(kBase, "{\"update\": 0.1}", "{\"stop\": {\"motion\": 1, \"fast\": true}}")).rfind(
                "m.json: steps[1].stop", 0),
            0u);
  EXPECT_EQ(run(replace(kBase, "{\"update\": 0.1}", "{\"stop_completely\": false}")).rfind(
                "m.json: steps[1].stop_completely", 0),
            0u);
}

TEST(MotionScenarioBadInput, UnknownCommandsAreRefusedWithoutChange) {
  std::string trace;
  EXPECT_EQ(run(replace(kBase, "{\"update\": 0.1}",
                        "{\"perform\": {\"motion\": \"0x45000005\"}}, {\"stop\": {\"motion\": \"0x45000005\"}}, "
                        "{\"perform\": {\"motion\": \"0x13000001\"}}, {\"update\": 0.1}"),
                &trace),
            "");
  EXPECT_NE(trace.find(R"("state":{"style":2147483709,"substate":1090519043,"modifiers":[]},"pending":[],)"),
            std::string::npos)
      << trace;
}

TEST(MotionScenarioBadInput, DanglingAnimationIdsAreDroppedLikeTheClient) {
  std::string trace;
  EXPECT_EQ(run(replace(kBase, "{\"anim\": 1}", "{\"anim\": 1}, {\"anim\": 99}"), &trace), "");
  // The default cycle counts 2 animations (pending Ready 1) but only animation 1 plays.
  EXPECT_NE(trace.find(R"("anim":1,)"), std::string::npos) << trace;
  EXPECT_NE(trace.find(R"("pending":[[1090519043,1]],"done":[])"), std::string::npos) << trace;
}

namespace {

// An animation source that also gives motion tables, as a dat reader would.
struct TableSource : retroanim::ac::AnimationProvider, retroanim::ac::MotionTableProvider {
  retroanim::ac::Animation anim;
  TableSource() {
    anim.id = 1;
    anim.num_parts = 1;
    anim.part_frames.resize(2);
    for (auto& f : anim.part_frames) f.parts.resize(1);
  }
  const retroanim::ac::Animation* get_animation(uint32_t id) const override { return id == 1 ? &anim : nullptr; }
  retroanim::ac::MotionTable get_motion_table(uint32_t id) const override {
    if (id != 0x09000001u) throw retroanim::Error("no such motion table");
    retroanim::ac::MotionTable t;
    t.id = id;
    t.default_style = 0x8000003Du;
    t.style_defaults[0x8000003Du] = 0x41000003u;
    t.cycles[0x003D0003u].anims.push_back({1, 0, -1, 30.0f});
    return t;
  }
};

}  // namespace

TEST(MotionScenarioBadInput, MotionTableByIdComesFromTheProvider) {
  TableSource src;
  retroanim::ac::Sequence seq;
  seq.set_animation_provider(&src);
  retroanim::ac::ScenarioReader rd("m.json");
  auto motion = retroanim::ac::make_scenario_motion(ScenarioJson("0x09000001"), seq, src, rd, "");
  motion->run_step("set_default_state", ScenarioJson(true), "steps[0]");
  motion->use_time();
  ScenarioJson line = ScenarioJson::object();
  motion->add_trace(line);
  EXPECT_EQ(line.dump(),
            R"({"state":{"style":2147483709,"substate":1090519043,"modifiers":[]},"pending":[],"done":[1090519043]})");
  EXPECT_TRUE(seq.has_anims());
  EXPECT_THROW(retroanim::ac::make_scenario_motion(ScenarioJson("0x09000002"), seq, src, rd, ""), retroanim::Error);
}
