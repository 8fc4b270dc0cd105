// `retroanim ck curve FILE --name NAME --at ...`: samples a curve from a file
// with the same output as the --spec form.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/test_support.h"

using retroanim::test::run_cli;

TEST(CliCkCurveFile, SamplesTheMenuLevelCurve) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck curve '" + path + "' --name I_MenuLevel_Curve --at 0,0.5 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["length"].get<double>(), 595.27, 0.01);
  ASSERT_EQ(j["point_lengths"].size(), 4u);
  EXPECT_NEAR(j["point_lengths"][1].get<double>(), 149.06, 0.01);
  ASSERT_EQ(j["samples"].size(), 2u);
  EXPECT_NEAR(j["samples"][0]["pos"][0].get<double>(), 0.477, 1e-3);
  EXPECT_NEAR(j["samples"][0]["pos"][1].get<double>(), 40.0, 1e-3);
  EXPECT_NEAR(j["samples"][0]["pos"][2].get<double>(), -94.955, 1e-3);
  auto table = run_cli("ck curve '" + path + "' --name I_MenuLevel_Curve --at 0.25");
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("curve: 4 points, closed"), std::string::npos) << table.out;
}

TEST(CliCkCurveFile, UnknownNameIsAnError) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck curve '" + path + "' --name NoSuchCurve --at 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("NoSuchCurve"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}
