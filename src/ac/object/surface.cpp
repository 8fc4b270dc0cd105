// Surface (include/retroanim/ac/object/surface.h).
#include "retroanim/ac/object/surface.h"

namespace retroanim::ac {

// CSurface::InitEnd (0x536400), its last step: translucency above 0.0002
// (compared in double, as the client's x87 code does) marks the surface translucent.
uint32_t Surface::loaded_type() const {
  return static_cast<double>(translucency) > 0.00019999999 ? (type | surface_type::kTranslucent) : type;
}

}  // namespace retroanim::ac
