// ac/motion/motion_command_names.cpp: the client's motion command names by
// full id, and motion table keys ("Style/Command") as names.
#include <gtest/gtest.h>

#include <string>

#include "retroanim/ac/motion/motion_command_names.h"

namespace {

using retroanim::ac::motion_command_name;
using retroanim::ac::motion_key_name;

TEST(MotionCommandNames, FullIdsHaveTheClientsNames) {
  EXPECT_STREQ(motion_command_name(0x41000003u), "Ready");
  EXPECT_STREQ(motion_command_name(0x45000005u), "WalkForward");
  EXPECT_STREQ(motion_command_name(0x6500000Du), "TurnRight");
  EXPECT_STREQ(motion_command_name(0x8000003Du), "NonCombat");
  EXPECT_STREQ(motion_command_name(0x85000001u), "HoldRun");        // the first number
  EXPECT_STREQ(motion_command_name(0x1000010Eu), "SkillHealSelf");  // the last
}

TEST(MotionCommandNames, AnIdNeedsItsOwnClassByte) {
  EXPECT_EQ(motion_command_name(0x40000005u), nullptr);  // WalkForward's number, substate class only
  EXPECT_EQ(motion_command_name(0x00000003u), nullptr);  // a bare number is no command id
  EXPECT_EQ(motion_command_name(0x41000000u), nullptr);  // number 0
  EXPECT_EQ(motion_command_name(0x4100010Fu), nullptr);  // past the table
}

TEST(MotionCommandNames, KeysAreStyleSlashCommand) {
  EXPECT_EQ(motion_key_name(0x003D0003u), "NonCombat/Ready");
  EXPECT_EQ(motion_key_name(0x003D0005u), "NonCombat/WalkForward");
  EXPECT_EQ(motion_key_name(0x00000005u), "WalkForward");  // no style
  EXPECT_EQ(motion_key_name(0x45000005u), "WalkForward");  // a full command id
}

TEST(MotionCommandNames, KeysWithAnUnknownPartAreEmpty) {
  EXPECT_EQ(motion_key_name(0x00050003u), "");   // number 5 (WalkForward) is not a style
  EXPECT_EQ(motion_key_name(0x003D0000u), "");   // no command number 0
  EXPECT_EQ(motion_key_name(0x03000005u), "");   // a class byte that names nothing
  EXPECT_EQ(motion_key_name(0x00FF0003u), "");   // number 0xFF is a command, not a style
  EXPECT_EQ(motion_key_name(0x0000010Fu), "");   // a command number past the table
  EXPECT_EQ(motion_key_name(0x003D010Fu), "");
}

}  // namespace
