#ifndef LIFELINE_LOAD_H
#define LIFELINE_LOAD_H

// What the recorder reads when its image is loaded, before main() (docs/recorder.md, "Launch record").
//
// dyld (and ld.so) run an image's constructors while the process starts: after the images it
// depends on, before main(). Swift has no constructors (its globals are initialized lazily, at
// first use), so this C function is how the recorder learns when the process got that far, and
// reads ActivePrewarm while it still holds (iOS removes it once the app finishes launching).

#include <stdint.h>

/// CLOCK_MONOTONIC nanoseconds (the recorder's MonotonicClock) when the recorder's image ran its
/// constructor; 0 when it did not run (a platform without constructors).
uint64_t lifeline_load_monotonic_ns(void);

/// The ActivePrewarm environment variable as it was when the constructor ran (at most 15 bytes of
/// it), or NULL when it was not set. The string is static: the caller does not free it.
const char *_Nullable lifeline_load_active_prewarm(void);

#endif
