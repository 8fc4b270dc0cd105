// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer capi only; must not compile: the harness is not in the library.
#include "harness/ck/scenario.h"
