// harness/io/json_text.cpp: shortest round-trip numbers and the documented
// layouts of the one JSON style (docs/CLI.md, "JSON style").
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "harness/ck/curve_spec.h"
#include "harness/io/json_text.h"
#include "support/test_support.h"

namespace {

using Json = nlohmann::ordered_json;

TEST(JsonNumber, ShortestRoundTripForms) {
  using retroanim::io::json_number;
  EXPECT_EQ(json_number(-0.6f), "-0.6");
  EXPECT_EQ(json_number(static_cast<double>(-0.6f)), "-0.6");
  EXPECT_EQ(json_number(40.0f), "40");
  EXPECT_EQ(json_number(0.1), "0.1");
  EXPECT_EQ(json_number(0.15000000000000002), "0.15000000000000002");
  EXPECT_EQ(json_number(-0.0f), "-0");
  EXPECT_EQ(json_number(1e-7f), "1e-07");
  EXPECT_EQ(json_number(1e300), "1e+300");
  EXPECT_EQ(json_number(std::numeric_limits<float>::infinity()), "null");
  EXPECT_EQ(json_number(std::numeric_limits<double>::quiet_NaN()), "null");
}

TEST(JsonText, LayoutsMatchTheDocumentedOnes) {
  const Json j = {{"format", "x/1"}, {"a", {1, 2.5f}}, {"b", {"x", 1}}, {"e", Json::object()}, {"s", "\x07"}};
  EXPECT_EQ(retroanim::io::json_text(j, retroanim::io::JsonLayout::kOneLine),
            R"({"format": "x/1", "a": [1, 2.5], "b": ["x", 1], "e": {}, "s": "\u0007"})");
  EXPECT_EQ(retroanim::io::json_text(j, retroanim::io::JsonLayout::kIndented),
            "{\n  \"format\": \"x/1\",\n  \"a\": [1, 2.5],\n  \"b\": [\n    \"x\",\n    1\n  ],\n  \"e\": {},\n"
            "  \"s\": \"\\u0007\"\n}");
}

}  // namespace
