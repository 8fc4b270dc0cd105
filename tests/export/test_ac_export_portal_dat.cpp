// Optional checks of the AC glTF export against a user's real
// client_portal.dat (RETROANIM_PORTAL_DAT; skipped, saying so, when unset;
// issue 29): every setup exports with its parts' GfxObj meshes, and every
// RenderSurface in a format the export decodes decodes (P8 / INDEX16 through
// the palette it names). The unpack and round trip of every graphics object:
// tests/ac/io/test_dat_objects_portal_dat.cpp (its own program: the ac/io
// tests do not link the export layer). Nothing here could be run in the
// session that wrote it (no portal.dat on that machine): the counts it prints
// are the first figures.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "retroanim/ac/object/render_surface_image.h"
#include "export/builder.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/object/palette.h"
#include "retroanim/ac/object/pixel_format.h"
#include "retroanim/error.h"
#include "support/test_support.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;

#define RETROANIM_REQUIRE_PORTAL(VAR)                                                               \
  auto VAR##_opt = ::retroanim::test::portal_dat();                                                 \
  if (!VAR##_opt) {                                                                                 \
    GTEST_SKIP() << "no real portal.dat: set RETROANIM_PORTAL_DAT to a client_portal.dat to run this"; \
  }                                                                                                 \
  const std::string VAR = *VAR##_opt

// Every setup exports; each part whose GfxObj (or degrade table naming one) is
// in the dat gets a mesh other than the box. Printed: setups, parts with
// meshes, parts drawn as boxes, the export's notes.
TEST(RealPortalDat, EverySetupExportsItsPartsMeshes) {
  RETROANIM_REQUIRE_PORTAL(path);
  const auto dat = DatDatabase::open(path);
  size_t setups = 0, meshed = 0, boxes = 0, notes = 0;
  for (uint32_t id : dat.ids_of_type(0x02)) {
    gltf::AcExportOptions o;
    o.setup_id = id;
    try {
      const gltf::Asset a = gltf::export_ac(dat, o);
      const tinygltf::Model& m = a.model().m;
      for (const tinygltf::Node& n : m.nodes) {
        if (n.name.rfind("part_", 0) != 0 || n.mesh < 0) continue;
        if (m.meshes[static_cast<size_t>(n.mesh)].name == "part_box") {
          ++boxes;
        } else {
          ++meshed;
        }
      }
      notes += a.notes.size();
    } catch (const Error& e) {
      ADD_FAILURE() << format_dat_id(id) << ": " << e.what();
    }
    ++setups;
  }
  std::printf("%zu setups exported: %zu parts with GfxObj meshes, %zu drawn as boxes, %zu notes\n", setups, meshed,
              boxes, notes);
  EXPECT_GT(setups, 0u);
  EXPECT_GT(meshed, 0u);
}

// Every RenderSurface in a decodable format decodes to its width x height
// (JPEG: to the file's own size); the others are counted by format.
TEST(RealPortalDat, EveryRenderSurfaceDecodes) {
  RETROANIM_REQUIRE_PORTAL(path);
  const auto dat = DatDatabase::open(path);
  size_t decoded = 0, undecodable = 0, without_palette = 0;
  for (uint32_t id : dat.ids_of_type(0x06)) {
    const RenderSurface rs = read_render_surface(dat, id);
    if (!ac::render_surface_format_decodable(rs.format)) {
      ++undecodable;
      continue;
    }
    std::vector<uint32_t> colours;
    if (pixel_format_has_palette(rs.format)) {
      if (!dat.find(rs.palette_id)) {
        ++without_palette;
        continue;
      }
      colours = loaded_palette_colors(read_palette(dat, rs.palette_id));
    }
    try {
      const retroanim::io::Image img = ac::decode_render_surface(rs, &colours, false, format_dat_id(id));
      if (rs.format != pixel_format::kCustomRawJpeg) {
        EXPECT_EQ(img.width, rs.width) << format_dat_id(id);
        EXPECT_EQ(img.height, rs.height) << format_dat_id(id);
      }
      ++decoded;
    } catch (const Error& e) {
      ADD_FAILURE() << e.what();
    }
  }
  std::printf("RenderSurfaces: %zu decoded, %zu in formats not decoded, %zu indexed without their palette\n", decoded,
              undecodable, without_palette);
  EXPECT_GT(decoded, 0u);
}
