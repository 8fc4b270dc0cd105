// The C API's decoded images (ra_image, include/retroanim/retroanim.h): the
// RGBA pixels a texture call decoded, owned by the caller.
#include "capi/capi_image.h"

namespace ra = retroanim;
using namespace retroanim::capi;

namespace retroanim::capi {

int publish_image(retroanim::io::Image&& image, ra_image** out) {
  auto img = std::make_unique<ImageHandle>();
  img->image = std::move(image);
  return publish(img, Kind::kImage, out);
}

}  // namespace retroanim::capi

extern "C" {

int ra_image_get_size(ra_image* image, uint32_t* width, uint32_t* height) {
  int rc = RA_OK;
  ImageHandle* i = lookup<ImageHandle>(image, Kind::kImage, rc);
  if (!i) return rc;
  if (!width) return null_arg("width");
  if (!height) return null_arg("height");
  *width = i->image.width;
  *height = i->image.height;
  return RA_OK;
}

int ra_image_get_pixels(ra_image* image, const uint8_t** rgba, size_t* size) {
  int rc = RA_OK;
  ImageHandle* i = lookup<ImageHandle>(image, Kind::kImage, rc);
  if (!i) return rc;
  if (!rgba) return null_arg("rgba");
  if (!size) return null_arg("size");
  *rgba = i->image.rgba.data();
  *size = i->image.rgba.size();
  return RA_OK;
}

int ra_image_free(ra_image* image) {
  if (!image) return RA_OK;
  int rc = RA_OK;
  ImageHandle* i = lookup<ImageHandle>(image, Kind::kImage, rc);
  if (!i) return rc;
  HandleTable::get().remove(i->handle);
  delete i;
  return RA_OK;
}

}  // extern "C"
