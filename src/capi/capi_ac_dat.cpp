// The C API's portal.dat side (include/retroanim/retroanim.h): dats opened
// from a file or memory, and providers that serve their animations, setups
// and motion tables (ac::io::DatContent) to physics objects.
#include <span>

#include "capi/capi_support.h"
#include "retroanim/ac/io/dat_content.h"

namespace ra = retroanim;
using namespace retroanim::capi;

extern "C" {

int ra_ac_dat_open(const char* path, ra_ac_dat** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (!path) return null_arg("path");
  return guarded([&]() -> int {
    auto d = std::make_unique<AcDat>(ra::ac::io::DatDatabase::open(path));
    return publish(d, Kind::kAcDat, out);
  });
}

int ra_ac_dat_open_memory(const void* data, size_t size, const char* name, ra_ac_dat** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (!data && size > 0) return null_arg("data");
  return guarded([&]() -> int {
    const auto* b = static_cast<const uint8_t*>(data);
    auto d = std::make_unique<AcDat>(
        ra::ac::io::DatDatabase::from_bytes(std::vector<uint8_t>(b, b + size), name ? name : "<memory>"));
    return publish(d, Kind::kAcDat, out);
  });
}

int ra_ac_dat_free(ra_ac_dat* dat) {
  if (!dat) return RA_OK;
  int rc = RA_OK;
  AcDat* d = lookup<AcDat>(dat, Kind::kAcDat, rc);
  if (!d) return rc;
  if (d->providers.load() > 0) return fail(RA_ERR_STATE, "dat still has providers (free them first)");
  HandleTable::get().remove(d->handle);
  delete d;
  return RA_OK;
}

int ra_ac_provider_from_dat(ra_ac_dat* dat, ra_ac_provider** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  AcDat* d = lookup<AcDat>(dat, Kind::kAcDat, rc);
  if (!d) return rc;
  return guarded([&]() -> int {
    auto p = std::make_unique<AcProvider>();
    p->dat = d;
    auto content = std::make_shared<const ra::ac::io::DatContent>(d->db);
    p->animations = content.get();
    p->setups = content.get();
    p->tables = content.get();
    p->backing = content;
    int r = publish(p, Kind::kAcProvider, out);
    if (r == RA_OK) d->providers.fetch_add(1);
    return r;
  });
}

int ra_ac_provider_free(ra_ac_provider* provider) {
  if (!provider) return RA_OK;
  int rc = RA_OK;
  AcProvider* p = lookup<AcProvider>(provider, Kind::kAcProvider, rc);
  if (!p) return rc;
  if (p->scenario_owned) return fail(RA_ERR_STATE, "this provider belongs to its scenario (ra_ac_scenario_free)");
  if (p->objects.load() > 0) return fail(RA_ERR_STATE, "provider still has objects (free them first)");
  HandleTable::get().remove(p->handle);
  if (p->dat) p->dat->providers.fetch_sub(1);
  delete p;
  return RA_OK;
}
}  // extern "C"
