// The C API's batches (include/retroanim/retroanim.h): many physics objects
// ticked by one call over a worker pool (ac::update_motion_objects), their
// hook events handed over in object order, their frames and checksum.
#include <algorithm>
#include <span>

#include "capi/capi_support.h"
#include "retroanim/ac/object/frames_checksum.h"

namespace ra = retroanim;
using namespace retroanim::capi;

namespace {

struct AcBatch {
  uintptr_t handle = 0;
  std::vector<AcObject*> objects;
  std::vector<ra::ac::MotionObject*> motion;
  std::vector<ra::ac::PhysicsObj*> physics;
  std::unique_ptr<uint8_t[]> flags;  // objects[i]'s event flag
  std::unique_ptr<ra::WorkerPool> pool;
  ra::ac::HookEventSink sink;  // the last tick's events (sink.events)
};

}  // namespace

extern "C" {

int ra_ac_batch_create(ra_ac_object* const* objects, size_t count, unsigned threads, ra_ac_batch** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  if (!objects && count > 0) return null_arg("objects");
  if (threads > 1024) return fail(RA_ERR_ARGUMENT, "threads " + std::to_string(threads) + " is too many (at most 1024)");
  if (count > UINT32_MAX) return fail(RA_ERR_ARGUMENT, "count " + std::to_string(count) + " is too large");
  return guarded([&]() -> int {
    auto b = std::make_unique<AcBatch>();
    b->objects.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      int rc = RA_OK;
      AcObject* o = lookup<AcObject>(objects[i], Kind::kAcObject, rc);
      if (!o) return fail(rc, "objects[" + std::to_string(i) + "]: " + last_error());
      if (o->batches.load() > 0)
        return fail(RA_ERR_STATE, "objects[" + std::to_string(i) + "] is already in a batch (an object is in one batch at a time)");
      b->objects.push_back(o);
    }
    // Distinct objects only (update_objects' rule).
    {
      std::vector<const AcObject*> sorted(b->objects.begin(), b->objects.end());
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
        return fail(RA_ERR_ARGUMENT, "an object is in the list more than once");
    }
    b->motion.reserve(count);
    b->physics.reserve(count);
    for (AcObject* o : b->objects) {
      b->motion.push_back(o->object.get());
      b->physics.push_back(&o->object->physics());
    }
    b->flags = std::make_unique<uint8_t[]>(count ? count : 1);
    b->pool = std::make_unique<ra::WorkerPool>(threads);
    b->handle = HandleTable::get().add(Kind::kAcBatch, b.get());
    if (b->handle == 0) return fail(RA_ERR_OUT_OF_MEMORY, "too many handles");
    for (size_t i = 0; i < count; ++i) {
      AcObject* o = b->objects[i];
      o->batches.fetch_add(1);
      b->flags[i] = o->object->events().empty() ? 0 : 1;  // events from before the batch come with its first tick
      o->object->set_event_flag(&b->flags[i]);
      o->object->set_event_sink(&b->sink, static_cast<uint32_t>(i));
    }
    *out = as_handle<ra_ac_batch>(b->handle);
    b.release();
    return RA_OK;
  });
}

int ra_ac_batch_free(ra_ac_batch* batch) {
  if (!batch) return RA_OK;
  int rc = RA_OK;
  AcBatch* b = lookup<AcBatch>(batch, Kind::kAcBatch, rc);
  if (!b) return rc;
  HandleTable::get().remove(b->handle);
  for (AcObject* o : b->objects) {
    o->object->set_event_flag(nullptr);
    o->object->set_event_sink(nullptr, 0);
    o->batches.fetch_sub(1);
  }
  delete b;
  return RA_OK;
}

int ra_ac_batch_set_min_work(ra_ac_batch* batch, uint64_t back_to_back_ns, uint64_t idle_ns) {
  int rc = RA_OK;
  AcBatch* b = lookup<AcBatch>(batch, Kind::kAcBatch, rc);
  if (!b) return rc;
  constexpr uint64_t kMax = 1000000000;
  if (back_to_back_ns > kMax || idle_ns > kMax)
    return fail(RA_ERR_ARGUMENT, "min work must be at most 1000000000 ns");
  b->pool->set_min_work(std::chrono::nanoseconds{static_cast<long long>(back_to_back_ns)},
                        std::chrono::nanoseconds{static_cast<long long>(idle_ns)});
  return RA_OK;
}

int ra_ac_batch_tick(ra_ac_batch* batch, float quantum) {
  int rc = RA_OK;
  AcBatch* b = lookup<AcBatch>(batch, Kind::kAcBatch, rc);
  if (!b) return rc;
  if (!std::isfinite(quantum) || quantum <= 0.0f) return fail(RA_ERR_ARGUMENT, "quantum must be a finite number > 0");
  return guarded([&]() -> int {
    ra::ac::update_motion_objects(b->motion, b->physics, std::span<uint8_t>(b->flags.get(), b->objects.size()), quantum,
                                  b->pool.get(), b->sink);
    return RA_OK;
  });
}

int ra_ac_batch_get_events(ra_ac_batch* batch, const ra_ac_hook_event** events, size_t* count) {
  int rc = RA_OK;
  AcBatch* b = lookup<AcBatch>(batch, Kind::kAcBatch, rc);
  if (!b) return rc;
  if (!events || !count) return null_arg("events or count");
  *events = reinterpret_cast<const ra_ac_hook_event*>(b->sink.events.data());
  *count = b->sink.events.size();
  return RA_OK;
}

int ra_ac_batch_get_frames(ra_ac_batch* batch, ra_ac_frame* out, size_t count) {
  int rc = RA_OK;
  AcBatch* b = lookup<AcBatch>(batch, Kind::kAcBatch, rc);
  if (!b) return rc;
  if (count != b->physics.size())
    return fail(RA_ERR_ARGUMENT, "out holds " + std::to_string(count) + " frames, the batch has " +
                                     std::to_string(b->physics.size()) + " objects");
  if (!out && count > 0) return null_arg("out");
  for (size_t i = 0; i < count; ++i) to_c(b->physics[i]->frame(), out + i);
  return RA_OK;
}

int ra_ac_batch_checksum(ra_ac_batch* batch, uint64_t* checksum) {
  int rc = RA_OK;
  AcBatch* b = lookup<AcBatch>(batch, Kind::kAcBatch, rc);
  if (!b) return rc;
  if (!checksum) return null_arg("checksum");
  std::vector<const ra::ac::PhysicsObj*> list(b->physics.begin(), b->physics.end());
  *checksum = ra::ac::frames_checksum(list);
  return RA_OK;
}
}  // extern "C"
