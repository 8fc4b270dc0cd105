// Chunk layouts of the modelled classes that the game files do not exercise:
// older data versions, the 0x1000 and < 1 object-animation layouts, unknown
// controller types, Bezier keys, keyed animations (hand-built chunks).
#include <gtest/gtest.h>

#include <variant>

#include "retroanim/ck/io/animation_io.h"
#include "retroanim/ck/io/curve_io.h"
#include "retroanim/ck/io/entity_io.h"
#include "retroanim/error.h"

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::io;

TEST(AnimationIo, ControllerListSkipsUnknownTypesBySize) {
  ObjectAnimation a;
  // TCB position (1 key), an unknown type with 3 dwords, Bezier scale with tangents.
  VectorController tcb;
  tcb.type = controller_type::kTcbPosition;
  TcbPositionKey tk;
  tk.time = 2;
  tk.value = {1, 2, 3};
  tk.tension = 0.5f;
  tk.ease_from = 0.25f;
  tcb.keys = std::vector<TcbPositionKey>{tk};
  a.keyframes.position = tcb;
  VectorController bez;
  bez.type = controller_type::kBezierScale;
  BezierPositionKey bk;
  bk.time = 1;
  bk.value = {1, 1, 1};
  bk.flags = bezier_mode::kTangents | (bezier_mode::kLinear << bezier_mode::kOutShift);
  bk.in_tangent = {0.5f, 0, 0};
  bez.keys = std::vector<BezierPositionKey>{bk};
  a.keyframes.scale = bez;
  a.keyframes.set_length(10);
  a.flags = 0;
  ChunkWriter w(15, 10);
  ObjectAnimationLinks l;
  l.entity = 5;
  write_object_animation(w, a, l);
  StateChunk c = std::move(w).finish();
  // Splice an unknown controller {0x12345678, 3, x, y, z} before the terminator.
  c.data.pop_back();
  for (uint32_t v : {0x12345678u, 3u, 7u, 8u, 9u, 0u}) c.data.push_back(v);
  ChunkReader r(c);
  ObjectAnimation b;
  auto got = read_object_animation(r, b);
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->entity, 5);
  EXPECT_EQ(b.length(), 10.0f);
  ASSERT_TRUE(b.keyframes.position && b.keyframes.scale);
  EXPECT_FALSE(b.keyframes.rotation.has_value());
  const auto& tk2 = std::get<std::vector<TcbPositionKey>>(b.keyframes.position->keys);
  ASSERT_EQ(tk2.size(), 1u);
  EXPECT_EQ(tk2[0].tension, 0.5f);
  EXPECT_EQ(tk2[0].ease_from, 0.25f);
  const auto& bk2 = std::get<std::vector<BezierPositionKey>>(b.keyframes.scale->keys);
  ASSERT_EQ(bk2.size(), 1u);
  EXPECT_EQ(bk2[0].in_tangent, (math::Vec3{0.5f, 0, 0}));
  EXPECT_EQ(bk2[0].flags, bk.flags);
  // A controller size running past the chunk is an error, not a misread.
  StateChunk bad = c;
  bad.data[bad.data.size() - 5] = 1000;
  ChunkReader rb(bad);
  ObjectAnimation x;
  EXPECT_THROW(read_object_animation(rb, x), Error);
}

