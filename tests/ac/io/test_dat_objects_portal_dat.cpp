// Optional checks against a user's real client_portal.dat, named by the
// environment variable RETROANIM_PORTAL_DAT; skipped (saying so) when unset.
#include <gtest/gtest.h>

#include "retroanim/ac/io/animation_io.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/motion_table_io.h"
#include "retroanim/ac/io/setup_io.h"
#include "support/test_support.h"

using namespace retroanim::ac;
using namespace retroanim::ac::io;

#define RETROANIM_REQUIRE_PORTAL(VAR)                                                               \
  auto VAR##_opt = ::retroanim::test::portal_dat();                                                 \
  if (!VAR##_opt) {                                                                                 \
    GTEST_SKIP() << "no real portal.dat: set RETROANIM_PORTAL_DAT to a client_portal.dat to run this"; \
  }                                                                                                 \
  const std::string VAR = *VAR##_opt

TEST(RealPortalDat, Animation0x03000514) {
  RETROANIM_REQUIRE_PORTAL(path);
  auto dat = DatDatabase::open(path);
  Animation a = read_animation(dat, 0x03000514);
  EXPECT_EQ(a.num_parts, 17u);
  EXPECT_EQ(a.num_frames(), 44u);
  ASSERT_FALSE(a.part_frames.empty());
  bool sound_table_forward = false;
  for (const auto& h : a.part_frames[0].hooks) {
    if (h.type == AnimationHookType::kSoundTable && h.direction == AnimationHookDir::kForward) sound_table_forward = true;
  }
  EXPECT_TRUE(sound_table_forward);
}

TEST(RealPortalDat, MotionTable0x09000202DefaultStyleIsNonCombat) {
  RETROANIM_REQUIRE_PORTAL(path);
  auto dat = DatDatabase::open(path);
  EXPECT_EQ(read_motion_table(dat, 0x09000202).default_style, 0x8000003Du);  // NonCombat
}

TEST(RealPortalDat, EveryAnimationMotionTableAndSetupUnpacksCompletely) {
  RETROANIM_REQUIRE_PORTAL(path);
  auto dat = DatDatabase::open(path);
  size_t count = 0;
  for (uint8_t type : {uint8_t{0x03}, uint8_t{0x09}, uint8_t{0x02}}) {
    for (uint32_t id : dat.ids_of_type(type)) {
      const auto bytes = dat.read(id);
      size_t used = 0;
      const std::string name = format_dat_id(id);
      if (type == 0x03) {
        (void)unpack_animation(bytes, path, name, &used);
      } else if (type == 0x09) {
        (void)unpack_motion_table(bytes, path, name, &used);
      } else {
        (void)unpack_setup(bytes, path, name, &used);
      }
      EXPECT_EQ(used, bytes.size()) << name;
      ++count;
    }
  }
  EXPECT_GT(count, 0u);
}
