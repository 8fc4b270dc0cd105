// Paths that used to do nothing without a word (issue 17, item 7): example_ac
// with an id the dat does not hold, `ac info --type` with no entry of the type.
#include <gtest/gtest.h>

#ifndef _WIN32
#include <sys/wait.h>
#endif

#include <cstdlib>
#include <filesystem>
#include <string>

#include "retroanim/ac/io/dat_objects.h"
#include "support/test_support.h"

namespace {

using namespace retroanim;
using namespace retroanim::ac;

std::string write_one_animation_dat() {
  io::DatWriter w;
  Animation a;
  a.id = 0x03000514;
  a.num_parts = 1;
  for (int f = 0; f < 3; ++f) {
    AnimationFrame fr;
    fr.parts.resize(1);
    a.part_frames.push_back(fr);
  }
  io::add_animation(w, a, {false});
  const std::string path = test::temp_dir() + "/one.dat";
  w.write_file(path);
  return path;
}

int run(const std::string& cmd) {
  const int status = std::system(cmd.c_str());
#ifdef _WIN32
  return status;
#else
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
#endif
}

TEST(SilentNoOps, ExampleAcWithAnUnknownIdFails) {
  const std::filesystem::path example =
      std::filesystem::path(RETROANIM_CLI_PATH).parent_path() / "examples" / "example_ac";
  if (!std::filesystem::exists(example) || std::getenv("RETROANIM_CLI") != nullptr)
    GTEST_SKIP() << "example_ac not built (" << example << ")";
  const std::string dat = write_one_animation_dat();
  const std::string dir = test::temp_dir();
  const std::string quiet = " >'" + dir + "/out' 2>'" + dir + "/err'";
  EXPECT_EQ(run("'" + example.string() + "' '" + dat + "' 0x03000514" + quiet), 0);
  EXPECT_EQ(run("'" + example.string() + "' '" + dat + "' 0x03000999" + quiet), 2);
  EXPECT_EQ(run("'" + example.string() + "' '" + dat + "' banana" + quiet), 1);
  EXPECT_EQ(run("'" + example.string() + "' '" + dat + "'" + quiet), 1);
}

TEST(SilentNoOps, AcInfoTypeWithNoEntriesSaysSo) {
  const std::string dat = write_one_animation_dat();
  auto r = test::run_cli("ac info '" + dat + "' --type setup");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("no entries of --type setup"), std::string::npos) << r.err;
  r = test::run_cli("ac info '" + dat + "' --type anim");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace
