// Parameter operations (CKParameterOperation's functions, CK_PARAMETEROPERATION):
// an operation GUID with the types of its result and two operands selects a
// function that computes the result parameter from the operands. The Op
// building block runs one (its GUID saved in its locals); a saved
// CKParameterOperation object (class 4) runs one before the block that reads
// its output. retroanim implements the operations the menu scripts use
// (docs/FIDELITY.md lists which occur in the game files).
#pragma once

#include "retroanim/ck/parameter.h"

namespace retroanim::ck {

class BehaviorManager;

// CK_PARAMETEROPERATION: computes `result` from the two operands (either may be null).
using OperationFunction = void (*)(BehaviorManager* manager, Parameter& result, const Parameter* p1,
                                   const Parameter* p2);

// CKParameterManager::GetOperationFunction(op, result type, p1 type, p2 type):
// the function registered for exactly these types, or null.
OperationFunction find_operation(Guid operation, Guid result_type, Guid p1_type, Guid p2_type);

// The class id the objects of a parameter type belong to
// (CKParameterManager::GetParameterClassID / TypeToClassID), 0 for non-object types.
uint32_t class_of_parameter_type(Guid type);

// A parameter's value as text (CKParameter::GetStringValue for the types
// retroanim knows: string as is, integer %d, float %g, boolean TRUE/FALSE,
// an object's name; "" otherwise).
std::string parameter_text(const Parameter& p);

}  // namespace retroanim::ck
