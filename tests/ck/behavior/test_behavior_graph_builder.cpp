// ck/behavior/behavior_graph_builder.cpp: a script and its blocks laid out as
// the game's files hold them (indices and ids in creation order, each block's
// IOs, then each pin after the local feeding it, outputs, locals, the block),
// links, pin values, and the builder's one-line errors.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "retroanim/ck/behavior/behavior.h"
#include "retroanim/ck/behavior/behavior_graph_builder.h"
#include "retroanim/error.h"

namespace {

using namespace retroanim::ck;

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const retroanim::Error& e) {
    return e.what();
  }
  return "";
}

const BehaviorPrototype& bezier_progression() {
  const BehaviorPrototype* p = find_prototype(std::string("Bezier Progression"));
  EXPECT_NE(p, nullptr);
  return *p;
}

std::vector<uint8_t> float_bytes(float f) {
  std::vector<uint8_t> b(4);
  std::memcpy(b.data(), &f, 4);
  return b;
}

TEST(BehaviorGraphBuilder, AScriptIsItsStartInputThenItself) {
  BehaviorGraphBuilder g(100, 500);
  const FileIndex s = g.add_script("Main", 7);
  EXPECT_EQ(s, 101);
  const BehaviorGraphDesc& d = g.graph();
  ASSERT_EQ(d.objects.size(), 2u);
  EXPECT_EQ(d.objects[0].kind, SavedObjectKind::kBehaviorIO);
  EXPECT_EQ(d.objects[0].name, "Start");
  EXPECT_EQ(d.objects[0].index, 100);
  EXPECT_EQ(d.objects[0].id, 500u);
  EXPECT_EQ(d.objects[0].io.flags, behavior_io_flag::kIn);
  const SavedObject& script = d.objects[1];
  EXPECT_EQ(script.id, 501u);
  EXPECT_EQ(script.behavior.flags, behavior_flag::kScript | behavior_flag::kTopmost | behavior_flag::kCompatibleClassId);
  EXPECT_EQ(script.behavior.compatible_class_id, class_id::kBeObject);
  EXPECT_EQ(script.behavior.scene_flags, 0x50u);
  EXPECT_EQ(script.behavior.inputs, std::vector<FileIndex>{100});
  EXPECT_EQ(g.input(s, "Start"), 100);
  ASSERT_EQ(d.script_owners.size(), 1u);
  EXPECT_EQ(d.script_owners[0], (std::pair<FileIndex, FileIndex>{101, 7}));
  g.add_script("Unowned", kNoObject);
  EXPECT_EQ(g.graph().script_owners.size(), 1u);
}

TEST(BehaviorGraphBuilder, ABlockFollowsThePrototypeInTheFilesOrder) {
  BehaviorGraphBuilder g(0, 1);
  const FileIndex s = g.add_script("Main", kNoObject);  // 0 Start, 1 script
  const FileIndex b = g.add_block(s, bezier_progression());
  const BehaviorGraphDesc& d = g.graph();
  // IOs 2..5 (In, Loop In, Out, Loop Out); four (local, pin) pairs 6..13;
  // four outputs 14..17; the local Time Based 18; the block 19.
  ASSERT_EQ(b, 19);
  ASSERT_EQ(d.objects.size(), 20u);
  EXPECT_EQ(d.objects[3].name, "Loop In");
  EXPECT_EQ(d.objects[4].io.flags, behavior_io_flag::kOut);
  EXPECT_EQ(d.objects[6].kind, SavedObjectKind::kLocal);
  EXPECT_EQ(d.objects[6].name, "Duration");
  EXPECT_EQ(d.objects[7].kind, SavedObjectKind::kParameterIn);
  EXPECT_EQ(d.objects[7].parameter_in.source, 6);
  EXPECT_EQ(d.objects[6].parameter.value.bytes, float_bytes(3000.0f));  // the declared default
  EXPECT_EQ(d.objects[14].kind, SavedObjectKind::kParameterOut);
  EXPECT_EQ(d.objects[15].name, "Value");
  EXPECT_TRUE(d.objects[18].parameter.is_setting);
  const SavedBehavior& block = d.objects[19].behavior;
  EXPECT_EQ(d.objects[19].name, "Bezier Progression");
  EXPECT_EQ(block.prototype_guid, bezier_progression().guid);
  EXPECT_TRUE(block.flags & behavior_flag::kBuildingBlock);
  EXPECT_TRUE(block.flags & behavior_flag::kUseFunction);
  EXPECT_EQ(block.inputs, (std::vector<FileIndex>{2, 3}));
  EXPECT_EQ(block.in_params, (std::vector<FileIndex>{7, 9, 11, 13}));
  EXPECT_EQ(block.out_params, (std::vector<FileIndex>{14, 15, 16, 17}));
  EXPECT_EQ(block.locals, std::vector<FileIndex>{18});
  // The pins' locals are the script's; the block's own local is not.
  EXPECT_EQ(d.objects[1].behavior.locals, (std::vector<FileIndex>{6, 8, 10, 12}));
  EXPECT_EQ(d.objects[1].behavior.subs, std::vector<FileIndex>{19});
  EXPECT_EQ(d.objects[19].id, 20u);  // ids from 1 in creation order
}

