// The object behind an ra_image handle (src/capi/capi_image.cpp).
#pragma once

#include "capi/capi_support.h"
#include "retroanim/io/image.h"

namespace retroanim::capi {

struct ImageHandle {
  uintptr_t handle = 0;
  retroanim::io::Image image;
};

// Hands `image` to the caller as a new ra_image in *out.
int publish_image(retroanim::io::Image&& image, ra_image** out);

}  // namespace retroanim::capi
