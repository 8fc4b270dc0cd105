// The layouts of the behaviour objects in a Virtools file (virtools-behaviors.md),
// shared by the reader (behavior_loader.cpp) and the writer (behavior_writer.cpp).
#pragma once

#include <cstdint>

#include "retroanim/ck/scene/guid.h"

namespace retroanim::ck::io::behavior_layout {

// Class ids of the behaviour objects (virtools-behaviors.md section 1).
constexpr uint32_t kClassParameterIn = 2;
constexpr uint32_t kClassParameterOut = 3;
constexpr uint32_t kClassBehaviorLink = 6;
constexpr uint32_t kClassBehavior = 8;
constexpr uint32_t kClassBehaviorIO = 9;
constexpr uint32_t kClassParameterLocal = 45;
constexpr uint32_t kClassParameter = 46;
constexpr uint32_t kClassDataArray = 52;
constexpr uint32_t kClassParameterOperation = 4;

// CKParameterOperation identifiers (CK_STATESAVE_OPERATION*).
constexpr uint32_t kIdOpNewData = 0x400;  // GUID, then a sequence: in1, in2, out
constexpr uint32_t kIdOpGuid = 0x100;
constexpr uint32_t kIdOpOutput = 0x80;
constexpr uint32_t kIdOpInputs = 0x40;

// CKDataArray identifiers (CK_STATESAVE_DATAARRAYFORMAT / DATA / MEMBERS).
constexpr uint32_t kIdArrayFormat = 0x1000;
constexpr uint32_t kIdArrayData = 0x2000;
constexpr uint32_t kIdArrayMembers = 0x4000;

// Identifiers (virtools-behaviors.md sections 3-8).
constexpr uint32_t kIdBehaviorData = 0x20;
constexpr uint32_t kIdBehaviorIO = 0x8;
constexpr uint32_t kIdLinkData = 0x20;
constexpr uint32_t kIdPinShared = 0x800;
constexpr uint32_t kIdPinDirect = 0x1000;
constexpr uint32_t kIdPinDisabled = 0x2000;
constexpr uint32_t kIdParamValue = 0x40;
constexpr uint32_t kIdParamDestinations = 0x20;
constexpr uint32_t kIdLocalMyself = 0x200;
constexpr uint32_t kIdLocalSetting = 0x400;
constexpr uint32_t kIdBeObjectScripts = 0x800;
constexpr uint32_t kIdBehaviorSceneFlags = 0x200000;
constexpr uint32_t kId2dCurveChunk = 0xe;
constexpr uint32_t kId2dCurveData = 0x100;
constexpr uint32_t kId2dCurveFitting = 0x40;
constexpr uint32_t kId2dCurveOldPoints = 0x3f800;
// A point's sub-chunk in the old (data version 0) 2D-curve layout.
constexpr uint32_t kIdOldPointData = 0x4000;      // object, user tangents, linear, position
constexpr uint32_t kIdOldPointTcb = 0x800;        // tension, continuity, bias
constexpr uint32_t kIdOldPointTangents = 0x1000;  // in and out tangents

// CKBehavior's object-list mask bits (which arrays follow the flags).
constexpr uint32_t kListSubBehaviors = 0x100;
constexpr uint32_t kListInputParams = 0x200;
constexpr uint32_t kListOutputParams = 0x400;
constexpr uint32_t kListInputs = 0x800;
constexpr uint32_t kListOutputs = 0x1000;
constexpr uint32_t kListOperations = 0x4000;
constexpr uint32_t kListLocals = 0x20000;
constexpr uint32_t kListSubLinks = 0x80000;

// The oldest CKBehavior data version read (identifier 0x20 layout).
constexpr int kMinBehaviorDataVersion = 5;

// CKParameter value save modes (identifier 0x40): 0 a sub-chunk, 1 a buffer,
// 2 an object, 3 nothing; any other value is a manager's GUID d1.
constexpr uint32_t kValueSubChunk = 0;
constexpr uint32_t kValueBuffer = 1;
constexpr uint32_t kValueObject = 2;
constexpr uint32_t kValueNone = 3;

// CKPGUID_PARAMETERTYPE: its mode-1 value is a GUID without a byte count.
constexpr Guid kParameterTypeGuid{0x34517df5, 0x045e4965};

// Written only (the reader skips them).
constexpr uint32_t kClass2dCurve = 14;  // the class id CK2dCurve's chunks carry
constexpr uint32_t kIdBehaviorInterface = 0x10;

}  // namespace retroanim::ck::io::behavior_layout
