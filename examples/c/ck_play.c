/* Example (and test) of the C API: plays a behaviour scenario frame by frame
 * and prints the JSON Lines of `retroanim ck play FILE --scenario SCENARIO
 * --seconds SECONDS --dt-ms DT_MS --json`.
 * Usage: example_c_play FILE SCENARIO SECONDS DT_MS
 * SCENARIO is a built-in (menu-camera, stone), a JSON spec file or JSON text. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "retroanim/retroanim.h"

/* A JSON string as the library writes it (nlohmann::json::dump). */
static void print_json_string(const char* s) {
  const unsigned char* p = (const unsigned char*)s;
  putchar('"');
  for (; *p; ++p) {
    switch (*p) {
      case '"': fputs("\\\"", stdout); break;
      case '\\': fputs("\\\\", stdout); break;
      case '\b': fputs("\\b", stdout); break;
      case '\f': fputs("\\f", stdout); break;
      case '\n': fputs("\\n", stdout); break;
      case '\r': fputs("\\r", stdout); break;
      case '\t': fputs("\\t", stdout); break;
      default:
        if (*p < 0x20) printf("\\u%04x", (unsigned)*p);
        else putchar(*p);
    }
  }
  putchar('"');
}

static int report(const char* what, int rc) {
  fprintf(stderr, "example_c_play: %s: %s (%s)\n", what, ra_last_error(), ra_status_name(rc));
  return 2;
}

int main(int argc, char** argv) {
  ra_ck_scene* scene = NULL;
  ra_ck_player* player = NULL;
  size_t count = 0, i, k, blocks;
  float* worlds;
  double seconds, dt_ms, t_ms;
  int frames = 0, f, r, c, rc;
  if (argc != 5) {
    fprintf(stderr, "usage: %s FILE SCENARIO SECONDS DT_MS\n", argv[0]);
    return 1;
  }
  seconds = atof(argv[3]);
  dt_ms = atof(argv[4]);
  if ((rc = ra_ck_scene_open(argv[1], &scene)) != RA_OK) return report(argv[1], rc);
  if ((rc = ra_ck_frame_count(seconds, dt_ms, &frames)) != RA_OK) return report("frames", rc);
  if ((rc = ra_ck_player_create(scene, argv[2], &player)) != RA_OK) return report(argv[2], rc);
  if ((rc = ra_ck_player_count_recorded(player, &count)) != RA_OK) return report("recorded", rc);
  worlds = (float*)malloc(sizeof(float) * 16 * (count ? count : 1));
  if (!worlds) return 2;
  for (f = 0; f < frames; ++f) {
    if ((rc = ra_ck_player_step(player, (float)dt_ms, &t_ms, worlds, 16 * count)) != RA_OK) return report("step", rc);
    printf("{\"t_ms\": %.10g, \"entities\": {", t_ms);
    for (i = 0; i < count; ++i) {
      const char* name = "";
      ra_ck_player_get_recorded_name(player, i, &name);
      if (i) fputs(", ", stdout);
      print_json_string(name);
      fputs(": {\"world\": [", stdout);
      for (r = 0; r < 4; ++r) {
        fputs(r ? ", [" : "[", stdout);
        for (c = 0; c < 4; ++c) {
          float v = worlds[16 * i + 4 * r + c];
          if (c) fputs(", ", stdout);
          if (v == v && v - v == 0.0f) printf("%.9g", (double)v);
          else fputs("null", stdout);
        }
        putchar(']');
      }
      fputs("]}", stdout);
    }
    putchar('}');
    blocks = 0;
    ra_ck_player_count_unimplemented(player, &blocks);
    if (blocks > 0) {
      fputs(", \"unimplemented\": [", stdout);
      for (k = 0; k < blocks; ++k) {
        ra_ck_block_report b;
        ra_ck_player_get_unimplemented(player, k, &b);
        if (k) fputs(", ", stdout);
        fputs("{\"name\": ", stdout);
        print_json_string(b.name);
        printf(", \"guid\": \"0x%08x,0x%08x\", \"script\": ", (unsigned)b.guid[0], (unsigned)b.guid[1]);
        print_json_string(b.script);
        putchar('}');
      }
      putchar(']');
    }
    fputs("}\n", stdout);
  }
  free(worlds);
  ra_ck_player_free(player);
  ra_ck_scene_close(scene);
  return 0;
}
