#include "lifeline_load.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

// Written once, by the constructor, before main() and before any other thread of the process
// exists; only read afterwards.
static uint64_t load_monotonic_ns;
static char active_prewarm[16];
static int active_prewarm_set;

__attribute__((constructor)) static void lifeline_load(void) {
#if defined(__APPLE__)
    load_monotonic_ns = clock_gettime_nsec_np(CLOCK_MONOTONIC);
#else
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) == 0) {
        load_monotonic_ns = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
    }
#endif
    const char *value = getenv("ActivePrewarm");
    if (value != NULL) {
        strncpy(active_prewarm, value, sizeof active_prewarm - 1);
        active_prewarm_set = 1;
    }
}

uint64_t lifeline_load_monotonic_ns(void) { return load_monotonic_ns; }

const char *lifeline_load_active_prewarm(void) { return active_prewarm_set ? active_prewarm : NULL; }
