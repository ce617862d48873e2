// The declaration is all this module provides; libFuzzer (-sanitize=fuzzer) defines the function.
#include "CFuzzer.h"