TEST(AnimationIo, OlderSingleBlockLayout0x1000) {
  ChunkWriter w(15, 5);
  w.write_identifier(animation_chunk::kNewData);
  w.write_vector({0, 0, 1});  // app vector
  for (int i = 0; i < 4; ++i) w.write_float(0);
  w.write_int(0);  // morph vertex count
  w.write_int(0);  // morph key count
  w.write_dword(0);  // flags
  w.write_object(2);
  w.write_float(30);
  auto block = [&](std::vector<float> f, uint32_t count) {
    w.write_dword(static_cast<uint32_t>(f.size() * 4));
    w.write_dword(count);
    for (float v : f) w.write_float(v);
  };
  block({0, 1, 2, 3, 30, 4, 5, 6}, 2);       // positions
  block({}, 0);                              // no scale
  block({0, 0, 0, 0, 1}, 1);                 // one rotation
  block({5, 99, 0, 0, 0, 1}, 1);             // one scale-axis key (6 floats)
  StateChunk c = std::move(w).finish();
  ChunkReader r(c);
  ObjectAnimation a;
  auto l = read_object_animation(r, a);
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(l->entity, 2);
  ASSERT_TRUE(a.app_vector.has_value());
  EXPECT_EQ(a.length(), 30.0f);
  ASSERT_TRUE(a.keyframes.position.has_value());
  EXPECT_EQ(a.keyframes.position->key_count(), 2u);
  EXPECT_FALSE(a.keyframes.scale.has_value());
  ASSERT_TRUE(a.keyframes.scale_axis.has_value());
  const auto& sa = std::get<std::vector<RotationKey>>(a.keyframes.scale_axis->keys);
  EXPECT_EQ(sa[0].time, 5.0f);
  EXPECT_EQ(sa[0].value.w, 1.0f);
}

TEST(AnimationIo, DataVersion0Identifiers) {
  ChunkWriter w(15, 0);
  w.write_identifier(animation_chunk::kPosKeys);
  w.write_dword(16);
  w.write_dword(1);
  for (float v : {0.0f, 1.0f, 2.0f, 3.0f}) w.write_float(v);
  w.write_identifier(animation_chunk::kFlags);
  w.write_dword(4);
  w.write_identifier(animation_chunk::kLength);
  w.write_float(12);
  w.write_identifier(animation_chunk::kMerge);
  w.write_float(0.5f);
  w.write_int(1);
  w.write_object(kNoObject);
  w.write_object(3);
  StateChunk c = std::move(w).finish();
  ChunkReader r(c);
  ObjectAnimation a;
  auto l = read_object_animation(r, a);
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(a.flags, 4u | object_animation_flag::kMerged);
  EXPECT_EQ(a.merge_factor, 0.5f);
  EXPECT_EQ(l->merged_b, 3);
  EXPECT_EQ(a.length(), 12.0f);
  ASSERT_TRUE(a.keyframes.position.has_value());
  // A key count the block cannot hold is an error.
  StateChunk bad = c;
  bad.data[3] = 100;  // key count
  ChunkReader rb(bad);
  ObjectAnimation b;
  EXPECT_THROW(read_object_animation(rb, b), Error);
}

TEST(AnimationIo, KeyedAnimationBothDataForms) {
  KeyedAnimation k;
  k.flags = 5;
  k.frame_rate = 30;
  k.length = 100;
  KeyedAnimationLinks l;
  l.root_entity = 4;
  l.animations = {1, 2};
  ChunkWriter w(18, 10);
  write_keyed_animation(w, k, l);
  StateChunk c = std::move(w).finish();
  ChunkReader r(c);
  KeyedAnimation k2;
  KeyedAnimationLinks l2 = read_keyed_animation(r, k2);
  EXPECT_EQ(k2.flags, 5u);
  EXPECT_EQ(k2.frame_rate, 30.0f);
  EXPECT_EQ(k2.length, 100.0f);
  EXPECT_EQ(l2.root_entity, 4);
  EXPECT_EQ(l2.animations, (std::vector<FileIndex>{1, 2}));
  // The older 12-byte 0x10 form: can break, linked to frame rate, frame rate.
  ChunkWriter o(18, 2);
  o.write_identifier(animation_chunk::kAnimData);
  o.write_int(1);
  o.write_int(0);
  o.write_float(25);
  StateChunk oc = std::move(o).finish();
  ChunkReader ro(oc);
  KeyedAnimation k3;
  read_keyed_animation(ro, k3);
  EXPECT_EQ(k3.frame_rate, 25.0f);
  EXPECT_EQ(k3.flags & animation_flag::kCanBeBreak, animation_flag::kCanBeBreak);
  EXPECT_EQ(k3.flags & animation_flag::kLinkToFrameRate, 0u);
}

