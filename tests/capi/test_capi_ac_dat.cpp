// capi/capi_ac_dat.cpp: dats opened from a file or from memory, providers
// made from them, the order in which they may be freed, and their errors.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/retroanim.h"
#include "support/test_support.h"

namespace {

// A dat holding one setup, 0x02000001, of two parts.
std::vector<uint8_t> one_setup_dat() {
  retroanim::ac::Setup s;
  s.id = 0x02000001u;
  s.part_ids = {0x01000001u, 0x01000002u};
  retroanim::ac::io::DatWriter w;
  retroanim::ac::io::add_setup(w, s);
  return w.build();
}

TEST(CApiAcDat, AProviderServesTheDatsSetups) {
  const std::vector<uint8_t> bytes = one_setup_dat();
  ra_ac_dat* dat = nullptr;
  ASSERT_EQ(ra_ac_dat_open_memory(bytes.data(), bytes.size(), "one.dat", &dat), RA_OK) << ra_last_error();
  ra_ac_provider* provider = nullptr;
  ASSERT_EQ(ra_ac_provider_from_dat(dat, &provider), RA_OK) << ra_last_error();
  ra_ac_object* object = nullptr;
  ASSERT_EQ(ra_ac_object_create(provider, 0x02000001u, 0, 7, &object), RA_OK) << ra_last_error();
  ra_ac_frame parts[2];
  EXPECT_EQ(ra_ac_object_get_part_frames(object, parts, 2), RA_OK) << ra_last_error();
  ra_ac_object* missing = nullptr;
  EXPECT_EQ(ra_ac_object_create(provider, 0x02000002u, 0, 8, &missing), RA_ERR_NOT_FOUND);
  EXPECT_EQ(missing, nullptr);
  EXPECT_EQ(ra_ac_object_free(object), RA_OK);
  EXPECT_EQ(ra_ac_provider_free(provider), RA_OK);
  EXPECT_EQ(ra_ac_dat_free(dat), RA_OK);
}

TEST(CApiAcDat, AFileOpensLikeItsBytes) {
  const std::vector<uint8_t> bytes = one_setup_dat();
  const std::string path = retroanim::test::temp_dir() + "/one.dat";
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                              static_cast<std::streamsize>(bytes.size()));
  ra_ac_dat* dat = nullptr;
  ASSERT_EQ(ra_ac_dat_open(path.c_str(), &dat), RA_OK) << ra_last_error();
  ra_ac_provider* provider = nullptr;
  ASSERT_EQ(ra_ac_provider_from_dat(dat, &provider), RA_OK);
  ra_ac_object* object = nullptr;
  EXPECT_EQ(ra_ac_object_create(provider, 0x02000001u, 0, 1, &object), RA_OK) << ra_last_error();
  EXPECT_EQ(ra_ac_object_free(object), RA_OK);
  EXPECT_EQ(ra_ac_provider_free(provider), RA_OK);
  EXPECT_EQ(ra_ac_dat_free(dat), RA_OK);
}

TEST(CApiAcDat, ADatOutlivesItsProvidersAndAProviderItsObjects) {
  const std::vector<uint8_t> bytes = one_setup_dat();
  ra_ac_dat* dat = nullptr;
  ASSERT_EQ(ra_ac_dat_open_memory(bytes.data(), bytes.size(), nullptr, &dat), RA_OK);
  ra_ac_provider *a = nullptr, *b = nullptr;
  ASSERT_EQ(ra_ac_provider_from_dat(dat, &a), RA_OK);
  ASSERT_EQ(ra_ac_provider_from_dat(dat, &b), RA_OK);  // several providers on one dat
  ra_ac_object* object = nullptr;
  ASSERT_EQ(ra_ac_object_create(a, 0, 3, 1, &object), RA_OK);
  EXPECT_EQ(ra_ac_provider_free(a), RA_ERR_STATE);
  EXPECT_STREQ(ra_last_error(), "provider still has objects (free them first)");
  EXPECT_EQ(ra_ac_object_free(object), RA_OK);
  EXPECT_EQ(ra_ac_provider_free(a), RA_OK);
  EXPECT_EQ(ra_ac_dat_free(dat), RA_ERR_STATE);  // b is still alive
  EXPECT_STREQ(ra_last_error(), "dat still has providers (free them first)");
  EXPECT_EQ(ra_ac_provider_free(b), RA_OK);
  EXPECT_EQ(ra_ac_dat_free(dat), RA_OK);
  EXPECT_EQ(ra_ac_dat_free(nullptr), RA_OK);  // freeing nothing is no error
  EXPECT_EQ(ra_ac_provider_free(nullptr), RA_OK);
}

TEST(CApiAcDat, BadArgumentsAndBadDats) {
  ra_ac_dat* dat = reinterpret_cast<ra_ac_dat*>(1);
  EXPECT_EQ(ra_ac_dat_open(nullptr, &dat), RA_ERR_ARGUMENT);
  EXPECT_EQ(dat, nullptr);  // *out is cleared first
  EXPECT_EQ(ra_ac_dat_open("x.dat", nullptr), RA_ERR_ARGUMENT);
  EXPECT_EQ(ra_ac_dat_open_memory(nullptr, 4, "m.dat", &dat), RA_ERR_ARGUMENT);

  const std::string missing = retroanim::test::temp_dir() + "/missing.dat";
  EXPECT_EQ(ra_ac_dat_open(missing.c_str(), &dat), RA_ERR_INPUT);
  EXPECT_NE(std::string(ra_last_error()).find(missing), std::string::npos) << ra_last_error();
  EXPECT_EQ(dat, nullptr);

  // No bytes at all: the reader's message, named by the given name or "<memory>".
  EXPECT_EQ(ra_ac_dat_open_memory(nullptr, 0, "empty.dat", &dat), RA_ERR_INPUT);
  EXPECT_NE(std::string(ra_last_error()).find("empty.dat"), std::string::npos) << ra_last_error();
  EXPECT_NE(std::string(ra_last_error()).find("too short for the dat header"), std::string::npos) << ra_last_error();
  const uint8_t junk[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(ra_ac_dat_open_memory(junk, sizeof junk, nullptr, &dat), RA_ERR_INPUT);
  EXPECT_NE(std::string(ra_last_error()).find("<memory>"), std::string::npos) << ra_last_error();

  ra_ac_provider* provider = reinterpret_cast<ra_ac_provider*>(1);
  EXPECT_EQ(ra_ac_provider_from_dat(nullptr, &provider), RA_ERR_HANDLE);
  EXPECT_EQ(provider, nullptr);
}

}  // namespace
