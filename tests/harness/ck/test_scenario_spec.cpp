// Bad scenarios: each gives one retroanim::Error line naming the scenario and
// the culprit (missing object, behaviour or pin, wrong types, bad JSON).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "retroanim/ck/io/scene.h"
#include "harness/ck/scenario.h"
#include "retroanim/error.h"
#include "support/ck_behavior_fixtures.h"

using namespace retroanim;
using namespace retroanim::ck;

namespace {

using retroanim::test::one_entity_scene;

// The error message of building `spec`, or "" when it builds.
std::string error_of(const std::string& spec) {
  Scene s = one_entity_scene();
  try {
    Scenario::from_json(s, spec, "t");
  } catch (const Error& e) {
    std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    EXPECT_EQ(m.rfind("scenario 't': ", 0), 0u) << m;
    return m;
  }
  return "";
}

const char* kGood = R"({"behaviors": [{"name": "bp", "type": "Bezier Progression",
                          "inputs": {"Duration": 1000, "Progression Curve": "linear"}}],
                        "links": [{"from": "bp.Loop Out", "to": "bp.Loop In", "delay": 1}],
                        "start": ["bp.In"], "record": ["Cam"]})";

}  // namespace

TEST(ScenarioSpec, AGoodSpecBuildsAndRuns) {
  EXPECT_EQ(error_of(kGood), "");
  Scene s = one_entity_scene();
  auto sc = Scenario::from_json(s, kGood, "t");
  auto frames = sc->run(3, 100.0f);
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_DOUBLE_EQ(frames[2].t_ms, 300.0);
  Behavior* bp = sc->behavior("bp");
  ASSERT_NE(bp, nullptr);
  EXPECT_FLOAT_EQ(bp->output_float(1, -1), 0.3f);  // Value after 3 frames of 100 ms
  std::string line = scenario_frame_json(frames[0], sc->recorded());
  EXPECT_EQ(line, R"({"format": "retroanim.ck.play/1", "t_ms": 100, "entities": {"Cam": {"world": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]}}})");
}

TEST(ScenarioSpec, EachBadSpecNamesItsCulprit) {
  struct Case {
    const char* spec;
    const char* expect;
  } cases[] = {
      {"{not json", "malformed JSON"},
      {"[]", "must be a JSON object"},
      {R"({"record": ["Cam"]})", "needs \"script\" or \"behaviors\""},
      {R"({"behaviors": [], "record": ["Nobody"]})", "no 3D entity named 'Nobody'"},
      {R"({"behaviors": [], "record": "Cam"})", "record"},
      {R"({"behaviors": [], "record": ["Cam"], "extra": 1})", "unknown key 'extra'"},
      {R"({"behaviors": [{"type": "Fly Me To The Moon"}], "record": ["Cam"]})", "unknown building block 'Fly Me To The Moon'"},
      {R"({"behaviors": [{"type": "Bezier Progression", "inputs": {"Speed": 1}}], "record": ["Cam"]})", "no input parameter named 'Speed'"},
      {R"({"behaviors": [{"type": "Bezier Progression", "inputs": {"Duration": "long"}}], "record": ["Cam"]})", "inputs.Duration: expected a number"},
      {R"({"behaviors": [{"type": "Bezier Progression", "inputs": {"Duration": 1e300}}], "record": ["Cam"]})", "number out of range"},
      {R"({"behaviors": [{"type": "Bezier Progression", "inputs": {"A": {"from": "x.Value"}}}], "record": ["Cam"]})", "no behaviour named 'x'"},
      {R"({"behaviors": [{"name": "b", "type": "Bezier Progression", "inputs": {"A": {"from": "b.Nope"}}}], "record": ["Cam"]})", "no output parameter named 'Nope'"},
      {R"({"behaviors": [{"type": "Bezier Progression", "settings": {"Time Based": "yes"}}], "record": ["Cam"]})", "expected an integer or a boolean"},
      {R"({"behaviors": [{"type": "Bezier Progression", "target": "Cam"}], "record": ["Cam"]})", "is not targetable"},
      {R"({"behaviors": [{"type": "Bezier Progression", "inputs": {"Progression Curve": 3}}], "record": ["Cam"]})", "Progression Curve: expected \"linear\""},
      {R"({"behaviors": [{"name": "b", "type": "Bezier Progression"}], "start": ["b.Go"], "record": ["Cam"]})", "has no input named 'Go'"},
      {R"({"behaviors": [{"name": "b", "type": "Bezier Progression"}], "links": [{"from": "b.Out", "to": "b.In", "delay": -1}], "record": ["Cam"]})", "links[0].delay"},
      {R"({"behaviors": [{"name": "b", "type": "Bezier Progression"}], "links": [{"from": "b", "to": "b.In"}], "record": ["Cam"]})", "not of the form BEHAVIOR.PIN"},
      {R"({"behaviors": [{"name": "b", "type": "Bezier Progression"}, {"name": "b", "type": "Bezier Progression"}], "record": ["Cam"]})", "duplicate behaviour name 'b'"},
      {R"({"script": {"name": "Nope"}, "record": ["Cam"]})", "no script named 'Nope'"},
  };
  for (const Case& c : cases) {
    std::string m = error_of(c.spec);
    EXPECT_NE(m.find(c.expect), std::string::npos) << "spec: " << c.spec << "\nerror: " << m;
  }
}
