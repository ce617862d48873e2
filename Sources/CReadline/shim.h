#ifndef LIFELINE_CREADLINE_SHIM_H
#define LIFELINE_CREADLINE_SHIM_H

// Included after the line editor's own header (GNUReadline/CReadline.h or Libedit/CReadline.h; Package.swift
// picks the directory). The line editor keeps its settings in global variables, which Swift 6 rejects as shared
// mutable state, and its two implementations declare different sets of them: GNU readline, and libedit's readline
// emulation (the only one macOS has). These accessors are the Lifeline REPL's only way to them, always from the
// thread that reads lines, so the Swift side compiles the same against either.
//
// SwiftPM does not track this file: after editing it, touch a Swift file of LifelineREPL, or the build keeps
// the old one.
//
// What differs is decided by what the header declares, never by platform. GNU readline names its version in
// RL_READLINE_VERSION (0x0802 for 8.2) and defines _RL_FUNCTION_TYPEDEF in its rltypedefs.h; libedit's header
// says 0x0402 whatever its own release and has no rltypedefs.h, so "GNU readline N or later" below is a check
// libedit never passes (CPython's Modules/readline.c guards GNU-only calls with the same version macro).
#if defined(_RL_FUNCTION_TYPEDEF) && defined(RL_READLINE_VERSION)
#define LIFELINE_GNU_READLINE_VERSION RL_READLINE_VERSION
#else
#define LIFELINE_GNU_READLINE_VERSION 0
#endif

// The type of an attempted-completion function: GNU readline and newer libedit call it rl_completion_func_t,
// macOS's libedit CPPFunction; all three are this.
typedef char **lifeline_rl_completion_function(const char *text, int start, int end);

// Both libraries define rl_catch_signals, but macOS's libedit header does not declare it; this declaration is
// compatible with the ones that do.
extern int rl_catch_signals;

// The name `$if lifeline` in ~/.inputrc (GNU) or `lifeline:` in ~/.editrc (libedit) matches. libedit reads it
// once, when it initializes; macOS's header declares it without const.
static inline void lifeline_rl_set_readline_name(const char *name) { rl_readline_name = (char *)name; }

// Whether the library installs its own signal handlers (the REPL's are InterruptSignal's). GNU readline reads it
// at every line; libedit once, when it initializes (the first history or callback call), so this must come
// before those.
static inline void lifeline_rl_set_catch_signals(int value) { rl_catch_signals = value; }

// Whether GNU readline handles SIGWINCH while it reads a character. libedit has no such setting (newer headers
// declare the variable, which does nothing; macOS's library lacks it): it asks the terminal for its size at
// every new line instead.
static inline void lifeline_rl_set_catch_sigwinch(int value) {
#if LIFELINE_GNU_READLINE_VERSION >= 0x0400
    rl_catch_sigwinch = value;
#else
    (void)value;
#endif
}

// Whether GNU readline 6.3 and later export LINES and COLUMNS to the environment. libedit never sets them.
static inline void lifeline_rl_set_change_environment(int value) {
#if LIFELINE_GNU_READLINE_VERSION >= 0x0603
    rl_change_environment = value;
#else
    (void)value;
#endif
}

// The characters that end a word for completion. GNU readline splits at rl_completer_word_break_characters;
// libedit ignores that variable and splits at rl_basic_word_break_characters (GNU's default for the former), so
// both are set. Both libraries keep the pointer: `characters` must be a static string.
static inline void lifeline_rl_set_completer_word_break_characters(const char *characters) {
    rl_completer_word_break_characters = (char *)characters;
    rl_basic_word_break_characters = (char *)characters;
}

static inline void lifeline_rl_set_attempted_completion_function(lifeline_rl_completion_function *function) {
    rl_attempted_completion_function = function;
}
static inline void lifeline_rl_set_attempted_completion_over(int value) { rl_attempted_completion_over = value; }

// What follows a word completed by the only match: GNU readline resets it to ' ' before every completion; libedit
// never does (and has no rl_completion_suppress_append on macOS), so the completer sets it every time.
static inline void lifeline_rl_set_completion_append_character(int value) { rl_completion_append_character = value; }

static inline const char *lifeline_rl_line_buffer(void) { return rl_line_buffer; }
// The line's length, in the unit of the offsets a completion function gets: bytes in GNU readline (and macOS's
// libedit), characters in newer libedit, which sets it so before calling one.
static inline int lifeline_rl_end(void) { return rl_end; }
// The cursor's offset in the line, in the same unit as rl_end.
static inline int lifeline_rl_point(void) { return rl_point; }

// The terminal's window changed size (the REPL observes SIGWINCH itself: see WindowResizeSignal.swift). GNU
// readline's rl_resize_terminal asks the terminal for its size and draws the prompt and the line again on a new
// screen line, below what the terminal rewrapped. libedit's only asks, and forgets what it had drawn: it then
// takes the cursor for the start of the prompt, and drew the line over the rewrapped one, scrambled. So the
// cursor goes to a new line first and libedit draws the whole line there, as GNU readline does. Headers from
// before RL_STATE_NONE (macOS's libedit) do not declare rl_resize_terminal; there the new size is taken when the
// next line starts, as libedit does at every line.
static inline void lifeline_rl_resize_terminal(void) {
#if LIFELINE_GNU_READLINE_VERSION >= 0x0400
    rl_resize_terminal();
#elif defined(RL_STATE_NONE)
    rl_resize_terminal();
    FILE *output = rl_outstream != NULL ? rl_outstream : stdout;
    fputs("\r\n", output);
    fflush(output);
    rl_forced_update_display();
#endif
}

// After Ctrl-C at a prompt, before the handler is removed: GNU readline 7 and later keep, in callback mode, the
// state of a half-read key sequence, search or numeric argument, which this clears. libedit keeps none across
// the handler's removal: rl_callback_handler_remove ends the line and the next install starts an empty one.
static inline void lifeline_rl_callback_sigcleanup(void) {
#if LIFELINE_GNU_READLINE_VERSION >= 0x0700
    rl_callback_sigcleanup();
#endif
}

#endif
