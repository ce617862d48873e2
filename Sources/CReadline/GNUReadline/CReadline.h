// GNU readline (Debian's libreadline-dev): its own header and its separate history header, then the accessors.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
#include "../shim.h"
