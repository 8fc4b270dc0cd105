// Optional checks against a user's real client_portal.dat, named by the
// environment variable RETROANIM_PORTAL_DAT; skipped (saying so) when unset.
#include <gtest/gtest.h>

#include <cstdio>

#include "retroanim/ac/io/animation_io.h"
#include "retroanim/ac/io/degrade_info_io.h"
#include "retroanim/ac/io/gfx_obj_io.h"
#include "retroanim/ac/io/palette_io.h"
#include "retroanim/ac/io/render_surface_io.h"
#include "retroanim/ac/io/surface_io.h"
#include "retroanim/ac/io/surface_texture_io.h"
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

// Issue 29: every GfxObj, degrade table, Surface, SurfaceTexture,
// RenderSurface and Palette of the real dat unpacks completely and packs back
// to its bytes; the counts are printed.
TEST(RealPortalDat, EveryGraphicsObjectUnpacksCompletelyAndRoundTrips) {
  RETROANIM_REQUIRE_PORTAL(path);
  auto dat = DatDatabase::open(path);
  for (uint8_t type : {uint8_t{0x01}, uint8_t{0x11}, uint8_t{0x08}, uint8_t{0x05}, uint8_t{0x06}, uint8_t{0x04}}) {
    size_t count = 0;
    for (uint32_t id : dat.ids_of_type(type)) {
      const auto bytes = dat.read(id);
      size_t used = 0;
      const std::string name = format_dat_id(id);
      std::vector<uint8_t> again;
      switch (type) {
        case 0x01: again = pack_gfx_obj(unpack_gfx_obj(bytes, path, name, &used)); break;
        case 0x11: again = pack_degrade_info(unpack_degrade_info(bytes, path, name, &used)); break;
        case 0x08: again = pack_surface(unpack_surface(bytes, path, name, &used)); break;
        case 0x05: again = pack_surface_texture(unpack_surface_texture(bytes, path, name, &used)); break;
        case 0x06: again = pack_render_surface(unpack_render_surface(bytes, path, name, &used)); break;
        default: again = pack_palette(unpack_palette(bytes, path, name, &used)); break;
      }
      EXPECT_EQ(used, bytes.size()) << name;
      EXPECT_EQ(again, std::vector<uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(used))) << name;
      ++count;
    }
    std::printf("type 0x%02X: %zu objects\n", type, count);
    EXPECT_GT(count, 0u);
  }
}
