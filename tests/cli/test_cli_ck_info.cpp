// `retroanim ck info`: text and JSON output on MenuLevel.nmo, filters, and the
// one-line error with exit code 2 for a bad file.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "support/test_support.h"

using retroanim::test::run_cli;

TEST(CliCkInfo, JsonHeaderAndClassFilter) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck info '" + path + "' --json --class 36");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["header"]["object_count"], 1355);
  EXPECT_EQ(j["header"]["file_version"], 8);
  EXPECT_EQ(j["header"]["crc_verified"], true);
  ASSERT_EQ(j["objects"].size(), 4u);
  for (const auto& o : j["objects"]) {
    EXPECT_EQ(o["class"], 36);
    EXPECT_EQ(o["class_name"], "CurvePoint");
    EXPECT_EQ(o["name"].get<std::string>().rfind("I_MenuLevel_Curve_Point", 0), 0u);
  }
}

TEST(CliCkInfo, TextByNameAndDerivedClasses) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck info '" + path + "' --name I_MenuLevel_Curve");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("CK version 0x26052005, file version 8"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Curve (43): 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("I_MenuLevel_Curve: 4 points, closed, length 595.2"), std::string::npos) << r.out;
  // --class 33 lists every 3D entity class (curves, points, cameras, objects).
  auto all = run_cli("ck info '" + path + "' --class 33 --json");
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(nlohmann::json::parse(all.out)["objects"].size(), 45u);
}

TEST(CliCkInfo, BadFileIsOneLineAndExitTwo) {
  std::string dir = retroanim::test::temp_dir();
  std::string bad = dir + "/bad.nmo";
  std::ofstream(bad, std::ios::binary) << "Nemo Fi";
  auto r = run_cli("ck info '" + bad + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_NE(r.err.find("bad.nmo"), std::string::npos) << r.err;
  auto missing = run_cli("ck info '" + dir + "/none.nmo'");
  EXPECT_EQ(missing.exit_code, 2);
}

TEST(CliCkInfo, AnimationDetails) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck info '" + path + "' --json --name 'Record Anim'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["objects"].size(), 1u);
  const auto& a = j["objects"][0];
  EXPECT_EQ(a["class_name"], "ObjectAnimation");
  EXPECT_EQ(a["entity"], "I_Ball_Stone");
  EXPECT_EQ(a["length"], 4445.0);
  ASSERT_EQ(a["controllers"].size(), 3u);
  EXPECT_EQ(a["controllers"][0]["slot"], "position");
  EXPECT_EQ(a["controllers"][0]["type"], "0x637c4301");
  EXPECT_EQ(a["controllers"][0]["keys"], 4445);
  EXPECT_EQ(a["controllers"][1]["slot"], "rotation");
  EXPECT_EQ(a["controllers"][2]["slot"], "scale");
  auto t = run_cli("ck info '" + path + "' --class 15");
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_NE(t.out.find("Record Anim: entity I_Ball_Stone, length 4445 frames, position linear 4445 keys"),
            std::string::npos) << t.out;
}