TEST(BehaviorGraphBuilder, ValuesGoToTheLocalFeedingThePin) {
  BehaviorGraphBuilder g(0, 1);
  const FileIndex s = g.add_script("Main", kNoObject);
  const FileIndex b = g.add_block(s, bezier_progression(), "BP");
  g.set_input(b, "Duration", BehaviorGraphBuilder::float_value(500.0f));
  EXPECT_EQ(g.graph().objects[6].parameter.value.bytes, float_bytes(500.0f));
  g.set_local(b, "Time Based", BehaviorGraphBuilder::int_value(0));
  EXPECT_EQ(g.graph().objects[18].parameter.value.bytes, (std::vector<uint8_t>{0, 0, 0, 0}));
  const SavedParameterValue i = BehaviorGraphBuilder::int_value(-2);
  EXPECT_EQ(i.form, SavedParameterValue::Form::kBytes);
  EXPECT_EQ(i.bytes, (std::vector<uint8_t>{0xFE, 0xFF, 0xFF, 0xFF}));
  const SavedParameterValue o = BehaviorGraphBuilder::object_value(42);
  EXPECT_EQ(o.form, SavedParameterValue::Form::kObject);
  EXPECT_EQ(o.object, 42);
}

TEST(BehaviorGraphBuilder, LinksJoinIosWithTheirDelay) {
  BehaviorGraphBuilder g(0, 1);
  const FileIndex s = g.add_script("Main", kNoObject);
  const FileIndex b = g.add_unknown_block(s, "Mystery", Guid{0x1234, 0x5678}, {"In"}, {"Done"});
  const FileIndex l = g.add_link(s, g.input(s, "Start"), g.input(b, "In"), 2);
  const SavedObject& link = g.graph().objects[static_cast<size_t>(l)];
  EXPECT_EQ(link.kind, SavedObjectKind::kLink);
  EXPECT_EQ(link.link.source, 0);
  EXPECT_EQ(link.link.destination, g.input(b, "In"));
  EXPECT_EQ(link.link.delay, 2);
  EXPECT_EQ(link.link.initial_delay, 2);
  EXPECT_EQ(g.graph().objects[1].behavior.sub_links, std::vector<FileIndex>{l});
  EXPECT_EQ(g.graph().objects[static_cast<size_t>(b)].behavior.prototype_guid, (Guid{0x1234, 0x5678}));
  EXPECT_EQ(g.output(b, "Done"), g.input(b, "In") + 1);
}

TEST(BehaviorGraphBuilder, MistakesAreOneLineErrors) {
  BehaviorGraphBuilder g(10, 1);
  const FileIndex s = g.add_script("Main", kNoObject);
  const FileIndex b = g.add_block(s, bezier_progression(), "BP");
  EXPECT_EQ(error_of([&] { g.input(b, "Nope"); }), "behaviour graph: 'BP' has no input 'Nope'");
  EXPECT_EQ(error_of([&] { g.output(s, "Out"); }), "behaviour graph: 'Main' has no output 'Out'");
  EXPECT_EQ(error_of([&] { g.add_block(3, bezier_progression()); }), "behaviour graph: object 3 was not built here");
  EXPECT_EQ(error_of([&] { g.add_block(10, bezier_progression()); }), "behaviour graph: object 10 'Start' is not a behaviour");
  EXPECT_EQ(error_of([&] { g.add_link(s, s, g.input(b, "In")); }),
            "behaviour graph: a link joins IOs; object " + std::to_string(s) + " is not one");
  EXPECT_EQ(error_of([&] { g.set_input(b, "C", BehaviorGraphBuilder::float_value(1)); }),
            "behaviour graph: 'BP' has no input parameter 'C'");
  EXPECT_EQ(error_of([&] { g.set_target(b, s); }), "behaviour graph: 'BP' is not targetable");
}

}  // namespace
