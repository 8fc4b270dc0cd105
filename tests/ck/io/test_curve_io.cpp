// ck/io/curve_io.cpp: curve and curve point chunk layouts the game files do
// not exercise (older data versions), on hand-built chunks.
#include <gtest/gtest.h>

#include <variant>

#include "retroanim/ck/io/animation_io.h"
#include "retroanim/ck/io/curve_io.h"
#include "retroanim/ck/io/entity_io.h"
#include "retroanim/error.h"

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::io;

TEST(CurveIo, CurvePointBeforeDataVersion5) {
  ChunkWriter w(36, 4);
  w.write_identifier(curve_chunk::kPointData);
  w.write_object(kNoObject);
  w.write_int(1);  // user tangents
  w.write_int(1);  // linear
  w.write_vector({1, 2, 3});
  w.write_identifier(curve_chunk::kPointTcb);
  w.write_float(0.5f);
  w.write_float(0.25f);
  w.write_float(-0.5f);
  w.write_identifier(curve_chunk::kPointTangents);
  w.write_vector({4, 5, 6});
  w.write_vector({7, 8, 9});
  StateChunk c = std::move(w).finish();
  ChunkReader r(c);
  auto d = read_curve_point_data(r);
  ASSERT_TRUE(d.has_value());
  EXPECT_TRUE(d->data.user_tangents);
  EXPECT_TRUE(d->data.linear);
  ASSERT_TRUE(d->position.has_value());
  EXPECT_EQ(*d->position, (math::Vec3{1, 2, 3}));
  EXPECT_EQ(d->data.tension, 0.5f);
  EXPECT_EQ(d->data.continuity, 0.25f);
  EXPECT_EQ(d->data.bias, -0.5f);
  EXPECT_EQ(d->data.in, (math::Vec3{4, 5, 6}));
  EXPECT_EQ(d->data.out, (math::Vec3{7, 8, 9}));
}

TEST(CurveIo, CurveCurrentAndOlderLayouts) {
  ChunkWriter w(43, 10);
  FileIndex pts[] = {3, 1, 2};
  CurveData cd;
  cd.fitting = 0.5f;
  cd.step_count = 42;
  cd.open = false;
  write_curve_data(w, {pts, pts + 3}, cd);
  StateChunk c = std::move(w).finish();
  ChunkReader r(c);
  auto d = read_curve_data(r);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->points, (std::vector<FileIndex>{3, 1, 2}));
  EXPECT_EQ(d->data.fitting, 0.5f);
  EXPECT_EQ(d->data.step_count, 42);
  EXPECT_FALSE(d->data.open);
  ChunkWriter o(43, 3);
  o.write_identifier(curve_chunk::kCurveOpen);
  o.write_int(1);
  o.write_identifier(curve_chunk::kCurvePoints);
  o.write_object_array(std::span<const FileIndex>(pts, 2));
  StateChunk oc = std::move(o).finish();
  ChunkReader ro(oc);
  auto od = read_curve_data(ro);
  ASSERT_TRUE(od.has_value());
  EXPECT_EQ(od->points, (std::vector<FileIndex>{3, 1}));
  EXPECT_TRUE(od->data.open);
  EXPECT_EQ(od->data.step_count, 100);
}

