// The CLI as a user meets it (issue 17): exit codes (1 usage, 2 input,
// 3 nothing matched, 4 output), write failures on stdout and output files,
// the no-argument run, option errors pointing at --help, value placeholders,
// no "-0.00000", non-finite numbers refused, and the one error line for a
// missing file, a directory, an empty file and invalid JSON on every command.
#include <gtest/gtest.h>

#ifndef _WIN32
#include <sys/wait.h>
#endif

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "harness/ck/curve_spec.h"
#include "support/test_support.h"

namespace {

// True when `text` holds "-0." followed only by zeros up to a blank, a line
// end or the end: a negative zero printed in fixed notation.
bool has_negative_zero(const std::string& text) {
  for (size_t at = text.find("-0."); at != std::string::npos; at = text.find("-0.", at + 1)) {
    size_t i = at + 3;
    while (i < text.size() && text[i] == '0') ++i;
    if (i > at + 3 && (i == text.size() || text[i] == ' ' || text[i] == '\n')) return true;
  }
  return false;
}

using retroanim::test::run_cli;

bool one_line(const std::string& s) { return !s.empty() && s.find('\n') == s.size() - 1; }

[[maybe_unused]] std::string data(const std::string& name) { return std::string(RETROANIM_TEST_DATA_DIR) + "/ac/" + name; }

#ifndef _WIN32
// Runs the CLI with stdout (and --out) going to /dev/full; returns the exit code.
int run_to_full(const std::string& args, std::string* err = nullptr) {
  const std::string dir = retroanim::test::temp_dir();
  const std::string err_file = dir + "/stderr";
  const std::string cmd = std::string("\"") + RETROANIM_CLI_PATH + "\" " + args + " >/dev/full 2>\"" + err_file + "\"";
  const int status = std::system(cmd.c_str());
  if (err) {
    std::ifstream f(err_file);
    err->assign(std::istreambuf_iterator<char>(f), {});
  }
  std::filesystem::remove_all(dir);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
#endif

std::string write_file(const std::string& name, const std::string& text) {
  static const std::string dir = retroanim::test::temp_dir();
  const std::string path = dir + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

#ifndef _WIN32
TEST(CliOutput, StdoutWriteFailureIsAnError) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  std::string err;
  EXPECT_EQ(run_to_full("ac scenario '" + data("cyclic.json") + "'", &err), 4);
  EXPECT_TRUE(one_line(err)) << err;
  EXPECT_NE(err.find("stdout: cannot write"), std::string::npos) << err;
  EXPECT_EQ(run_to_full("ac scenario '" + data("cyclic.json") + "' --out /dev/full", &err), 4);
  EXPECT_NE(err.find("/dev/full"), std::string::npos) << err;
  const std::string spec = write_file("menu.json", retroanim::ck::io::kMenuCameraCurveSpec);
  EXPECT_EQ(run_to_full("ck curve --spec '" + spec + "' --at 0,0.5 --json", &err), 4);
  EXPECT_EQ(run_cli("ck curve --spec '" + spec + "' --at 0.5 --svg /dev/full").exit_code, 4);
  auto mc = retroanim::test::ballance_file("MenuLevel.nmo");
  if (!mc) GTEST_SKIP() << "no Ballance data set";
  EXPECT_EQ(run_to_full("ck info '" + *mc + "'", &err), 4);
  EXPECT_TRUE(one_line(err)) << err;
  EXPECT_EQ(run_to_full("ck info '" + *mc + "' --json", &err), 4);
  EXPECT_EQ(run_to_full("ck play '" + *mc + "' --scenario menu-camera --seconds 1 --json", &err), 4);
  EXPECT_TRUE(one_line(err)) << err;
  EXPECT_EQ(run_to_full("ck play '" + *mc + "' --scenario menu-camera --seconds 1", &err), 4);
  EXPECT_EQ(run_to_full("ck anim '" + *mc + "' --name 'Record Anim' --at 0,0.5", &err), 4);
}
#endif

TEST(CliManners, NoArgumentsListsTheSubcommands) {
  auto r = run_cli("");
  EXPECT_EQ(r.exit_code, 1);
  for (const char* s : {"demo", "ck", "ac", "retroanim CMD --help"}) EXPECT_NE(r.out.find(s), std::string::npos) << s;
}

TEST(CliManners, OptionErrorsPointAtHelp) {
  auto r = run_cli("ck curve --bogus");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("see `retroanim ck curve --help`"), std::string::npos) << r.err;
  r = run_cli("ac scenario");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("see `retroanim ac scenario --help`"), std::string::npos) << r.err;
  r = run_cli("ck");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("see `retroanim ck --help`"), std::string::npos) << r.err;
}

