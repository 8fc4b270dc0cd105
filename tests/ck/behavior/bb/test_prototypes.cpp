// ck/behavior/bb/prototypes.cpp: every implemented block is registered under
// its prototype GUID.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "retroanim/ck/behavior/bb/script_blocks.h"
#include "retroanim/ck/behavior/behavior_manager.h"
#include "retroanim/ck/behavior/data_array.h"
#include "retroanim/ck/behavior/parameter_operation.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;

TEST(BlockPrototypes, EveryBlockIsRegisteredUnderItsGuid) {
  for (Guid g : {bb::kOpGuid, bb::kTestGuid, bb::kParameterSelectorGuid, bb::kSequencerGuid, bb::kCreateStringGuid,
                 bb::kSwitchOnMessageGuid, bb::kRandomGuid, bb::kDelayerGuid, bb::kGetCellGuid, bb::kGetRowGuid,
                 bb::kAddToGroupGuid, bb::kActivateScriptGuid, bb::kObjectCreateGuid, bb::kTextureLoadGuid,
                 bb::kSetAsActiveCameraGuid, bb::kSetLightColorGuid, bb::kSetTextureGuid,
                 bb::kChangeTextureVideoFormatGuid, bb::kSetFogGuid, bb::kWavePlayerGuid, bb::kTtSkyGuid,
                 bb::kTtDebugGuid, bb::kPointParticleSystemGuid}) {
    const BehaviorPrototype* p = find_prototype(g);
    ASSERT_NE(p, nullptr) << guid_text(g);
    EXPECT_NE(p->function, nullptr) << p->name;
  }
}

}  // namespace

