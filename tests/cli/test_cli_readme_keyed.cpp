// The README's keyed-animation example works on a fresh build: the demo
// writes its .nmo (with the keyed animation UFO_Animation) into a temporary
// folder, then the README's `ck anim ... --keyed` command, with OUT replaced
// by that folder, plays it after loading.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "support/test_support.h"

namespace {

using retroanim::test::run_cli;

// The README's example line that plays a keyed animation ("retroanim ck anim ... --keyed ...").
std::string readme_keyed_example() {
  const std::string readme = retroanim::test::read_file(std::string(RETROANIM_TEST_DATA_DIR) + "/../../README.md");
  std::istringstream in(readme);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("retroanim ck anim ", 0) == 0 && line.find("--keyed") != std::string::npos) return line;
  return {};
}

TEST(CliReadmeKeyed, TheExampleRunsOnTheFileTheDemoWrites) {
  const std::string example = readme_keyed_example();
  ASSERT_FALSE(example.empty()) << "no `retroanim ck anim ... --keyed` line in README.md";
  const std::string prefix = "retroanim ck anim OUT/";
  ASSERT_EQ(example.rfind(prefix, 0), 0u) << "the example should name a file the demo writes under OUT: " << example;
  const std::string out = retroanim::test::temp_dir() + "/demo";
  auto demo = run_cli("demo --out '" + out + "'");
  ASSERT_EQ(demo.exit_code, 0) << demo.err;
  std::string args = example.substr(std::string("retroanim ").size());
  args.replace(args.find("OUT/"), 3, out);
  auto r = run_cli(args);
  ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("UFO_Animation: 4 object animations, length 100 frames"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("UFO_Arm_3 (UFO_Arm_3)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("step 0.5 (frame 50)"), std::string::npos) << r.out;
}

}  // namespace
