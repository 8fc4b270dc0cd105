// A behaviour graph as a Virtools file saves it, in plain data: the
// behaviours (8), behaviour IOs (9), links (6), input parameters (2) and
// parameters (46, 45, 3) of one file, with their references as file indices.
// ck/io reads it from a scene's chunks (io/behavior_loader.h); the behaviour
// runtime builds its objects from it (behavior_builder.h). Neither side sees
// the other's types.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "retroanim/ck/anim/curve2d.h"
#include "retroanim/ck/scene/entity.h"
#include "retroanim/ck/scene/file_index.h"
#include "retroanim/ck/scene/guid.h"

namespace retroanim::ck {

// The saved behaviour flag bits that say which fields follow in the chunk
// (CK_BEHAVIOR_FLAGS; the runtime's behavior_flag holds the same values).
namespace saved_behavior_flag {
inline constexpr uint32_t kPrioritySaved = 0x4;
inline constexpr uint32_t kCompatibleClassId = 0x10;
inline constexpr uint32_t kBuildingBlock = 0x8000;
inline constexpr uint32_t kTargetable = 0x40000;
}  // namespace saved_behavior_flag

// Which of the behaviour classes a saved object is.
enum class SavedObjectKind : uint8_t {
  kBehavior,      // CKBehavior (8)
  kBehaviorIO,    // CKBehaviorIO (9)
  kLink,          // CKBehaviorLink (6)
  kParameterIn,   // CKParameterIn (2)
  kParameter,     // CKParameter (46)
  kLocal,         // CKParameterLocal (45)
  kParameterOut,  // CKParameterOut (3)
};

// CKBehaviorIO: its flags when saved (identifier 0x8).
struct SavedBehaviorIO {
  std::optional<uint32_t> flags;
};

// CKParameterIn: its type and its source (a parameter) or the input it shares.
struct SavedParameterIn {
  Guid type;
  FileIndex source = kNoObject;
  FileIndex shared = kNoObject;
  bool enabled = true;
};

// A saved parameter value (CKParameter's identifier 0x40), by how it was saved.
struct SavedParameterValue {
  enum class Form : uint8_t {
    kNone,     // no value, or a form the runtime does not keep
    kBytes,    // mode 1: the raw buffer
    kString,   // mode 1 for a CKSTRING: the text up to its NUL (bytes: the whole buffer as saved)
    kObject,   // mode 2: an object reference
    kCurve2d,  // mode 0 for a 2D curve: its sub-chunk, read
    kInt,      // a manager value: the manager's int
  };
  Form form = Form::kNone;
  std::vector<uint8_t> bytes;
  std::string text;
  FileIndex object = kNoObject;
  std::shared_ptr<Curve2d> curve;
  int32_t int_value = 0;
  Guid manager;  // kInt: the manager whose int it is (e.g. the message manager 466a0fac:00000000)
};

// CKParameter / CKParameterLocal / CKParameterOut.
struct SavedParameter {
  Guid type;
  SavedParameterValue value;
  std::vector<FileIndex> destinations;  // outputs only
  bool is_myself = false;               // locals only
  bool is_setting = false;              // locals only
};

// CKBehaviorLink: delays and the two IOs it joins.
struct SavedLink {
  int16_t delay = 0;
  int16_t initial_delay = 0;
  FileIndex source = kNoObject;
  FileIndex destination = kNoObject;
};

// CKBehavior (data version >= 5): the saved flags (run-time bits included)
// and the fields they announce, then the object lists.
struct SavedBehavior {
  uint32_t flags = 0;
  Guid prototype_guid;  // building blocks only
  uint32_t version = 0;  // building blocks only
  int32_t priority = 0;  // when kPrioritySaved
  uint32_t compatible_class_id = 0;  // when kCompatibleClassId
  FileIndex target = kNoObject;      // targetable behaviours only
  std::vector<FileIndex> subs, sub_links, in_params, out_params, locals, inputs, outputs;
  std::vector<FileIndex> operations;  // parameter operations (class 4; saved, not run)
  std::optional<uint32_t> scene_flags;  // identifier 0x200000 (scripts: 0x50 in the game's files)
};

// CK_ARRAYTYPE.
enum class ArrayColumnType : int32_t {
  kInt = 1,        // CKARRAYTYPE_INT
  kFloat = 2,      // CKARRAYTYPE_FLOAT
  kString = 3,     // CKARRAYTYPE_STRING
  kObject = 4,     // CKARRAYTYPE_OBJECT
  kParameter = 5,  // CKARRAYTYPE_PARAMETER: each cell is a CKParameterOut of the column's type
};

// One column's format (CKDataArray's ColumnFormat).
struct DataArrayColumn {
  std::string name;
  ArrayColumnType type = ArrayColumnType::kInt;
  Guid parameter_type;  // kParameter columns only
};

// A saved cell: the member of its column's type; object and parameter
// cells hold the file index of the object / the CKParameterOut.
struct SavedArrayCell {
  int32_t int_value = 0;
  float float_value = 0.0f;
  std::string text;
  FileIndex reference = kNoObject;
};

// CKDataArray as saved (identifiers 0x1000 format, 0x2000 data, 0x4000 members).
struct SavedDataArray {
  std::vector<DataArrayColumn> columns;
  std::vector<std::vector<SavedArrayCell>> rows;  // each row has columns.size() cells
  int32_t order = 0, column_index = 0, key_column = -1;
};

// CKParameterOperation (4): the operation GUID, its two input pins and its
// output (file indices), and the graph that lists it (identifier 0x400, or
// the older 0x100 / 0x200 / 0x80 / 0x40 layout).
struct SavedOperation {
  FileIndex index = kNoObject;
  ObjectId id = 0;
  std::string name;
  Guid operation;
  FileIndex in1 = kNoObject, in2 = kNoObject, out = kNoObject;
};

// One saved behaviour object: what it is, where it is in the file, and the
// members of its kind (the others stay empty).
struct SavedObject {
  SavedObjectKind kind = SavedObjectKind::kBehavior;
  FileIndex index = kNoObject;
  ObjectId id = 0;
  std::string name;
  SavedBehaviorIO io;
  SavedParameterIn parameter_in;
  SavedParameter parameter;
  SavedLink link;
  SavedBehavior behavior;
};

// Every behaviour object of a file, in file order (links and behaviours only
// when their data could be read).
struct BehaviorGraphDesc {
  std::vector<SavedObject> objects;
  // (script, owner): each behaviour listed in a BeObject's script list
  // (identifier 0x800) with that BeObject, in file order.
  std::vector<std::pair<FileIndex, FileIndex>> script_owners;
  // Objects the reader could not read (old data versions): "name: why".
  std::vector<std::string> skipped;
  // (array, saved data): each CKDataArray (class 52) of the file, in file order.
  std::vector<std::pair<FileIndex, SavedDataArray>> data_arrays;
  // Every CKParameterOperation (class 4) of the file, in file order.
  std::vector<SavedOperation> operations;
};

}  // namespace retroanim::ck
