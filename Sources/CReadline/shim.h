#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// Readline keeps its settings in global variables, which Swift 6 rejects as shared mutable
// state. These accessors are the only way the Lifeline REPL reaches them, always from the
// thread that reads lines.

static inline void lifeline_rl_set_readline_name(const char *name) { rl_readline_name = name; }
static inline void lifeline_rl_set_catch_signals(int value) { rl_catch_signals = value; }
static inline void lifeline_rl_set_catch_sigwinch(int value) { rl_catch_sigwinch = value; }
static inline void lifeline_rl_set_change_environment(int value) { rl_change_environment = value; }
static inline void lifeline_rl_set_attempted_completion_function(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
}
static inline void lifeline_rl_set_completer_word_break_characters(const char *characters) {
    rl_completer_word_break_characters = characters;
}
static inline void lifeline_rl_set_attempted_completion_over(int value) { rl_attempted_completion_over = value; }
static inline void lifeline_rl_set_completion_append_character(int value) { rl_completion_append_character = value; }
static inline void lifeline_rl_set_completion_suppress_append(int value) { rl_completion_suppress_append = value; }
static inline const char *lifeline_rl_line_buffer(void) { return rl_line_buffer; }
static inline int lifeline_rl_point(void) { return rl_point; }
