// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer foundation only; must compile (the control).
#include "retroanim/math/frame.h"
