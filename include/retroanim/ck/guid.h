// A Virtools GUID (CKGUID): two dwords d1, d2. The one GUID type of ck: file
// plugin dependencies and managers (io) and parameter and building-block types
// (behaviours) all use it.
#pragma once

#include <cstdint>

namespace retroanim::ck {

struct Guid {
  uint32_t d1 = 0, d2 = 0;
  friend constexpr bool operator==(Guid a, Guid b) { return a.d1 == b.d1 && a.d2 == b.d2; }
  friend constexpr bool operator!=(Guid a, Guid b) { return !(a == b); }
};

// The parameter type GUIDs (CKPGUID_*) the runtime and the four BBs use.
namespace param_guid {
inline constexpr Guid kFloat{0x47884c3f, 0x432c2c20};
inline constexpr Guid kInt{0x5a5716fd, 0x44e276d7};
inline constexpr Guid kBool{0x1ad52a8e, 0x5e741920};
inline constexpr Guid kTime{0x54b4422b, 0x730f0f4f};
inline constexpr Guid kPercentage{0xf3c84b4e, 0x0ffacc34};
inline constexpr Guid kAngle{0x11262cf5, 0x30b0233a};
inline constexpr Guid kVector{0x48824eae, 0x2fe47960};
inline constexpr Guid kDirection{0x0286652d, 0x5ea709c2};
inline constexpr Guid k2dCurve{0x20ad345d, 0x1afb25b1};
inline constexpr Guid kCurve{0x1072130b, 0x1f9572ba};
inline constexpr Guid kObjectAnimation{0x43476550, 0x11e52c0e};
inline constexpr Guid kAnimation{0x5bfa474d, 0x19e60236};
inline constexpr Guid k3dEntity{0x5b8a05d5, 0x31ea28d4};
inline constexpr Guid kBeObject{0x71d80779, 0x402f42f3};
inline constexpr Guid kObject{0x30ec20ab, 0x6df6517d};
inline constexpr Guid kString{0x6bd010e2, 0x115617ea};
}  // namespace param_guid

}  // namespace retroanim::ck
