/* Compiled by the test capi_header_c89 (examples/CMakeLists.txt) with
 * `gcc -std=c89 -pedantic -Werror -Wall -Wextra`: the C API header is C89. */
#include "retroanim/retroanim.h"

int main(void) {
  ra_ac_hook_event e;
  ra_ac_frame f;
  e.type = 0;
  f.origin[0] = 0.0f;
  return (int)e.type + (int)f.origin[0] + (ra_version() == 0);
}
