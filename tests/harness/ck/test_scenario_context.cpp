// harness/ck/scenario_context.cpp: where base.cmo and the files of its
// MainLoading array are found for a played file (names compared without
// case), and the usual supplier of a name the menu scripts get. (The names a
// script gets, on the game's files: test_scene_behaviors_menu_scripts.cpp.)
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "harness/ck/scenario_context.h"
#include "retroanim/ck/behavior/data_array.h"
#include "support/test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace retroanim::ck;

fs::path touch(const fs::path& p) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << "x";
  return p;
}

DataArray main_loading(const std::vector<std::pair<std::string, std::string>>& rows) {
  DataArray a;
  for (const auto& [folder, file] : rows) {
    ArrayCell f, n;
    f.text = folder;
    n.text = file;
    a.rows.push_back({f, n});
  }
  return a;
}

TEST(ScenarioContext, BaseCompositionBesideThePlayedFileOrInItsParent) {
  const fs::path root = retroanim::test::temp_dir();
  // The install: Ballance/base.cmo, Ballance/3D Entities/Menu.nmo.
  const fs::path base = touch(root / "Ballance" / "base.cmo");
  const fs::path menu = touch(root / "Ballance" / "3D Entities" / "Menu.nmo");
  EXPECT_TRUE(fs::equivalent(find_base_composition(menu), base));
  // A flattened copy with the name in other case: found beside, first.
  const fs::path flat_base = touch(root / "flat" / "BASE.CMO");
  const fs::path flat_menu = touch(root / "flat" / "Menu.nmo");
  EXPECT_TRUE(fs::equivalent(find_base_composition(flat_menu), flat_base));
  // base.cmo itself, and a file with none near it.
  EXPECT_TRUE(find_base_composition(base).empty());
  EXPECT_TRUE(find_base_composition(touch(root / "alone" / "deep" / "x.nmo")).empty());
}

TEST(ScenarioContext, MainLoadingFilesInTheInstallThenBesideThePlayedFile) {
  const fs::path root = retroanim::test::temp_dir();
  const fs::path install = root / "Ballance";
  const fs::path gameplay = touch(install / "3D Entities" / "gameplay.nmo");
  const fs::path played_dir = root / "copy";
  const fs::path levelinit = touch(played_dir / "Levelinit.nmo");
  const std::vector<GameFile> files = main_loading_files(
      main_loading({{"3D Entities\\", "Gameplay.nmo"},  // backslash and trailing separator, other case
                    {"3D Entities", "Levelinit.nmo"},   // not in the install: beside the played file
                    {"", "missing.nmo"},                // nowhere
                    {"3D Entities", ""}}),              // no name: skipped
      install, played_dir);
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0].listed, "Gameplay.nmo");
  EXPECT_TRUE(fs::equivalent(files[0].path, gameplay));
  EXPECT_TRUE(fs::equivalent(files[1].path, levelinit));
  EXPECT_EQ(files[2].listed, "missing.nmo");
  EXPECT_TRUE(files[2].path.empty());
}

TEST(ScenarioContext, ShortRowsAreSkipped) {
  DataArray a;
  ArrayCell only;
  only.text = "3D Entities";
  a.rows.push_back({only});
  EXPECT_TRUE(main_loading_files(a, retroanim::test::temp_dir(), retroanim::test::temp_dir()).empty());
}

TEST(ScenarioContext, UsualSuppliersOfTheMenuScriptsNames) {
  EXPECT_EQ(usual_supplier("GameSettings"), "base.cmo");
  EXPECT_EQ(usual_supplier("AllLevel"), "Levelinit.nmo");
  EXPECT_EQ(usual_supplier("Light_Ingame"), "Gameplay.nmo");
  EXPECT_EQ(usual_supplier("gamesettings"), "");  // names compare exactly
  EXPECT_EQ(usual_supplier("Cam_MenuLevel"), "");
}

}  // namespace
