// CKDataArray at run time: a table of typed columns (integer, float, string,
// object, parameter) and rows, as the array blocks (Get Cell, Get Row) read
// it. The saved form (behavior_graph.h's SavedDataArray, references as file
// indices) is what ck/io reads; here object and parameter cells are resolved.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "retroanim/ck/io/behavior_graph.h"
#include "retroanim/ck/behavior/parameter.h"

namespace retroanim::ck {

// A cell of a loaded array: the member of its column's type.
struct ArrayCell {
  int32_t int_value = 0;
  float float_value = 0.0f;
  std::string text;
  ObjectRef object;                     // kObject
  const Parameter* parameter = nullptr;  // kParameter (null when the file lacks it)
};

// A loaded CKDataArray.
class DataArray {
 public:
  std::string name;
  ObjectId id = 0;
  std::vector<DataArrayColumn> columns;
  std::vector<std::vector<ArrayCell>> rows;

  // CKDataArray::GetRow / GetElement: null out of range.
  const std::vector<ArrayCell>* row(int index) const {
    if (index < 0 || index >= static_cast<int>(rows.size())) return nullptr;
    return &rows[static_cast<size_t>(index)];
  }
  const ArrayCell* element(int row_index, int column) const {
    const std::vector<ArrayCell>* r = row(row_index);
    if (!r || column < 0 || column >= static_cast<int>(r->size())) return nullptr;
    return &(*r)[static_cast<size_t>(column)];
  }
};

}  // namespace retroanim::ck
