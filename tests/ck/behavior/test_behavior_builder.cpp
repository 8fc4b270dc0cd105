// ck/behavior/behavior_builder.cpp: the runtime built from a saved graph (here
// one BehaviorGraphBuilder lays out): behaviours, IOs, links and parameters
// by file index, pins resolved to their locals, scripts registered with their
// owner, implemented blocks given their function.
#include <gtest/gtest.h>

#include <string>

#include "retroanim/ck/behavior/behavior_builder.h"
#include "retroanim/ck/behavior/behavior_graph_builder.h"
#include "retroanim/ck/behavior/behavior_manager.h"

namespace {

using namespace retroanim::ck;

struct Built {
  BehaviorManager manager;
  LoadedBehaviors loaded;
  FileIndex script = kNoObject, block = kNoObject, mystery = kNoObject, link = kNoObject;

  Built() {
    BehaviorGraphBuilder g(0, 1);
    script = g.add_script("Main", 100);  // owned by the object at file index 100
    block = g.add_block(script, *find_prototype(std::string("Bezier Progression")), "BP");
    mystery = g.add_unknown_block(script, "Mystery", Guid{0x1234, 0x5678}, {"In"}, {"Out"});
    link = g.add_link(script, g.input(script, "Start"), g.input(block, "In"), 1);
    g.set_input(block, "Duration", BehaviorGraphBuilder::float_value(250.0f));
    const BehaviorGraphDesc graph = g.take();
    loaded = build_behaviors(
        graph,
        [](FileIndex i) {
          ObjectRef r;
          if (i == 100) {
            r.id = 77;
            r.name = "Cam";
          }
          return r;
        },
        manager);
  }
};

TEST(BehaviorBuilder, EveryBehaviourByItsFileIndex) {
  Built b;
  ASSERT_EQ(b.loaded.behaviors.size(), 3u);
  Behavior* script = b.loaded.behaviors.at(b.script);
  Behavior* block = b.loaded.behaviors.at(b.block);
  EXPECT_EQ(script->name, "Main");
  EXPECT_EQ(b.loaded.find("BP"), block);
  EXPECT_EQ(b.loaded.find("Nobody"), nullptr);
  EXPECT_EQ(b.loaded.index_of(block), b.block);
  EXPECT_EQ(b.loaded.index_of(nullptr), kNoObject);
  ASSERT_EQ(script->sub_behaviors.size(), 2u);
  EXPECT_EQ(script->sub_behaviors[0], block);
  EXPECT_EQ(block->parent, script);
  EXPECT_TRUE(b.loaded.skipped.empty());
}

TEST(BehaviorBuilder, ScriptsAreRegisteredWithTheObjectThatListsThem) {
  Built b;
  ASSERT_EQ(b.loaded.scripts.size(), 1u);
  Behavior* script = b.loaded.scripts[0];
  EXPECT_TRUE(script->is_script());
  EXPECT_EQ(script->owner.id, 77u);
  EXPECT_EQ(script->owner.name, "Cam");
  EXPECT_EQ(b.loaded.behaviors.at(b.block)->owner.name, "Cam");  // blocks take their script's owner
  EXPECT_EQ(b.loaded.behaviors.at(b.block)->file_script, "Main");
}

TEST(BehaviorBuilder, PinsReadTheLocalsThatFeedThem) {
  Built b;
  const Behavior* block = b.loaded.behaviors.at(b.block);
  ASSERT_EQ(block->inputs.size(), 2u);
  ASSERT_EQ(block->outputs.size(), 2u);
  ASSERT_EQ(block->input_params.size(), 4u);
  EXPECT_EQ(block->input_params[0]->name, "Duration");
  EXPECT_EQ(block->input_float(0, -1.0f), 250.0f);  // the value set on the builder
  EXPECT_EQ(block->input_float(2, -1.0f), 1.0f);    // B: the prototype's default
  ASSERT_NE(block->input_curve2d(3), nullptr);      // the Progression Curve
  ASSERT_EQ(block->output_params.size(), 4u);
  EXPECT_EQ(block->output_params[1]->name, "Value");
  ASSERT_EQ(block->local_params.size(), 1u);
  EXPECT_EQ(block->local_int(0, -1), 1);  // Time Based
}

TEST(BehaviorBuilder, LinksJoinTheBuiltIos) {
  Built b;
  const BehaviorLink* link = b.loaded.links.at(b.link);
  const Behavior* script = b.loaded.behaviors.at(b.script);
  const Behavior* block = b.loaded.behaviors.at(b.block);
  EXPECT_EQ(link->source, script->inputs[0]);
  EXPECT_EQ(link->destination, block->inputs[0]);
  EXPECT_EQ(link->delay, 1);
  EXPECT_EQ(link->initial_delay, 1);
  ASSERT_EQ(script->sub_links.size(), 1u);
  EXPECT_EQ(script->sub_links[0], link);
}

TEST(BehaviorBuilder, ImplementedBlocksGetTheirFunctionOthersNone) {
  Built b;
  const Behavior* block = b.loaded.behaviors.at(b.block);
  const Behavior* mystery = b.loaded.behaviors.at(b.mystery);
  EXPECT_NE(block->function, nullptr);
  EXPECT_NE(block->callback, nullptr);
  EXPECT_EQ(mystery->function, nullptr);
  EXPECT_EQ(mystery->prototype_guid, (Guid{0x1234, 0x5678}));
}

}  // namespace
