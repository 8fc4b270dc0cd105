// harness/capi/ac_scenario.cpp: ra_ac_run_scenario writes the trace, and
// its input and output failures have their own codes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/capi/retroanim_harness.h"  // the C API and its harness functions
#include "support/test_support.h"

TEST(HarnessCApiAcScenario, RunsAnAcScenario) {
  std::string dir = retroanim::test::temp_dir();
  std::string scen = dir + "/s.json";
  std::ofstream(scen) << R"({"format": "retroanim.ac.scenario/1",
    "animations": [{"id": "0x03000001", "frames": [{"parts": [{"origin": [0,0,0], "rotation": [1,0,0,0]}]},
                                                   {"parts": [{"origin": [0,0,0], "rotation": [1,0,0,0]}]}]}],
    "steps": [{"append": {"anim": "0x03000001", "framerate": 10.0, "low": 0, "high": -1}}, {"update": 0.15}]})";
  std::string out = dir + "/trace.jsonl";
  char err[256] = "";
  ASSERT_EQ(ra_ac_run_scenario(scen.c_str(), out.c_str(), err, sizeof err), RA_OK) << err;
  EXPECT_NE(retroanim::test::read_file(out).find("\"frame_number\""), std::string::npos);
  EXPECT_EQ(ra_ac_run_scenario((dir + "/missing.json").c_str(), out.c_str(), err, sizeof err), RA_ERR_INPUT);
  EXPECT_EQ(ra_ac_run_scenario(scen.c_str(), (dir + "/no/such/dir/t.jsonl").c_str(), err, sizeof err), RA_ERR_IO);
  EXPECT_NE(std::string(err).find("cannot write"), std::string::npos) << err;
  std::filesystem::remove_all(dir);
}

