#ifndef LIFELINE_CFUZZER_H
#define LIFELINE_CFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for a program that supplies its own `main` (libFuzzer 12+).
///
/// SwiftPM links an executable with `--defsym main=<module>_main`, so libFuzzer's own
/// `main` cannot be the entry point: each fuzz target defines `<module>_main` and calls this.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
