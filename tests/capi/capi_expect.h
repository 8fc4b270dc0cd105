// Assertions of the C API tests: a call that must succeed (RA_CHECK), and a
// call that must fail with `code` and leave one line in ra_last_error()
// (EXPECT_FAILS).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "retroanim/retroanim.h"

#define RA_CHECK(call) ASSERT_EQ((call), RA_OK) << #call << ": " << ra_last_error()
#define EXPECT_FAILS(code, call)                                                              \
  do {                                                                                        \
    int rc_ = (call);                                                                         \
    EXPECT_EQ(rc_, (code)) << #call << ": " << ra_status_name(rc_) << " " << ra_last_error(); \
    std::string m_ = ra_last_error();                                                         \
    EXPECT_FALSE(m_.empty()) << #call;                                                        \
    EXPECT_EQ(m_.find('\n'), std::string::npos) << m_;                                        \
  } while (0)
