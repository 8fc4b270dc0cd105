// update_objects (the prefetching loop) against the plain loop, and the
// axis-angle memo in Frame::grotate against fresh computations.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/io/animation_io.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/math/frame_batch.h"
#include "support/math_expect.h"

using retroanim::test::same_bits;

using namespace retroanim::ac;
using retroanim::math::AFrame;
using retroanim::math::Frame;

namespace {

class Counter : public HookExecutor {
 public:
  void execute(PhysicsObj&, const AnimationHook& h) override { sum += static_cast<uint64_t>(h.type) + 1; ++count; }
  uint64_t count = 0, sum = 0;
};

bool same_frame(const Frame& a, const Frame& b) {
  const float fa[7] = {a.qw, a.qx, a.qy, a.qz, a.origin.x, a.origin.y, a.origin.z};
  const float fb[7] = {b.qw, b.qx, b.qy, b.qz, b.origin.x, b.origin.y, b.origin.z};
  for (int k = 0; k < 7; ++k)
    if (!same_bits(fa[k], fb[k])) return false;
  return true;
}

// Objects with 13 parts (a partial vector group), position frames, hooks,
// different omegas and starting points.
struct Crowd {
  AnimationMap anims;
  Setup setup;
  Counter counter;
  std::vector<std::unique_ptr<PhysicsObj>> objects;

  // `columns`: the animation carries its field-by-field part copy (as the
  // dat reader gives it) or not (parts transposed at each placement).
  Crowd(int n, bool columns) {
    Animation a;
    a.id = 7;
    a.num_parts = 13;
    a.flags = animation_flag::kHasPosFrames;
    for (uint32_t f = 0; f < 20; ++f) {
      AnimationFrame af;
      for (uint32_t p = 0; p < 13; ++p) {
        float ang = 0.07f * static_cast<float>(f * 3 + p);
        af.parts.push_back(AFrame{{0.1f * p, 0.02f * f, 0.3f}, std::cos(ang), std::sin(ang) * 0.6f, 0.0f,
                                  std::sin(ang) * 0.8f});
      }
      if (f % 4 == 1)
        af.hooks.push_back(AnimationHook{AnimationHookType::kSound, AnimationHookDir::kBoth, SoundHookData{f}, 0});
      a.part_frames.push_back(af);
      a.pos_frames.push_back(AFrame{{0.01f, 0.03f, 0.0f}, 0.9998f, 0.0f, 0.0f, 0.02f});
    }
    Animation& stored = anims.add(a);  // with the field-by-field copy
    if (!columns) stored.part_frames = a.part_frames;  // the same parts without it
    setup.part_ids.assign(13, 0x01000001);
    setup.spheres.push_back(Sphere{{0, 0, 0.5f}, 0.5f});
    setup.default_animation = a.id;
    for (int i = 0; i < n; ++i) {
      auto o = std::make_unique<PhysicsObj>();
      o->set_setup(&setup, &anims);
      o->set_hook_executor(&counter);
      o->transient_state |= transient_state_flag::kOnWalkable;
      o->part_array()->set_scale({1.0f, 1.0f, i % 3 == 0 ? 1.5f : 1.0f});
      o->part_array()->sequence().set_omega({0.1f * static_cast<float>(i % 4), 0.0f, 0.3f});
      o->part_array()->sequence().update(static_cast<double>(i % 20) / 30.0, nullptr);
      o->set_frame(Frame({static_cast<float>(i), 1.0f, 0.0f}, 1, 0, 0, 0));
      objects.push_back(std::move(o));
    }
  }
};

}  // namespace

