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
// The types the menu scripts' blocks use besides (issue 19; CKEnums.h values).
inline constexpr Guid kNone{0x1cb10760, 0x419f50c5};
inline constexpr Guid kVoidBuf{0x4d082c90, 0x0c8339a2};
inline constexpr Guid kColor{0x57d42fee, 0x7cbb3b91};
inline constexpr Guid kMaterial{0x55ab12cd, 0x22ae6a8b};
inline constexpr Guid kTexture{0x155b2870, 0x183679f8};
inline constexpr Guid kLight{0x4b6d412f, 0x5d1e1416};
inline constexpr Guid kCamera{0x3cf24d6f, 0x216204f9};
inline constexpr Guid kTargetCamera{0x11d87565, 0x5d0b7989};
inline constexpr Guid kGroup{0x5c0f151b, 0x6f0547fd};
inline constexpr Guid kWaveSound{0x4bf74e5e, 0x45f409ef};
inline constexpr Guid kMessage{0x03881e12, 0x5ba34e2b};
inline constexpr Guid kClassId{0x19644e43, 0x4d6f6123};
inline constexpr Guid kScript{0x7ea4176d, 0x1b405d30};
inline constexpr Guid kDataArray{0x024d52f1, 0x678223b2};
inline constexpr Guid kCompOperator{0x79b90856, 0x75d070ff};
}  // namespace param_guid

// Parameter operation GUIDs (CKOGUID_*) the runtime implements.
namespace op_guid {
inline constexpr Guid kAddition{0x33cc6b49, 0x3589282b};         // "Addition"
inline constexpr Guid kGetObjectByName{0x599203f6, 0x23b06096};  // "Get Object By Name"
inline constexpr Guid kConvert{0x428009b4, 0x1caa5c78};          // "Convert"
inline constexpr Guid kGetName{0x5939156e, 0x62ab3472};          // "Get Name"
inline constexpr Guid kGetLength{0x556a69af, 0x076e3f09};        // "Get Length" (of a string)
}  // namespace op_guid

}  // namespace retroanim::ck