TEST(CliManners, HelpShowsPlaceholdersAndTheToolName) {
  auto r = run_cli("ck anim --help");
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("Usage: retroanim ck anim"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(RETROANIM_CLI_PATH), std::string::npos) << r.out;
  for (const char* s : {"--at S1,S2,...", "--frames F1,F2,...", "--name NAME", "--encoding CP", "FILE"})
    EXPECT_NE(r.out.find(s), std::string::npos) << s << "\n" << r.out;
  r = run_cli("ac scenario --help");
  EXPECT_NE(r.out.find("--out FILE"), std::string::npos) << r.out;
}

TEST(CliManners, NoNegativeZero) {
  const std::string spec = write_file("menu0.json", retroanim::ck::io::kMenuCameraCurveSpec);
  auto r = run_cli("ck curve --spec '" + spec + "' --at 0,0.25,0.5,0.75,1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(has_negative_zero(r.out)) << r.out;
  EXPECT_NE(r.out.find(" 0.00000"), std::string::npos) << r.out;
}

TEST(CliNumbers, NonFiniteStepsAreRefused) {
  RETROANIM_REQUIRE_BALLANCE(path, "PH/PE_Balloon.nmo");
  for (const char* at : {"nan", "inf", "-inf", "0,nan"}) {
    auto r = run_cli("ck anim '" + path + "' --name PE_UFO_Arm_A_03 --at " + at);
    EXPECT_EQ(r.exit_code, 2) << at;
    EXPECT_TRUE(one_line(r.err)) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    r = run_cli("ck anim '" + path + "' --name PE_UFO_Arm_A_03 --frames " + at);
    EXPECT_EQ(r.exit_code, 2) << at;
  }
  const std::string spec = write_file("menu1.json", retroanim::ck::io::kMenuCameraCurveSpec);
  for (const char* at : {"nan", "inf"}) {
    auto r = run_cli("ck curve --spec '" + spec + "' --at " + at);
    EXPECT_EQ(r.exit_code, 2) << at;
    EXPECT_TRUE(one_line(r.err)) << r.err;
  }
}

TEST(CliNumbers, PlayDurationsAreChecked) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  for (std::string args : {"--seconds nan", "--seconds -1", "--seconds inf", "--seconds 1 --dt-ms 0",
                           "--seconds 1 --dt-ms -5", "--seconds 1 --dt-ms nan"}) {
    auto r = run_cli("ck play '" + path + "' --scenario menu-camera " + args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(one_line(r.err)) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
}

TEST(CliNotFound, FiltersThatMatchNothing) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck info '" + path + "' --class 99999");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("no object matches --class 99999"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  r = run_cli("ck info '" + path + "' --json --name NoSuchObject");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("NoSuchObject"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
}

// Every command's input files: a missing file, a directory, an empty file,
// and (for the JSON inputs) invalid JSON, each one line naming the file.
TEST(CliInputs, BadFilesNameTheFileOnEveryCommand) {
  const std::string dir = retroanim::test::temp_dir();
  const std::string missing = dir + "/missing.nmo";
  const std::string empty = write_file("empty.bin", "");
  const std::string bad_json = write_file("bad.json", "{\"format\": ");
  const std::string spec = write_file("menu2.json", retroanim::ck::io::kMenuCameraCurveSpec);
  auto mc = retroanim::test::ballance_file("MenuLevel.nmo");
  const std::string nmo = mc ? *mc : write_file("fake.nmo", "Nemo Fi");
  const std::vector<std::string> forms = {
      "ck info F", "ck info F --json", "ck anim F --name A --at 0", "ck curve F --name C --at 0",
      "ck curve --spec F --at 0", "ck play F --scenario menu-camera --seconds 1", "ac scenario F", "ac info F",
      "ac info F --type anim"};
  for (const std::string& form : forms) {
    for (const std::string& file : {missing, dir, empty}) {
      std::string args = form;
      args.replace(args.find(" F"), 2, " '" + file + "'");
      auto r = run_cli(args);
      EXPECT_EQ(r.exit_code, 2) << args;
      EXPECT_TRUE(one_line(r.err)) << args << ": " << r.err;
      EXPECT_EQ(r.err.rfind("retroanim: " + file + ": ", 0), 0u) << args << ": " << r.err;
    }
  }
  for (const std::string& args : {"ck curve --spec '" + bad_json + "' --at 0", "ac scenario '" + bad_json + "'"}) {
    auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(one_line(r.err)) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("retroanim: " + bad_json + ": ", 0), 0u) << args << ": " << r.err;
  }
  if (mc) {
    // The ck scenario spec reader (src/ck/scenario_spec.cpp, another area) words this
    // line itself: it names the file, on one line.
    auto r = run_cli("ck play '" + nmo + "' --seconds 1 --scenario '" + bad_json + "'");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(one_line(r.err)) << r.err;
    EXPECT_NE(r.err.find(bad_json), std::string::npos) << r.err;
  }
  (void)spec;
}

}  // namespace