// The plain loop placing parts from the AFrames against update_objects placing
// them from the field-by-field copy: the same bits everywhere.
TEST(UpdateObjects, SameResultsAsThePlainLoop) {
  Crowd a(37, false), b(37, true);
  std::vector<PhysicsObj*> list;
  for (auto& o : b.objects) list.push_back(o.get());
  for (int tick = 0; tick < 50; ++tick) {
    const float q = tick % 7 == 3 ? 0.1f : 1.0f / 30.0f;
    for (auto& o : a.objects) o->update_object_internal(q);
    update_objects(list, q);
  }
  EXPECT_EQ(a.counter.count, b.counter.count);
  EXPECT_EQ(a.counter.sum, b.counter.sum);
  EXPECT_GT(a.counter.count, 0u);
  for (size_t i = 0; i < a.objects.size(); ++i) {
    const PhysicsObj& x = *a.objects[i];
    const PhysicsObj& y = *b.objects[i];
    EXPECT_TRUE(same_frame(x.frame(), y.frame())) << "object " << i;
    EXPECT_EQ(x.part_array()->sequence().frame_number(), y.part_array()->sequence().frame_number());
    EXPECT_TRUE(x.part_array()->part_frames() == y.part_array()->part_frames()) << "object " << i;
  }
}

// The whole chain through each part-kernel path this CPU has, as the
// default (RETROANIM_BATCH_PATH in bench_ac_update): the scalar port's bits.
TEST(UpdateObjects, SameResultsOnEveryDefaultKernelPath) {
  using retroanim::math::BatchPath;
  const BatchPath before = retroanim::math::default_combine_path();
  auto run = [](BatchPath path) {
    EXPECT_EQ(retroanim::math::set_default_combine_path(path), path);
    auto c = std::make_unique<Crowd>(37, true);
    for (int tick = 0; tick < 50; ++tick) {
      const float q = tick % 7 == 3 ? 0.1f : 1.0f / 30.0f;
      for (auto& o : c->objects) o->update_object_internal(q);
    }
    return c;
  };
  const auto ref = run(BatchPath::kScalar);
  for (BatchPath path : {BatchPath::kAvx2, BatchPath::kAvx512}) {
    if (!retroanim::math::batch_path_available(path)) continue;
    const auto got = run(path);
    EXPECT_EQ(got->counter.sum, ref->counter.sum);
    for (size_t i = 0; i < ref->objects.size(); ++i) {
      EXPECT_TRUE(same_frame(got->objects[i]->frame(), ref->objects[i]->frame())) << "object " << i;
      const auto& a = got->objects[i]->part_array()->part_frames();
      const auto& b = ref->objects[i]->part_array()->part_frames();
      ASSERT_EQ(a.size(), b.size());
      ASSERT_EQ(a.stride(), b.stride());
      using Field = retroanim::math::FrameArray::Field;
      EXPECT_EQ(std::memcmp(a.field(Field::kQw), b.field(Field::kQw), a.stride() * a.kFields * sizeof(float)), 0)
          << "path " << static_cast<int>(path) << ", object " << i;
    }
  }
  retroanim::math::set_default_combine_path(before);
}

// The dat reader fills each frame's field-by-field copy, bit for bit.
TEST(AcAnimationColumns, ReaderFillsThemFromTheParts) {
  Crowd c(1, false);
  Animation a = *c.anims.get_animation(7);
  for (AnimationFrame& f : a.part_frames) f.part_columns = {};
  EXPECT_EQ(a.part_frames[0].part_columns.size(), 0u);
  const std::vector<uint8_t> bytes = io::pack_animation(a);
  const Animation back = io::unpack_animation(bytes, "test.dat", "animation 7");
  ASSERT_EQ(back.part_frames.size(), a.part_frames.size());
  for (const AnimationFrame& f : back.part_frames) {
    ASSERT_EQ(f.part_columns.size(), f.parts.size());
    for (size_t i = 0; i < f.parts.size(); ++i) {
      const AFrame got = f.part_columns.get_aframe(i);
      EXPECT_EQ(std::memcmp(&got, &f.parts[i], sizeof got), 0) << "part " << i;
    }
  }
}

TEST(UpdateObjects, EmptyListAndObjectsWithoutSetup) {
  update_objects({}, 1.0f / 30.0f);
  PhysicsObj bare;  // no setup, no part array
  PhysicsObj* list[] = {&bare, &bare};
  update_objects(list, 1.0f / 30.0f);
  EXPECT_EQ(bare.part_array(), nullptr);
}

