// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ck_io only; must not compile: the behaviour runtime is above io.
#include "retroanim/ck/behavior/behavior.h"
