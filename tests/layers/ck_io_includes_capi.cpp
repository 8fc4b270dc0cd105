// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ck_io only; must not compile: the C API is above both engines.
#include "retroanim/retroanim.h"
