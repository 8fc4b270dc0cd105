// Layer rule check (tests/CMakeLists.txt, layer_rule_*): compiled with the
// include tree of layer ac_io only; must compile (the control).
#include "retroanim/ac/motion/motion_table_manager.h"
