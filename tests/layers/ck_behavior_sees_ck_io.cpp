// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ck_behavior only; must compile (the control).
#include "retroanim/ck/io/scene.h"
