// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer foundation only; must not compile: ck is above the foundation.
#include "retroanim/ck/scene/curve.h"
