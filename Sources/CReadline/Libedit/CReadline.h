// libedit's readline emulation: <editline/readline.h> on Debian (libedit-dev) and on macOS, whose
// <readline/readline.h> is a link to the same file; it declares the history functions too. Then the accessors.
#include <stdio.h>
#include <editline/readline.h>
#include "../shim.h"
