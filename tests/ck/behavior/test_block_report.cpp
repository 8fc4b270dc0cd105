// ck/behavior/block_report.cpp: guid_text, a GUID as traces and block
// listings print it.
#include <gtest/gtest.h>

#include "retroanim/ck/behavior/block_report.h"

namespace {

using retroanim::ck::Guid;
using retroanim::ck::guid_text;

TEST(BlockReport, GuidTextIsTwoLowerCaseEightDigitHexWords) {
  EXPECT_EQ(guid_text(Guid{0xD1D1D1D1u, 0xD2D2D2D2u}), "0xd1d1d1d1,0xd2d2d2d2");
  EXPECT_EQ(guid_text(Guid{0x1Au, 0xABCDEFu}), "0x0000001a,0x00abcdef");  // zero-padded
  EXPECT_EQ(guid_text(Guid{}), "0x00000000,0x00000000");
  EXPECT_EQ(guid_text(Guid{0xFFFFFFFFu, 0u}), "0xffffffff,0x00000000");
}

}  // namespace
