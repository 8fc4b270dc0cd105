// Parameter operations (CKParameterOperation's functions, CK_PARAMETEROPERATION):
// an operation GUID with the types of its result and two operands selects a
// function that computes the result parameter from the operands. The Op
// building block runs one (its GUID saved in its locals); a saved
// CKParameterOperation object (class 4) runs one before the block that reads
// its output. retroanim implements the operations the menu scripts use
// (docs/FIDELITY.md lists which occur in the game files).
#pragma once

#include "retroanim/ck/behavior/parameter.h"

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

// CKParameterOperation: an operation object of a behaviour graph. Its output
// is computed when a pin reads it (CKParameterIn::GetValue -> CKParameterOut::Update
// -> DoOperation), not on a schedule.
class ParameterOperation {
 public:
  std::string name;
  ObjectId id = 0;
  Guid operation;
  ParameterIn* in1 = nullptr;
  ParameterIn* in2 = nullptr;
  Parameter* out = nullptr;
  OperationFunction function = nullptr;  // null when retroanim does not implement it
  bool swapped = false;                  // the function was found with the operands' types swapped
  BehaviorManager* manager = nullptr;

  // CKParameterOperation::Update: looks the function up by the operation and
  // the pins' types (then swapped), as the engine does after loading.
  void update();

  // CKParameterOperation::DoOperation: without a function the output takes
  // in1's value and kNotInitialized is returned; a pin whose type is not
  // None and that has no source gives kNotInitialized; otherwise the
  // function runs and the output pushes its value (DataChanged). A cycle
  // through operations in bad data stops at the operation already running.
  Status do_operation();

 private:
  bool running_ = false;
};

// A parameter's value as text (CKParameter::GetStringValue for the types
// retroanim knows: string as is, integer %d, float %g, boolean TRUE/FALSE,
// an object's name; "" otherwise).
std::string parameter_text(const Parameter& p);

}  // namespace retroanim::ck
