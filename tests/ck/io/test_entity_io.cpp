// ck/io/entity_io.cpp: the 3D entity chunk's legacy identifiers, on a
// hand-built chunk.
#include <gtest/gtest.h>

#include <variant>

#include "retroanim/ck/io/animation_io.h"
#include "retroanim/ck/io/curve_io.h"
#include "retroanim/ck/io/entity_io.h"
#include "retroanim/error.h"

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::io;

TEST(EntityIo, EntityLegacyIdentifiers) {
  ChunkWriter w(33, 3);
  w.write_identifier(entity_chunk::kFlags);
  w.write_dword(0x1);
  w.write_dword(0x2);
  w.write_identifier(entity_chunk::kMatrix);
  w.write_dword(0);
  math::Matrix m;
  m.set_row(3, {1, 2, 3});
  w.write_matrix(m);
  w.write_identifier(entity_chunk::kParent);
  w.write_object(7);
  StateChunk c = std::move(w).finish();
  ChunkReader r(c);
  auto d = read_entity_data(r);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->flags, 1u);
  EXPECT_EQ(d->moveable_flags, 2u);
  EXPECT_EQ(d->parent, 7);
  EXPECT_EQ(d->world.row(3), (math::Vec3{1, 2, 3}));
}
