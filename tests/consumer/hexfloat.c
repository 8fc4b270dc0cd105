/* Prints its input with every word that is a decimal number (the CLI's JSON
 * values: shortest or 17-digit forms of floats) turned into that float in
 * C's %a form; other words and a trailing ':' are kept. Lines are kept. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char line[16384];
  while (fgets(line, sizeof line, stdin)) {
    const char* sep = "";
    char* w;
    for (w = strtok(line, " \t\r\n"); w; w = strtok(NULL, " \t\r\n")) {
      size_t n = strlen(w);
      int colon = n > 0 && w[n - 1] == ':';
      char* end;
      float f;
      if (colon) w[n - 1] = '\0';
      f = strtof(w, &end);
      if (end != w && *end == '\0')
        printf("%s%a%s", sep, (double)f, colon ? ":" : "");
      else
        printf("%s%s%s", sep, w, colon ? ":" : "");
      sep = " ";
    }
    printf("\n");
  }
  return 0;
}
