#include <sqlite3.h>

/// Sets an on/off `SQLITE_DBCONFIG_...` option (`int, int*` form) and checks that it took.
/// Returns SQLITE_OK, or an error code if the option is unknown to this SQLite or did not change.
static inline int lifeline_sqlite3_db_config_flag(sqlite3 *db, int option, int on) {
    int now = -1;
    int code = sqlite3_db_config(db, option, on, &now);
    return code == SQLITE_OK && now != on ? SQLITE_ERROR : code;
}
